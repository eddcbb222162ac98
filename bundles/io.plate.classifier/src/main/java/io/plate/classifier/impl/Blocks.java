package io.plate.classifier.impl;

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
        int parallelism = Math.max(1, java.util.concurrent.ForkJoinPool.getCommonPoolParallelism());
        if ((long) n * costPerItem < PARALLEL_WORK || parallelism < 2 || n < 2) {
            body.applyAsInt(0, n);
            return;
        }
        int blocks = Math.min(n, parallelism * 4);
        IntStream.range(0, blocks).parallel().forEach(b -> {
            int from = (int) ((long) n * b / blocks);
            int to = (int) ((long) n * (b + 1) / blocks);
            body.applyAsInt(from, to);
        });
    }
}
