package io.plate.distributions.impl;

import io.plate.api.sample.DoubleSampler;
import io.plate.api.sample.IntSampler;
import io.plate.api.sample.IntVectorSampler;
import io.plate.api.sample.MatrixSampler;
import io.plate.api.sample.NormalGammaDraw;
import io.plate.api.sample.NormalInverseWishartDraw;
import io.plate.api.sample.VectorSampler;
import io.plate.api.sample.Distributions;
import io.plate.distributions.numerics.CholeskyFactor;
import org.apache.commons.rng.UniformRandomProvider;
import org.osgi.framework.Constants;
import org.osgi.service.component.annotations.Component;

/**
 * The fast provider ({@code plate.distributions=fast}, ranking 100): stateless kernels that take the
 * generator as an argument, so the bound samplers and the one-shot draws share one code path and the
 * one-shot draws allocate nothing. Normals by a 128-layer {@link Ziggurat}; gammas by
 * {@link MarsagliaTsang} (log-space below shape 1); beta as a ratio of log-gammas; Student-t as a normal
 * over a scaled χ; binomial by {@link BinomialKernel}; categorical by {@link AliasTable} when bound;
 * Dirichlet by {@link FastDirichletSampler}; Wishart and inverse-Wishart by {@link BartlettWishart};
 * multivariate normal by {@link CholeskyFactor}.
 */
@Component(service = Distributions.class, property = {
        Distributions.PROVIDER + "=" + FastDistributions.NAME,
        Constants.SERVICE_RANKING + ":Integer=100" })
public final class FastDistributions implements Distributions {
    public static final String NAME = "fast";

    /**
     * Beta and Dirichlet draw their gammas in log space when a parameter is below this: at 0.1 a
     * Gamma(α) variate is below 1e-300 with probability about 1e-30, below it underflow becomes
     * likely (α = 1e-3: one draw in two), and a ratio of underflowed gammas would be 0/0.
     */
    static final double LOG_SPACE_BELOW = 0.1;

    @Override
    public String provider() {
        return NAME;
    }

    @Override
    public UniformRandomProvider stream(long seed, int index) {
        return RandomStreams.stream(seed, index);
    }

    // --- bound samplers -------------------------------------------------------------------------

    @Override
    public DoubleSampler gamma(UniformRandomProvider rng, double shape, double scale) {
        Checks.positive("shape", shape);
        Checks.positive("scale", scale);
        MarsagliaTsang.Bound g = new MarsagliaTsang.Bound(shape);
        return scale == 1 ? () -> g.next(rng) : () -> g.next(rng) * scale;
    }

    @Override
    public DoubleSampler logGamma(UniformRandomProvider rng, double shape) {
        Checks.positive("shape", shape);
        MarsagliaTsang.Bound g = new MarsagliaTsang.Bound(shape);
        return () -> g.nextLog(rng);
    }

    @Override
    public DoubleSampler beta(UniformRandomProvider rng, double a, double b) {
        Checks.positive("a", a);
        Checks.positive("b", b);
        MarsagliaTsang.Bound ga = new MarsagliaTsang.Bound(a);
        MarsagliaTsang.Bound gb = new MarsagliaTsang.Bound(b);
        if (Math.min(a, b) >= LOG_SPACE_BELOW) {
            return () -> {
                double x = ga.next(rng);
                return x / (x + gb.next(rng));
            };
        }
        return () -> betaFromLogs(ga.nextLog(rng), gb.nextLog(rng));
    }

    @Override
    public DoubleSampler normal(UniformRandomProvider rng, double mean, double sd) {
        Checks.finite("mean", mean);
        Checks.positive("sd", sd);
        return () -> mean + sd * Ziggurat.next(rng);
    }

    @Override
    public DoubleSampler studentT(UniformRandomProvider rng, double df, double location, double scale) {
        Checks.positive("df", df);
        Checks.finite("location", location);
        Checks.positive("scale", scale);
        MarsagliaTsang.Bound chiHalf = new MarsagliaTsang.Bound(df / 2);
        double halfDf = df / 2;
        return () -> location + scale * Ziggurat.next(rng) / Math.sqrt(chiHalf.next(rng) / halfDf);
    }

