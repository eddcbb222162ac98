package io.plate.sampler.mixture.impl;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.sample.Distributions;
import io.plate.distributions.impl.FastDistributions;
import java.util.function.Function;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/**
 * Joint-distribution tests (Geweke 2004) of every chain family on small problems, each with a negative
 * control: the same chain whose categorical draws and row updates use log weights halved (a wrong,
 * tempered conditional) must fail the same test. See {@link Geweke} for the statistics and the
 * false-failure rate.
 */
class GewekeTest {
    static final int ROWS = 6;
    static final int DRAWS = 12_000;
    /**
     * The DP chains' tests draw twice as many: their split–merge moves, launched by sequential allocation,
     * are exact Metropolis–Hastings steps that undo much of the tempered control's error, so that at
     * 12,000 draws the DP full Gaussian's control reached only |z| = 3.87.
     */
    static final int DP_DRAWS = 24_000;
    static final Distributions DIST = new FastDistributions();
    static final Distributions WRONG = Geweke.tempered(DIST);

    static ChainSettings settings(int k) {
        return new ChainSettings(k, Initialisation.RANDOM, 1, 0, null);
    }

    static <X> Geweke.ChainMaker<X> finite(Function<X, Components> components, int k, double alpha) {
        return finite(components, k, alpha, RowUpdate.METROPOLISED);
    }

    static <X> Geweke.ChainMaker<X> finite(Function<X, Components> components, int k, double alpha, RowUpdate update) {
        return (x, z, a, dist, rng) -> {
            FiniteMixtureChain c = new FiniteMixtureChain(components.apply(x), alpha,
                    settings(k).withRowUpdate(forProvider(update, dist)), dist, rng);
            c.assign(z, rng);
            return c;
        };
    }

    /** A finite chain with split–merge moves (3 proposals a sweep); {@code ratio} null = the right prior ratio. */
    static <X> Geweke.ChainMaker<X> finiteSplitMerge(Function<X, Components> components, int k, double alpha,
            SplitMerge.Ratio ratio) {
        return (x, z, a, dist, rng) -> {
            FiniteMixtureChain c = new FiniteMixtureChain(components.apply(x), alpha, 3, 2, ratio, settings(k), dist,
                    rng);
            c.assign(z, rng);
            return c;
        };
    }

    /** K of the finite split–merge tests. */
    static final int SPLIT_MERGE_K = 3;

    /**
     * The finite chain with split–merge moves, and as negative control the same moves with a wrong
     * acceptance ratio: the symmetric Dirichlet's ratio without the K − k empty slots a split may choose.
     */
    static <X> void checkSplitMerge(String what, Geweke.Model<X> model, Function<X, Components> components,
            double alpha, long seed) {
        Geweke.PartitionPrior prior = Geweke.PartitionPrior.finite(SPLIT_MERGE_K, alpha);
        checkSplitMergeMoves(what, model, ratio -> Geweke.sweeps(finiteSplitMerge(components, SPLIT_MERGE_K, alpha, ratio),
                prior, 1), alpha, seed);
    }

    /**
     * The same for the chain whose transition, given the partition prior's split ratio (null: the right
     * one), is {@code transition}.
     */
    static <X> void checkSplitMergeMoves(String what, Geweke.Model<X> model,
            Function<SplitMerge.Ratio, Geweke.Transition<X>> transition, double alpha, long seed) {
        int k = SPLIT_MERGE_K;
        Geweke.PartitionPrior prior = Geweke.PartitionPrior.finite(k, alpha);
        Geweke.Result right = Geweke.run(model, transition.apply(null), prior, ROWS, DRAWS, DIST, seed);
        assertTrue(right.passes(), what + " should pass:\n" + right.report());
        SplitMerge.Ratio withoutSlots = (na, nb, coarse) -> SplitMerge.finiteRatio(k, alpha, na, nb, coarse)
                - Math.log(k - coarse);
        Geweke.Result wrong = Geweke.run(model, transition.apply(withoutSlots), prior, ROWS, DRAWS, DIST, seed);
        assertFalse(wrong.passes(), what + " negative control (split ratio without the empty slots) should fail:\n"
                + wrong.report());
        System.out.println(what + "\n" + right.report() + "negative control:\n" + wrong.report());
    }

