package io.plate.distributions.numerics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Closed forms: two standardised columns with correlation ρ have eigenvectors (1, ±1)/√2. */
class PrincipalComponentsTest {
    private static double[] z(double[] x) {
        double m = 0;
        for (double v : x) {
            m += v;
        }
        m /= x.length;
        double ss = 0;
        for (double v : x) {
            ss += (v - m) * (v - m);
        }
        double sd = Math.sqrt(ss / (x.length - 1));
        double[] out = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            out[i] = (x[i] - m) / sd;
        }
        return out;
    }

    @Test
    void aLineIsAllOnTheFirstComponent() {
        double[] a = {1, 2, 3, 4, 5};
        double[] b = {2, 4, 6, 8, 10};
        double[][] pc = PrincipalComponents.scores(new double[][] {a, b}, 2);
        // all variance on PC1 (standardised a and b are equal): PC2 is zero, PC1 is sqrt(2) * z
        for (int r = 0; r < 5; r++) {
            assertEquals(0, pc[1][r], 1e-9);
            double z = (a[r] - 3) / Math.sqrt(2.5);
            assertEquals(Math.sqrt(2) * z, Math.abs(pc[0][r]) * Math.signum(z), 1e-9);
        }
    }

    @Test
    void twoCorrelatedColumnsProjectOnSumAndDifference() {
        double[] a = {1, 2, 3, 4, 7};
        double[] b = {2, 1, 4, 3, 5}; // positively correlated: PC1 = (za + zb)/√2, PC2 = (za − zb)/√2
        double[] za = z(a);
        double[] zb = z(b);
        double[][] pc = PrincipalComponents.scores(new double[][] {a, b}, 2);
        double s1 = Math.signum(pc[0][4]) * Math.signum(za[4] + zb[4]);
        double s2 = Math.signum(pc[1][0]) * Math.signum(za[0] - zb[0]);
        for (int r = 0; r < a.length; r++) {
            assertEquals((za[r] + zb[r]) / Math.sqrt(2), s1 * pc[0][r], 1e-12);
            assertEquals((za[r] - zb[r]) / Math.sqrt(2), s2 * pc[1][r], 1e-12);
        }
    }

    @Test
    void aLargeOffsetDoesNotLoseTheSpread() {
        // a one-pass sum of squares of 1e9 + small values cancels to noise; two passes keep sd exact
        double[] a = {1e9 + 1, 1e9 + 2, 1e9 + 3, 1e9 + 4, 1e9 + 5};
        double[] b = {2, 4, 6, 8, 10};
        double[][] pc = PrincipalComponents.scores(new double[][] {a, b}, 2);
        for (int r = 0; r < 5; r++) {
            assertEquals(0, pc[1][r], 1e-9);
            assertEquals(Math.sqrt(2) * Math.abs(r - 2) / Math.sqrt(2.5), Math.abs(pc[0][r]), 1e-9);
        }
    }

    @Test
    void aRowWithAMissingValueHasNoScore() {
        double[][] pc = PrincipalComponents.scores(new double[][] {{1, 2, Double.NaN, 4}, {1, 3, 2, 5}}, 1);
        assertEquals(1, pc.length);
        assertTrue(Double.isNaN(pc[0][2]));
        assertTrue(Double.isFinite(pc[0][0]));
        assertThrows(IllegalArgumentException.class, () -> PrincipalComponents.scores(new double[][] {{1, 2}}, 2));
    }
}
