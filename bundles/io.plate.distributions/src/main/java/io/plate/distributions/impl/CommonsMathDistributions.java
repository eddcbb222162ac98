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
import io.plate.distributions.numerics.LogMath;
import org.apache.commons.math3.distribution.BetaDistribution;
import org.apache.commons.math3.distribution.BinomialDistribution;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.commons.math3.distribution.EnumeratedIntegerDistribution;
import org.apache.commons.math3.distribution.GammaDistribution;
import org.apache.commons.math3.distribution.MultivariateNormalDistribution;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.CholeskyDecomposition;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.rng.UniformRandomProvider;
import org.osgi.framework.Constants;
import org.osgi.service.component.annotations.Component;

/**
 * The reference provider ({@code plate.distributions=commons-math}, ranking 0): every variate comes
 * from an Apache Commons Math 3 distribution object ({@code GammaDistribution}, {@code BetaDistribution},
 * {@code TDistribution} by inversion, {@code BinomialDistribution} by inversion,
 * {@code EnumeratedIntegerDistribution}, {@code MultivariateNormalDistribution} by eigen-decomposition,
 * {@code ChiSquaredDistribution}) drawing from the caller's generator through
 * {@link RandomGeneratorAdapter}. Wishart is the Bartlett construction written with Commons Math
 * matrices, inverse-Wishart the explicit inverse of a Wishart(ν, Ψ⁻¹) draw. The log-space rules are the
 * same as the fast provider's (log Gamma(a) = log Gamma(a + 1) + log(U)/a below shape 1, Dirichlet
 * normalised with a log-sum-exp).
 *
 * <p>It is the correctness reference, not a fast path: the one-shot draws build a Commons Math
 * distribution per call, which allocates.
 */
@Component(service = Distributions.class, property = {
        Distributions.PROVIDER + "=" + CommonsMathDistributions.NAME,
        Constants.SERVICE_RANKING + ":Integer=0" })
