package io.plate.sampler.sparse.impl;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.mcmc.Diagnostics;
import java.util.Arrays;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/**
 * Posterior means of both samplers against the exact posterior on small cells (symmetric and
 * per-category α, unshared and shared p, a cell without data (Z from the restricted prior), a cell with one
 * observation (the most unobserved categories). Each of the E[θ_j], P(Z_j = 1) and E[p] estimates must lie within 4.5 Monte Carlo
 * standard errors (sd / sqrt(ESS), ESS from the chain itself) of the exact value: about 6.8e-6 per
 * comparison, below 1e-3 for the whole test with its ~100 comparisons. Seeds are fixed.
 */
class SamplersMatchExactTest {
    private static final TestDistributions DIST = new TestDistributions();
    private static final int SWEEPS = 40_000;

    interface Factory {
        SparseChain start(SparseModel m, UniformRandomProvider rng);
    }

    static void compare(String name, SparseModel m, Factory f, long seed) {
        compare(name, m, f, seed, SWEEPS);
    }

    static void compare(String name, SparseModel m, Factory f, long seed, int sweeps) {
        ExactPosterior exact = ExactPosterior.of(m);
        UniformRandomProvider rng = TestDistributions.rng(seed);
        SparseChain chain = f.start(m, rng);
        for (int i = 0; i < 1000; i++) {
            chain.sweep(rng);
        }
        int slots = m.slots;
        double[][] theta = new double[slots][sweeps];
        double[][] act = new double[slots][sweeps];
        double[][] p = new double[m.pGroups][sweeps];
        ThetaMoments one = new ThetaMoments(slots, m.pGroups);
        for (int d = 0; d < sweeps; d++) {
            chain.sweep(rng);
            Arrays.fill(one.theta, 0);
            Arrays.fill(one.activeCount, 0);
            chain.accumulate(one);
            for (int s = 0; s < slots; s++) {
                theta[s][d] = one.theta[s];
                act[s][d] = one.activeCount[s];
            }
            for (int g = 0; g < m.pGroups; g++) {
                p[g][d] = chain.p[g];
            }
        }
        StringBuilder bad = new StringBuilder();
        for (int s = 0; s < slots; s++) {
            within(bad, name + " E[theta] slot " + s, theta[s], exact.thetaMean(s));
            within(bad, name + " P(Z=1) slot " + s, act[s], exact.activeProbability(s));
        }
        for (int g = 0; g < m.pGroups; g++) {
            within(bad, name + " E[p] group " + g, p[g], exact.pMean(g));
        }
        assertTrue(bad.length() == 0, bad.toString());
    }

    private static void within(StringBuilder bad, String what, double[] series, double expected) {
        double mean = 0;
        for (double v : series) {
            mean += v;
        }
        mean /= series.length;
        double var = 0;
        for (double v : series) {
            var += (v - mean) * (v - mean);
        }
        var /= series.length - 1;
        if (var < 1e-24) {
            if (Math.abs(mean - expected) > 1e-9) {
                bad.append(what).append(": constant ").append(mean).append(" vs exact ").append(expected).append('\n');
            }
            return;
        }
        double ess = Diagnostics.ess(new double[][] {series});
        double se = Math.sqrt(var / ess);
        if (Math.abs(mean - expected) > 4.5 * se) {
            bad.append(String.format("%s: %.5f vs exact %.5f (se %.5f, ESS %.0f)%n", what, mean, expected, se, ess));
        }
    }

    static final int[][][] COUNTS = {
        {{3, 0, 1, 0}, {0, 0, 0, 0}, {1, 0, 0, 0}},
        {{0, 0, 0, 6}, {2, 1, 0, 0}, {0, 1, 0, 1}}};

    @Test
    void dirichletSymmetric() {
        SparseModel m = new SparseModel(Tables.of(COUNTS), new Hyperparameters(new double[] {0.5}, 2.0, 0.7, false));
        compare("dirichlet", m, (mm, r) -> DirichletChain.start(mm, DIST, r), 1L);
    }

    @Test
    void collapsedSymmetric() {
        SparseModel m = new SparseModel(Tables.of(COUNTS), new Hyperparameters(new double[] {0.5}, 2.0, 0.7, false));
        compare("collapsed", m, (mm, r) -> CollapsedChain.start(mm, DIST, r), 2L);
    }

    @Test
    void bothWithPerCategoryAlphaAndSharedP() {
        Hyperparameters h = new Hyperparameters(new double[] {0.3, 1.0, 2.5, 0.8}, 0.8, 1.6, true);
        SparseModel m = new SparseModel(Tables.of(COUNTS), h);
        compare("dirichlet", m, (mm, r) -> DirichletChain.start(mm, DIST, r), 3L);
        compare("collapsed", m, (mm, r) -> CollapsedChain.start(mm, DIST, r), 4L);
    }
}
