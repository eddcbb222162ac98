package io.plate.sampler.sparse.impl;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.mcmc.Diagnostics;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/**
 * Joint-distribution tests (Geweke 2004, "Getting it right"). The marginal-conditional simulator draws
 * (p, Z, μ, data) forward from the prior; the successive-conditional simulator alternates one sweep of
 * the sampler given the data with a fresh draw of the data given the parameters. Both have the joint
 * distribution as their law, so every test function must have the same mean. Functions: p, p², |Z|, |Z|²,
 * Z_1, p·|Z|, and for sparse.dirichlet also θ_1, θ_1², S = Σ_{active} μ, S² (first and second moments).
 *
 * <p>Model: one class, two features with J = 4, N = 5 observations each, asymmetric hyperparameters
 * α = (0.4, 1.0, 2.5, 0.7), a = 2.0, b = 0.8. Statistic per function: z = (mean_forward − mean_gibbs) /
 * sqrt(var_f / M + var_g / ESS_g). The test passes when every |z| < 4: with about 20 functions per sampler
 * the false-failure rate is below 20 · 6.3e-5 ≈ 1.3e-3 (seeds are fixed, so the run is deterministic).
 *
 * <p>The forward draws use the seed's model: Z from the Bernoulli(p) prior restricted to non-empty sets
 * (by rejection). Negative controls, which must FAIL (some |z| > 4): the note's Z-step without the prior
 * term p^{|Z|}(1 − p)^{J−|Z|} (both samplers), the note's total S drawn with the posterior shapes, and
 * the conjugate p-step Beta(a + |Z|, b + J − |Z|) of the unrestricted prior, which is what Plate ran
 * before the restriction (both samplers).
 */
class GewekeTest {
    static final TestDistributions DIST = new TestDistributions();
    static final double[] ALPHA = {0.4, 1.0, 2.5, 0.7};
    static final double A = 2.0;
    static final double B = 0.8;
    static final int N = 5;
    static final int FEATURES = 2;
    static final int J = 4;
    static final int M = 200_000;
    /** Steps of a negative control's chain: its deviations are large (|z| ≥ 16 at 200,000), a quarter suffices. */
    static final int CONTROL = 50_000;
    static final double LIMIT = 4.0;

    /** Wrong: the Z-step without the prior term (the note's step 2). */
    static final class DirichletWithoutZPrior extends DirichletChain {
        DirichletWithoutZPrior(SparseModel m) {
            super(m, DIST);
        }

        @Override
        double zPriorTerm(int size, int categories, double logP, double log1mP) {
            return 0;
        }
    }

    /** Wrong: the active total drawn from Gamma(Σ (α + n)), the note's posterior shapes. */
    static final class DirichletWithPosteriorTotal extends DirichletChain {
        DirichletWithPosteriorTotal(SparseModel m) {
            super(m, DIST);
        }

        @Override
        double totalShape(double activeShapeSum, int observations) {
            return activeShapeSum + observations;
        }
    }

    /** Wrong: the collapsed single-site and block steps without the prior odds of Z. */
    static final class CollapsedWithoutZPrior extends CollapsedChain {
        CollapsedWithoutZPrior(SparseModel m) {
            super(m, DIST);
        }

        @Override
        double priorLogOdds(double logP, double log1mP) {
            return 0;
        }
    }

    /** Wrong: the p-step without the restricted prior's normaliser 1 − (1 − p)^J (conjugate Beta). */
    static final class DirichletWithUnrestrictedP extends DirichletChain {
        DirichletWithUnrestrictedP(SparseModel m) {
            super(m, DIST);
        }

        @Override
        long emptyRejections(double pc, int categories, UniformRandomProvider rng) {
            return 0;
        }
    }

    /** Wrong: as {@link DirichletWithUnrestrictedP}, for the collapsed sampler. */
    static final class CollapsedWithUnrestrictedP extends CollapsedChain {
        CollapsedWithUnrestrictedP(SparseModel m) {
            super(m, DIST);
        }

        @Override
        long emptyRejections(double pc, int categories, UniformRandomProvider rng) {
            return 0;
        }
    }

    static SparseModel model(int[][] counts) {
        return new SparseModel(Tables.of(new int[][][] {counts}), new Hyperparameters(ALPHA, A, B, false));
    }

