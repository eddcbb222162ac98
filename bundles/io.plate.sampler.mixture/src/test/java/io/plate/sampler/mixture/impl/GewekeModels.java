package io.plate.sampler.mixture.impl;

import io.plate.api.data.CategoricalColumn;
import io.plate.api.sample.Distributions;
import io.plate.api.sample.NormalGammaDraw;
import io.plate.api.sample.NormalInverseWishartDraw;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Generative models for the Geweke tests, with the conjugate posteriors written out here from the
 * textbook formulas (Murphy 2007), independently of the component classes under test.
 */
public final class GewekeModels {
    private GewekeModels() {
    }

    static int clusters(int[] z) {
        int m = 0;
        for (int v : z) {
            m = Math.max(m, v + 1);
        }
        return m;
    }

    /** Documents of fixed length over a small vocabulary; θ_k ~ Dirichlet(β). */
    public record Multinomial(int vocabulary, int length, double beta) implements Geweke.Model<int[][]> {
        @Override
        public int[][] forward(int[] z, Distributions dist, UniformRandomProvider rng) {
            return draw(z, new int[z.length][vocabulary], false, dist, rng);
        }

        @Override
        public int[][] regenerate(int[] z, int[][] x, Distributions dist, UniformRandomProvider rng) {
            return draw(z, x, true, dist, rng);
        }

        private int[][] draw(int[] z, int[][] x, boolean posterior, Distributions dist, UniformRandomProvider rng) {
            int k = clusters(z);
            double[][] theta = new double[k][vocabulary];
            for (int c = 0; c < k; c++) {
                double[] a = new double[vocabulary];
                java.util.Arrays.fill(a, beta);
                if (posterior) {
                    for (int d = 0; d < z.length; d++) {
                        if (z[d] == c) {
                            for (int v = 0; v < vocabulary; v++) {
                                a[v] += x[d][v];
                            }
                        }
                    }
                }
                dist.nextDirichlet(rng, a, 0, vocabulary, theta[c]);
            }
            int[][] out = new int[z.length][vocabulary];
            for (int d = 0; d < z.length; d++) {
                for (int i = 0; i < length; i++) {
                    out[d][dist.nextCategorical(rng, theta[z[d]], vocabulary)]++;
                }
            }
            return out;
        }

        /** How alike documents 0 and 1 are. */
        @Override
        public double dataStatistic(int[][] x) {
            double s = 0;
            for (int v = 0; v < vocabulary; v++) {
                s += x[0][v] * x[1][v];
            }
            return s;
        }

        MultinomialComponents components(int[][] x) {
            return new MultinomialComponents(matrix(x), beta);
        }

        /** The documents as a count matrix, as the chains read them. */
        public io.plate.api.data.SparseMatrix matrix(int[][] x) {
            return ComponentsTest.counts(x);
        }
    }

    /** Categorical columns with the given numbers of levels; each column's probabilities ~ Dirichlet(β). */
    record Categorical(int[] levels, double beta) implements Geweke.Model<int[][]> {
        @Override
        public int[][] forward(int[] z, Distributions dist, UniformRandomProvider rng) {
            return draw(z, null, dist, rng);
        }

        @Override
        public int[][] regenerate(int[] z, int[][] x, Distributions dist, UniformRandomProvider rng) {
            return draw(z, x, dist, rng);
        }

        private int[][] draw(int[] z, int[][] x, Distributions dist, UniformRandomProvider rng) {
            int k = clusters(z);
            int[][] out = new int[z.length][levels.length];
            for (int j = 0; j < levels.length; j++) {
                double[][] p = new double[k][levels[j]];
                for (int c = 0; c < k; c++) {
                    double[] a = new double[levels[j]];
                    java.util.Arrays.fill(a, beta);
                    if (x != null) {
                        for (int r = 0; r < z.length; r++) {
                            if (z[r] == c) {
                                a[x[r][j]]++;
                            }
                        }
                    }
                    dist.nextDirichlet(rng, a, 0, levels[j], p[c]);
                }
                for (int r = 0; r < z.length; r++) {
                    out[r][j] = dist.nextCategorical(rng, p[z[r]], levels[j]);
                }
            }
            return out;
        }

        @Override
        public double dataStatistic(int[][] x) {
            int same = 0;
            for (int j = 0; j < levels.length; j++) {
                same += x[0][j] == x[1][j] ? 1 : 0;
            }
            return same;
        }

        CategoricalComponents components(int[][] x) {
            List<CategoricalColumn> cols = new ArrayList<>();
            for (int j = 0; j < levels.length; j++) {
                List<String> lv = new ArrayList<>();
                for (int l = 0; l < levels[j]; l++) {
                    lv.add("l" + l);
                }
                int[] codes = new int[x.length];
                for (int r = 0; r < x.length; r++) {
                    codes[r] = x[r][j];
                }
                cols.add(CategoricalColumn.of("c" + j, lv, codes));
            }
            return new CategoricalComponents(cols, beta);
        }
    }

    /** The two-column diagonal Gaussian model of the Geweke tests. */
    public static final DiagonalGaussian DIAG = new DiagonalGaussian(new double[] {0, 1}, 0.3, 2.5, new double[] {1.0, 2.0});
    /** The two-column full-covariance Gaussian model of the Geweke tests. */
    public static final FullGaussian FULL = new FullGaussian(new double[] {0, 1}, 0.3, 4.0,
            new double[][] {{2.0, 0.5}, {0.5, 1.0}});

    /** Independent columns, each with a Normal-Gamma(μ0, κ0, a0, b0) prior on (mean, precision). */
    public record DiagonalGaussian(double[] mu0, double kappa0, double a0, double[] b0) implements Geweke.Model<double[][]> {
        @Override
        public double[][] forward(int[] z, Distributions dist, UniformRandomProvider rng) {
            return draw(z, null, dist, rng);
        }

