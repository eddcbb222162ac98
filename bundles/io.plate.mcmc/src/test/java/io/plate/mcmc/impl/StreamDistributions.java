package io.plate.mcmc.impl;

import io.plate.api.sample.DoubleSampler;
import io.plate.api.sample.IntSampler;
import io.plate.api.sample.IntVectorSampler;
import io.plate.api.sample.MatrixSampler;
import io.plate.api.sample.NormalGammaDraw;
import io.plate.api.sample.NormalInverseWishartDraw;
import io.plate.api.sample.VectorSampler;
import org.apache.commons.rng.JumpableUniformRandomProvider;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

/**
 * Test double of the Distributions service for the runner's tests: only {@link #stream} (the runner uses
 * nothing else), built the way the contract says (stream i = i jumps of the seeded generator).
 */
final class StreamDistributions implements io.plate.api.sample.Distributions {
    @Override
    public String provider() {
        return "test-streams";
    }

    @Override
    public UniformRandomProvider stream(long seed, int index) {
        JumpableUniformRandomProvider g = (JumpableUniformRandomProvider) RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        for (int i = 0; i < index; i++) {
            g.jump();
        }
        return g;
    }

    private static UnsupportedOperationException no() {
        return new UnsupportedOperationException("not needed by the runner's tests");
    }

    @Override public DoubleSampler gamma(UniformRandomProvider rng, double shape, double scale) { throw no(); }
    @Override public DoubleSampler logGamma(UniformRandomProvider rng, double shape) { throw no(); }
    @Override public DoubleSampler beta(UniformRandomProvider rng, double a, double b) { throw no(); }
    @Override public DoubleSampler normal(UniformRandomProvider rng, double mean, double sd) { throw no(); }
    @Override public DoubleSampler studentT(UniformRandomProvider rng, double df, double l, double s) { throw no(); }
    @Override public IntSampler bernoulli(UniformRandomProvider rng, double p) { throw no(); }
    @Override public IntSampler binomial(UniformRandomProvider rng, int trials, double p) { throw no(); }
    @Override public IntSampler categorical(UniformRandomProvider rng, double[] weights) { throw no(); }
    @Override public IntSampler categoricalFromLogWeights(UniformRandomProvider rng, double[] w) { throw no(); }
    @Override public VectorSampler dirichlet(UniformRandomProvider rng, double[] alpha) { throw no(); }
    @Override public VectorSampler dirichlet(UniformRandomProvider rng, int k, double alpha) { throw no(); }
    @Override public IntVectorSampler multinomial(UniformRandomProvider rng, int trials, double[] p) { throw no(); }
    @Override public VectorSampler multivariateNormal(UniformRandomProvider rng, double[] m, double[][] c) { throw no(); }
    @Override public MatrixSampler wishart(UniformRandomProvider rng, double df, double[][] scale) { throw no(); }
    @Override public MatrixSampler inverseWishart(UniformRandomProvider rng, double df, double[][] s) { throw no(); }
    @Override public double nextGamma(UniformRandomProvider rng, double shape, double scale) { throw no(); }
    @Override public double nextLogGamma(UniformRandomProvider rng, double shape) { throw no(); }
    @Override public double nextBeta(UniformRandomProvider rng, double a, double b) { throw no(); }
    @Override public double nextStandardNormal(UniformRandomProvider rng) { throw no(); }
    @Override public void nextDirichlet(UniformRandomProvider rng, double[] a, int f, int l, double[] o) { throw no(); }
    @Override public int nextCategoricalFromLogWeights(UniformRandomProvider rng, double[] w, int l) { throw no(); }
    @Override public int nextCategorical(UniformRandomProvider rng, double[] w, int l) { throw no(); }
    @Override public NormalGammaDraw nextNormalGamma(UniformRandomProvider r, double m, double k, double a, double b) {
        throw no();
    }
    @Override public NormalInverseWishartDraw nextNormalInverseWishart(UniformRandomProvider r, double[] m, double k,
            double nu, double[][] psi) {
        throw no();
    }
}