public final class CommonsMathDistributions implements Distributions {
    public static final String NAME = "commons-math";

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
        GammaDistribution g = new GammaDistribution(new RandomGeneratorAdapter(rng), shape, scale);
        return g::sample;
    }

    @Override
    public DoubleSampler logGamma(UniformRandomProvider rng, double shape) {
        Checks.positive("shape", shape);
        RandomGeneratorAdapter r = new RandomGeneratorAdapter(rng);
        if (shape >= 1) {
            GammaDistribution g = new GammaDistribution(r, shape, 1);
            return () -> Math.log(g.sample());
        }
        GammaDistribution boosted = new GammaDistribution(r, shape + 1, 1);
        return () -> Math.log(boosted.sample()) + Math.log(Uniforms.openClosed(rng)) / shape;
    }

    @Override
    public DoubleSampler beta(UniformRandomProvider rng, double a, double b) {
        Checks.positive("a", a);
        Checks.positive("b", b);
        BetaDistribution d = new BetaDistribution(new RandomGeneratorAdapter(rng), a, b);
        return d::sample;
    }

    @Override
    public DoubleSampler normal(UniformRandomProvider rng, double mean, double sd) {
        Checks.finite("mean", mean);
        Checks.positive("sd", sd);
        NormalDistribution d = new NormalDistribution(new RandomGeneratorAdapter(rng), mean, sd);
        return d::sample;
    }

    @Override
    public DoubleSampler studentT(UniformRandomProvider rng, double df, double location, double scale) {
        Checks.positive("df", df);
        Checks.finite("location", location);
        Checks.positive("scale", scale);
        TDistribution t = new TDistribution(new RandomGeneratorAdapter(rng), df);
        return () -> location + scale * t.sample();
    }

    @Override
    public IntSampler bernoulli(UniformRandomProvider rng, double p) {
        Checks.probability("p", p);
        BinomialDistribution d = new BinomialDistribution(new RandomGeneratorAdapter(rng), 1, p);
        return d::sample;
    }

    @Override
    public IntSampler binomial(UniformRandomProvider rng, int trials, double p) {
        Checks.nonNegative("trials", trials);
        Checks.probability("p", p);
        BinomialDistribution d = new BinomialDistribution(new RandomGeneratorAdapter(rng), trials, p);
        return d::sample;
    }

    @Override
    public IntSampler categorical(UniformRandomProvider rng, double[] weights) {
        double sum = Checks.weights("weights", weights, weights == null ? 0 : weights.length);
        double[] p = new double[weights.length];
        for (int i = 0; i < p.length; i++) {
            p[i] = weights[i] / sum;
        }
        return enumerated(rng, p);
    }

    @Override
    public IntSampler categoricalFromLogWeights(UniformRandomProvider rng, double[] logWeights) {
        Checks.logWeights("logWeights", logWeights, logWeights == null ? 0 : logWeights.length);
        double[] p = new double[logWeights.length];
        LogMath.probabilitiesFromLog(logWeights, 0, logWeights.length, p);
        return enumerated(rng, p);
    }

    private static IntSampler enumerated(UniformRandomProvider rng, double[] p) {
        int[] values = new int[p.length];
        for (int i = 0; i < values.length; i++) {
            values[i] = i;
        }
        EnumeratedIntegerDistribution d = new EnumeratedIntegerDistribution(new RandomGeneratorAdapter(rng), values, p);
        return d::sample;
    }

    @Override
    public VectorSampler dirichlet(UniformRandomProvider rng, double[] alpha) {
        Checks.length("alpha", alpha, 2);
        Checks.allPositive("alpha", alpha, 0, alpha.length);
        DoubleSampler[] logGammas = new DoubleSampler[alpha.length];
        for (int i = 0; i < alpha.length; i++) {
            logGammas[i] = logGamma(rng, alpha[i]);
        }
        return new VectorSampler() {
            @Override
            public int dimension() {
                return logGammas.length;
            }

            @Override
            public void sample(double[] out) {
                for (int i = 0; i < logGammas.length; i++) {
                    out[i] = logGammas[i].sample();
                }
                LogMath.probabilitiesFromLog(out, 0, logGammas.length, out);
            }
        };
    }

    @Override
    public VectorSampler dirichlet(UniformRandomProvider rng, int k, double alpha) {
        if (k < 2) {
            throw new IllegalArgumentException("k must be >= 2, got " + k);
        }
        Checks.positive("alpha", alpha);
        double[] a = new double[k];
        java.util.Arrays.fill(a, alpha);
        return dirichlet(rng, a);
    }

    @Override
    public IntVectorSampler multinomial(UniformRandomProvider rng, int trials, double[] probabilities) {
        Checks.nonNegative("trials", trials);
        double sum = Checks.weights("probabilities", probabilities, probabilities == null ? 0 : probabilities.length);
        double[] p = new double[probabilities.length];
        for (int i = 0; i < p.length; i++) {
            p[i] = probabilities[i] / sum;
        }
        RandomGeneratorAdapter r = new RandomGeneratorAdapter(rng);
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
                    int c = left == 0 ? 0 : new BinomialDistribution(r, left, Math.min(1.0, p[i] / mass)).sample();
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
        CholeskyFactor f = CholeskyFactor.of("covariance", covariance); // validation with named messages
        FastDistributions.requireDimension("covariance", f.dimension(), mean.length);
        MultivariateNormalDistribution d = new MultivariateNormalDistribution(new RandomGeneratorAdapter(rng),
                mean.clone(), symmetrised(covariance));
        return new VectorSampler() {
            @Override
            public int dimension() {
                return mean.length;
            }

            @Override
            public void sample(double[] out) {
                double[] x = d.sample();
                System.arraycopy(x, 0, out, 0, x.length);
            }
        };
    }

    @Override
    public MatrixSampler wishart(UniformRandomProvider rng, double df, double[][] scale) {
        CholeskyFactor f = CholeskyFactor.of("scale", scale);
        FastDistributions.checkWishartDf(df, f.dimension());
        RealMatrix l = new CholeskyDecomposition(new Array2DRowRealMatrix(symmetrised(scale))).getL();
        RandomGeneratorAdapter r = new RandomGeneratorAdapter(rng);
        return matrixSampler(l.getRowDimension(), () -> bartlett(r, df, l));
    }

    @Override
    public MatrixSampler inverseWishart(UniformRandomProvider rng, double df, double[][] scale) {
        CholeskyFactor f = CholeskyFactor.of("scale", scale);
        FastDistributions.checkWishartDf(df, f.dimension());
        RealMatrix psiInverse = new CholeskyDecomposition(new Array2DRowRealMatrix(symmetrised(scale)))
                .getSolver().getInverse();
        RealMatrix l = new CholeskyDecomposition(symmetrised(psiInverse)).getL();
        RandomGeneratorAdapter r = new RandomGeneratorAdapter(rng);
        return matrixSampler(l.getRowDimension(), () -> invert(bartlett(r, df, l)));
    }

    private interface MatrixDraw {
        double[][] draw();
    }

    private static MatrixSampler matrixSampler(int p, MatrixDraw draw) {
        return new MatrixSampler() {
            @Override
            public int dimension() {
                return p;
            }

            @Override
            public double[][] sample() {
                return draw.draw();
            }
        };
    }

    /** Bartlett: W = L A Aᵀ Lᵀ, A_ii² ~ χ²(ν − i), A_ij ~ N(0, 1) below the diagonal. */
    private static double[][] bartlett(RandomGeneratorAdapter r, double df, RealMatrix l) {
        int p = l.getRowDimension();
        RealMatrix a = new Array2DRowRealMatrix(p, p);
        NormalDistribution normal = new NormalDistribution(r, 0, 1);
        for (int i = 0; i < p; i++) {
            a.setEntry(i, i, Math.sqrt(new ChiSquaredDistribution(r, df - i).sample()));
            for (int j = 0; j < i; j++) {
                a.setEntry(i, j, normal.sample());
            }
        }
        RealMatrix la = l.multiply(a);
        return symmetrised(la.multiply(la.transpose())).getData();
    }

    private static double[][] invert(double[][] w) {
        return symmetrised(new CholeskyDecomposition(new Array2DRowRealMatrix(w)).getSolver().getInverse()).getData();
    }

    private static double[][] symmetrised(double[][] m) {
        int n = m.length;
        double[][] s = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                s[i][j] = 0.5 * (m[i][j] + m[j][i]);
            }
        }
        return s;
    }

    private static RealMatrix symmetrised(RealMatrix m) {
        return new Array2DRowRealMatrix(symmetrised(m.getData()), false);
    }

    // --- one-shot draws -------------------------------------------------------------------------

    @Override
    public double nextGamma(UniformRandomProvider rng, double shape, double scale) {
        return gamma(rng, shape, scale).sample();
    }

    @Override
    public double nextLogGamma(UniformRandomProvider rng, double shape) {
        return logGamma(rng, shape).sample();
    }

    @Override
    public double nextBeta(UniformRandomProvider rng, double a, double b) {
        return beta(rng, a, b).sample();
    }

    @Override
    public double nextStandardNormal(UniformRandomProvider rng) {
        return new NormalDistribution(new RandomGeneratorAdapter(rng), 0, 1).sample();
    }

    @Override
    public void nextDirichlet(UniformRandomProvider rng, double[] alpha, int from, int length, double[] out) {
        if (length < 1) {
            throw new IllegalArgumentException("length must be >= 1, got " + length);
        }
        Checks.allPositive("alpha", alpha, from, length);
        for (int i = from; i < from + length; i++) {
            out[i] = nextLogGamma(rng, alpha[i]);
        }
        LogMath.probabilitiesFromLog(out, from, from + length, out);
    }

    @Override
    public int nextCategoricalFromLogWeights(UniformRandomProvider rng, double[] logWeights, int length) {
        Checks.logWeights("logWeights", logWeights, length);
        double[] p = new double[length];
        LogMath.probabilitiesFromLog(logWeights, 0, length, p);
        return enumerated(rng, p).sample();
    }

    @Override
    public int nextCategorical(UniformRandomProvider rng, double[] weights, int length) {
        double sum = Checks.weights("weights", weights, length);
        double[] p = new double[length];
        for (int i = 0; i < length; i++) {
            p[i] = weights[i] / sum;
        }
        return enumerated(rng, p).sample();
    }

    @Override
    public NormalGammaDraw nextNormalGamma(UniformRandomProvider rng, double mu0, double kappa0, double a0, double b0) {
        Checks.finite("mu0", mu0);
        Checks.positive("kappa0", kappa0);
        Checks.positive("a0", a0);
        Checks.positive("b0", b0);
        RandomGeneratorAdapter r = new RandomGeneratorAdapter(rng);
        double precision = new GammaDistribution(r, a0, 1 / b0).sample();
        if (!(precision > 0)) {
            throw new ArithmeticException("precision underflowed to 0 for a0 = " + a0 + ", b0 = " + b0);
        }
        double mean = new NormalDistribution(r, mu0, 1 / Math.sqrt(kappa0 * precision)).sample();
        return new NormalGammaDraw(mean, precision);
    }

    @Override
    public NormalInverseWishartDraw nextNormalInverseWishart(UniformRandomProvider rng, double[] mu0, double kappa0,
            double nu0, double[][] psi0) {
        Checks.length("mu0", mu0, 1);
        Checks.allFinite("mu0", mu0);
        Checks.positive("kappa0", kappa0);
        CholeskyFactor f = CholeskyFactor.of("psi0", psi0);
        FastDistributions.requireDimension("psi0", f.dimension(), mu0.length);
        if (!(nu0 > f.dimension() - 1) || nu0 == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("nu0 must be > dimension - 1 = " + (f.dimension() - 1)
                    + " and finite, got " + nu0);
        }
        double[][] sigma = inverseWishart(rng, nu0, psi0).sample();
        double[][] meanCovariance = new double[sigma.length][sigma.length];
        for (int i = 0; i < sigma.length; i++) {
            for (int j = 0; j < sigma.length; j++) {
                meanCovariance[i][j] = sigma[i][j] / kappa0;
            }
        }
        double[] mean = new MultivariateNormalDistribution(new RandomGeneratorAdapter(rng), mu0.clone(),
                meanCovariance).sample();
        return new NormalInverseWishartDraw(mean, sigma);
    }
}
