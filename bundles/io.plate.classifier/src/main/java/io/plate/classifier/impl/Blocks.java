package io.plate.classifier.impl;

import java.util.concurrent.CancellationException;
import java.util.function.IntBinaryOperator;
import java.util.stream.IntStream;

/**
 * Splits a range of independent items (rows to score, words of a table) into blocks and runs them on the
 * common fork-join pool when the work is large enough to pay for it. Each block writes only its own items,
 * so the result does not depend on scheduling.
 */
public final class Blocks {
    /** Below this many elementary operations, run on the calling thread. */
    static final long PARALLEL_WORK = 1L << 21;

    private Blocks() {
    }

    /**
     * Runs {@code body.applyAsInt(from, to)} over {@code [0, n)} in blocks; in parallel when
     * {@code n * costPerItem} is at least {@link #PARALLEL_WORK}.
     */
    public static void run(int n, long costPerItem, IntBinaryOperator body) {
        checkInterrupted();
        int parallelism = Math.max(1, java.util.concurrent.ForkJoinPool.getCommonPoolParallelism());
        if ((long) n * costPerItem < PARALLEL_WORK || parallelism < 2 || n < 2) {
            body.applyAsInt(0, n);
            return;
        }
        // blocks of about PARALLEL_WORK operations (a few milliseconds), at least 4 a thread, so that an
        // interrupt of the caller (Ctrl-C) stops the work at the next block
        int blocks = (int) Math.min(n, Math.max(parallelism * 4L, (long) n * costPerItem / PARALLEL_WORK));
        Thread caller = Thread.currentThread();
        IntStream.range(0, blocks).parallel().forEach(b -> {
            if (caller.isInterrupted()) {
                throw interrupted();
            }
            int from = (int) ((long) n * b / blocks);
            int to = (int) ((long) n * (b + 1) / blocks);
            body.applyAsInt(from, to);
        });
        checkInterrupted();
    }

    /**
     * Ends a fit, an evaluation or a scoring whose thread was interrupted (Ctrl-C in the shell, a signal):
     * the learners call it between epochs, folds and blocks of rows, as the importers read through
     * {@code ImportWatch}, so cancelled work stops within a second instead of running to its end.
     */
    public static void checkInterrupted() {
        if (Thread.currentThread().isInterrupted()) {
            throw interrupted();
        }
    }

    private static CancellationException interrupted() {
        return new CancellationException("interrupted (Ctrl-C or a signal)");
    }
}
