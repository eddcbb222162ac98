package io.plate.sampler.sparse.impl;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/**
 * Simulation-based calibration (Talts et al. 2018): draw (p, Z, μ) from the prior and data from θ, run
 * the sampler on the data, and rank the true value among L = 19 thinned posterior draws. For a correct
 * sampler the rank is uniform on 0..19. Statistics: p and θ_1 (ties, which occur when θ_1 = 0, are broken
 * uniformly at random). R = 1,000 replications, 20 bins, chi-square with 19 degrees of freedom at the
 * 1 − 1e-4 quantile: a false-failure rate of 1e-4 per statistic, 4e-4 for the test. Seeds are fixed.
 */
class SimulationBasedCalibrationTest {
    static final TestDistributions DIST = new TestDistributions();
    static final double[] ALPHA = {0.4, 1.0, 2.5, 0.7};
    static final double A = 2.0;
    static final double B = 0.8;
    static final int N = 8;
    static final int L = 19;
    static final int THIN = 10;
    static final int BURN_IN = 100;
    static final int R = 1000;

    interface ChainMaker {
        SparseChain start(SparseModel m, UniformRandomProvider rng);
    }

    /** θ of the chain's state: drawn from Dirichlet(α_Z + n) for the collapsed chain. */
    interface ThetaOf {
        double theta0(SparseChain chain, int[] counts, Forward scratch, UniformRandomProvider rng);
    }

    static double[] chiSquares(ChainMaker maker, ThetaOf thetaOf, long seed) {
        UniformRandomProvider rng = TestDistributions.rng(seed);
        int[] pBins = new int[L + 1];
        int[] tBins = new int[L + 1];
        Forward truth = new Forward(ALPHA.length);
        Forward scratch = new Forward(ALPHA.length);
        for (int r = 0; r < R; r++) {
            truth.drawParameters(ALPHA, A, B, rng);
            truth.drawData(N, rng);
            SparseModel m = new SparseModel(Tables.of(new int[][][] {{truth.counts.clone()}}),
                    new Hyperparameters(ALPHA, A, B, false));
            SparseChain chain = maker.start(m, rng);
            for (int i = 0; i < BURN_IN; i++) {
                chain.sweep(rng);
            }
            int pLess = 0;
            int tLess = 0;
            int tEqual = 0;
            for (int d = 0; d < L; d++) {
                for (int i = 0; i < THIN; i++) {
                    chain.sweep(rng);
                }
                pLess += chain.p[0] < truth.p ? 1 : 0;
                double t = thetaOf.theta0(chain, truth.counts, scratch, rng);
                if (t < truth.theta[0]) {
                    tLess++;
                } else if (t == truth.theta[0]) {
                    tEqual++;
                }
            }
            pBins[pLess]++;
            tBins[tLess + (int) (rng.nextDouble() * (tEqual + 1))]++;
        }
        return new double[] {chiSquare(pBins), chiSquare(tBins)};
    }

    static double chiSquare(int[] bins) {
        double expected = (double) R / bins.length;
        double x = 0;
        for (int b : bins) {
            x += (b - expected) * (b - expected) / expected;
        }
        return x;
    }

    static final double LIMIT = new ChiSquaredDistribution(L).inverseCumulativeProbability(1 - 1e-4);

    @Test
    void dirichletRanksAreUniform() {
        double[] x = chiSquares((m, r) -> DirichletChain.start(m, DIST, r), (chain, counts, f, r) -> {
            DirichletChain d = (DirichletChain) chain;
            for (int j = 0; j < f.z.length; j++) {
                f.z[j] = d.z[j];
                f.mu[j] = Math.exp(d.logMu[j]);
            }
            f.thetaFromMu();
            return f.theta[0];
        }, 31L);
        assertTrue(x[0] < LIMIT && x[1] < LIMIT, "chi-square p " + x[0] + ", theta " + x[1] + ", limit " + LIMIT);
    }

    @Test
    void collapsedRanksAreUniform() {
        double[] x = chiSquares((m, r) -> CollapsedChain.start(m, DIST, r), (chain, counts, f, r) -> {
            for (int j = 0; j < f.z.length; j++) {
                f.z[j] = chain.z[j];
            }
            f.thetaFromDirichlet(ALPHA, counts, r);
            return f.theta[0];
        }, 32L);
        assertTrue(x[0] < LIMIT && x[1] < LIMIT, "chi-square p " + x[0] + ", theta " + x[1] + ", limit " + LIMIT);
    }

    /** The same test catches the note's Z-step: its ranks of p pile up (negative control). */
    @Test
    void negativeControlFails() {
        double[] x = chiSquares((m, r) -> {
            DirichletChain c = new GewekeTest.DirichletWithoutZPrior(m);
            c.initialise(r);
            return c;
        }, (chain, counts, f, r) -> {
            DirichletChain d = (DirichletChain) chain;
            for (int j = 0; j < f.z.length; j++) {
                f.z[j] = d.z[j];
                f.mu[j] = Math.exp(d.logMu[j]);
            }
            f.thetaFromMu();
            return f.theta[0];
        }, 33L);
        assertTrue(x[0] > LIMIT || x[1] > LIMIT, "the wrong Z-step passes SBC: " + x[0] + ", " + x[1]);
    }
}
