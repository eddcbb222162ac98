package io.plate.sampler.sparse.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.plate.api.PlateException;
import org.apache.commons.math3.special.Beta;
import org.apache.commons.math3.special.Gamma;
import org.junit.jupiter.api.Test;

/**
 * The exact posterior (patterns, size DP, coupling through shared p) against a brute-force sum over
 * every non-empty Z subset written independently here: each Z weighted by its prior probability under
 * the restricted prior, ∫ Beta(p; a, b) p^{|Z|}(1 − p)^{J−|Z|} / (1 − (1 − p)^J) dp (by {@link PIntegral}),
 * times its Dirichlet-multinomial likelihood, and θ's conditional moments from Dirichlet(α_Z + n).
 */
class ExactPosteriorTest {
    /** Brute force over the subsets of one cell; returns E[θ], sd[θ], P(Z=1) per category and E[p]. */
    static double[][] bruteForce(int[] n, double[] alpha, double a, double b) {
        int j = n.length;
        int total = 0;
        for (int v : n) {
            total += v;
        }
        // the prior of a non-empty Z and E[p | Z] depend on |Z| = k only
        double[] logPrior = new double[j + 1];
        double[] pGivenK = new double[j + 1];
        logPrior[0] = Double.NEGATIVE_INFINITY; // the restricted prior gives Z = ∅ probability 0
        for (int k = 1; k <= j; k++) {
            double integral = PIntegral.of(a + k, b + j - k, j);
            logPrior[k] = Math.log(integral) - Beta.logBeta(a, b);
            pGivenK[k] = PIntegral.of(a + k + 1, b + j - k, j) / integral;
        }
        double[] w = new double[1 << j];
        double max = Double.NEGATIVE_INFINITY;
        for (int mask = 0; mask < 1 << j; mask++) {
            w[mask] = logPrior[Integer.bitCount(mask)] + (mask == 0 ? 0 : logLikelihood(mask, n, alpha, total));
            max = Math.max(max, w[mask]);
        }
        double norm = 0;
        for (int mask = 0; mask < 1 << j; mask++) {
            norm += Math.exp(w[mask] - max);
        }
        double[] m1 = new double[j];
        double[] m2 = new double[j];
        double[] act = new double[j];
        double pm = 0;
        for (int mask = 0; mask < 1 << j; mask++) {
            double pr = Math.exp(w[mask] - max) / norm;
            if (pr == 0) {
                continue;
            }
            int k = Integer.bitCount(mask);
            pm += pr * pGivenK[k];
            double shape = 0;
            for (int i = 0; i < j; i++) {
                if ((mask >> i & 1) != 0) {
                    shape += alpha[i];
                }
            }
            for (int i = 0; i < j; i++) {
                double t1;
                double t2;
                if ((mask >> i & 1) != 0) {
                    double be = alpha[i] + n[i];
                    double bt = shape + total;
                    t1 = be / bt;
                    t2 = be * (be + 1) / (bt * (bt + 1));
                    act[i] += pr;
                } else {
                    t1 = 0;
                    t2 = 0;
                }
                m1[i] += pr * t1;
                m2[i] += pr * t2;
            }
        }
        double[] sd = new double[j];
        for (int i = 0; i < j; i++) {
            sd[i] = Math.sqrt(m2[i] - m1[i] * m1[i]);
        }
        return new double[][] {m1, sd, act, {pm}};
    }

    /** The cell's Dirichlet-multinomial likelihood given a non-empty Z (0 unless Z holds every observed category). */
    static double logLikelihood(int mask, int[] n, double[] alpha, int total) {
        int j = n.length;
        double lw = 0;
        double shape = 0;
        for (int i = 0; i < j; i++) {
            if ((mask >> i & 1) != 0) {
                shape += alpha[i];
                lw += Gamma.logGamma(alpha[i] + n[i]) - Gamma.logGamma(alpha[i]);
            } else if (n[i] > 0) {
                return Double.NEGATIVE_INFINITY;
            }
        }
        return lw + Gamma.logGamma(shape) - Gamma.logGamma(shape + total);
    }

