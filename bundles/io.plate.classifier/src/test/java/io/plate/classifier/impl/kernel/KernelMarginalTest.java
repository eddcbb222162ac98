package io.plate.classifier.impl.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;

/** The cut-off KDE against a direct O(n) evaluation and against scikit-learn's KernelDensity. */
class KernelMarginalTest {

    /** Direct log f̂(x) over every raw value (no ties merged, no cut-off), in log space. */
    static double direct(double[] raw, double h, double x) {
        double max = Double.NEGATIVE_INFINITY;
        for (double v : raw) {
            max = Math.max(max, -(x - v) * (x - v) / (2 * h * h));
        }
        double s = 0;
        for (double v : raw) {
            s += Math.exp(-(x - v) * (x - v) / (2 * h * h) - max);
        }
        return max + Math.log(s) - Math.log(raw.length) - Math.log(h * Math.sqrt(2 * Math.PI));
    }

    static KernelMarginal marginal(double[] raw, double h, double cutoff) {
        double[][] d = Bandwidth.distinct(raw, raw.length);
        return new KernelMarginal(d[0], d[1], h, cutoff);
    }

    @Test
    void cutOffErrorIsWithinTheStatedBound() {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(7L);
        for (boolean discrete : new boolean[] {false, true}) {
            double[] raw = new double[2000];
            for (int i = 0; i < raw.length; i++) {
                double g = rng.nextDouble() < 0.5 ? -3 + rng.nextDouble() : 2 + 2 * rng.nextDouble();
                raw[i] = discrete ? Math.floor(4 * g) : g;
            }
            for (double k : new double[] {3, 4, 6}) {
                double bound = Math.exp(-k * k / 2);
                for (double h : new double[] {0.05, 0.3, 1.5}) {
                    KernelMarginal m = marginal(raw, h, k);
                    for (int q = 0; q < 300; q++) {
                        double x = -20 + 40 * rng.nextDouble();
                        double exact = direct(raw, h, x);
                        double cut = m.logDensity(x);
                        // never high, low by at most log(1 + e^(-k²/2)) <= e^(-k²/2); 1e-12 for rounding
                        assertTrue(cut <= exact + 1e-12 * Math.max(1, Math.abs(exact)), "cut " + cut + " > " + exact);
                        assertTrue(exact - cut <= bound + 1e-12 * Math.max(1, Math.abs(exact)),
                                "k=" + k + " h=" + h + " x=" + x + ": error " + (exact - cut) + " > " + bound);
                    }
                }
            }
        }
    }

    @Test
    void interpolationTableStaysWithinItsToleranceOfTheDirectSum() {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(19L);
        double worst = 0;
        for (int trial = 0; trial < 3; trial++) {
            double[] raw = new double[1500];
            for (int i = 0; i < raw.length; i++) {
                // three well-separated modes of different widths: valleys are where interpolation is hardest
                double u = rng.nextDouble();
                double g = Math.sqrt(-2 * Math.log(1 - rng.nextDouble())) * Math.cos(2 * Math.PI * rng.nextDouble());
                raw[i] = u < 0.4 ? -6 + 0.5 * g : u < 0.8 ? 1 + 1.5 * g : 9 + 0.2 * g;
            }
            double[][] d = Bandwidth.distinct(raw, raw.length);
            double h = Bandwidth.parse("silverman").oneDimensional(d[0], d[1]) * (trial + 1) / 2;
            KernelMarginal table = new KernelMarginal(d[0], d[1], h, 6, 8);
            KernelMarginal direct = new KernelMarginal(d[0], d[1], h, 6, 0);
            assertTrue(table.tabulated());
            assertTrue(!direct.tabulated());
            for (int q = 0; q < 4000; q++) {
                double x = -12 + 26 * rng.nextDouble();
                double exact = direct(raw, h, x);
                double err = Math.abs(table.logDensity(x) - exact);
                worst = Math.max(worst, err);
                // the table is checked to 1e-6 at interval midpoints, where the cubic Hermite error peaks;
                // the cut-off adds at most e^-18
                assertTrue(err <= 2e-6, "x=" + x + " h=" + h + ": error " + err);
            }
        }
        System.out.println("interpolation table: largest log-density error " + worst);
    }

    @Test
    void smallOrDiscreteMarginalsAreNeverTabulated() {
        double[] raw = new double[5000];
        for (int i = 0; i < raw.length; i++) {
            raw[i] = i % 16;
        }
        double[][] d = Bandwidth.distinct(raw, raw.length);
        assertTrue(!new KernelMarginal(d[0], d[1], 0.5, 6, 8).tabulated());
    }

    @Test
    void largeCutOffEqualsDirectSumAndStaysFiniteFarAway() {
        double[] raw = {0.0, 0.0, 1.0, 2.5, 2.5, 2.5, 7.0};
        KernelMarginal m = marginal(raw, 0.4, 40);
        for (double x : new double[] {-3, 0, 0.2, 1.7, 2.5, 5, 7.1, 1000}) {
            assertEquals(direct(raw, 0.4, x), m.logDensity(x), 1e-12 * Math.max(1, Math.abs(direct(raw, 0.4, x))));
        }
        assertTrue(Double.isFinite(m.logDensity(1e6)));
    }

    @Test
    void matchesScikitLearnKernelDensity() {
        JsonNode fx = Fixtures.json("kde_marginals.json");
        double h = fx.get("bandwidth").doubleValue();
        double[][] queries = Fixtures.matrix(fx.get("queries"));
        for (String c : new String[] {"a", "b"}) {
            double[][] train = Fixtures.matrix(fx.get("train").get(c));
            for (int f = 0; f < 2; f++) {
                double[] raw = new double[train.length];
                for (int i = 0; i < raw.length; i++) {
                    raw[i] = train[i][f];
                }
                KernelMarginal m = marginal(raw, h, 6);
                double[] expected = Fixtures.doubles(fx.get("logDensity1d").get(c).get(f));
                for (int q = 0; q < queries.length; q++) {
                    assertEquals(expected[q], m.logDensity(queries[q][f]), 1e-9 * Math.max(1, Math.abs(expected[q])),
                            "class " + c + " feature " + f + " query " + q);
                }
            }
        }
    }
}
