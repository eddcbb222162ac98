package io.plate.importers.impl;

import io.plate.api.data.ImportException;
import io.plate.api.data.ImportOptions;
import io.plate.api.data.ImportProgress;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Watches one import while it reads its input, through the stream it hands the reader ({@link #wrap}):
 * at every read (a chunk of at most 64 KiB) it stops the import when the thread was interrupted (Ctrl-C in
 * the shell), and after every mebibyte it reports progress and projects the memory the whole import will
 * need — what the importer holds so far ({@link #held}), scaled by the input's size over the bytes read —
 * refusing it early, with the figure, when that is more than the heap it may use. Nothing is published by a
 * refused or cancelled import: the importer throws before it builds a dataset.
 */
final class ImportWatch {
    /** Bytes read between two progress reports and memory projections. */
    static final long STEP = 1 << 20;

    private final Path file;
    private final long size;
    private final ImportProgress progress;
    private final long maxMemory;
    /** Heap in use by other things than this import (see {@link #budget}). */
    private long others;
    private boolean collected;
    private LongSupplier held = () -> 0;
    private LongSupplier line = () -> 0;
    private long bytesRead;
    private long nextStep = STEP;

    /**
     * @param size the input's size in bytes, or -1 when unknown (then there is no projection)
     */
    ImportWatch(Path file, long size, ImportOptions options) {
        this.file = file;
        this.size = size;
        this.progress = options.progress();
        this.maxMemory = options.maxMemory();
        Runtime rt = Runtime.getRuntime();
        this.others = rt.totalMemory() - rt.freeMemory();
    }

    /**
     * A watch over {@code in}, the contents of {@code file}: its size from the file system, else the stream's;
     * for a gzip file, progress and projection go by the compressed bytes read against the file's size.
     */
    static ImportWatch of(Path file, InputStream in, ImportOptions options) {
        long size = -1;
        try {
            size = Files.isRegularFile(file) ? Files.size(file) : in.available();
        } catch (IOException | SecurityException e) {
            // unknown size: progress without a total, no projection
        }
        ImportWatch w = new ImportWatch(file, size, options);
        if (in instanceof Sources.Gunzip) { // the file's size is compressed: measure against the compressed bytes read
            Sources.Gunzip g = (Sources.Gunzip) in;
            w.consumed = g::compressedRead;
        }
        return w;
    }

    /** How far into the input the import is, in the unit of its size: the bytes read, unless set (a gzip file's). */
    private LongSupplier consumed;

    private long consumed() {
        return consumed == null ? bytesRead : consumed.getAsLong();
    }

    /** Where the importer's memory and the line being read are found, for the projection and messages. */
    void held(LongSupplier bytes, LongSupplier currentLine) {
        this.held = bytes;
        this.line = currentLine;
    }

    /**
     * Marks what is held now (after a header: one column per attribute or field) as a fixed cost that the
     * projection does not scale with the input's size.
     */
    void baseline() {
        baseBytes = held.getAsLong();
        baseRead = consumed();
    }

    private long baseBytes;
    private long baseRead;
    private String hint = "";

    /** A way to read the input in less memory, added to a refusal ({@code "; … --values counts …"}). */
    void hint(String text) {
        hint = text;
    }

    /** {@code in} read through this watch. */
    InputStream wrap(InputStream in) {
        return new FilterInputStream(in) {
            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                int n = read(one, 0, 1);
                return n < 0 ? -1 : one[0] & 0xFF;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                checkInterrupted();
                int n;
                try {
                    n = in.read(b, off, len);
                } catch (ClosedByInterruptException | InterruptedIOException e) {
                    throw cancelled();
                }
                if (n > 0) {
                    advance(n);
                }
                return n;
            }
        };
    }

    /** Fails when the importing thread was interrupted; importers call it before building the dataset. */
    void checkInterrupted() {
        if (Thread.currentThread().isInterrupted()) {
            throw cancelled();
        }
    }

    private ImportException cancelled() {
        return new ImportException(file, line.getAsLong(), null, "import cancelled (the thread was interrupted,"
                + " e.g. by Ctrl-C); nothing was imported");
    }

    private void advance(int n) {
        bytesRead += n;
        long at = consumed();
        if (at < nextStep) {
            return;
        }
        nextStep = at + STEP;
        progress.progress(at, size);
        if (size > at) {
            project(at);
        }
    }

    /** Refuses the import when the memory it will need, projected from the part read, is above its budget. */
    private void project(long at) {
        long h = held.getAsLong();
        double need = baseBytes + (double) Math.max(0, h - baseBytes) * (size - baseRead) / Math.max(1, at - baseRead);
        long budget = budget(h, false);
        if (need > budget && maxMemory == 0) {
            budget = budget(h, true); // what looked used may be garbage: measure again once it is collected
        }
        if (need > budget) {
            throw new ImportException(file, line.getAsLong(), null, String.format(Locale.ROOT,
                    "this %s input needs about %s of memory to import (projected from its first %s), more than"
                            + " the %s it may use; give Java a larger heap (java -Xmx%dg -jar plate.jar ...),"
                            + " or set --max-memory to try anyway%s",
                    bytes(size), bytes((long) need), bytes(at), bytes(budget),
                    (long) Math.ceil(need * 1.25 / (1L << 30)) + 1, hint));
        }
    }

    /**
     * The bytes the import may use: {@code --max-memory}, else the heap the JVM may grow to less what other
     * things use: at first what was in use when the import started; with {@code collect}, once per import
     * and only on the way to a refusal, what is in use after a collection other than this import's
     * {@code held} bytes (what looked used may have been garbage).
     */
    private long budget(long heldNow, boolean collect) {
        if (maxMemory > 0) {
            return maxMemory;
        }
        Runtime rt = Runtime.getRuntime();
        if (collect && !collected) {
            collected = true;
            System.gc();
            others = Math.max(0, rt.totalMemory() - rt.freeMemory() - heldNow);
        }
        return rt.maxMemory() - others;
    }

    /**
     * Refuses to allocate {@code bytes} for {@code what} when that is more than the import may use
     * ({@code --max-memory}, else what the heap has free after a collection).
     */
    static void checkAllocation(Path file, long bytes, String what, ImportOptions options) {
        long budget = options.maxMemory();
        if (budget == 0) {
            Runtime rt = Runtime.getRuntime();
            budget = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
            if (bytes > budget) {
                System.gc(); // on the way to a refusal only: what looked used may be garbage
                budget = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
            }
        }
        if (bytes > budget) {
            throw new ImportException(file, 0, null, what + " need " + bytes(bytes) + ", more than the " + bytes(budget)
                    + " the import may use; keep the sparse default, or give Java a larger heap (-Xmx) or --max-memory");
        }
    }

    /** A byte count for people: {@code 2.0 GB}, {@code 35 MB}, {@code 800 B}. */
    static String bytes(long b) {
        if (b >= 1L << 30) {
            return String.format(Locale.ROOT, "%.1f GB", b / (double) (1L << 30));
        }
        if (b >= 1L << 20) {
            return String.format(Locale.ROOT, "%.0f MB", b / (double) (1L << 20));
        }
        if (b >= 1L << 10) {
            return String.format(Locale.ROOT, "%.0f KB", b / (double) (1L << 10));
        }
        return b + " B";
    }
}
