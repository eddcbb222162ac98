package io.plate.sampler.mixture.impl;

import java.io.Serializable;

/**
 * A fixed block of rows of the uncollapsed Gaussian chain, cut out once for another machine (a
 * {@link BlockRunner}): rows {@code [first, end)}, their fixed clusters (−1 = free) and their values
 * centred on the prior mean, d per row (NaN = missing). Classes, not records: Spark's Kryo serializer
 * (a common cluster setting) cannot write records.
 */
public final class RowBlock implements Serializable {
    private static final long serialVersionUID = 1L;
    private final int first;
    private final int end;
    private final int[] fixed;
    private final double[] values;

    public RowBlock(int first, int end, int[] fixed, double[] values) {
        if (end < first || fixed.length != end - first || values.length % Math.max(1, end - first) != 0) {
            throw new IllegalArgumentException("rows [" + first + ", " + end + ") with " + fixed.length
                    + " fixed clusters and " + values.length + " values");
        }
        this.first = first;
        this.end = end;
        this.fixed = fixed;
        this.values = values;
    }

    public int first() {
        return first;
    }

    public int end() {
        return end;
    }

    public int[] fixed() {
        return fixed;
    }

    public double[] values() {
        return values;
    }

    /** What a block's z-step returns: its rows' clusters and its sufficient statistics (K · stride doubles). */
    public static final class Draw implements Serializable {
        private static final long serialVersionUID = 1L;
        private final int[] z;
        private final double[] stats;

        public Draw(int[] z, double[] stats) {
            this.z = z;
            this.stats = stats;
        }

        public int[] z() {
            return z;
        }

        public double[] stats() {
            return stats;
        }
    }
}
