package io.plate.importers.impl;

import io.plate.api.HeapCheck;
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
 * the shell), and after every mebibyte of text read (decompressed, for a gzip file) it reports progress and
 * projects the memory the whole import will need — what the importer holds so far ({@link #held}), scaled by
 * the input's size over the part read (a gzip file's compressed bytes consumed) — refusing it early, with the
 * figure, when that, or what it holds already, is more than the heap it may use. Nothing is published by a
 * refused or cancelled import: the importer throws before it builds a dataset.
 */
final class ImportWatch {
    /** Bytes of text read (decompressed) between two progress reports and memory projections. */
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
        this.others = Runtime.getRuntime().maxMemory() - HeapCheck.free();
    }

    /**
     * A watch over {@code in}, the contents of {@code file}: its size from the file system, else the stream's;
     * for a gzip file, progress and projection go by the compressed bytes consumed against the file's size,
     * measured after every mebibyte of decompressed text (a file of 200 KB may hold gigabytes of text).
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
        if (bytesRead < nextStep) {
            return;
        }
        nextStep = bytesRead + STEP;
        long at = consumed();
        if (at > reported) {
            reported = at;
            progress.progress(at, size);
        }
        project(at);
    }

    /** How far into the input the last progress report was, in the unit of its size. */
    private long reported;

    /**
     * Refuses the import when the memory it will need, projected from the part read, or what it holds already
     * (all there is to go by when the input's size is unknown), is above its budget.
     */
    private void project(long at) {
        long h = held.getAsLong();
        double need = h;
        if (size > at) {
            need = Math.max(h, baseBytes + (double) Math.max(0, h - baseBytes) * (size - baseRead) / Math.max(1, at - baseRead));
        }
        long budget = budget(h, false);
        if (need > budget && maxMemory == 0) {
            budget = budget(h, true); // what looked used may be garbage: measure again once it is collected
        }
        if (need > budget) {
            String input = size < 0 ? "this input" : consumed != null ? "this " + HeapCheck.bytes(size) + " gzip file"
                    : "this " + HeapCheck.bytes(size) + " input";
            String part = size <= at ? "what it holds after " + HeapCheck.bytes(bytesRead) + " of text"
                    : "projected from its first " + HeapCheck.bytes(at)
                            + (consumed != null ? ", " + HeapCheck.bytes(bytesRead) + " of text" : "");
            throw new ImportException(file, line.getAsLong(), null, String.format(Locale.ROOT,
                    "%s needs about %s of memory to import (%s), more than the %s it may use; %s, or set --max-memory"
                            + " to try anyway%s",
                    input, HeapCheck.bytes((long) need), part, HeapCheck.bytes(budget), HeapCheck.largerHeap((long) need), hint));
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
        long max = Runtime.getRuntime().maxMemory();
        if (collect && !collected) {
            collected = true;
            others = Math.max(0, max - HeapCheck.available(Long.MAX_VALUE) - heldNow); // after a collection
        }
        return max - others;
    }

    /**
     * Refuses to allocate {@code bytes} for {@code what} (at line {@code ln}, 0 for none) when that is more than
     * the import may use ({@code --max-memory}, else what the heap can give: {@link HeapCheck#available}), with
     * the ways out: a larger heap, {@code orElse} (e.g. {@code "keep the sparse default, or "}), {@code --max-memory}.
     */
    static void checkAllocation(Path file, long ln, long bytes, String what, String orElse, ImportOptions options) {
        long budget = options.maxMemory() > 0 ? options.maxMemory() : HeapCheck.available(bytes);
        if (bytes > budget) {
            throw new ImportException(file, ln, null, what + " need about " + HeapCheck.bytes(bytes) + " of memory, more"
                    + " than the " + HeapCheck.bytes(budget) + " the import may use; " + orElse
                    + HeapCheck.largerHeap(bytes) + ", or set --max-memory to try anyway");
        }
    }
}