    private static void check(int[][][] counts, double[] alpha, double a, double b) {
        CountTable t = Tables.of(counts);
        SparseModel m = new SparseModel(t, new Hyperparameters(alpha, a, b, false));
        ExactPosterior e = ExactPosterior.of(m);
        for (int c = 0; c < t.cells(); c++) {
            int[] n = new int[t.categories(c)];
            double[] al = new double[n.length];
            for (int i = 0; i < n.length; i++) {
                n[i] = t.count(t.offset(c) + i);
                al[i] = alpha.length == 1 ? alpha[0] : alpha[i];
            }
            double[][] ref = bruteForce(n, al, a, b);
            for (int i = 0; i < n.length; i++) {
                int s = t.offset(c) + i;
                assertEquals(ref[0][i], e.thetaMean(s), 1e-10, "E[theta] cell " + c + " category " + i);
                assertEquals(ref[1][i], e.thetaSd(s), 1e-8, "sd[theta] cell " + c + " category " + i);
                assertEquals(ref[2][i], e.activeProbability(s), 1e-10, "P(Z=1) cell " + c + " category " + i);
            }
            assertEquals(ref[3][0], e.pMean(c), 1e-10, "E[p] cell " + c);
        }
    }

    @Test
    void symmetricAlphaMatchesBruteForce() {
        check(new int[][][] {{{3, 0, 1, 0, 0}, {0, 0, 0}}, {{0, 0, 0, 0, 2}, {1, 1, 1}}}, new double[] {0.6}, 2.0, 0.7);
        check(new int[][][] {{{1, 0, 0, 0, 0, 0, 0, 0, 0, 0}}}, new double[] {0.05}, 0.5, 3.0);
        check(new int[][][] {{{40, 2, 0, 0}}}, new double[] {3.0}, 1, 1);
    }

    @Test
    void perCategoryAlphaMatchesBruteForce() {
        check(new int[][][] {{{2, 0, 0, 1}, {0, 0, 0, 0}}, {{0, 5, 0, 0}, {1, 0, 2, 0}}},
                new double[] {0.5, 1.0, 2.0, 0.5}, 1.5, 0.8);
    }

    @Test
    void sharedPCouplesTheClasses() {
        int[][][] counts = {{{2, 0, 0, 0}}, {{0, 1, 3, 0}}};
        double[] alpha = {0.7};
        double a = 1.3;
        double b = 0.6;
        SparseModel m = new SparseModel(Tables.of(counts), new Hyperparameters(alpha, a, b, true));
        ExactPosterior e = ExactPosterior.of(m);
        // brute force over pairs of non-empty subsets with one p:
        // ∫ Beta(p) p^{K1+K2} (1-p)^{8-K1-K2} / (1 - (1-p)^4)^2 dp
        int j = 4;
        double[] w = new double[1 << (2 * j)];
        double max = Double.NEGATIVE_INFINITY;
        int[][] n = {counts[0][0], counts[1][0]};
        double[] al = {0.7, 0.7, 0.7, 0.7};
        for (int pair = 0; pair < w.length; pair++) {
            int m0 = pair & 15;
            int m1 = pair >> 4;
            int k = Integer.bitCount(pair);
            w[pair] = m0 == 0 || m1 == 0 ? Double.NEGATIVE_INFINITY
                    : Math.log(PIntegral.of(a + k, b + 2 * j - k, j, j)) - Beta.logBeta(a, b)
                            + logLikelihood(m0, n[0], al, sum(n[0])) + logLikelihood(m1, n[1], al, sum(n[1]));
            max = Math.max(max, w[pair]);
        }
        double norm = 0;
        for (double v : w) {
            norm += Math.exp(v - max);
        }
        double pMean = 0;
        double[] active = new double[2 * j];
        for (int pair = 0; pair < w.length; pair++) {
            double pr = Math.exp(w[pair] - max) / norm;
            if (pr == 0) {
                continue;
            }
            int k = Integer.bitCount(pair);
            pMean += pr * PIntegral.of(a + k + 1, b + 2 * j - k, j, j) / PIntegral.of(a + k, b + 2 * j - k, j, j);
            for (int i = 0; i < 2 * j; i++) {
                active[i] += (pair >> i & 1) * pr;
            }
        }
        assertEquals(pMean, e.pMean(0), 1e-10);
        for (int i = 0; i < 2 * j; i++) {
            assertEquals(active[i], e.activeProbability(i), 1e-10, "slot " + i);
        }
    }

    private static int sum(int[] x) {
        int s = 0;
        for (int v : x) {
            s += v;
        }
        return s;
    }

    @Test
    void tooManyDistinctAlphasIsRefused() {
        int[] zeros = new int[17];
        double[] alpha = new double[17];
        for (int i = 0; i < 17; i++) {
            alpha[i] = 1 + i;
        }
        SparseModel m = new SparseModel(Tables.of(new int[][][] {{zeros}}), new Hyperparameters(alpha, 1, 1, false));
        assertThrows(PlateException.class, () -> ExactPosterior.of(m));
    }
}
