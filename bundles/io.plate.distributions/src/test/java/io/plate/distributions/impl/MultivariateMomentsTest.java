package io.plate.distributions.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.sample.Distributions;
import io.plate.api.sample.IntVectorSampler;
import io.plate.api.sample.MatrixSampler;
import io.plate.api.sample.NormalGammaDraw;
import io.plate.api.sample.NormalInverseWishartDraw;
import io.plate.api.sample.VectorSampler;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Mean and covariance of the multivariate samplers against their closed forms, for both providers.
 *
 * <p>Each check compares the sample mean of a statistic f (a component, or a centred product
 * (x_i − μ_i)(x_j − μ_j) with the true μ, whose expectation is the covariance) with its exact
 * expectation, with a tolerance of {@value #Z} Monte Carlo standard errors (the sample standard
 * deviation of f over √n). By the central limit theorem a correct sampler fails one check with
 * probability about 5.7e-7; the few hundred checks here, with fixed seeds, fail falsely with
 * probability below 1e-3 for the seeds as fixed.
 */
class MultivariateMomentsTest {
    private static final double Z = 5;
    private static final int N = 20_000;

    static List<Distributions> providers() {
        return Providers.both();
    }

    static void assertExpectation(String what, double[] f, double expected) {
        int n = f.length;
        double mean = 0;
        for (double v : f) {
            mean += v;
        }
        mean /= n;
        double ss = 0;
        for (double v : f) {
            ss += (v - mean) * (v - mean);
        }
        double se = Math.sqrt(ss / (n - 1) / n);
        double m = mean;
        assertTrue(Math.abs(m - expected) <= Z * se + 1e-12 * Math.abs(expected),
                () -> what + ": sample mean " + m + ", expected " + expected + ", standard error " + se);
    }

