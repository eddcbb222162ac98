package io.plate.importers.impl;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.data.ImportException;
import io.plate.api.data.ImportOptions;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C cancels an import: interrupting the importing thread stops it within a chunk of input with an
 * {@link ImportException} that says so (before, the import ran on to the end and its dataset appeared).
 */
class CancelTest {
    /** An endless input: a header, then the same row forever. */
    private static InputStream endless(String header, String row) {
        byte[] h = header.getBytes(StandardCharsets.UTF_8);
        byte[] r = row.getBytes(StandardCharsets.UTF_8);
        return new InputStream() {
            private long pos;

            @Override
            public int read() {
                long p = pos++;
                return p < h.length ? h[(int) p] : r[(int) ((p - h.length) % r.length)];
            }

            @Override
            public int read(byte[] b, int off, int len) {
                for (int i = 0; i < len; i++) {
                    b[off + i] = (byte) read();
                }
                return len;
            }

            @Override
            public int available() {
                return 1 << 16;
            }
        };
    }

    /** Runs {@code read} on a thread, interrupts it after a moment, and returns what it threw. */
    private static Throwable interrupted(Function<InputStream, Object> read, InputStream in) throws InterruptedException {
        Throwable[] thrown = new Throwable[1];
        Thread t = new Thread(() -> {
            try {
                read.apply(in);
            } catch (RuntimeException | Error e) {
                thrown[0] = e;
            }
        });
        t.start();
        Thread.sleep(300);
        t.interrupt();
        t.join(10_000);
        assertFalse(t.isAlive(), "the import did not stop within 10 s of the interrupt");
        return thrown[0];
    }

    private static void cancelled(Throwable e) {
        assertNotNull(e, "the import ended without an error");
        assertTrue(e instanceof ImportException && e.getMessage().contains("import cancelled")
                && e.getMessage().startsWith(Inputs.FILE.toString()), String.valueOf(e));
    }

    @Test
    void everyImporterStopsWhenItsThreadIsInterrupted() throws InterruptedException {
        ImportOptions o = ImportOptions.defaults();
        cancelled(interrupted(in -> new CsvImporter().read(in, Inputs.FILE, o), endless("a,b\n", "1,x\n")));
        cancelled(interrupted(in -> new LibSvmImporter().read(in, Inputs.FILE, o), endless("", "1 1:2 3:0.5\n")));
        cancelled(interrupted(in -> new ArffImporter().read(in, Inputs.FILE, o),
                endless("@relation r\n@attribute a numeric\n@data\n", "1\n")));
        cancelled(interrupted(in -> new TextImporter().read(in, Inputs.FILE, o), endless("label\ttext\n", "a\tsome words\n")));
    }

    @Test
    void aFileImportInterruptedBeforeItStartsIsCancelled(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("x.csv");
        Files.writeString(f, "a,b\n1,2\n");
        Thread.currentThread().interrupt();
        try {
            ImportException e = assertThrows(ImportException.class, () -> new CsvImporter().read(f, ImportOptions.defaults()));
            assertTrue(e.getMessage().startsWith(f.toString()) && e.getMessage().contains("import cancelled"), e.getMessage());
        } finally {
            Thread.interrupted(); // leave the test thread as it was
        }
    }
}