        @Override
        public double[][] regenerate(int[] z, double[][] x, Distributions dist, UniformRandomProvider rng) {
            return draw(z, x, dist, rng);
        }

        private double[][] draw(int[] z, double[][] x, Distributions dist, UniformRandomProvider rng) {
            int d = mu0.length;
            int k = clusters(z);
            double[][] out = new double[z.length][d];
            for (int c = 0; c < k; c++) {
                for (int j = 0; j < d; j++) {
                    int n = 0;
                    double sum = 0;
                    if (x != null) {
                        for (int r = 0; r < z.length; r++) {
                            if (z[r] == c) {
                                n++;
                                sum += x[r][j];
                            }
                        }
                    }
                    double mean = n > 0 ? sum / n : 0;
                    double ss = 0;
                    if (x != null) {
                        for (int r = 0; r < z.length; r++) {
                            if (z[r] == c) {
                                ss += (x[r][j] - mean) * (x[r][j] - mean);
                            }
                        }
                    }
                    double kn = kappa0 + n;
                    double mun = (kappa0 * mu0[j] + n * mean) / kn;
                    double an = a0 + n / 2.0;
                    double bn = b0[j] + 0.5 * ss + kappa0 * n * (mean - mu0[j]) * (mean - mu0[j]) / (2 * kn);
                    NormalGammaDraw g = dist.nextNormalGamma(rng, mun, kn, an, bn);
                    for (int r = 0; r < z.length; r++) {
                        if (z[r] == c) {
                            out[r][j] = g.mean() + dist.nextStandardNormal(rng) / Math.sqrt(g.precision());
                        }
                    }
                }
            }
            return out;
        }

        @Override
        public double dataStatistic(double[][] x) {
            double s = 0;
            for (int j = 0; j < mu0.length; j++) {
                s += Math.abs(x[0][j] - x[1][j]);
            }
            return s;
        }

        /** Geweke's transition of the uncollapsed chain (K = 3, α = 1, blocks of two rows) with its blocks on {@code runner}. */
        public Geweke.Transition<double[][]> uncollapsedOn(BlockRunner runner) {
            return UncollapsedGaussianGewekeTest.uncollapsedOn(this::components, runner);
        }

        DiagonalGaussianComponents components(double[][] x) {
            List<String> names = new ArrayList<>();
            for (int j = 0; j < mu0.length; j++) {
                names.add("v" + j);
            }
            return new DiagonalGaussianComponents(NumericData.of(x, names), mu0, kappa0, a0, b0);
        }
    }

    /** Full covariances with a Normal-Inverse-Wishart(μ0, κ0, ν0, Ψ0) prior. */
    public record FullGaussian(double[] mu0, double kappa0, double nu0, double[][] psi0) implements Geweke.Model<double[][]> {
        @Override
        public double[][] forward(int[] z, Distributions dist, UniformRandomProvider rng) {
            return draw(z, null, dist, rng);
        }

        @Override
        public double[][] regenerate(int[] z, double[][] x, Distributions dist, UniformRandomProvider rng) {
            return draw(z, x, dist, rng);
        }

        private double[][] draw(int[] z, double[][] x, Distributions dist, UniformRandomProvider rng) {
            int d = mu0.length;
            int k = clusters(z);
            double[][] out = new double[z.length][];
            for (int c = 0; c < k; c++) {
                int n = 0;
                double[] mean = new double[d];
                if (x != null) {
                    for (int r = 0; r < z.length; r++) {
                        if (z[r] == c) {
                            n++;
                            for (int j = 0; j < d; j++) {
                                mean[j] += x[r][j];
                            }
                        }
                    }
                }
                for (int j = 0; j < d; j++) {
                    mean[j] = n > 0 ? mean[j] / n : 0;
                }
                double kn = kappa0 + n;
                double[] mun = new double[d];
                double[][] psin = new double[d][d];
                for (int i = 0; i < d; i++) {
                    mun[i] = (kappa0 * mu0[i] + n * mean[i]) / kn;
                    for (int j = 0; j < d; j++) {
                        double s = 0;
                        if (x != null) {
                            for (int r = 0; r < z.length; r++) {
                                if (z[r] == c) {
                                    s += (x[r][i] - mean[i]) * (x[r][j] - mean[j]);
                                }
                            }
                        }
                        psin[i][j] = psi0[i][j] + s + kappa0 * n / kn * (mean[i] - mu0[i]) * (mean[j] - mu0[j]);
                    }
                }
                NormalInverseWishartDraw g = dist.nextNormalInverseWishart(rng, mun, kn, nu0 + n, psin);
                for (int r = 0; r < z.length; r++) {
                    if (z[r] == c) {
                        out[r] = dist.multivariateNormal(rng, g.mean(), g.covariance()).sample();
                    }
                }
            }
            return out;
        }

        @Override
        public double dataStatistic(double[][] x) {
            double s = 0;
            for (int j = 0; j < mu0.length; j++) {
                s += Math.abs(x[0][j] - x[1][j]);
            }
            return s;
        }

        /** Geweke's transition of the uncollapsed chain (K = 3, α = 1, blocks of two rows) with its blocks on {@code runner}. */
        public Geweke.Transition<double[][]> uncollapsedOn(BlockRunner runner) {
            return UncollapsedGaussianGewekeTest.uncollapsedOn(this::components, runner);
        }

        FullGaussianComponents components(double[][] x) {
            List<String> names = new ArrayList<>();
            for (int j = 0; j < mu0.length; j++) {
                names.add("v" + j);
            }
            return new FullGaussianComponents(NumericData.of(x, names), mu0, kappa0, nu0, psi0);
        }
    }
}