    /** Checks E[x] = mean and Cov(x) = cov from draws (rows). */
    static void assertMeanAndCovariance(String what, double[][] draws, double[] mean, double[][] cov) {
        int k = mean.length;
        int n = draws.length;
        double[] f = new double[n];
        for (int i = 0; i < k; i++) {
            for (int r = 0; r < n; r++) {
                f[r] = draws[r][i];
            }
            assertExpectation(what + " mean[" + i + "]", f, mean[i]);
            for (int j = 0; j <= i; j++) {
                for (int r = 0; r < n; r++) {
                    f[r] = (draws[r][i] - mean[i]) * (draws[r][j] - mean[j]);
                }
                assertExpectation(what + " covariance[" + i + "][" + j + "]", f, cov[i][j]);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void dirichletMeanAndCovarianceIncludingTinyAlphas(Distributions d) {
        double[][] alphas = {{0.5, 1, 2, 5}, {0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1}, {1e-3, 2e-3, 3e-3, 4e-3},
                {50, 80}, {1e-3, 1e3}};
        long seed = 100;
        for (double[] alpha : alphas) {
            double total = 0;
            for (double a : alpha) {
                total += a;
            }
            int k = alpha.length;
            double[] mean = new double[k];
            double[][] cov = new double[k][k];
            for (int i = 0; i < k; i++) {
                mean[i] = alpha[i] / total;
            }
            for (int i = 0; i < k; i++) {
                for (int j = 0; j < k; j++) {
                    cov[i][j] = ((i == j ? mean[i] : 0) - mean[i] * mean[j]) / (total + 1);
                }
            }
            UniformRandomProvider rng = Providers.rng(seed++);
            VectorSampler s = d.dirichlet(rng, alpha);
            double[][] bound = new double[N][];
            double[][] oneShot = new double[N][];
            double[] work = new double[k + 2];
            for (int r = 0; r < N; r++) {
                bound[r] = s.sample();
                d.nextDirichlet(rng, alpha, 0, k, work);
                oneShot[r] = java.util.Arrays.copyOf(work, k);
                assertOnSimplex(bound[r]);
                assertOnSimplex(oneShot[r]);
            }
            String name = d.provider() + " dirichlet" + java.util.Arrays.toString(alpha);
            assertMeanAndCovariance(name, bound, mean, cov);
            assertMeanAndCovariance(name + " one-shot", oneShot, mean, cov);
        }
    }

    private static void assertOnSimplex(double[] x) {
        double s = 0;
        for (double v : x) {
            assertTrue(v >= 0 && v <= 1, () -> "component off [0, 1]: " + java.util.Arrays.toString(x));
            s += v;
        }
        assertEquals(1.0, s, 1e-12, () -> "not on the simplex: " + java.util.Arrays.toString(x));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void symmetricDirichletWithTinyAlphaIsNeverNaNNorAllZero(Distributions d) {
        VectorSampler s = d.dirichlet(Providers.rng(5), 50, 1e-3);
        double[] x = new double[50];
        for (int r = 0; r < 2000; r++) {
            s.sample(x);
            assertOnSimplex(x);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void multivariateNormalMeanAndCovariance(Distributions d) {
        double[] mu = {1, -2, 0.5};
        double[][] cov = {{2, 0.6, -0.3}, {0.6, 1, 0.2}, {-0.3, 0.2, 0.5}};
        VectorSampler s = d.multivariateNormal(Providers.rng(11), mu, cov);
        double[][] x = new double[N][];
        for (int r = 0; r < N; r++) {
            x[r] = s.sample();
        }
        assertMeanAndCovariance(d.provider() + " multivariateNormal", x, mu, cov);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void multinomialMeanAndCovariance(Distributions d) {
        int[] trials = {30, 1_000_000, 7};
        double[][] ps = {{0.1, 0.2, 0.3, 0.4}, {0.25, 0, 0.5, 0.25}, {2, 1, 1}};
        for (int c = 0; c < trials.length; c++) {
            int n = trials[c];
            double[] w = ps[c];
            double sum = 0;
            for (double v : w) {
                sum += v;
            }
            int k = w.length;
            double[] mean = new double[k];
            double[][] cov = new double[k][k];
            for (int i = 0; i < k; i++) {
                mean[i] = n * w[i] / sum;
                for (int j = 0; j < k; j++) {
                    cov[i][j] = n * ((i == j ? w[i] / sum : 0) - (w[i] / sum) * (w[j] / sum));
                }
            }
            IntVectorSampler s = d.multinomial(Providers.rng(20 + c), n, w);
            int draws = n > 1000 ? 4000 : N;
            double[][] x = new double[draws][k];
            int[] out = new int[k];
            for (int r = 0; r < draws; r++) {
                s.sample(out);
                int total = 0;
                for (int i = 0; i < k; i++) {
                    x[r][i] = out[i];
                    total += out[i];
                }
                assertEquals(n, total, "counts must add up to the trials");
                if (w[1] == 0) {
                    assertEquals(0, out[1], "a zero probability drew counts");
                }
            }
            String name = d.provider() + " multinomial(" + n + ")";
            for (int i = 0; i < k; i++) {
                if (cov[i][i] == 0) {
                    continue;
                }
                double[] f = new double[draws];
                for (int r = 0; r < draws; r++) {
                    f[r] = x[r][i];
                }
                assertExpectation(name + " mean[" + i + "]", f, mean[i]);
                for (int j = 0; j <= i; j++) {
                    if (cov[j][j] == 0) {
                        continue;
                    }
                    for (int r = 0; r < draws; r++) {
                        f[r] = (x[r][i] - mean[i]) * (x[r][j] - mean[j]);
                    }
                    assertExpectation(name + " covariance[" + i + "][" + j + "]", f, cov[i][j]);
                }
            }
        }
    }

    private static final double[][] SCALE = {{2, 0.5, 0.1}, {0.5, 1, -0.3}, {0.1, -0.3, 1.5}};

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void wishartMeanAndVariance(Distributions d) {
        double df = 6;
        MatrixSampler s = d.wishart(Providers.rng(30), df, SCALE);
        double[][][] w = new double[N][][];
        for (int r = 0; r < N; r++) {
            w[r] = s.sample();
            assertSymmetric(w[r]);
        }
        int p = 3;
        double[] f = new double[N];
        for (int i = 0; i < p; i++) {
            for (int j = 0; j <= i; j++) {
                double mean = df * SCALE[i][j];
                double variance = df * (SCALE[i][j] * SCALE[i][j] + SCALE[i][i] * SCALE[j][j]);
                for (int r = 0; r < N; r++) {
                    f[r] = w[r][i][j];
                }
                assertExpectation(d.provider() + " wishart mean[" + i + "][" + j + "]", f, mean);
                for (int r = 0; r < N; r++) {
                    f[r] = (w[r][i][j] - mean) * (w[r][i][j] - mean);
                }
                assertExpectation(d.provider() + " wishart variance[" + i + "][" + j + "]", f, variance);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void inverseWishartMeanAndVariance(Distributions d) {
        double df = 14;
        int p = 3;
        MatrixSampler s = d.inverseWishart(Providers.rng(31), df, SCALE);
        double[][][] x = new double[N][][];
        for (int r = 0; r < N; r++) {
            x[r] = s.sample();
            assertSymmetric(x[r]);
        }
        double[] f = new double[N];
        for (int i = 0; i < p; i++) {
            for (int j = 0; j <= i; j++) {
                double mean = SCALE[i][j] / (df - p - 1);
                double variance = ((df - p + 1) * SCALE[i][j] * SCALE[i][j] + (df - p - 1) * SCALE[i][i] * SCALE[j][j])
                        / ((df - p) * (df - p - 1) * (df - p - 1) * (df - p - 3));
                for (int r = 0; r < N; r++) {
                    f[r] = x[r][i][j];
                }
                assertExpectation(d.provider() + " inverseWishart mean[" + i + "][" + j + "]", f, mean);
                for (int r = 0; r < N; r++) {
                    f[r] = (x[r][i][j] - mean) * (x[r][i][j] - mean);
                }
                assertExpectation(d.provider() + " inverseWishart variance[" + i + "][" + j + "]", f, variance);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void normalInverseWishartMoments(Distributions d) {
        double[] mu0 = {1, -1, 3};
        double kappa0 = 0.5;
        double nu0 = 14;
        int p = 3;
        UniformRandomProvider rng = Providers.rng(32);
        double[][] means = new double[N][];
        double[][][] sigmas = new double[N][][];
        for (int r = 0; r < N; r++) {
            NormalInverseWishartDraw draw = d.nextNormalInverseWishart(rng, mu0, kappa0, nu0, SCALE);
            means[r] = draw.mean();
            sigmas[r] = draw.covariance();
            assertSymmetric(sigmas[r]);
        }
        double[][] meanCov = new double[p][p];
        for (int i = 0; i < p; i++) {
            for (int j = 0; j < p; j++) {
                meanCov[i][j] = SCALE[i][j] / (nu0 - p - 1) / kappa0;
            }
        }
        assertMeanAndCovariance(d.provider() + " NIW mean", means, mu0, meanCov);
        double[] f = new double[N];
        for (int i = 0; i < p; i++) {
            for (int j = 0; j <= i; j++) {
                for (int r = 0; r < N; r++) {
                    f[r] = sigmas[r][i][j];
                }
                assertExpectation(d.provider() + " NIW covariance mean[" + i + "][" + j + "]", f, SCALE[i][j] / (nu0 - p - 1));
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void normalGammaMoments(Distributions d) {
        double mu0 = 1;
        double kappa0 = 2;
        double a0 = 3;
        double b0 = 4;
        UniformRandomProvider rng = Providers.rng(33);
        double[] mean = new double[N];
        double[] precision = new double[N];
        for (int r = 0; r < N; r++) {
            NormalGammaDraw draw = d.nextNormalGamma(rng, mu0, kappa0, a0, b0);
            mean[r] = draw.mean();
            precision[r] = draw.precision();
        }
        assertExpectation(d.provider() + " normalGamma E[precision]", precision, a0 / b0);
        assertExpectation(d.provider() + " normalGamma E[mean]", mean, mu0);
        double[] f = new double[N];
        for (int r = 0; r < N; r++) {
            f[r] = (precision[r] - a0 / b0) * (precision[r] - a0 / b0);
        }
        assertExpectation(d.provider() + " normalGamma Var[precision]", f, a0 / (b0 * b0));
        for (int r = 0; r < N; r++) {
            f[r] = (mean[r] - mu0) * (mean[r] - mu0);
        }
        assertExpectation(d.provider() + " normalGamma Var[mean]", f, b0 / (kappa0 * (a0 - 1)));
    }

    private static void assertSymmetric(double[][] m) {
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < i; j++) {
                assertEquals(m[i][j], m[j][i], 1e-12 * Math.max(1, Math.abs(m[i][j])), "not symmetric");
            }
        }
    }
}
