package io.plate.distributions.density;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.math3.distribution.BetaDistribution;
import org.apache.commons.math3.distribution.BinomialDistribution;
import org.apache.commons.math3.distribution.GammaDistribution;
import org.apache.commons.math3.distribution.MultivariateNormalDistribution;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.LUDecomposition;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.RealVector;
import org.apache.commons.math3.special.Beta;
import org.apache.commons.math3.special.Gamma;
import org.apache.commons.math3.util.CombinatoricsUtils;
import org.junit.jupiter.api.Test;

/**
 * Log densities against Commons Math or closed forms computed another way, to 1e-12 relative. The
 * tolerance is relative to the larger of |expected| and the largest constant term of the density
 * (for instance log Γ(shape)), because both sides subtract terms of that size and round at its scale.
 */
class LogDensityTest {
    private static final double REL = 1e-12;

    private static void close(double expected, double actual, double scale, String what) {
        double tol = REL * Math.max(1.0, Math.max(Math.abs(expected), Math.abs(scale)));
        assertEquals(expected, actual, tol, what);
    }

    @Test
    void gammaMatchesCommonsMath() {
        // Commons Math's GammaDistribution.logDensity is off by ~3e-11 relative at shape 1e-3 (checked against
        // mpmath): shapes below 0.1 are compared with the mpmath fixtures in referenceValuesFromMpmath
        for (double shape : new double[] {0.3, 1, 4.5, 100, 1e4, 1e6}) {
            for (double scale : new double[] {0.01, 1, 7.5}) {
                GammaDensity g = GammaDensity.of(shape, scale);
                GammaDistribution ref = new GammaDistribution(shape, scale);
                for (double q : new double[] {1e-6, 0.1, 0.5, 0.9, 0.999}) {
                    double x = ref.inverseCumulativeProbability(q);
                    if (!(x > 0)) {
                        continue;
                    }
                    close(ref.logDensity(x), g.logDensity(x), Gamma.logGamma(shape) + shape * Math.abs(Math.log(scale)),
                            "gamma(" + shape + ", " + scale + ") at " + x);
                    // density of log X: log f(e^y) + y
                    double y = Math.log(x);
                    close(ref.logDensity(x) + y, g.logDensityOfLog(y), Gamma.logGamma(shape) + Math.abs(shape * y),
                            "log-gamma density at " + y);
                }
                assertEquals(shape * scale, g.mean(), 1e-15 * shape * scale);
                assertEquals(shape * scale * scale, g.variance(), 1e-15 * shape * scale * scale);
            }
        }
        assertEquals(Double.NEGATIVE_INFINITY, GammaDensity.of(2, 1).logDensity(-1));
        assertEquals(Double.POSITIVE_INFINITY, GammaDensity.of(0.5, 1).logDensity(0));
        assertEquals(0.0, GammaDensity.of(1, 1).logDensity(0), 0.0);
        // rate parameterisation
        close(new GammaDistribution(3, 0.25).logDensity(2), GammaDensity.ofRate(3, 4).logDensity(2), 1, "rate");
    }

    @Test
    void betaMatchesCommonsMath() {
        for (double[] ab : new double[][] {{0.5, 2}, {0.01, 0.01}, {1, 1}, {3, 7}, {300, 100}}) {
            BetaDensity b = BetaDensity.of(ab[0], ab[1]);
            BetaDistribution ref = new BetaDistribution(ab[0], ab[1]);
            for (double x : new double[] {1e-9, 0.01, 0.3, 0.5, 0.77, 0.999}) {
                close(ref.logDensity(x), b.logDensity(x), Beta.logBeta(ab[0], ab[1]), "beta" + java.util.Arrays.toString(ab) + " at " + x);
            }
            assertEquals(ref.getNumericalMean(), b.mean(), 1e-15);
            assertEquals(ref.getNumericalVariance(), b.variance(), 1e-15);
        }
        assertEquals(Double.NEGATIVE_INFINITY, BetaDensity.of(2, 2).logDensity(1.5));
    }