    @Test
    void finiteMixturesWithSplitMerge() {
        checkSplitMerge("collapsed multinomial, split-merge", TEXT, TEXT::components, 1.0, 31);
        checkSplitMerge("categorical, split-merge", LCA, LCA::components, 0.8, 32);
        checkSplitMerge("diagonal Gaussian, split-merge", DIAG, DIAG::components, 1.0, 33);
        checkSplitMerge("full Gaussian, split-merge", FULL, FULL::components, 1.0, 34);
    }

    static <X> Geweke.ChainMaker<X> dp(Function<X, Components> components, double shape, double rate) {
        return dp(components, shape, rate, 3, RowUpdate.METROPOLISED);
    }

    static <X> Geweke.ChainMaker<X> dp(Function<X, Components> components, double shape, double rate, int splitMerge,
            RowUpdate update) {
        return (x, z, a, dist, rng) -> {
            DirichletProcessChain c = new DirichletProcessChain(components.apply(x), a, shape, rate, splitMerge, 2,
                    settings(1).withRowUpdate(forProvider(update, dist)), dist, rng);
            c.assign(z, rng);
            return c;
        };
    }

    static <X> void check(String what, Geweke.Model<X> model, Geweke.ChainMaker<X> maker, Geweke.PartitionPrior prior,
            long seed) {
        check(what, model, maker, prior, seed, DRAWS);
    }

    static <X> void check(String what, Geweke.Model<X> model, Geweke.ChainMaker<X> maker, Geweke.PartitionPrior prior,
            long seed, int draws) {
        Geweke.Result right = Geweke.run(model, maker, prior, ROWS, draws, DIST, seed);
        assertTrue(right.passes(), what + " should pass:\n" + right.report());
        Geweke.Result wrong = Geweke.run(model, wrongMaker(maker), prior, ROWS, draws, DIST, seed);
        assertFalse(wrong.passes(), what + " negative control should fail:\n" + wrong.report());
        System.out.println(what + "\n" + right.report() + "negative control:\n" + wrong.report());
    }

    private static <X> Geweke.ChainMaker<X> wrongMaker(Geweke.ChainMaker<X> maker) {
        return (x, z, a, dist, rng) -> maker.make(x, z, a, WRONG, rng);
    }

    static final GewekeModels.Multinomial TEXT = new GewekeModels.Multinomial(4, 5, 0.6);
    static final GewekeModels.Categorical LCA = new GewekeModels.Categorical(new int[] {2, 3, 2}, 0.7);
    static final GewekeModels.DiagonalGaussian DIAG = GewekeModels.DIAG;
    static final GewekeModels.FullGaussian FULL = GewekeModels.FULL;

    @Test
    void collapsedMultinomialMixture() {
        check("collapsed multinomial", TEXT, finite(TEXT::components, 3, 1.0), Geweke.PartitionPrior.finite(3, 1.0), 11);
    }

    static Geweke.ChainMaker<int[][]> uncollapsed(GewekeModels.Multinomial model,
            UncollapsedMultinomialChain.Layout layout) {
        return (x, z, a, dist, rng) -> {
            UncollapsedMultinomialChain c = new UncollapsedMultinomialChain(model.components(x), 1.0, model.beta(),
                    false, layout, settings(3), dist, rng);
            c.assign(z, rng);
            return c;
        };
    }

