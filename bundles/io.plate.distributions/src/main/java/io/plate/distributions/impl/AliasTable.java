package io.plate.distributions.impl;

import io.plate.distributions.numerics.AliasConstruction;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Walker's alias table built by Vose's (1991) stable method: O(k) to build, O(1) per draw. Up to 2048
 * categories the table is padded with zero-probability slots to a power of two (as Commons RNG's
 * {@code AliasMethodDiscreteSampler} does), so one 64-bit draw gives both the slot (low bits) and an
 * independent 53-bit uniform (high bits); larger tables draw a bounded integer and a uniform. Immutable
 * once built; {@link #sample} allocates nothing.
 */
public final class AliasTable {
    private static final int MAX_PADDED = 2048;
    private final double[] probability;
    private final int[] alias;
    /** slot mask for power-of-two tables, or -1 */
    private final int mask;

    /** @param weights probabilities that sum to 1 (not checked here; the callers normalise) */
    AliasTable(double[] weights) {
        int k = weights.length;
        int n = k <= MAX_PADDED ? Integer.highestOneBit(Math.max(1, 2 * k - 1)) : k;
        mask = k <= MAX_PADDED ? n - 1 : -1;
        double[] p = java.util.Arrays.copyOf(weights, n);
        probability = new double[n];
        alias = new int[n];
        double[] scaled = new double[n];
        for (int i = 0; i < n; i++) {
            scaled[i] = p[i] * n;
        }
        AliasConstruction.build(scaled, probability, alias);
        int heaviest = 0;
        for (int i = 1; i < k; i++) {
            if (weights[i] > weights[heaviest]) {
                heaviest = i;
            }
        }
        for (int s = k; s < n; s++) {
            if (alias[s] == s) { // a padding slot left over through rounding: never return it
                probability[s] = 0;
                alias[s] = heaviest;
            }
        }
    }

    /** The number of slots (the categories, padded to a power of two up to 2048). */
    public int size() {
        return probability.length;
    }

    public int sample(UniformRandomProvider rng) {
        if (mask >= 0) {
            long bits = rng.nextLong();
            int j = (int) bits & mask;
            return (bits >>> 11) * 0x1.0p-53 < probability[j] ? j : alias[j];
        }
        int j = rng.nextInt(probability.length);
        return rng.nextDouble() < probability[j] ? j : alias[j];
    }
}