    @Test
    void normalAndStudentTMatchCommonsMath() {
        NormalDensity n = NormalDensity.of(-3, 0.7);
        NormalDistribution nref = new NormalDistribution(-3, 0.7);
        for (double x : new double[] {-10, -3, -2.5, 0, 40}) {
            close(nref.logDensity(x), n.logDensity(x), 1, "normal at " + x);
        }
        for (double df : new double[] {0.5, 1, 3, 30, 1e6}) {
            StudentTDensity t = StudentTDensity.of(df, 2, 0.5);
            TDistribution ref = new TDistribution(df);
            for (double x : new double[] {-100, -1, 2, 2.3, 9}) {
                double expected = ref.logDensity((x - 2) / 0.5) - Math.log(0.5);
                close(expected, t.logDensity(x), Gamma.logGamma(df / 2), "t(" + df + ") at " + x);
            }
        }
        assertEquals(0.25 * 3 / (3 - 2), StudentTDensity.of(3, 0, 0.5).variance(), 1e-15);
        assertEquals(Double.POSITIVE_INFINITY, StudentTDensity.of(1.5, 0, 1).variance());
    }

    @Test
    void binomialCategoricalAndMultinomialMatchClosedForms() {
        for (int n : new int[] {0, 1, 10, 1000}) {
            for (double p : new double[] {0, 0.2, 0.5, 1}) {
                BinomialDensity b = BinomialDensity.of(n, p);
                BinomialDistribution ref = new BinomialDistribution(n, p);
                for (int k = 0; k <= n; k += Math.max(1, n / 7)) {
                    double e = ref.logProbability(k);
                    if (e == Double.NEGATIVE_INFINITY) {
                        assertEquals(e, b.logPmf(k));
                    } else {
                        close(e, b.logPmf(k), Gamma.logGamma(n + 1.0), "binomial(" + n + ", " + p + ") at " + k);
                    }
                }
            }
        }
        CategoricalDensity c = CategoricalDensity.of(new double[] {1, 0, 3});
        close(Math.log(0.25), c.logPmf(0), 1, "categorical");
        assertEquals(Double.NEGATIVE_INFINITY, c.logPmf(1));
        CategoricalDensity cl = CategoricalDensity.ofLogWeights(new double[] {-1000 + Math.log(1), -1000 + Math.log(3)});
        close(Math.log(0.75), cl.logPmf(1), 1, "categorical from log weights");
        // multinomial as a chain of binomials: P(x) = Π_i Bin(x_i | n − Σ_{j<i} x_j, p_i / (1 − Σ_{j<i} p_j))
        double[] p = {0.1, 0.2, 0.3, 0.4};
        MultinomialDensity m = MultinomialDensity.of(20, p);
        int[][] xs = {{2, 4, 6, 8}, {0, 0, 0, 20}, {20, 0, 0, 0}, {5, 5, 5, 5}};
        for (int[] x : xs) {
            double expected = 0;
            int left = 20;
            double mass = 1;
            for (int i = 0; i < x.length; i++) {
                double pi = Math.min(1, p[i] / mass);
                expected += new BinomialDistribution(left, pi).logProbability(x[i]);
                left -= x[i];
                mass -= p[i];
            }
            close(expected, m.logPmf(x), 60, "multinomial " + java.util.Arrays.toString(x));
        }
        assertEquals(Double.NEGATIVE_INFINITY, m.logPmf(new int[] {1, 1, 1, 1}));
    }

    @Test
    void dirichletIsAChainOfBetas() {
        double[] alpha = {0.5, 2, 3.5};
        DirichletDensity d = DirichletDensity.of(alpha);
        double[][] xs = {{0.2, 0.3, 0.5}, {0.01, 0.98, 0.01}, {1.0 / 3, 1.0 / 3, 1.0 / 3}};
        for (double[] x : xs) {
            // x1 ~ Beta(a1, a2 + a3); x2 / (1 − x1) ~ Beta(a2, a3); Jacobian 1/(1 − x1)
            double expected = new BetaDistribution(alpha[0], alpha[1] + alpha[2]).logDensity(x[0])
                    + new BetaDistribution(alpha[1], alpha[2]).logDensity(x[1] / (1 - x[0])) - Math.log(1 - x[0]);
            close(expected, d.logDensity(x), 10, "dirichlet at " + java.util.Arrays.toString(x));
        }
        // K = 2 is a beta
        close(new BetaDistribution(0.3, 0.6).logDensity(0.2), DirichletDensity.of(new double[] {0.3, 0.6})
                .logDensity(new double[] {0.2, 0.8}), 10, "dirichlet(2)");
        assertEquals(Double.NEGATIVE_INFINITY, d.logDensity(new double[] {0.5, 0.5, 0.5}));
        assertEquals(alpha[1] / 6, d.mean(1), 1e-15);
        assertEquals(-alpha[0] * alpha[1] / 36 / 7, d.covariance(0, 1), 1e-15);
    }

