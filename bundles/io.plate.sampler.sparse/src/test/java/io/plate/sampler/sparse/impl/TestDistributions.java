package io.plate.sampler.sparse.impl;

import io.plate.api.sample.DoubleSampler;
import io.plate.api.sample.IntSampler;
import io.plate.api.sample.IntVectorSampler;
import io.plate.api.sample.MatrixSampler;
import io.plate.api.sample.NormalGammaDraw;
import io.plate.api.sample.NormalInverseWishartDraw;
import io.plate.api.sample.VectorSampler;
import org.apache.commons.rng.JumpableUniformRandomProvider;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.AhrensDieterMarsagliaTsangGammaSampler;
import org.apache.commons.rng.simple.RandomSource;

/**
 * A Distributions provider for this module's tests, built on Commons RNG's samplers (independent of the
 * distributions bundle, whose implementation is tested there): the one-shot draws the sparse samplers
 * use, and streams by jumps. Everything else is unsupported.
 */
class TestDistributions implements io.plate.api.sample.Distributions {
    @Override
    public String provider() {
        return "test-commons-rng";
    }

    @Override
    public UniformRandomProvider stream(long seed, int index) {
        JumpableUniformRandomProvider g = (JumpableUniformRandomProvider) RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        for (int i = 0; i < index; i++) {
            g.jump();
        }
        return g;
    }

    static UniformRandomProvider rng(long seed) {
        return RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
    }

    @Override
    public double nextGamma(UniformRandomProvider rng, double shape, double scale) {
        return AhrensDieterMarsagliaTsangGammaSampler.of(rng, shape, scale).sample();
    }

    /** log Gamma(shape): for shape < 1, log G(shape + 1) + log(U) / shape (exact, no underflow). */
    @Override
    public double nextLogGamma(UniformRandomProvider rng, double shape) {
        if (shape >= 1) {
            return Math.log(nextGamma(rng, shape, 1));
        }
        double g = Math.log(nextGamma(rng, shape + 1, 1));
        return g + Math.log(1 - rng.nextDouble()) / shape;
    }

    @Override
    public double nextBeta(UniformRandomProvider rng, double a, double b) {
        double x = nextLogGamma(rng, a);
        double y = nextLogGamma(rng, b);
        double m = Math.max(x, y);
        return Math.exp(x - m) / (Math.exp(x - m) + Math.exp(y - m));
    }

    @Override
    public int nextCategoricalFromLogWeights(UniformRandomProvider rng, double[] w, int length) {
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < length; i++) {
            max = Math.max(max, w[i]);
        }
        if (!(max > Double.NEGATIVE_INFINITY) || Double.isInfinite(max)) {
            throw new IllegalArgumentException("no finite weight");
        }
        double sum = 0;
        for (int i = 0; i < length; i++) {
            sum += Math.exp(w[i] - max);
        }
        double u = rng.nextDouble() * sum;
        int last = 0;
        for (int i = 0; i < length; i++) {
            double e = Math.exp(w[i] - max);
            if (e > 0) {
                last = i;
            }
            u -= e;
            if (u < 0) {
                return i;
            }
        }
        return last;
    }

    @Override
    public int nextCategorical(UniformRandomProvider rng, double[] w, int length) {
        double sum = 0;
        for (int i = 0; i < length; i++) {
            sum += w[i];
        }
        double u = rng.nextDouble() * sum;
        for (int i = 0; i < length; i++) {
            u -= w[i];
            if (u < 0) {
                return i;
            }
        }
        return length - 1;
    }

    @Override
    public void nextDirichlet(UniformRandomProvider rng, double[] alpha, int from, int length, double[] out) {
        double max = Double.NEGATIVE_INFINITY;
        for (int i = from; i < from + length; i++) {
            out[i] = nextLogGamma(rng, alpha[i]);
            max = Math.max(max, out[i]);
        }
        double s = 0;
        for (int i = from; i < from + length; i++) {
            out[i] = Math.exp(out[i] - max);
            s += out[i];
        }
        for (int i = from; i < from + length; i++) {
            out[i] /= s;
        }
    }

    private static UnsupportedOperationException no() {
        return new UnsupportedOperationException("not needed by these tests");
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
    @Override public double nextStandardNormal(UniformRandomProvider rng) { throw no(); }
    @Override public NormalGammaDraw nextNormalGamma(UniformRandomProvider r, double m, double k, double a, double b) {
        throw no();
    }
    @Override public NormalInverseWishartDraw nextNormalInverseWishart(UniformRandomProvider r, double[] m, double k,
            double nu, double[][] psi) {
        throw no();
    }
}
