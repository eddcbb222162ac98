package io.plate.sampler.sparse.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/**
 * The restricted prior's pieces against independent references: the integral over p against
 * {@link PIntegral} (Commons Math quadrature) over small, large and lopsided shapes; the exact draw of Z
 * against the subset probabilities p^K(1 − p)^{J−K}/(1 − (1 − p)^J) (chi-square, false-failure rate
 * 10^−4 per case); the augmentation count against its Geometric mean q/(1 − q).
 */
class NonEmptyPriorTest {
    @Test
    void integralMatchesQuadrature() {
        double[][] shapes = {{1.05, 0.3}, {2.5, 0.7}, {3.0, 9.0}, {40, 3}, {3, 300}, {60, 90}};
        int[][] cells = {{2}, {4}, {8}, {2, 3}, {12}, {8, 8, 8}};
        for (int k = 0; k < shapes.length; k++) {
            double a = shapes[k][0] + (cells[k].length - 1);
            double b = shapes[k][1];
            double ref = Math.log(PIntegral.of(a, b, cells[k]));
            double got = NonEmptyPrior.logIntegral(a, b, cells[k]);
            assertEquals(ref, got, 1e-9 * Math.max(1, Math.abs(ref)), "shapes " + a + ", " + b);
        }
    }

    @Test
    void drawFollowsTheRestrictedPrior() {
        UniformRandomProvider rng = TestDistributions.rng(51L);
        int j = 3;
        int draws = 200_000;
        double limit = new ChiSquaredDistribution((1 << j) - 2).inverseCumulativeProbability(1 - 1e-4);
        for (double p : new double[] {0.02, 0.3, 0.9}) {
            int[] seen = new int[1 << j];
            byte[] z = new byte[j];
            for (int d = 0; d < draws; d++) {
                NonEmptyPrior.draw(z, 0, j, p, rng);
                int mask = 0;
                for (int i = 0; i < j; i++) {
                    mask |= z[i] << i;
                }
                seen[mask]++;
            }
            assertEquals(0, seen[0], "the empty set was drawn");
            double norm = 1 - Math.pow(1 - p, j);
            double x = 0;
            for (int mask = 1; mask < 1 << j; mask++) {
                int k = Integer.bitCount(mask);
                double expected = draws * Math.pow(p, k) * Math.pow(1 - p, j - k) / norm;
                x += (seen[mask] - expected) * (seen[mask] - expected) / expected;
            }
            assertTrue(x < limit, "p = " + p + ": chi-square " + x + " above " + limit);
        }
    }

    @Test
    void emptyRejectionsHaveTheGeometricMean() {
        UniformRandomProvider rng = TestDistributions.rng(52L);
        for (double p : new double[] {0.05, 0.4}) {
            int j = 3;
            double q = Math.pow(1 - p, j);
            double mean = q / (1 - q);
            double sd = Math.sqrt(q) / (1 - q);
            int draws = 100_000;
            double sum = 0;
            for (int d = 0; d < draws; d++) {
                sum += NonEmptyPrior.emptyRejections(p, j, rng);
            }
            assertEquals(mean, sum / draws, 4.5 * sd / Math.sqrt(draws), "p = " + p);
        }
    }
}