    @Test
    void dirichletMultinomialIsAChainOfBetaBinomials() {
        double[] alpha = {0.5, 2, 3.5};
        DirichletMultinomialDensity dm = DirichletMultinomialDensity.of(alpha);
        int[][] xs = {{2, 4, 6}, {0, 0, 12}, {30, 1, 0}, {0, 0, 0}, {100, 200, 300}};
        for (int[] x : xs) {
            int n = x[0] + x[1] + x[2];
            // x1 ~ BetaBinomial(n, a1, a2 + a3); x2 | x1 ~ BetaBinomial(n − x1, a2, a3)
            double expected = betaBinomial(x[0], n, alpha[0], alpha[1] + alpha[2])
                    + betaBinomial(x[1], n - x[0], alpha[1], alpha[2]);
            close(expected, dm.logPmf(x), Gamma.logGamma(n + 1.0), "DM at " + java.util.Arrays.toString(x));
            double coefficient = CombinatoricsUtils.factorialLog(n) - CombinatoricsUtils.factorialLog(x[0])
                    - CombinatoricsUtils.factorialLog(x[1]) - CombinatoricsUtils.factorialLog(x[2]);
            close(expected - coefficient, dm.logSequenceProbability(x), Gamma.logGamma(n + 1.0), "DM sequence");
        }
        // the pmf sums to one over every count vector with n = 6
        double total = 0;
        for (int a = 0; a <= 6; a++) {
            for (int b = 0; a + b <= 6; b++) {
                total += Math.exp(dm.logPmf(new int[] {a, b, 6 - a - b}));
            }
        }
        assertEquals(1.0, total, 1e-13);
        close(DirichletMultinomialDensity.of(new double[] {0.5, 0.5, 0.5}).logPmf(new int[] {1, 2, 3}),
                DirichletMultinomialDensity.symmetric(3, 0.5).logPmf(new int[] {1, 2, 3}), 1,
                "symmetric matches of() when all alphas are equal");
    }

    private static double betaBinomial(int k, int n, double a, double b) {
        return CombinatoricsUtils.binomialCoefficientLog(n, k) + Beta.logBeta(k + a, n - k + b) - Beta.logBeta(a, b);
    }

    @Test
    void multivariateNormalAndStudentT() {
        double[] mu = {1, -2, 0.5};
        double[][] cov = {{2, 0.6, -0.3}, {0.6, 1, 0.2}, {-0.3, 0.2, 0.5}};
        MultivariateNormalDensity mvn = MultivariateNormalDensity.of(mu, cov);
        MultivariateNormalDistribution ref = new MultivariateNormalDistribution(mu, cov);
        double[][] xs = {{1, -2, 0.5}, {0, 0, 0}, {3, -1, 2}};
        for (double[] x : xs) {
            close(Math.log(ref.density(x)), mvn.logDensity(x), 10, "mvn at " + java.util.Arrays.toString(x));
        }
        // multivariate t against the formula written with Commons Math's LU determinant and inverse
        double df = 4.5;
        MultivariateStudentTDensity t = MultivariateStudentTDensity.of(df, mu, cov);
        RealMatrix s = new Array2DRowRealMatrix(cov);
        LUDecomposition lu = new LUDecomposition(s);
        RealMatrix inv = lu.getSolver().getInverse();
        for (double[] x : xs) {
            RealVector d = new ArrayRealVector(x).subtract(new ArrayRealVector(mu));
            double q = inv.operate(d).dotProduct(d);
            double expected = Gamma.logGamma((df + 3) / 2) - Gamma.logGamma(df / 2) - 1.5 * Math.log(df * Math.PI)
                    - 0.5 * Math.log(lu.getDeterminant()) - (df + 3) / 2 * Math.log(1 + q / df);
            close(expected, t.logDensity(x), 10, "mvt at " + java.util.Arrays.toString(x));
        }
        // dimension 1 is the univariate t
        MultivariateStudentTDensity t1 = MultivariateStudentTDensity.of(3, new double[] {2}, new double[][] {{0.25}});
        close(new TDistribution(3).logDensity((2.7 - 2) / 0.5) - Math.log(0.5), t1.logDensity(new double[] {2.7}), 1, "mvt 1-d");
        // huge df tends to the normal
        MultivariateStudentTDensity tInf = MultivariateStudentTDensity.of(1e12, mu, cov);
        assertEquals(mvn.logDensity(xs[2]), tInf.logDensity(xs[2], new double[3]), 1e-9);
    }

