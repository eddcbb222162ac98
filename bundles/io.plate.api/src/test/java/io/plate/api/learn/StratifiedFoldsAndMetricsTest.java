package io.plate.api.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;

/** Folds are stratified and reproducible; metrics match hand-computed values. */
class StratifiedFoldsAndMetricsTest {
    @Test
    void foldsAreStratifiedAndReproducible() {
        int[] y = new int[103];
        for (int r = 0; r < y.length; r++) {
            y[r] = r < 60 ? 0 : r < 90 ? 1 : r < 100 ? 2 : -1;
        }
        int[] a = StratifiedFolds.assign(y, 3, 7, RandomSource.XO_RO_SHI_RO_128_PP.create(5L));
        int[] b = StratifiedFolds.assign(y, 3, 7, RandomSource.XO_RO_SHI_RO_128_PP.create(5L));
        int[] c = StratifiedFolds.assign(y, 3, 7, RandomSource.XO_RO_SHI_RO_128_PP.create(6L));
        assertEquals(Arrays.toString(a), Arrays.toString(b));
        assertNotEquals(Arrays.toString(a), Arrays.toString(c));
        int[] sizes = new int[7];
        int[][] perClass = new int[7][3];
        for (int r = 0; r < y.length; r++) {
            if (y[r] < 0) {
                assertEquals(-1, a[r]);
                continue;
            }
            sizes[a[r]]++;
            perClass[a[r]][y[r]]++;
        }
        for (int f = 0; f < 7; f++) {
            assertTrue(sizes[f] == 14 || sizes[f] == 15, Arrays.toString(sizes));
            assertTrue(Math.abs(perClass[f][0] - 60 / 7.0) < 1);
            assertTrue(Math.abs(perClass[f][1] - 30 / 7.0) < 1);
            assertTrue(Math.abs(perClass[f][2] - 10 / 7.0) < 1);
        }
    }

    @Test
    void metricsByHand() {
        // truth rows, predicted columns: class 0: 3 right, 1 as class 1; class 1: 2 right; class 2: 1 as class 0
        long[][] c = {{3, 1, 0}, {0, 2, 0}, {1, 0, 0}};
        assertEquals(5 / 7.0, Metrics.accuracy(c), 1e-15);
        // F1: class 0 = 6/(6+1+1) = 0.75; class 1 = 4/(4+1+0) = 0.8; class 2 = 0
        assertEquals((0.75 + 0.8 + 0) / 3, Metrics.macroF1(c), 1e-15);
        assertEquals(-Math.log(Math.ulp(1.0)), Metrics.logLoss(0), 1e-12);
        assertEquals(-Math.log(0.25), Metrics.logLoss(0.25), 1e-15);
    }

    @Test
    void accuracyOfLabelsCountsEqualPositions() {
        assertEquals(2 / 3.0, Metrics.accuracy(List.of("a", "b", "c"), List.of("a", "b", "a")), 1e-15);
        // a truth label the model does not know is simply wrong
        assertEquals(0.5, Metrics.accuracy(List.of("a", "zz"), List.of("a", "b")), 1e-15);
        assertTrue(Double.isNaN(Metrics.accuracy(List.of(), List.of())));
    }

    @Test
    void r2OfAConstantTruthIsScikitLearnsForcedFiniteValue() {
        // r2_score([3, 3, 3], [3, 3, 3]) == 1.0 and r2_score([3, 3, 3], [3, 3, 4]) == 0.0 (force_finite=True)
        assertEquals(1.0, Metrics.r2(new double[] {3, 3, 3}, new double[] {3, 3, 3}), 0);
        assertEquals(0.0, Metrics.r2(new double[] {3, 3, 3}, new double[] {3, 3, 4}), 0);
        // r2_score([1, 2, 3], [1, 2, 4]) == 1 - 1/2
        assertEquals(0.5, Metrics.r2(new double[] {1, 2, 3}, new double[] {1, 2, 4}), 1e-15);
    }
}
