package io.plate.sampler.mixture.impl;

import java.io.Serializable;

/**
 * A fixed block of rows of the uncollapsed Gaussian chain, cut out once for another machine (a
 * {@link BlockRunner}): rows {@code [first, end)}, their fixed clusters (−1 = free) and their values
 * centred on the prior mean, d per row (NaN = missing).
 */
public record RowBlock(int first, int end, int[] fixed, double[] values) implements Serializable {
    private static final long serialVersionUID = 1L;

    public RowBlock {
        if (end < first || fixed.length != end - first || values.length % Math.max(1, end - first) != 0) {
            throw new IllegalArgumentException("rows [" + first + ", " + end + ") with " + fixed.length
                    + " fixed clusters and " + values.length + " values");
        }
    }

    /** What a block's z-step returns: its rows' clusters and its sufficient statistics (K · stride doubles). */
    public record Draw(int[] z, double[] stats) implements Serializable {
        private static final long serialVersionUID = 1L;
    }
}
