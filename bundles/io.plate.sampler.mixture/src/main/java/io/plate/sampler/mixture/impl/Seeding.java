package io.plate.sampler.mixture.impl;

import io.plate.api.sample.Distributions;
import java.util.Arrays;
import org.apache.commons.rng.UniformRandomProvider;

/** First partitions for the chains: uniform at random, or k-means++ seeding in the components' geometry. */
final class Seeding {
    private Seeding() {
    }

    /**
     * Writes a first cluster into {@code z[r]} for every row: fixed rows get their fixed cluster, free
     * rows a cluster in {@code [0, k)} chosen by {@code init}.
     */
    static void seed(Initialisation init, Components c, int k, int[] fixed, Distributions dist,
            UniformRandomProvider rng, int[] z) {
        int n = z.length;
        if (init == Initialisation.RANDOM || n <= k) {
            for (int r = 0; r < n; r++) {
                z[r] = fixed != null && fixed[r] >= 0 ? fixed[r] : rng.nextInt(k);
            }
            return;
        }
        int[] centre = new int[k];
        Arrays.fill(centre, -1);
        int fixedClusters = 0;
        if (fixed != null) {
            // a labelled class seeds its own cluster with one of its rows drawn uniformly
            int[] seen = new int[k];
            for (int r = 0; r < n; r++) {
                int f = fixed[r];
                if (f >= 0) {
                    seen[f]++;
                    if (rng.nextInt(seen[f]) == 0) {
                        centre[f] = r;
                    }
                    fixedClusters = Math.max(fixedClusters, f + 1);
                }
            }
        }
        double[] nearest = new double[n];
        Arrays.fill(nearest, Double.POSITIVE_INFINITY);
        int start = 0;
        for (int j = 0; j < fixedClusters; j++) {
            if (centre[j] >= 0) {
                update(c, centre[j], nearest);
            }
        }
        for (int j = 0; j < k; j++) {
            if (centre[j] >= 0) {
                continue;
            }
            int pick;
            if (start == 0 && allInfinite(nearest)) {
                pick = rng.nextInt(n);
            } else {
                double total = 0;
                for (double v : nearest) {
                    total += v;
                }
                pick = total > 0 ? dist.nextCategorical(rng, nearest, n) : rng.nextInt(n);
            }
            start++;
            centre[j] = pick;
            update(c, pick, nearest);
        }
        for (int r = 0; r < n; r++) {
            if (fixed != null && fixed[r] >= 0) {
                z[r] = fixed[r];
                continue;
            }
            int best = 0;
            double bd = Double.POSITIVE_INFINITY;
            for (int j = 0; j < k; j++) {
                double dd = r == centre[j] ? 0 : c.seedingDistance(r, centre[j]);
                if (dd < bd) {
                    bd = dd;
                    best = j;
                }
            }
            z[r] = best;
        }
    }

    private static boolean allInfinite(double[] a) {
        for (double v : a) {
            if (v != Double.POSITIVE_INFINITY) {
                return false;
            }
        }
        return true;
    }

    private static void update(Components c, int centre, double[] nearest) {
        for (int r = 0; r < nearest.length; r++) {
            double dd = r == centre ? 0 : c.seedingDistance(r, centre);
            if (dd < nearest[r]) {
                nearest[r] = dd;
            }
        }
    }
}