    /** A model whose cells each have one observed category: the most unobserved ones the chain must handle. */
    static SparseModel widest() {
        int[][] c = new int[FEATURES][J];
        for (int i = 0; i < FEATURES; i++) {
            c[i][0] = N;
        }
        return model(c);
    }

    /** Test functions of one cell's parameters (p, Z, θ, μ); {@code withMu} adds θ and S moments. */
    static void functions(double p, int[] z, double[] theta, double[] mu, boolean withMu, double[] out, int at) {
        int k = 0;
        double s = 0;
        for (int j = 0; j < z.length; j++) {
            k += z[j];
            s += mu == null ? 0 : z[j] * mu[j];
        }
        out[at] = p;
        out[at + 1] = p * p;
        out[at + 2] = k;
        out[at + 3] = k * k;
        out[at + 4] = z[0];
        out[at + 5] = p * k;
        if (withMu) {
            out[at + 6] = theta[0];
            out[at + 7] = theta[0] * theta[0];
            out[at + 8] = s;
            out[at + 9] = s * s;
        }
    }

    static int width(boolean withMu) {
        return withMu ? 10 : 6;
    }

    static double[][] forward(boolean withMu, long seed) {
        UniformRandomProvider rng = TestDistributions.rng(seed);
        int w = width(withMu);
        double[][] g = new double[FEATURES * w][M];
        double[] row = new double[FEATURES * w];
        Forward f = new Forward(J);
        for (int d = 0; d < M; d++) {
            for (int i = 0; i < FEATURES; i++) {
                f.drawParameters(ALPHA, A, B, rng);
                functions(f.p, f.z, f.theta, f.mu, withMu, row, i * w);
            }
            for (int k = 0; k < row.length; k++) {
                g[k][d] = row[k];
            }
        }
        return g;
    }

    /** The successive-conditional simulator of a sparse.dirichlet chain. */
    static double[][] successiveDirichlet(DirichletChain chain, long seed, int steps) {
        UniformRandomProvider rng = TestDistributions.rng(seed);
        int w = width(true);
        double[][] g = new double[FEATURES * w][steps];
        double[] row = new double[FEATURES * w];
        Forward[] f = new Forward[FEATURES];
        int[][] counts = new int[FEATURES][];
        // start from a forward draw
        for (int i = 0; i < FEATURES; i++) {
            f[i] = new Forward(J);
            f[i].drawParameters(ALPHA, A, B, rng);
            f[i].drawData(N, rng);
            counts[i] = f[i].counts.clone();
            chain.p[i] = f[i].p;
            for (int j = 0; j < J; j++) {
                chain.z[i * J + j] = (byte) f[i].z[j];
                chain.logMu[i * J + j] = Math.log(f[i].mu[j]);
            }
            chain.recount(i);
        }
        double[] mu = new double[J];
        int[] z = new int[J];
        for (int d = 0; d < steps; d++) {
            chain.model = model(counts);
            chain.sweep(rng);
            for (int i = 0; i < FEATURES; i++) {
                for (int j = 0; j < J; j++) {
                    z[j] = chain.z[i * J + j];
                    mu[j] = Math.exp(chain.logMu[i * J + j]);
                    f[i].z[j] = z[j];
                    f[i].mu[j] = mu[j];
                }
                f[i].p = chain.p[i];
                f[i].thetaFromMu();
                functions(chain.p[i], z, f[i].theta, mu, true, row, i * w);
                f[i].drawData(N, rng);
                counts[i] = f[i].counts.clone();
            }
            for (int k = 0; k < row.length; k++) {
                g[k][d] = row[k];
            }
        }
        return g;
    }

    /** The successive-conditional simulator of a sparse.collapsed chain: data redrawn from p(x | Z). */
    static double[][] successiveCollapsed(CollapsedChain chain, long seed, int steps) {
        UniformRandomProvider rng = TestDistributions.rng(seed);
        int w = width(false);
        double[][] g = new double[FEATURES * w][steps];
        double[] row = new double[FEATURES * w];
        Forward[] f = new Forward[FEATURES];
        int[][] counts = new int[FEATURES][];
        for (int i = 0; i < FEATURES; i++) {
            f[i] = new Forward(J);
            f[i].drawParameters(ALPHA, A, B, rng);
            f[i].drawData(N, rng);
            counts[i] = f[i].counts.clone();
            chain.p[i] = f[i].p;
            for (int j = 0; j < J; j++) {
                chain.z[i * J + j] = (byte) f[i].z[j];
            }
            chain.recount(i);
        }
        int[] z = new int[J];
        int[] none = new int[J];
        for (int d = 0; d < steps; d++) {
            chain.model = model(counts);
            chain.sweep(rng);
            for (int i = 0; i < FEATURES; i++) {
                for (int j = 0; j < J; j++) {
                    z[j] = chain.z[i * J + j];
                    f[i].z[j] = z[j];
                }
                functions(chain.p[i], z, null, null, false, row, i * w);
                f[i].thetaFromDirichlet(ALPHA, none, rng);
                f[i].drawData(N, rng);
                counts[i] = f[i].counts.clone();
            }
            for (int k = 0; k < row.length; k++) {
                g[k][d] = row[k];
            }
        }
        return g;
    }

