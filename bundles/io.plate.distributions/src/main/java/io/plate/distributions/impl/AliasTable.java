package io.plate.distributions.impl;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * Walker's alias table built by Vose's (1991) stable method: O(k) to build, O(1) per draw (one
 * bounded integer and one uniform). Immutable once built; {@link #sample} allocates nothing.
 */
public final class AliasTable {
    private final double[] probability;
    private final int[] alias;

    /** @param p probabilities that sum to 1 (not checked here; the callers normalise) */
    AliasTable(double[] p) {
        int n = p.length;
        probability = new double[n];
        alias = new int[n];
        double[] scaled = new double[n];
        int[] small = new int[n];
        int[] large = new int[n];
        int ns = 0;
        int nl = 0;
        for (int i = 0; i < n; i++) {
            scaled[i] = p[i] * n;
            if (scaled[i] < 1) {
                small[ns++] = i;
            } else {
                large[nl++] = i;
            }
        }
        while (ns > 0 && nl > 0) {
            int s = small[--ns];
            int l = large[--nl];
            probability[s] = scaled[s];
            alias[s] = l;
            scaled[l] = (scaled[l] + scaled[s]) - 1;
            if (scaled[l] < 1) {
                small[ns++] = l;
            } else {
                large[nl++] = l;
            }
        }
        while (nl > 0) {
            int l = large[--nl];
            probability[l] = 1;
            alias[l] = l;
        }
        while (ns > 0) { // only through rounding: such entries keep themselves
            int s = small[--ns];
            probability[s] = 1;
            alias[s] = s;
        }
    }

    public int size() {
        return probability.length;
    }

    public int sample(UniformRandomProvider rng) {
        int j = rng.nextInt(probability.length);
        return rng.nextDouble() < probability[j] ? j : alias[j];
    }
}
