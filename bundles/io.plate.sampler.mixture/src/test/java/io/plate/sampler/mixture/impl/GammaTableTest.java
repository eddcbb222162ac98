package io.plate.sampler.mixture.impl;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.distributions.impl.FastDistributions;
import org.apache.commons.math3.distribution.GammaDistribution;
import org.apache.commons.math3.distribution.UniformRealDistribution;
import org.apache.commons.math3.special.Gamma;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/**
 * {@link GammaTable} against Commons Math's gamma distribution: Kolmogorov–Smirnov tests of 100,000
 * draws per shape (up to 800, where the density's raw values would overflow), plain and log tables, with the default tails (rare), with tails that start 1.5
 * below the mode's log density (so that both tail samplers are used often) and with wide strips (so
 * that the acceptance step matters). Each comparison passes when p > 1e-5; over the 31 comparisons the
 * false-failure rate of a correct sampler is below 3.1e-4 (fixed seeds, so a run is deterministic).
 * Negative control: the same draws against a shape 10% off must fail.
 */
class GammaTableTest {
    static final int N = 100_000;
    static final double P_MIN = 1e-5;
    static final double[] SHAPES = {0.05, 0.1, 0.3, 0.6, 1.0, 2.5, 800};
    static final FastDistributions DIST = new FastDistributions();

    static double[] draws(GammaTable g, UniformRandomProvider rng) {
        double[] x = new double[N];
        for (int i = 0; i < N; i++) {
            x[i] = g.next(rng);
        }
        return x;
    }

    static double pValue(double shape, double[] x) {
        return new KolmogorovSmirnovTest().kolmogorovSmirnovTest(new GammaDistribution(null, shape, 1.0), x);
    }

    @Test
    void variatesFollowTheGammaDistribution() {
        int seed = 0;
        for (double drop : new double[] {GammaTable.DROP, 1.5}) {
            for (double shape : SHAPES) {
                double p = pValue(shape, draws(new GammaTable(shape, drop, true), DIST.stream(31, seed++)));
                System.out.printf("gamma table shape %.2f drop %.1f: KS p = %.4f%n", shape, drop, p);
                assertTrue(p > P_MIN, "shape " + shape + ", drop " + drop + ": KS p = " + p);
            }
        }
    }

    /** log variates: P(a, e^L) is uniform; shapes far below 1, where the variate itself would underflow. */
    @Test
    void logVariatesFollowTheLogGammaDistribution() {
        int seed = 0;
        for (double drop : new double[] {GammaTable.DROP, 1.5}) {
            for (double shape : new double[] {0.002, 0.02, 0.08, 0.3, 1.5, 800}) {
                GammaTable g = new GammaTable(shape, drop, false);
                UniformRandomProvider rng = DIST.stream(32, seed++);
                double[] u = new double[N];
                for (int i = 0; i < N; i++) {
                    double l = g.nextLog(rng);
                    assertTrue(Double.isFinite(l), "log variate " + l);
                    // P(a, x) ≈ x^a / Γ(a + 1) for tiny x, where e^l underflows
                    u[i] = l < -300 ? Math.exp(shape * l - Gamma.logGamma(shape + 1)) : Gamma.regularizedGammaP(shape, Math.exp(l));
                }
                double p = new KolmogorovSmirnovTest().kolmogorovSmirnovTest(new UniformRealDistribution(null, 0, 1), u);
                System.out.printf("log gamma table shape %.3f drop %.1f: KS p = %.4f%n", shape, drop, p);
                assertTrue(p > P_MIN, "log, shape " + shape + ", drop " + drop + ": KS p = " + p);
            }
        }
    }

    /**
     * Wide strips (tails 60 below the mode): the envelope is far from the density on each strip, so a
     * mistake in the acceptance step, which KS would miss on narrow strips, shows here.
     */
    @Test
    void wideStripsStillGiveTheGammaDistribution() {
        int seed = 0;
        for (double shape : new double[] {0.3, 1.0, 2.5}) {
            GammaTable g = new GammaTable(shape, 60, true);
            double p = pValue(shape, draws(g, DIST.stream(35, seed++)));
            System.out.printf("wide plain table shape %.2f: KS p = %.4f%n", shape, p);
            assertTrue(p > P_MIN, "wide, shape " + shape + ": KS p = " + p);
        }
        for (double shape : new double[] {0.02, 0.3}) {
            GammaTable g = new GammaTable(shape, 60, false);
            UniformRandomProvider rng = DIST.stream(36, seed++);
            double[] u = new double[N];
            for (int i = 0; i < N; i++) {
                double l = g.nextLog(rng);
                u[i] = l < -300 ? Math.exp(shape * l - Gamma.logGamma(shape + 1)) : Gamma.regularizedGammaP(shape, Math.exp(l));
            }
            double p = new KolmogorovSmirnovTest().kolmogorovSmirnovTest(new UniformRealDistribution(null, 0, 1), u);
            System.out.printf("wide log table shape %.2f: KS p = %.4f%n", shape, p);
            assertTrue(p > P_MIN, "wide log, shape " + shape + ": KS p = " + p);
        }
    }

    @Test
    void aWrongShapeFailsTheSameTest() {
        for (double shape : new double[] {0.3, 1.0}) {
            double p = pValue(shape * 1.1, draws(GammaTable.plain(shape), DIST.stream(33, 0)));
            assertTrue(p < P_MIN, "shape " + shape + " against " + shape * 1.1 + ": KS p = " + p);
        }
    }

    @Test
    void badShapesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> GammaTable.log(0));
        assertThrows(IllegalArgumentException.class, () -> GammaTable.log(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> GammaTable.plain(Double.POSITIVE_INFINITY));
        assertThrows(IllegalArgumentException.class, () -> GammaTable.plain(0.01)); // x would start near 0
        assertThrows(IllegalStateException.class, () -> GammaTable.log(0.3).next(DIST.stream(34, 0)));
        assertThrows(IllegalStateException.class, () -> GammaTable.plain(0.3).nextLog(DIST.stream(34, 0)));
    }
}