    @Test
    void normalGammaIsNormalTimesGamma() {
        NormalGammaDensity ng = NormalGammaDensity.of(1, 2, 3, 4);
        for (double[] mt : new double[][] {{1, 0.5}, {-2, 3}, {4, 0.01}}) {
            double expected = new NormalDistribution(1, 1 / Math.sqrt(2 * mt[1])).logDensity(mt[0])
                    + new GammaDistribution(3, 0.25).logDensity(mt[1]);
            close(expected, ng.logDensity(mt[0], mt[1]), 10, "normal-gamma at " + java.util.Arrays.toString(mt));
        }
        assertEquals(Double.NEGATIVE_INFINITY, ng.logDensity(0, -1));
        StudentTDensity pred = ng.predictive();
        assertEquals(6, pred.df());
        assertEquals(Math.sqrt(4 * 3 / (3.0 * 2)), pred.scale(), 1e-15);
    }

    /** Values at 40 digits from make_log_density_fixtures.py (mpmath), beside log_densities.csv. */
    @Test
    void referenceValuesFromMpmath() throws java.io.IOException {
        try (var in = getClass().getResourceAsStream("log_densities.csv");
                var reader = new java.io.BufferedReader(new java.io.InputStreamReader(in, java.nio.charset.StandardCharsets.UTF_8))) {
            reader.readLine();
            int rows = 0;
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                String[] f = line.split(",");
                double p1 = Double.parseDouble(f[1]);
                double p2 = Double.parseDouble(f[2]);
                double p3 = Double.parseDouble(f[3]);
                double x = Double.parseDouble(f[4]);
                double expected = Double.parseDouble(f[5]);
                double actual = switch (f[0]) {
                    case "gamma" -> GammaDensity.of(p1, p2).logDensity(x);
                    case "beta" -> BetaDensity.of(p1, p2).logDensity(x);
                    case "student-t" -> StudentTDensity.of(p1, p2, p3).logDensity(x);
                    default -> throw new AssertionError("unknown distribution " + f[0]);
                };
                assertEquals(expected, actual, REL * Math.max(1, Math.abs(expected)), line);
                rows++;
            }
            assertEquals(15, rows);
        }
    }

    @Test
    void logGammaDifferenceIsStableForHugeArguments() {
        // log Γ(x + 1/2) − log Γ(x) = 1/2 log x − 1/(8x) + O(x⁻²)
        double x = 5e11;
        assertEquals(0.5 * Math.log(x) - 1 / (8 * x), io.plate.distributions.numerics.SpecialFunctions.logGammaDifference(x, 0.5),
                1e-14);
        assertEquals(Gamma.logGamma(7.5) - Gamma.logGamma(3), io.plate.distributions.numerics.SpecialFunctions.logGammaDifference(3, 4.5),
                1e-14);
        assertEquals(Gamma.logGamma(150.5) - Gamma.logGamma(150), io.plate.distributions.numerics.SpecialFunctions.logGammaDifference(150, 0.5),
                1e-13);
    }

    @Test
    void invalidParametersNameTheParameterAndValue() {
        assertMessage(() -> GammaDensity.of(-1, 1), "shape", "-1.0");
        assertMessage(() -> GammaDensity.of(1, Double.NaN), "scale", "NaN");
        assertMessage(() -> BetaDensity.of(0, 1), "a", "0.0");
        assertMessage(() -> StudentTDensity.of(2, 0, -3), "scale", "-3.0");
        assertMessage(() -> DirichletDensity.of(new double[] {1, Double.NaN}), "alpha[1]", "NaN");
        assertMessage(() -> DirichletMultinomialDensity.of(new double[] {1, -2}), "alpha[1]", "-2.0");
        assertMessage(() -> BinomialDensity.of(3, 1.5), "p", "1.5");
        assertMessage(() -> MultinomialDensity.of(-3, new double[] {1}), "trials", "-3");
        assertMessage(() -> MultivariateStudentTDensity.of(3, new double[] {0, 0}, new double[][] {{1, 2}, {2, 1}}),
                "scale", "positive definite");
        assertMessage(() -> CategoricalDensity.ofLogWeights(new double[] {Double.NEGATIVE_INFINITY}), "logWeights",
                "-Infinity");
    }

    static void assertMessage(org.junit.jupiter.api.function.Executable e, String... parts) {
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class, e);
        for (String part : parts) {
            assertTrue(x.getMessage().contains(part), () -> "message '" + x.getMessage() + "' lacks '" + part + "'");
        }
    }
}