    @Override
    public IntSampler bernoulli(UniformRandomProvider rng, double p) {
        Checks.probability("p", p);
        return () -> rng.nextDouble() < p ? 1 : 0;
    }

    @Override
    public IntSampler binomial(UniformRandomProvider rng, int trials, double p) {
        Checks.nonNegative("trials", trials);
        Checks.probability("p", p);
        return () -> BinomialKernel.next(rng, trials, p);
    }

    @Override
    public IntSampler categorical(UniformRandomProvider rng, double[] weights) {
        double sum = Checks.weights("weights", weights, weights == null ? 0 : weights.length);
        double[] p = new double[weights.length];
        for (int i = 0; i < p.length; i++) {
            p[i] = weights[i] / sum;
        }
        AliasTable table = new AliasTable(p);
        return () -> table.sample(rng);
    }

    @Override
    public IntSampler categoricalFromLogWeights(UniformRandomProvider rng, double[] logWeights) {
        Checks.logWeights("logWeights", logWeights, logWeights == null ? 0 : logWeights.length);
        double[] p = new double[logWeights.length];
        io.plate.distributions.numerics.LogMath.probabilitiesFromLog(logWeights, 0, logWeights.length, p);
        AliasTable table = new AliasTable(p);
        return () -> table.sample(rng);
    }

    @Override
    public VectorSampler dirichlet(UniformRandomProvider rng, double[] alpha) {
        Checks.length("alpha", alpha, 2);
        Checks.allPositive("alpha", alpha, 0, alpha.length);
        return new FastDirichletSampler(rng, alpha);
    }

    @Override
    public VectorSampler dirichlet(UniformRandomProvider rng, int k, double alpha) {
        if (k < 2) {
            throw new IllegalArgumentException("k must be >= 2, got " + k);
        }
        Checks.positive("alpha", alpha);
        double[] a = new double[k];
        java.util.Arrays.fill(a, alpha);
        return new FastDirichletSampler(rng, a);
    }

    @Override
    public IntVectorSampler multinomial(UniformRandomProvider rng, int trials, double[] probabilities) {
        Checks.nonNegative("trials", trials);
        double sum = Checks.weights("probabilities", probabilities, probabilities == null ? 0 : probabilities.length);
        double[] p = new double[probabilities.length];
        for (int i = 0; i < p.length; i++) {
            p[i] = probabilities[i] / sum;
        }
        return new IntVectorSampler() {
            @Override
            public int dimension() {
                return p.length;
            }

            @Override
            public void sample(int[] out) {
                int left = trials;
                double mass = 1;
                int last = p.length - 1;
                for (int i = 0; i < last; i++) {
                    int c = left == 0 ? 0 : BinomialKernel.next(rng, left, Math.min(1.0, p[i] / mass));
                    out[i] = c;
                    left -= c;
                    mass -= p[i];
                }
                out[last] = left;
            }
        };
    }

    @Override
    public VectorSampler multivariateNormal(UniformRandomProvider rng, double[] mean, double[][] covariance) {
        Checks.length("mean", mean, 1);
        Checks.allFinite("mean", mean);
        CholeskyFactor factor = CholeskyFactor.of("covariance", covariance);
        requireDimension("covariance", factor.dimension(), mean.length);
        double[] mu = mean.clone();
        double[] z = new double[mu.length];
        return new VectorSampler() {
            @Override
            public int dimension() {
                return mu.length;
            }

            @Override
            public void sample(double[] out) {
                for (int i = 0; i < z.length; i++) {
                    z[i] = Ziggurat.next(rng);
                }
                factor.multiplyLower(z, mu, out);
            }
        };
    }

