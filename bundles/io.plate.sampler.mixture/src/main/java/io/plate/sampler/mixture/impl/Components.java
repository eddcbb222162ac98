package io.plate.sampler.mixture.impl;

import java.util.List;

/**
 * The conjugate component model of a collapsed mixture sampler: the data rows bound to it, the
 * sufficient statistics of every cluster slot, and the log predictive and log marginal terms those
 * statistics give once the component parameters are integrated out.
 *
 * <p>Clusters live in numbered slots {@code 0..capacity()}; an empty slot stands for "a new cluster",
 * so {@link #logPredictive(int, int)} of an empty slot is the prior predictive. Statistics are
 * mergeable: moving a row between slots is {@link #remove} then {@link #add}. One instance belongs to
 * one chain and is used by one thread.
 */
public interface Components {
    /** Number of data rows. */
    int rows();

    /** Number of cluster slots. */
    int capacity();

    /** Bytes of statistics one cluster slot takes (for the memory check before a run allocates them). */
    long bytesPerSlot();

    /** Grows to at least {@code slots} slots, keeping every statistic; new slots are empty. */
    void ensureCapacity(int slots);

    /** Empties every slot. */
    void clearAll();

    /** Adds row {@code row} to the statistics of slot {@code k}. */
    void add(int row, int k);

    /**
     * The statistics of the partition {@code z}: every slot emptied, then each row {@code r < z.length} added to slot
     * {@code z[r]} (the slots must exist).
     */
    default void fill(int[] z) {
        clearAll();
        for (int r = 0; r < z.length; r++) {
            add(r, z[r]);
        }
    }

    /** Removes row {@code row} from the statistics of slot {@code k} (it must have been added there). */
    void remove(int row, int k);

    /** Number of rows in slot {@code k}. */
    int size(int k);

    /**
     * log p(x_row | rows now in slot k), the component parameters integrated out; for an empty slot the
     * prior predictive.
     */
    double logPredictive(int row, int k);

    /**
     * Writes {@link #logPredictive(int, int)} of row {@code row} for slots {@code 0..count)} into
     * {@code out[0..count)}. Implementations may do this faster than one slot at a time.
     */
    default void logPredictives(int row, int count, double[] out) {
        for (int k = 0; k < count; k++) {
            out[k] = logPredictive(row, k);
        }
    }

    /** log p(rows in slot k), the log marginal likelihood of the slot's data (0 for an empty slot). */
    double logMarginal(int k);

    /** Names of the per-cluster parameters reported by {@link #describe} (posterior means). */
    List<String> parameterNames();

    /** Posterior means of slot {@code k}'s parameters, formatted, one per {@link #parameterNames()}. */
    List<String> describe(int k);

    /**
     * Squared distance between two rows in the geometry used by k-means++ seeding (standardised
     * Euclidean for numbers, mismatches for categories, cosine distance of tf-idf vectors for counts).
     */
    double seedingDistance(int rowA, int rowB);
}
