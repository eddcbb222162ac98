package io.plate.sampler.mixture.impl;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.sample.Distributions;
import org.apache.commons.rng.UniformRandomProvider;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Joint-distribution tests (Geweke 2004, {@link Geweke}) of the uncollapsed Gaussian chain, diagonal and
 * full, on six rows cut into three blocks of two (so the blocks' statistics are added), under the priors
 * of the collapsed chains' Geweke tests. Two negative controls each: the tempered z-step of the other
 * tests ({@link Geweke#tempered}), and a parameter step whose posterior degrees of freedom forget the data
 * (ν0 in place of ν0 + n for the inverse-Wishart; a0 in place of a0 + n/2 for the Gamma), which must fail.
 * And the chain with its blocks on a {@link BlockRunner}, as on Spark, with the tempered blocks failing.
 */
class UncollapsedGaussianGewekeTest {
    /** Four times the collapsed tests' draws: the wrong degrees of freedom act on z only through the parameters. */
    static final int DRAWS = 4 * GewekeTest.DRAWS;

    /** The chain of these tests (K = 3, α = 1, blocks of two rows) over {@code components}, in state z. */
    static UncollapsedGaussianChain chain(Components components, int[] z, Distributions dist, UniformRandomProvider rng) {
        UncollapsedGaussianChain c = new UncollapsedGaussianChain(components, 1.0, false, 2, GewekeTest.settings(3), dist,
                rng);
        c.assign(z, rng);
        return c;
    }

    static Geweke.ChainMaker<double[][]> uncollapsed(Function<double[][], Components> components) {
        return (x, z, a, dist, rng) -> chain(components.apply(x), z, dist, rng);
    }

    /** One sweep of the chain with its blocks on {@code runner} (released after the sweep): Geweke's transition. */
    static Geweke.Transition<double[][]> uncollapsedOn(Function<double[][], Components> components, BlockRunner runner) {
        return (x, z, a, dist, rng) -> {
            UncollapsedGaussianChain c = chain(components.apply(x), z, dist, rng);
            c.runBlocksOn(runner);
            try {
                c.sweep(rng);
            } finally {
                c.closeBlocks();
            }
            System.arraycopy(c.assignments(), 0, z, 0, z.length);
            return a;
        };
    }

    /**
     * The same tests with the blocks on a {@link BlockRunner} ({@link BlocksApart}: serialised, reversed,
     * each twice), at the draws of the Spark test (GewekeOnSparkTest); the negative control's runner
     * samples the blocks from the tempered conditional and must fail.
     */
    @Test
    void throughABlockRunner() {
        checkOnBlocks("uncollapsed diagonal Gaussian", GewekeModels.DIAG, GewekeModels.DIAG::uncollapsedOn);
        checkOnBlocks("uncollapsed full Gaussian", GewekeModels.FULL, GewekeModels.FULL::uncollapsedOn);
    }

    static void checkOnBlocks(String what, Geweke.Model<double[][]> m, Function<BlockRunner, Geweke.Transition<double[][]>> on) {
        Geweke.PartitionPrior prior = Geweke.PartitionPrior.finite(3, 1.0);
        Geweke.Result right = Geweke.run(m, on.apply(new BlocksApart(GewekeTest.DIST)), prior, GewekeTest.ROWS,
                SPARK_DRAWS, GewekeTest.DIST, 43);
        assertTrue(right.passes(), what + " through a block runner should pass:\n" + right.report());
        Geweke.Result wrong = Geweke.run(m, on.apply(new BlocksApart(GewekeTest.WRONG)), prior, GewekeTest.ROWS,
                SPARK_DRAWS, GewekeTest.DIST, 43);
        assertFalse(wrong.passes(), what + " negative control (tempered blocks) should fail:\n" + wrong.report());
        System.out.println(what + " through a block runner\n" + right.report() + "negative control (tempered blocks):\n"
                + wrong.report());
    }

    /** Draws of each simulator when every transition is a Spark job (GewekeOnSparkTest). */
    static final int SPARK_DRAWS = 2_500;

    static void check(String what, Geweke.Model<double[][]> model, Function<double[][], Components> components,
            Distributions wrongDegreesOfFreedom, long seed) {
        Geweke.PartitionPrior prior = Geweke.PartitionPrior.finite(3, 1.0);
        Geweke.ChainMaker<double[][]> right = uncollapsed(components);
        Geweke.Result result = Geweke.run(model, right, prior, GewekeTest.ROWS, DRAWS, GewekeTest.DIST, seed);
        assertTrue(result.passes(), what + " should pass:\n" + result.report());
        Geweke.Result tempered = Geweke.run(model, (Geweke.ChainMaker<double[][]>) (x, z, a, dist, rng) -> right.make(x, z, a, GewekeTest.WRONG, rng),
                prior, GewekeTest.ROWS, DRAWS, GewekeTest.DIST, seed);
        assertFalse(tempered.passes(), what + " negative control (tempered z-step) should fail:\n" + tempered.report());
        Geweke.Result wrong = Geweke.run(model, (Geweke.ChainMaker<double[][]>) (x, z, a, dist, rng) -> right.make(x, z, a, wrongDegreesOfFreedom, rng),
                prior, GewekeTest.ROWS, DRAWS, GewekeTest.DIST, seed);
        assertFalse(wrong.passes(), what + " negative control (degrees of freedom without n) should fail:\n"
                + wrong.report());
        System.out.println(what + "\n" + result.report() + "negative control (tempered z-step):\n" + tempered.report()
                + "negative control (degrees of freedom without n):\n" + wrong.report());
    }

    /**
     * The chain with split–merge moves (3 a sweep, on the collapsed marginal; every cluster's (μ, Σ) and π
     * drawn again after an accepted move), two sweeps a transition so that the second sweep's z-step uses
     * the parameters the first sweep's moves left; negative control: the moves' acceptance ratio without
     * the K − k empty slots ({@link GewekeTest#checkSplitMergeMoves}), which must fail.
     */
    static void checkSplitMerge(String what, Geweke.Model<double[][]> model, Function<double[][], Components> components,
            long seed) {
        Geweke.PartitionPrior prior = Geweke.PartitionPrior.finite(GewekeTest.SPLIT_MERGE_K, 1.0);
        GewekeTest.checkSplitMergeMoves(what, model, ratio -> Geweke.sweeps((x, z, a, dist, rng) -> {
            UncollapsedGaussianChain c = new UncollapsedGaussianChain(components.apply(x), 1.0, false, 2, 3, 2, ratio,
                    GewekeTest.settings(GewekeTest.SPLIT_MERGE_K), dist, rng);
            c.assign(z, rng);
            return c;
        }, prior, 2), 1.0, seed);
    }

    @Test
    void diagonalGaussianWithSplitMerge() {
        checkSplitMerge("uncollapsed diagonal Gaussian, split-merge", GewekeTest.DIAG, GewekeTest.DIAG::components, 44);
    }

    @Test
    void fullGaussianWithSplitMerge() {
        checkSplitMerge("uncollapsed full Gaussian, split-merge", GewekeTest.FULL, GewekeTest.FULL::components, 45);
    }

    @Test
    void diagonalGaussian() {
        GewekeModels.DiagonalGaussian m = GewekeTest.DIAG;
        check("uncollapsed diagonal Gaussian", m, m::components,
                Geweke.altered(GewekeTest.DIST, "nextNormalGamma", args -> args[3] = m.a0()), 41);
    }

    @Test
    void fullGaussian() {
        GewekeModels.FullGaussian m = GewekeTest.FULL;
        check("uncollapsed full Gaussian", m, m::components,
                Geweke.altered(GewekeTest.DIST, "nextNormalInverseWishart", args -> args[3] = m.nu0()), 42);
    }
}
