package io.plate.sampler.mixture.impl;

import java.util.List;

/**
 * Where the z-step blocks of an uncollapsed chain run when not on this machine's threads (Plate on
 * Spark: the executors). The chain hands over its fixed document blocks once; each sweep the blocks are
 * sampled from the sweep's keys and parameters alone ({@link UncollapsedMultinomialSweep#sampleBlockWithCounts})
 * and come back with their word counts, so the θ-step needs no postings on the chain's machine.
 */
public interface BlockRunner {
    /** Takes the chain's blocks ({@link UncollapsedMultinomialSweep#block} slices, in block order). */
    Blocks open(List<int[][]> blocks);

    /** A chain's blocks, placed. */
    interface Blocks extends AutoCloseable {
        /**
         * Every block's {@link UncollapsedMultinomialSweep#sampleBlockWithCounts} result for the sweep of
         * {@code keys} and {@code parameters}, in block order.
         */
        int[][][] sweep(long[] keys, double[][] parameters);

        /**
         * Every block's word counts {indices, counts} ({@link UncollapsedMultinomialSweep#blockCounts}) under
         * the assignments {@code z[b]} of block b, with K = {@code k}: for a state the chain sets itself.
         */
        int[][][] count(int[][] z, int k);

        /** Releases the placed blocks. */
        @Override
        void close();
    }
}