    @Override
    public MatrixSampler wishart(UniformRandomProvider rng, double df, double[][] scale) {
        CholeskyFactor factor = CholeskyFactor.of("scale", scale);
        checkWishartDf(df, factor.dimension());
        return matrixSampler(rng, new BartlettWishart(df, factor, false));
    }

    @Override
    public MatrixSampler inverseWishart(UniformRandomProvider rng, double df, double[][] scale) {
        CholeskyFactor factor = CholeskyFactor.of("scale", scale);
        checkWishartDf(df, factor.dimension());
        return matrixSampler(rng, new BartlettWishart(df, factor, true));
    }

    private static MatrixSampler matrixSampler(UniformRandomProvider rng, BartlettWishart bartlett) {
        return new MatrixSampler() {
            @Override
            public int dimension() {
                return bartlett.dimension();
            }

            @Override
            public double[][] sample() {
                return bartlett.sample(rng);
            }
        };
    }

    // --- one-shot draws -------------------------------------------------------------------------

    @Override
    public double nextGamma(UniformRandomProvider rng, double shape, double scale) {
        Checks.positive("shape", shape);
        Checks.positive("scale", scale);
        return MarsagliaTsang.next(rng, shape) * scale;
    }

    @Override
    public double nextLogGamma(UniformRandomProvider rng, double shape) {
        Checks.positive("shape", shape);
        return MarsagliaTsang.nextLog(rng, shape);
    }

    @Override
    public double nextBeta(UniformRandomProvider rng, double a, double b) {
        Checks.positive("a", a);
        Checks.positive("b", b);
        if (Math.min(a, b) >= LOG_SPACE_BELOW) {
            double x = MarsagliaTsang.next(rng, a);
            return x / (x + MarsagliaTsang.next(rng, b));
        }
        return betaFromLogs(MarsagliaTsang.nextLog(rng, a), MarsagliaTsang.nextLog(rng, b));
    }

    @Override
    public double nextStandardNormal(UniformRandomProvider rng) {
        return Ziggurat.next(rng);
    }

    @Override
    public void nextDirichlet(UniformRandomProvider rng, double[] alpha, int from, int length, double[] out) {
        if (length < 1) {
            throw new IllegalArgumentException("length must be >= 1, got " + length);
        }
        Checks.allPositive("alpha", alpha, from, length);
        int to = from + length;
        double min = Double.POSITIVE_INFINITY;
        for (int i = from; i < to; i++) {
            min = Math.min(min, alpha[i]);
        }
        if (min >= LOG_SPACE_BELOW) {
            double sum = 0;
            for (int i = from; i < to; i++) {
                double g = MarsagliaTsang.next(rng, alpha[i]);
                out[i] = g;
                sum += g;
            }
            if (sum >= Double.MIN_NORMAL) { // fails with probability < 1e-30: redraw that vector in log space
                double inv = 1 / sum;
                for (int i = from; i < to; i++) {
                    out[i] *= inv;
                }
                return;
            }
        }
        double max = Double.NEGATIVE_INFINITY;
        for (int i = from; i < to; i++) {
            double lg = MarsagliaTsang.nextLog(rng, alpha[i]);
            out[i] = lg;
            if (lg > max) {
                max = lg;
            }
        }
        normaliseLogInPlace(out, from, to, max);
    }

    /**
     * Weights more than this far (in log) below the largest are taken as 0: each is below 2e-22 of the
     * largest, under the 2^-53 resolution of the uniform that picks the index, so the draw is the same
     * as with them to that resolution, and most log weights of a sharp posterior cost no {@code exp}.
     */
    static final double NEGLIGIBLE_LOG_WEIGHT = 50;