    /**
     * The uncollapsed chain with split–merge moves (3 a sweep, on the collapsed marginal; θ and π drawn
     * again after an accepted move); two sweeps a transition, so that the second sweep's z-step uses the
     * θ and π that the first sweep's moves left. Negative control: the moves' acceptance ratio without
     * the K − k empty slots, as for the collapsed chains.
     */
    @Test
    void uncollapsedMultinomialMixtureWithSplitMerge() {
        Geweke.PartitionPrior prior = Geweke.PartitionPrior.finite(SPLIT_MERGE_K, 1.0);
        checkSplitMergeMoves("uncollapsed multinomial, split-merge", TEXT, ratio -> Geweke.sweeps((x, z, a, dist, rng) -> {
            UncollapsedMultinomialChain c = new UncollapsedMultinomialChain(TEXT.components(x).corpus(), 1.0,
                    TEXT.beta(), false, UncollapsedMultinomialChain.Layout.DEFAULT, 3, 2, ratio,
                    settings(SPLIT_MERGE_K), dist, rng);
            c.assign(z, rng);
            return c;
        }, prior, 2), 1.0, 35);
    }

    /** β below 0.1, where a Gamma(β) variate underflows now and then: the log-space draws matter. */
    @Test
    void uncollapsedMultinomialMixtureWithSmallBeta() {
        GewekeModels.Multinomial text = new GewekeModels.Multinomial(4, 5, 0.08);
        check("uncollapsed multinomial (beta 0.08)", text, uncollapsed(text, UncollapsedMultinomialChain.Layout.DEFAULT),
                Geweke.PartitionPrior.finite(3, 1.0), 12);
    }

    /** β < 1 and β > 1, with long documents (counts above 1 per word). */
    @Test
    void uncollapsedMultinomialMixture() {
        check("uncollapsed multinomial (beta 0.6)", TEXT, uncollapsed(TEXT, UncollapsedMultinomialChain.Layout.DEFAULT),
                Geweke.PartitionPrior.finite(3, 1.0), 21);
        GewekeModels.Multinomial text = new GewekeModels.Multinomial(4, 12, 1.5);
        check("uncollapsed multinomial (beta 1.5)", text, uncollapsed(text, UncollapsedMultinomialChain.Layout.DEFAULT),
                Geweke.PartitionPrior.finite(3, 1.0), 20);
    }

    /**
     * The same chain cut into every block it can have: three blocks of two documents for the z-step (the
     * log weights of 2 × 3 doubles) and one word per block of the θ-step, so that every word's counts
     * come from several document blocks' postings.
     */
    @Test
    void uncollapsedMultinomialMixtureInSmallBlocks() {
        GewekeModels.Multinomial text = new GewekeModels.Multinomial(4, 12, 0.6);
        check("uncollapsed multinomial (small blocks)", text,
                uncollapsed(text, new UncollapsedMultinomialChain.Layout(2 * 3 * 8, 1)),
                Geweke.PartitionPrior.finite(3, 1.0), 22);
    }

    @Test
    void categoricalMixture() {
        check("categorical", LCA, finite(LCA::components, 3, 0.8), Geweke.PartitionPrior.finite(3, 0.8), 13);
    }

    @Test
    void diagonalGaussianMixture() {
        check("diagonal Gaussian", DIAG, finite(DIAG::components, 3, 1.0), Geweke.PartitionPrior.finite(3, 1.0), 14);
    }

    @Test
    void fullGaussianMixture() {
        check("full Gaussian", FULL, finite(FULL::components, 3, 1.0), Geweke.PartitionPrior.finite(3, 1.0), 15);
    }

    @Test
    void dirichletProcessMultinomialWithSplitMerge() {
        check("DP multinomial", TEXT, dp(TEXT::components, 2, 2), Geweke.PartitionPrior.dirichletProcess(2, 2), 16,
                DP_DRAWS);
    }

    @Test
    void dirichletProcessCategoricalWithSplitMerge() {
        check("DP categorical", LCA, dp(LCA::components, 2, 2), Geweke.PartitionPrior.dirichletProcess(2, 2), 17,
                DP_DRAWS);
    }

