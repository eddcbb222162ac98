package io.plate.sampler.mixture.impl;

import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.data.NumericColumn;
import io.plate.distributions.impl.FastDistributions;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;

/** Synthetic datasets with known clusters (kept as the dataset's labels) for the recovery tests. */
final class SyntheticData {
    static final FastDistributions DIST = new FastDistributions();

    private SyntheticData() {
    }

    static CategoricalColumn labels(int[] truth, int k) {
        List<String> lv = new ArrayList<>();
        for (int c = 0; c < k; c++) {
            lv.add("c" + c);
        }
        return CategoricalColumn.of("truth", lv, truth);
    }

    /** n rows from Gaussians with the given means and Cholesky factors, cluster c with weight w[c]. */
    static Dataset gaussians(int n, double[][] means, double[][][] chol, double[] w, long seed) {
        UniformRandomProvider rng = DIST.stream(seed, 0);
        int d = means[0].length;
        double[][] cols = new double[d][n];
        int[] truth = new int[n];
        for (int r = 0; r < n; r++) {
            int c = DIST.nextCategorical(rng, w, w.length);
            truth[r] = c;
            double[] e = new double[d];
            for (int j = 0; j < d; j++) {
                e[j] = DIST.nextStandardNormal(rng);
            }
            for (int i = 0; i < d; i++) {
                double v = means[c][i];
                for (int j = 0; j <= i; j++) {
                    v += chol[c][i][j] * e[j];
                }
                cols[i][r] = v;
            }
        }
        Dataset.Builder b = Dataset.builder("gauss").source("synthetic");
        for (int j = 0; j < d; j++) {
            b.numeric(NumericColumn.of("x" + j, cols[j]));
        }
        return b.labels(labels(truth, means.length)).build();
    }

    /** Documents of the given length from topics {@code theta[c]}, cluster c with weight w[c]. */
    static Dataset documents(int n, int length, double[][] theta, double[] w, long seed) {
        UniformRandomProvider rng = DIST.stream(seed, 0);
        int v = theta[0].length;
        int[][] x = new int[n][v];
        int[] truth = new int[n];
        for (int r = 0; r < n; r++) {
            int c = DIST.nextCategorical(rng, w, w.length);
            truth[r] = c;
            for (int i = 0; i < length; i++) {
                x[r][DIST.nextCategorical(rng, theta[c], v)]++;
            }
        }
        return Dataset.builder("docs").source("synthetic").sparse(ComponentsTest.counts(x))
                .labels(labels(truth, theta.length)).build();
    }

    /** Random topics: each puts most of its mass on its own block of words. */
    static double[][] blockTopics(int k, int v, double inBlock) {
        double[][] t = new double[k][v];
        int block = v / k;
        for (int c = 0; c < k; c++) {
            for (int j = 0; j < v; j++) {
                boolean mine = j / block == c;
                t[c][j] = mine ? inBlock / block : (1 - inBlock) / (v - block);
            }
        }
        return t;
    }

    /** Categorical rows: column j of cluster c takes level (c + j) mod L with probability p, else uniform. */
    static Dataset categories(int n, int k, int cols, int levels, double p, long seed) {
        UniformRandomProvider rng = DIST.stream(seed, 0);
        int[][] codes = new int[cols][n];
        int[] truth = new int[n];
        for (int r = 0; r < n; r++) {
            int c = rng.nextInt(k);
            truth[r] = c;
            for (int j = 0; j < cols; j++) {
                codes[j][r] = rng.nextDouble() < p ? (c + j) % levels : rng.nextInt(levels);
            }
        }
        Dataset.Builder b = Dataset.builder("cats").source("synthetic");
        List<String> lv = new ArrayList<>();
        for (int l = 0; l < levels; l++) {
            lv.add("v" + l);
        }
        for (int j = 0; j < cols; j++) {
            b.categorical(CategoricalColumn.of("col" + j, lv, codes[j]));
        }
        return b.labels(labels(truth, k)).build();
    }
}
