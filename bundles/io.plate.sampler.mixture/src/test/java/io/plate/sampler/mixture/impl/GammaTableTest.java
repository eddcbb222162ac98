package io.plate.sampler.mixture.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.distributions.impl.FastDistributions;
import org.apache.commons.math3.distribution.UniformRealDistribution;
import org.apache.commons.math3.special.Gamma;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/**
 * {@link GammaTable} against Commons Math's regularised incomplete gamma function: P(a, X) of exact
 * Gamma(a) variates is uniform, so Kolmogorov–Smirnov tests of 100,000 draws per shape (0.002 to 800,
 * where the variate underflows or the raw density would overflow), with the default tails (rare), with
 * tails that start 1.5 below the mode's log density (so that both tail samplers are used often) and
 * with wide strips (so that the caps' acceptance step and the exponential without the series matter).
 * Each comparison passes when p > 1e-5; over the 22 comparisons the false-failure rate of a correct
 * sampler is below 2.2e-4 (fixed seeds, so a run is deterministic). Negative control: the same draws
 * against a shape 10% off must fail.
 */
class GammaTableTest {
    static final int N = 100_000;
    static final double P_MIN = 1e-5;
    static final double[] SHAPES = {0.002, 0.02, 0.08, 0.3, 0.6, 1.0, 1.5, 2.5, 800};
    static final FastDistributions DIST = new FastDistributions();

    /** P(a, X) for the stored log variates; P(a, x) ≈ x^a / Γ(a + 1) for tiny x, where e^l underflows. */
    static double[] probabilities(GammaTable g, double shape, UniformRandomProvider rng) {
        double[] logs = new double[1];
        double[] u = new double[N];
        for (int i = 0; i < N; i++) {
            double x = g.nextLogInto(rng, logs, 0);
            double l = logs[0];
            assertTrue(Double.isFinite(l), "log variate " + l);
            assertEquals(Math.exp(l), x, 1e-14 * Math.exp(l), "the variate returned beside its logarithm " + l);
            u[i] = l < -300 ? Math.exp(shape * l - Gamma.logGamma(shape + 1)) : Gamma.regularizedGammaP(shape, Math.exp(l));
        }
        return u;
    }

    static double pValue(double[] u) {
        return new KolmogorovSmirnovTest().kolmogorovSmirnovTest(new UniformRealDistribution(null, 0, 1), u);
    }

    @Test
    void variatesFollowTheGammaDistribution() {
        int seed = 0;
        for (double drop : new double[] {GammaTable.DROP, 1.5}) {
            for (double shape : SHAPES) {
                double p = pValue(probabilities(new GammaTable(shape, drop), shape, DIST.stream(32, seed++)));
                System.out.printf("gamma table shape %.3f drop %.1f: KS p = %.4f%n", shape, drop, p);
                assertTrue(p > P_MIN, "shape " + shape + ", drop " + drop + ": KS p = " + p);
            }
        }
    }

    /**
     * Wide strips (tails 60 below the mode): the envelope is far from the density on each strip, so most
     * draws go through the caps' acceptance step, which KS would hardly see on narrow strips; at shape
     * 0.02 the strips are also too wide for the series.
     */
    @Test
    void wideStripsStillGiveTheGammaDistribution() {
        int seed = 0;
        for (double shape : new double[] {0.02, 0.3, 1.0, 2.5}) {
            double p = pValue(probabilities(new GammaTable(shape, 60), shape, DIST.stream(36, seed++)));
            System.out.printf("wide table shape %.2f: KS p = %.4f%n", shape, p);
            assertTrue(p > P_MIN, "wide, shape " + shape + ": KS p = " + p);
        }
    }

    @Test
    void aWrongShapeFailsTheSameTest() {
        for (double shape : new double[] {0.3, 1.0}) {
            double[] logs = new double[1];
            GammaTable g = GammaTable.of(shape);
            UniformRandomProvider rng = DIST.stream(33, 0);
            double[] u = new double[N];
            double wrong = shape * 1.1;
            for (int i = 0; i < N; i++) {
                g.nextLogInto(rng, logs, 0);
                u[i] = Gamma.regularizedGammaP(wrong, Math.exp(logs[0]));
            }
            double p = pValue(u);
            assertTrue(p < P_MIN, "shape " + shape + " against " + wrong + ": KS p = " + p);
        }
    }

    /** The series against {@code Math.exp} over its whole range, and the bound it relies on. */
    @Test
    void theSeriesMatchesTheExponential() {
        for (int i = -1000; i <= 1000; i++) {
            double t = i / 8000.0;
            assertEquals(Math.exp(t), GammaTable.expNearZero(t), 2 * Math.ulp(Math.exp(t)), "t = " + t);
        }
    }

    @Test
    void badShapesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> GammaTable.of(0));
        assertThrows(IllegalArgumentException.class, () -> GammaTable.of(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> GammaTable.of(Double.POSITIVE_INFINITY));
        assertThrows(IllegalArgumentException.class, () -> new GammaTable(0.3, 0));
    }
}
