package io.plate.sampler.mixture.impl;

import io.plate.api.sample.Distributions;
import io.plate.distributions.numerics.CholeskyFactor;
import java.util.Arrays;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The z-step of the uncollapsed Gaussian chain for one block of rows, built from the sweep's parameters
 * alone (plain arrays, so that another machine can receive them): z_r | μ, Σ, π ∝ π_k N(y_r | μ_k, Σ_k),
 * then the block's sufficient statistics per cluster. The one z-step of the chain on one machine and on
 * many ({@link UncollapsedGaussianSweep}).
 *
 * <p>Parameters: {@code {{d, 1 = full | 0 = diagonal}, log π (K), μ (K × d), spread}} with the spread Σ_k
 * (K × d × d, row-major) for full covariances and the precisions τ_kj (K × d) for diagonal ones; rows and
 * means are centred on the prior mean. Statistics per cluster, {@link #stride} doubles from k · stride:
 * full: n, Σ y (d), Σ y yᵀ (lower triangle, row i at i(i+1)/2); diagonal: n, then per column the
 * values present, Σ y and Σ y². Counts are exact in doubles; the driver adds blocks in block order.
 */
abstract class GaussianZStep {
    final int d;
    final int k;
    final double[] logPi;
    final double[] mean;

    private GaussianZStep(int d, double[][] parameters) {
        this.d = d;
        this.logPi = parameters[1];
        this.k = logPi.length;
        this.mean = parameters[2];
        if (mean.length != k * d) {
            throw new IllegalArgumentException("means of length " + mean.length + " for K = " + k + ", d = " + d);
        }
    }

    /** The z-step of the sweep whose parameters are {@code parameters} (see the class comment). */
    static GaussianZStep of(double[][] parameters) {
        int d = (int) parameters[0][0];
        return parameters[0][1] == 1 ? new Full(d, parameters) : new Diagonal(d, parameters);
    }

    /** Doubles of statistics per cluster for d columns. */
    static int stride(int d, boolean full) {
        return full ? 1 + d + d * (d + 1) / 2 : 1 + 3 * d;
    }

    abstract boolean full();

    /** log π_k + log N(y | μ_k, Σ_k) up to a constant shared by every cluster, for each k, into {@code out}. */
    abstract void logWeights(double[] y, int at, double[] out);

    /**
     * The statistics of rows {@code [r0, r1)} in clusters {@code z[r − base]} into {@code stats} (K · stride,
     * overwritten), with the rows laid out as {@link #sample} reads them.
     */
    static void statistics(boolean full, int d, int k, double[] y, int r0, int r1, int base, int[] z, double[] stats) {
        int stride = stride(d, full);
        Arrays.fill(stats, 0, k * stride, 0.0);
        for (int r = r0; r < r1; r++) {
            int at = (r - base) * d;
            int o = z[r - base] * stride;
            stats[o] += 1;
            if (full) {
                int s = o + 1 + d;
                for (int i = 0; i < d; i++) {
                    double yi = y[at + i];
                    stats[o + 1 + i] += yi;
                    for (int j = 0; j <= i; j++) {
                        stats[s++] += yi * y[at + j];
                    }
                }
            } else {
                for (int j = 0; j < d; j++) {
                    double v = y[at + j];
                    if (v == v) {
                        int p = o + 1 + 3 * j;
                        stats[p] += 1;
                        stats[p + 1] += v;
                        stats[p + 2] += v * v;
                    }
                }
            }
        }
    }

    /**
     * Rows {@code [r0, r1)}: draws z_r on {@code g} (rows with {@code fixed[r − base] >= 0} keep that
     * cluster) and writes the block's statistics into {@code stats} (K · stride, overwritten). Row r is at
     * {@code y[(r − base) · d]} and {@code z[r − base]}; {@code fixed} null = none.
     */
    final void sample(Distributions dist, UniformRandomProvider g, double[] y, int r0, int r1, int base, int[] fixed,
            int[] z, double[] stats) {
        double[] w = new double[k]; // per block and sweep
        for (int r = r0; r < r1; r++) {
            if (fixed != null && fixed[r - base] >= 0) {
                z[r - base] = fixed[r - base];
            } else {
                logWeights(y, (r - base) * d, w);
                z[r - base] = dist.nextCategoricalFromLogWeights(g, w, k);
            }
        }
        statistics(full(), d, k, y, r0, r1, base, z, stats);
    }

    /** Full covariances: one Cholesky factor of each Σ_k per block, a triangular solve per row and cluster. */
    private static final class Full extends GaussianZStep {
        private final CholeskyFactor[] factors;
        private final double[] halfLogDet;
        private final double[] row;
        private final double[][] mu;
        private final double[] work;

        Full(int d, double[][] parameters) {
            super(d, parameters);
            double[] sigma = parameters[3];
            this.factors = new CholeskyFactor[k];
            this.halfLogDet = new double[k];
            double[][] s = new double[d][d];
            for (int c = 0; c < k; c++) {
                for (int i = 0; i < d; i++) {
                    System.arraycopy(sigma, (c * d + i) * d, s[i], 0, d);
                }
                factors[c] = CholeskyFactor.of("covariance of cluster " + c, s);
                halfLogDet[c] = 0.5 * factors[c].logDeterminant();
            }
            this.row = new double[d];
            this.mu = new double[k][];
            for (int c = 0; c < k; c++) {
                mu[c] = Arrays.copyOfRange(mean, c * d, (c + 1) * d);
            }
            this.work = new double[d];
        }

        @Override
        boolean full() {
            return true;
        }

        @Override
        void logWeights(double[] y, int at, double[] out) {
            System.arraycopy(y, at, row, 0, d);
            for (int c = 0; c < k; c++) {
                out[c] = logPi[c] - halfLogDet[c] - 0.5 * factors[c].mahalanobisSquared(row, mu[c], work);
            }
        }
    }

    /** Diagonal covariances: per cluster and column a precision; missing values (NaN) are left out. */
    private static final class Diagonal extends GaussianZStep {
        private final double[] precision;
        private final double[] halfLogPrecision;

        Diagonal(int d, double[][] parameters) {
            super(d, parameters);
            this.precision = parameters[3];
            this.halfLogPrecision = new double[k * d];
            for (int i = 0; i < k * d; i++) {
                halfLogPrecision[i] = 0.5 * Math.log(precision[i]);
            }
        }

        @Override
        boolean full() {
            return false;
        }

        @Override
        void logWeights(double[] y, int at, double[] out) {
            for (int c = 0; c < k; c++) {
                double s = logPi[c];
                for (int j = 0, i = c * d; j < d; j++, i++) {
                    double v = y[at + j];
                    if (v == v) {
                        double u = v - mean[i];
                        s += halfLogPrecision[i] - 0.5 * precision[i] * u * u;
                    }
                }
                out[c] = s;
            }
        }
    }
}