    /** The |z| statistics of every test function. */
    static List<String> compare(double[][] fwd, double[][] gibbs, List<Double> zs) {
        List<String> lines = new ArrayList<>();
        for (int k = 0; k < fwd.length; k++) {
            double mf = mean(fwd[k]);
            double mg = mean(gibbs[k]);
            double vf = var(fwd[k], mf);
            double vg = var(gibbs[k], mg);
            double ess = Diagnostics.ess(new double[][] {gibbs[k]});
            double z = (mf - mg) / Math.sqrt(vf / fwd[k].length + vg / ess);
            zs.add(Math.abs(z));
            lines.add(String.format("g%-2d forward %.5f gibbs %.5f z %.2f (ESS %.0f)", k, mf, mg, z, ess));
        }
        return lines;
    }

    static double mean(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v;
        }
        return s / x.length;
    }

    static double var(double[] x, double m) {
        double s = 0;
        for (double v : x) {
            s += (v - m) * (v - m);
        }
        return s / (x.length - 1);
    }

    static double worst(double[][] fwd, double[][] gibbs, StringBuilder report) {
        List<Double> zs = new ArrayList<>();
        for (String l : compare(fwd, gibbs, zs)) {
            report.append(l).append('\n');
        }
        double worst = zs.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        System.out.println("worst |z| " + worst + "\n" + report);
        return worst;
    }

    @Test
    void dirichletPassesAndItsNegativeControlsFail() {
        double[][] fwd = forward(true, 11L);
        StringBuilder r = new StringBuilder();
        double ok = worst(fwd, successiveDirichlet(new DirichletChain(widest(), DIST), 12L, M), r);
        assertTrue(ok < LIMIT, "correct sparse.dirichlet fails the joint-distribution test:\n" + r);
        r.setLength(0);
        double noPrior = worst(fwd, successiveDirichlet(new DirichletWithoutZPrior(widest()), 13L, CONTROL), r);
        assertTrue(noPrior > LIMIT, "the Z-step without its prior term passes (test has no power):\n" + r);
        r.setLength(0);
        double postTotal = worst(fwd, successiveDirichlet(new DirichletWithPosteriorTotal(widest()), 14L, CONTROL), r);
        assertTrue(postTotal > LIMIT, "the total with posterior shapes passes (test has no power):\n" + r);
        r.setLength(0);
        double unrestricted = worst(fwd, successiveDirichlet(new DirichletWithUnrestrictedP(widest()), 15L, CONTROL), r);
        assertTrue(unrestricted > LIMIT, "the conjugate p-step passes (test has no power):\n" + r);
    }

    @Test
    void collapsedPassesAndItsNegativeControlFails() {
        double[][] fwd = forward(false, 21L);
        StringBuilder r = new StringBuilder();
        double ok = worst(fwd, successiveCollapsed(new CollapsedChain(widest(), DIST), 22L, M), r);
        assertTrue(ok < LIMIT, "correct sparse.collapsed fails the joint-distribution test:\n" + r);
        r.setLength(0);
        double noPrior = worst(fwd, successiveCollapsed(new CollapsedWithoutZPrior(widest()), 23L, CONTROL), r);
        assertTrue(noPrior > LIMIT, "the collapsed Z-step without its prior term passes (test has no power):\n" + r);
        r.setLength(0);
        double unrestricted = worst(fwd, successiveCollapsed(new CollapsedWithUnrestrictedP(widest()), 24L, CONTROL), r);
        assertTrue(unrestricted > LIMIT, "the collapsed conjugate p-step passes (test has no power):\n" + r);
    }
}
