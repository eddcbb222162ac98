package io.plate.classifier.impl;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.plate.modelfile.Fields;

/**
 * Per-feature centring and scaling {@code (x - mean) / sd} with the training mean and standard
 * deviation (population form, missing values ignored). A constant or all-missing feature keeps scale 1.
 * The identity standardizer (mean 0, sd 1) stands for "do not standardise".
 */
public final class Standardizer {
    private final double[] mean;
    private final double[] sd;

    private Standardizer(double[] mean, double[] sd) {
        this.mean = mean;
        this.sd = sd;
    }

    public static Standardizer identity(int p) {
        double[] sd = new double[p];
        java.util.Arrays.fill(sd, 1.0);
        return new Standardizer(new double[p], sd);
    }

    /** Fitted on the rows of {@code x} (row-major, {@code p} columns) where {@code use[r]} is true. */
    public static Standardizer fit(double[] x, int p, boolean[] use) {
        double[] mean = new double[p];
        double[] sd = spread(x, p, use, 0, mean);
        for (int d = 0; d < p; d++) {
            sd[d] = sd[d] > 0 ? sd[d] : 1.0;
        }
        return new Standardizer(mean, sd);
    }

    /**
     * Mean (into {@code mean}) and standard deviation with divisor n − {@code ddof} of each column of
     * {@code x} (row-major, {@code p} columns) over the rows where {@code use[r]} (all when null), NaN left
     * out; 0 for a column with fewer than ddof + 1 values. Welford's update runs on the values times a power
     * of two that brings the column's largest magnitude near 1, an exact scaling: the figures are those of
     * the plain update, except that squares of values near 1e300 no longer overflow and those of
     * deviations near 1e-170 no longer underflow to a spread of 0.
     */
    public static double[] spread(double[] x, int p, boolean[] use, int ddof, double[] mean) {
        int n = p == 0 ? 0 : x.length / p;
        double[] largest = new double[p];
        for (int r = 0; r < n; r++) {
            if (use == null || use[r]) {
                for (int d = 0; d < p; d++) {
                    double v = Math.abs(x[r * p + d]);
                    largest[d] = v > largest[d] ? v : largest[d];
                }
            }
        }
        double[] scale = new double[p];
        for (int d = 0; d < p; d++) {
            scale[d] = powerOfTwoNear(largest[d]);
        }
        double[] m2 = new double[p];
        double[] cnt = new double[p];
        for (int r = 0; r < n; r++) {
            if (use != null && !use[r]) {
                continue;
            }
            for (int d = 0; d < p; d++) {
                double v = x[r * p + d] / scale[d];
                if (v == v) {
                    cnt[d]++;
                    double delta = v - mean[d];
                    mean[d] += delta / cnt[d];
                    m2[d] += delta * (v - mean[d]);
                }
            }
        }
        double[] sd = new double[p];
        for (int d = 0; d < p; d++) {
            sd[d] = cnt[d] > ddof ? Math.sqrt(m2[d] / (cnt[d] - ddof)) * scale[d] : 0;
            mean[d] *= scale[d];
        }
        return sd;
    }

    /** 2^e with 2^e ≤ {@code largest} < 2^(e+1); 1 for 0, NaN or infinity (nothing to scale). */
    public static double powerOfTwoNear(double largest) {
        return largest > 0 && Double.isFinite(largest) ? Math.scalb(1.0, Math.getExponent(largest)) : 1.0;
    }

    /** Applies the transformation to a row-major matrix in place (NaN stays NaN). */
    public void apply(double[] x) {
        int p = mean.length;
        if (p == 0) {
            return;
        }
        for (int i = 0; i < x.length; i++) {
            int d = i % p;
            x[i] = (x[i] - mean[d]) / sd[d];
        }
    }

    public double mean(int d) {
        return mean[d];
    }

    public double sd(int d) {
        return sd[d];
    }

    public int features() {
        return mean.length;
    }

    public void write(ObjectNode node) {
        Fields.put(node, "mean", mean);
        Fields.put(node, "sd", sd);
    }

    public static Standardizer read(JsonNode node, String path, int p) {
        return new Standardizer(Fields.numbers(node, path + ".mean", p, false, false),
                Fields.numbers(node, path + ".sd", p, true, false));
    }
}
