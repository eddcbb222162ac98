package io.plate.importers.impl;

import io.plate.api.HeapCheck;
import io.plate.api.data.ImportException;
import io.plate.api.data.ImportOptions;
import java.nio.file.Path;
import java.util.Locale;

/**
 * How long a line (or a quoted CSV record spanning lines) one import may read: at most {@code --max-line}
 * characters, and no more than the heap can hold while the line is parsed. A line is copied a few times on its
 * way into a dataset (line buffer, record, kept cell text, level table, the level's string), each buffer grown
 * by doubling, so one of n characters may take {@link #BYTES_PER_CHAR} × n bytes. That is measured against the
 * import's budget once a line passes 64 Ki characters and again each time it grows by a quarter, so a line too
 * long for the heap is refused, naming it, before the memory is gone (the memory projection of
 * {@link ImportWatch} sees a line's buffers only once a mebibyte has been read, and does not know the copies to come).
 */
final class LineLimit {
    /** Bytes a line may take per character while it is parsed: its copies, each with room to grow. */
    static final int BYTES_PER_CHAR = 16;
    /** Line length at which the heap is first measured. */
    private static final long FIRST_CHECK = 1 << 16;

    private final int maxChars;
    private final long maxMemory;
    private long nextCheck = FIRST_CHECK;

    /**
     * @param maxChars the most characters a line may have ({@code --max-line})
     * @param maxMemory the bytes the import may use ({@code --max-memory}), or 0: what the heap can give
     */
    LineLimit(int maxChars, long maxMemory) {
        this.maxChars = maxChars;
        this.maxMemory = maxMemory;
    }

    /** The limits of an import with {@code options}. */
    static LineLimit of(ImportOptions options) {
        return new LineLimit(options.maxLineLength(), options.maxMemory());
    }

    /** The default limits: {@link ImportOptions#DEFAULT_MAX_LINE_LENGTH} characters and the heap. */
    static LineLimit defaults() {
        return new LineLimit(ImportOptions.DEFAULT_MAX_LINE_LENGTH, 0);
    }

    /** Fails when line {@code ln} of {@code file}, {@code length} characters so far, is longer than allowed. */
    void check(Path file, long ln, long length) {
        if (length > maxChars) {
            throw new ImportException(file, ln, null, String.format(Locale.ROOT,
                    "line longer than %,d characters, the limit (--max-line, at most %,d); expected lines of text",
                    maxChars, ImportOptions.MAX_LINE_LENGTH));
        }
        if (length < nextCheck) {
            return;
        }
        nextCheck = length + length / 4;
        long need = BYTES_PER_CHAR * nextCheck; // the most the line may take before it is measured again
        long budget = maxMemory > 0 ? maxMemory : HeapCheck.available(need);
        if (need > budget) {
            throw new ImportException(file, ln, null, String.format(Locale.ROOT,
                    "the line is over %,d characters long; reading a line that long needs about %s of memory, more"
                            + " than the %s the import may use%s: %s, or check where the file's lines end (an unclosed"
                            + " quote joins lines)",
                    length, HeapCheck.bytes(need), HeapCheck.bytes(budget), maxMemory > 0 ? " (--max-memory)" : "",
                    HeapCheck.largerHeap(need)));
        }
    }
}
