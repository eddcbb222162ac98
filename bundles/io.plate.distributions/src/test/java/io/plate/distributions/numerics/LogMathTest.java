package io.plate.distributions.numerics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** log-sum-exp and normalisation against closed forms. */
class LogMathTest {
    @Test
    void twoTermsEqualTheClosedForm() {
        // log(e^a + e^b) = max + log1p(e^-(|a - b|))
        double[][] cases = {{0, 0}, {1000, 999}, {-1000, -1003.5}, {3, -20}, {-7, 30}, {0, -49.9}, {0, -51}};
        for (double[] c : cases) {
            double max = Math.max(c[0], c[1]);
            double expected = max + Math.log1p(Math.exp(-Math.abs(c[0] - c[1])));
            assertEquals(expected, LogMath.logSumExp(c), 1e-15 * Math.max(1, Math.abs(expected)),
                    () -> c[0] + ", " + c[1]);
        }
    }

    @Test
    void manyEqualTermsGiveLogN() {
        for (int n : new int[] {1, 2, 7, 20, 1000}) {
            double[] x = new double[n];
            java.util.Arrays.fill(x, -3.25);
            assertEquals(-3.25 + Math.log(n), LogMath.logSumExp(x), 1e-14);
        }
    }

    @Test
    void termsFarBelowTheLargestStillCountWhenTheyAreNotNegligible() {
        // 1 + 20 * e^-30 differs from 1 by 1.9e-12: those terms must not be skipped (max + log(s) is
        // accurate to the 20 roundings of the sum near 1, 20 * 1.1e-16, absolute)
        double[] x = new double[21];
        java.util.Arrays.fill(x, 1, 21, -30);
        assertEquals(Math.log1p(20 * Math.exp(-30)), LogMath.logSumExp(x), 2.3e-15);
        // and terms 60 below change nothing that a double can hold
        java.util.Arrays.fill(x, 1, 21, -60);
        assertEquals(0.0, LogMath.logSumExp(x), 0.0);
    }

    @Test
    void infinitiesAndNaN() {
        double ninf = Double.NEGATIVE_INFINITY;
        assertEquals(ninf, LogMath.logSumExp(new double[] {ninf, ninf}));
        assertEquals(2.0, LogMath.logSumExp(new double[] {ninf, 2.0, ninf}), 0.0);
        assertTrue(Double.isNaN(LogMath.logSumExp(new double[] {1.0, Double.NaN})));
        assertTrue(Double.isNaN(LogMath.logSumExp(new double[] {Double.NaN, 1.0, -100.0})));
        assertEquals(ninf, LogMath.logSumExp(new double[0]));
    }

    @Test
    void normalizeLogMakesProbabilities() {
        double[] x = {Math.log(1), Math.log(3), Math.log(6), Double.NEGATIVE_INFINITY};
        double lse = LogMath.normalizeLog(x);
        assertEquals(Math.log(10), lse, 1e-15);
        assertEquals(0.1, Math.exp(x[0]), 1e-15);
        assertEquals(0.3, Math.exp(x[1]), 1e-15);
        assertEquals(0.6, Math.exp(x[2]), 1e-15);
        assertEquals(0.0, Math.exp(x[3]), 0.0);
        assertThrows(IllegalArgumentException.class,
                () -> LogMath.normalizeLog(new double[] {Double.NEGATIVE_INFINITY}));
    }
}