    @Test
    void dirichletProcessGaussianWithSplitMerge() {
        check("DP full Gaussian", FULL, dp(FULL::components, 2, 2), Geweke.PartitionPrior.dirichletProcess(2, 2), 18,
                DP_DRAWS);
    }

    @Test
    void dirichletProcessDiagonalGaussianWithSplitMerge() {
        check("DP diagonal Gaussian", DIAG, dp(DIAG::components, 2, 2), Geweke.PartitionPrior.dirichletProcess(2, 2),
                19, DP_DRAWS);
    }

    /**
     * The Metropolised row update without its acceptance step (the proposal always taken) must fail where
     * the plain Gibbs draw and the Metropolised update pass; the DP chain runs without split–merge moves
     * here, so that only the row update keeps its posterior.
     */
    @Test
    void metropolisedRowUpdateNeedsItsAcceptanceStep() {
        Geweke.PartitionPrior finite = Geweke.PartitionPrior.finite(3, 1.0);
        for (RowUpdate update : new RowUpdate[] {RowUpdate.GIBBS, RowUpdate.METROPOLISED}) {
            assertTrue(Geweke.run(FULL, finite(FULL::components, 3, 1.0, update), finite, ROWS, DRAWS, DIST, 41)
                    .passes(), "full Gaussian, " + (update == RowUpdate.GIBBS ? "Gibbs" : "Metropolised") + " rows");
        }
        Geweke.Result wrong = Geweke.run(FULL, finite(FULL::components, 3, 1.0, UNADJUSTED), finite, ROWS, DP_DRAWS,
                DIST, 41);
        assertFalse(wrong.passes(), "unadjusted Metropolised update should fail:\n" + wrong.report());
        System.out.println("full Gaussian, unadjusted Metropolised rows:\n" + wrong.report());
        Geweke.PartitionPrior dp = Geweke.PartitionPrior.dirichletProcess(2, 2);
        Geweke.Result right = Geweke.run(LCA, dp(LCA::components, 2, 2, 0, RowUpdate.METROPOLISED), dp, ROWS, DP_DRAWS,
                DIST, 42);
        assertTrue(right.passes(), "DP categorical without split-merge:\n" + right.report());
        Geweke.Result wrongDp = Geweke.run(LCA, dp(LCA::components, 2, 2, 0, UNADJUSTED), dp, ROWS, DP_DRAWS, DIST, 42);
        assertFalse(wrongDp.passes(), "unadjusted Metropolised update (DP) should fail:\n" + wrongDp.report());
        System.out.println("DP categorical, Metropolised rows\n" + right.report() + "unadjusted:\n" + wrongDp.report());
    }

    /** The row update the chains of a provider use: tempered like its draws for the negative controls. */
    static RowUpdate forProvider(RowUpdate update, Distributions dist) {
        return dist == WRONG ? tempered(update) : update;
    }

    /** {@code update} given the conditional log weights halved (the posterior tempered to the power ½). */
    static RowUpdate tempered(RowUpdate update) {
        return (dist, rng, logWeights, k, current) -> {
            double[] half = logWeights.clone();
            for (int j = 0; j < k; j++) {
                half[j] *= 0.5;
            }
            return update.next(dist, rng, half, k, current);
        };
    }

    /** Liu's proposal (any slot but the current one, by its weight) taken without the acceptance test. */
    static final RowUpdate UNADJUSTED = (dist, rng, logWeights, k, current) -> {
        double kept = logWeights[current];
        logWeights[current] = Double.NEGATIVE_INFINITY;
        boolean other = false;
        for (int j = 0; j < k; j++) {
            other |= logWeights[j] > Double.NEGATIVE_INFINITY;
        }
        int next = other ? dist.nextCategoricalFromLogWeights(rng, logWeights, k) : current;
        logWeights[current] = kept;
        return next;
    };

    static UniformRandomProvider rng(long seed) {
        return DIST.stream(seed, 0);
    }
}
