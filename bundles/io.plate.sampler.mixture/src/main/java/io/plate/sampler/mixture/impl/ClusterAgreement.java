package io.plate.sampler.mixture.impl;

import java.util.HashMap;
import java.util.Map;

/**
 * Agreement between two partitions of the same rows, as pure functions: the adjusted Rand index
 * (Hubert and Arabie 1985) and normalised mutual information with the arithmetic-mean normaliser
 * (the defaults of scikit-learn's {@code adjusted_rand_score} and {@code normalized_mutual_info_score},
 * including their conventions for degenerate partitions). Labels are arbitrary integers; rows whose
 * reference label is negative (missing) are left out.
 */
public final class ClusterAgreement {
    private ClusterAgreement() {
    }

    /** The contingency table of the rows where {@code truth[r] >= 0}. */
    private static final class Contingency {
        final long[][] counts;
        final long[] rowSums;
        final long[] colSums;
        final long n;

        Contingency(int[] truth, int[] predicted) {
            if (truth.length != predicted.length) {
                throw new IllegalArgumentException("partitions of " + truth.length + " and " + predicted.length
                        + " rows");
            }
            Map<Integer, Integer> ti = new HashMap<>();
            Map<Integer, Integer> pi = new HashMap<>();
            long m = 0;
            for (int r = 0; r < truth.length; r++) {
                if (truth[r] < 0) {
                    continue;
                }
                ti.putIfAbsent(truth[r], ti.size());
                pi.putIfAbsent(predicted[r], pi.size());
                m++;
            }
            counts = new long[ti.size()][pi.size()];
            rowSums = new long[ti.size()];
            colSums = new long[pi.size()];
            for (int r = 0; r < truth.length; r++) {
                if (truth[r] < 0) {
                    continue;
                }
                int a = ti.get(truth[r]);
                int b = pi.get(predicted[r]);
                counts[a][b]++;
                rowSums[a]++;
                colSums[b]++;
            }
            n = m;
        }
    }

    private static double pairs(long x) {
        return x * (x - 1) / 2.0;
    }

    /** Adjusted Rand index of {@code predicted} against {@code truth}; 1 for identical partitions. */
    public static double adjustedRandIndex(int[] truth, int[] predicted) {
        Contingency c = new Contingency(truth, predicted);
        if (c.n == 0) {
            return 1.0;
        }
        double index = 0;
        for (long[] row : c.counts) {
            for (long v : row) {
                index += pairs(v);
            }
        }
        double a = 0;
        for (long v : c.rowSums) {
            a += pairs(v);
        }
        double b = 0;
        for (long v : c.colSums) {
            b += pairs(v);
        }
        double expected = a * b / pairs(c.n);
        double max = 0.5 * (a + b);
        if (max == expected) {
            return 1.0; // both partitions trivial in the same way (scikit-learn's convention)
        }
        return (index - expected) / (max - expected);
    }

    /** Normalised mutual information, MI / ((H(truth) + H(predicted)) / 2). */
    public static double normalizedMutualInformation(int[] truth, int[] predicted) {
        Contingency c = new Contingency(truth, predicted);
        int kt = c.rowSums.length;
        int kp = c.colSums.length;
        if ((kt == 1 && kp == 1) || (kt == 0 && kp == 0)) {
            return 1.0;
        }
        double n = c.n;
        double mi = 0;
        for (int i = 0; i < kt; i++) {
            for (int j = 0; j < kp; j++) {
                long v = c.counts[i][j];
                if (v > 0) {
                    mi += v / n * (Math.log(v * n) - Math.log((double) c.rowSums[i] * c.colSums[j]));
                }
            }
        }
        mi = Math.max(0, mi);
        if (mi == 0) {
            return 0.0;
        }
        double h = 0.5 * (entropy(c.rowSums, n) + entropy(c.colSums, n));
        return mi / h;
    }

    private static double entropy(long[] sums, double n) {
        double h = 0;
        for (long s : sums) {
            if (s > 0) {
                double p = s / n;
                h -= p * Math.log(p);
            }
        }
        return h;
    }
}
