package io.plate.distributions.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.sample.Distributions;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Same seed, same draws; independent streams; invalid parameters refused by name and value. */
class ReproducibilityAndValidationTest {
    static List<Distributions> providers() {
        return Providers.both();
    }

    private static double[] draws(Distributions d, UniformRandomProvider rng) {
        double[] x = new double[12];
        x[0] = d.gamma(rng, 0.3, 2).sample();
        x[1] = d.nextLogGamma(rng, 1e-3);
        x[2] = d.beta(rng, 0.5, 2).sample();
        x[3] = d.studentT(rng, 3, 0, 1).sample();
        x[4] = d.binomial(rng, 1000, 0.3).sample();
        x[5] = d.categoricalFromLogWeights(rng, new double[] {-1, -2, -3}).sample();
        x[6] = d.dirichlet(rng, 4, 0.1).sample()[2];
        x[7] = d.multinomial(rng, 50, new double[] {1, 2, 3}).sample()[1];
        x[8] = d.multivariateNormal(rng, new double[] {0, 1}, new double[][] {{1, 0.5}, {0.5, 2}}).sample()[1];
        x[9] = d.inverseWishart(rng, 5, new double[][] {{1, 0.5}, {0.5, 2}}).sample()[0][1];
        x[10] = d.nextNormalGamma(rng, 0, 1, 2, 3).mean();
        x[11] = d.nextStandardNormal(rng);
        return x;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void theSameSeedGivesTheSameDraws(Distributions d) {
        assertArrayEquals(draws(d, d.stream(42, 0)), draws(d, d.stream(42, 0)));
        assertArrayEquals(draws(d, d.stream(42, 3)), draws(d, d.stream(42, 3)));
        double[] a = draws(d, d.stream(42, 0));
        double[] b = draws(d, d.stream(43, 0));
        assertNotEquals(a[0], b[0]);
    }

    @Test
    void streamsDependOnlyOnSeedAndIndexNotOnTheProvider() {
        assertEquals(new FastDistributions().stream(9, 2).nextLong(), new CommonsMathDistributions().stream(9, 2).nextLong());
    }

    @Test
    void streamsDifferAndAreUncorrelated() {
        int n = 100_000;
        int streams = 4;
        double[][] u = new double[streams + 1][n];
        for (int s = 0; s < streams; s++) {
            UniformRandomProvider rng = RandomStreams.stream(2024, s);
            for (int i = 0; i < n; i++) {
                u[s][i] = rng.nextDouble();
            }
        }
        // stream 1 of seed s is not stream 0 of seed s + 1 (no seed + i)
        UniformRandomProvider next = RandomStreams.stream(2025, 0);
        for (int i = 0; i < n; i++) {
            u[streams][i] = next.nextDouble();
        }
        // |r| < 5/sqrt(n) for every pair: a false failure has probability about 6e-7 per pair
        for (int a = 0; a <= streams; a++) {
            for (int b = 0; b < a; b++) {
                double r = correlation(u[a], u[b]);
                assertTrue(Math.abs(r) < 5 / Math.sqrt(n), "streams " + a + " and " + b + " correlate: r = " + r);
                assertNotEquals(u[a][0], u[b][0]);
            }
        }
        // and a stream is not a shifted copy of another: lag-1 cross-correlation too
        double[] shifted = java.util.Arrays.copyOfRange(u[1], 1, n);
        double[] head = java.util.Arrays.copyOf(u[0], n - 1);
        assertTrue(Math.abs(correlation(head, shifted)) < 5 / Math.sqrt(n));
        assertThrows(IllegalArgumentException.class, () -> RandomStreams.stream(1, -1));
    }

    private static double correlation(double[] x, double[] y) {
        int n = x.length;
        double mx = 0;
        double my = 0;
        for (int i = 0; i < n; i++) {
            mx += x[i];
            my += y[i];
        }
        mx /= n;
        my /= n;
        double sxy = 0;
        double sxx = 0;
        double syy = 0;
        for (int i = 0; i < n; i++) {
            sxy += (x[i] - mx) * (y[i] - my);
            sxx += (x[i] - mx) * (x[i] - mx);
            syy += (y[i] - my) * (y[i] - my);
        }
        return sxy / Math.sqrt(sxx * syy);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void invalidParametersNameTheParameterAndValue(Distributions d) {
        UniformRandomProvider rng = Providers.rng(1);
        refused(() -> d.gamma(rng, -1, 1), "shape", "-1.0");
        refused(() -> d.gamma(rng, Double.NaN, 1), "shape", "NaN");
        refused(() -> d.gamma(rng, 1, 0), "scale", "0.0");
        refused(() -> d.nextGamma(rng, 1, Double.POSITIVE_INFINITY), "scale", "Infinity");
        refused(() -> d.logGamma(rng, 0), "shape", "0.0");
        refused(() -> d.beta(rng, 1, -2), "b", "-2.0");
        refused(() -> d.nextBeta(rng, Double.NaN, 1), "a", "NaN");
        refused(() -> d.normal(rng, 0, -1), "sd", "-1.0");
        refused(() -> d.studentT(rng, 0, 0, 1), "df", "0.0");
        refused(() -> d.bernoulli(rng, 1.5), "p", "1.5");
        refused(() -> d.binomial(rng, -3, 0.5), "trials", "-3");
        refused(() -> d.categorical(rng, new double[] {1, -1}), "weights[1]", "-1.0");
        refused(() -> d.categorical(rng, new double[] {0, 0}), "weights", "0.0");
        refused(() -> d.categoricalFromLogWeights(rng, new double[] {0, Double.NaN}), "logWeights[1]", "NaN");
        refused(() -> d.nextCategoricalFromLogWeights(rng, new double[] {Double.NEGATIVE_INFINITY}, 1), "logWeights",
                "-Infinity");
        refused(() -> d.dirichlet(rng, new double[] {1, 0}), "alpha[1]", "0.0");
        refused(() -> d.dirichlet(rng, new double[] {1}), "alpha", "1");
        refused(() -> d.dirichlet(rng, 3, -0.5), "alpha", "-0.5");
        refused(() -> d.nextDirichlet(rng, new double[] {1, Double.NaN}, 0, 2, new double[2]), "alpha[1]", "NaN");
        refused(() -> d.multinomial(rng, 5, new double[] {0.5, -0.5}), "probabilities[1]", "-0.5");
        refused(() -> d.multivariateNormal(rng, new double[] {0, 0}, new double[][] {{1, 0}, {0, -1}}), "covariance",
                "positive definite");
        refused(() -> d.multivariateNormal(rng, new double[] {0, 0}, new double[][] {{1}}), "covariance", "1");
        refused(() -> d.wishart(rng, 1, new double[][] {{1, 0}, {0, 1}}), "df", "1.0");
        refused(() -> d.inverseWishart(rng, 3, new double[][] {{1, 2}, {0, 1}}), "scale", "symmetric");
        refused(() -> d.nextNormalGamma(rng, 0, -1, 1, 1), "kappa0", "-1.0");
        refused(() -> d.nextNormalInverseWishart(rng, new double[] {0, 0}, 1, 0.5, new double[][] {{1, 0}, {0, 1}}), "nu0",
                "0.5");
    }

    private static void refused(Executable e, String name, String value) {
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class, e);
        assertTrue(x.getMessage().contains(name) && x.getMessage().contains(value),
                () -> "message '" + x.getMessage() + "' should name " + name + " and " + value);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void edgeParameters(Distributions d) {
        UniformRandomProvider rng = Providers.rng(2);
        assertEquals(0, d.bernoulli(rng, 0).sample());
        assertEquals(1, d.bernoulli(rng, 1).sample());
        assertEquals(0, d.binomial(rng, 0, 0.5).sample());
        assertEquals(7, d.binomial(rng, 7, 1).sample());
        assertEquals(1, d.categorical(rng, new double[] {0, 3, 0}).sample());
        assertEquals(2, d.nextCategoricalFromLogWeights(rng, new double[] {Double.NEGATIVE_INFINITY, -800, 0}, 3));
        double g = d.nextLogGamma(rng, 1e-3);
        assertTrue(Double.isFinite(g), "log-gamma of a tiny shape must be finite: " + g);
    }
}