    @Override
    public int nextCategoricalFromLogWeights(UniformRandomProvider rng, double[] logWeights, int length) {
        Checks.logWeights("logWeights", logWeights, length);
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < length; i++) {
            if (logWeights[i] > max) {
                max = logWeights[i];
            }
        }
        double floor = max - NEGLIGIBLE_LOG_WEIGHT;
        double sum = 0;
        for (int i = 0; i < length; i++) {
            double lw = logWeights[i];
            if (lw > floor) {
                sum += Math.exp(lw - max);
            }
        }
        double u = rng.nextDouble() * sum;
        int last = 0;
        for (int i = 0; i < length; i++) {
            double lw = logWeights[i];
            if (lw > floor) {
                last = i;
                u -= Math.exp(lw - max);
                if (u < 0) {
                    return i;
                }
            }
        }
        return last; // rounding: u landed on the sum
    }

    @Override
    public int nextCategorical(UniformRandomProvider rng, double[] weights, int length) {
        double sum = Checks.weights("weights", weights, length);
        double u = rng.nextDouble() * sum;
        int last = 0;
        for (int i = 0; i < length; i++) {
            double w = weights[i];
            if (w > 0) {
                last = i;
                u -= w;
                if (u < 0) {
                    return i;
                }
            }
        }
        return last;
    }

    @Override
    public NormalGammaDraw nextNormalGamma(UniformRandomProvider rng, double mu0, double kappa0, double a0, double b0) {
        Checks.finite("mu0", mu0);
        Checks.positive("kappa0", kappa0);
        Checks.positive("a0", a0);
        Checks.positive("b0", b0);
        double precision = MarsagliaTsang.next(rng, a0) / b0;
        if (!(precision > 0)) {
            // a0 so small that the precision underflowed: the mean's variance is unbounded
            throw new ArithmeticException("precision underflowed to 0 for a0 = " + a0 + ", b0 = " + b0);
        }
        double mean = mu0 + Ziggurat.next(rng) / Math.sqrt(kappa0 * precision);
        return new NormalGammaDraw(mean, precision);
    }

    @Override
    public NormalInverseWishartDraw nextNormalInverseWishart(UniformRandomProvider rng, double[] mu0, double kappa0,
            double nu0, double[][] psi0) {
        Checks.length("mu0", mu0, 1);
        Checks.allFinite("mu0", mu0);
        Checks.positive("kappa0", kappa0);
        CholeskyFactor factor = CholeskyFactor.of("psi0", psi0);
        requireDimension("psi0", factor.dimension(), mu0.length);
        if (!(nu0 > factor.dimension() - 1) || nu0 == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("nu0 must be > dimension - 1 = " + (factor.dimension() - 1)
                    + " and finite, got " + nu0);
        }
        double[][] sigma = new BartlettWishart(nu0, factor, true).sample(rng);
        CholeskyFactor sigmaFactor = CholeskyFactor.of("sampled covariance", sigma);
        int p = mu0.length;
        double[] z = new double[p];
        double s = 1 / Math.sqrt(kappa0);
        for (int i = 0; i < p; i++) {
            z[i] = Ziggurat.next(rng) * s;
        }
        double[] mean = new double[p];
        sigmaFactor.multiplyLower(z, mu0, mean);
        return new NormalInverseWishartDraw(mean, sigma);
    }

    // --- helpers --------------------------------------------------------------------------------

    /** x = Ga/(Ga + Gb) from log Ga and log Gb: 1/(1 + e^(lb − la)), exact when both gammas underflow. */
    static double betaFromLogs(double la, double lb) {
        return 1 / (1 + Math.exp(lb - la));
    }

    /** Replaces log weights {@code x[from..to)} (with maximum {@code max}) by normalised probabilities. */
    static void normaliseLogInPlace(double[] x, int from, int to, double max) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            double e = Math.exp(x[i] - max);
            x[i] = e;
            sum += e;
        }
        double inv = 1 / sum;
        for (int i = from; i < to; i++) {
            x[i] *= inv;
        }
    }

    static void requireDimension(String name, int actual, int expected) {
        if (actual != expected) {
            throw new IllegalArgumentException(name + " must be " + expected + " x " + expected
                    + " to match the mean, got " + actual + " x " + actual);
        }
    }

    static void checkWishartDf(double df, int p) {
        if (!(df > p - 1) || df == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("df must be > dimension - 1 = " + (p - 1) + " and finite, got " + df);
        }
    }
}
