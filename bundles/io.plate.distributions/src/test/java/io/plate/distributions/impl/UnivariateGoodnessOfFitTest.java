package io.plate.distributions.impl;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.sample.Distributions;
import io.plate.api.sample.DoubleSampler;
import io.plate.api.sample.IntSampler;
import io.plate.api.sample.VectorSampler;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.DoubleUnaryOperator;
import java.util.function.IntToDoubleFunction;
import java.util.stream.Stream;
import org.apache.commons.math3.distribution.BetaDistribution;
import org.apache.commons.math3.distribution.BinomialDistribution;
import org.apache.commons.math3.distribution.GammaDistribution;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.special.Gamma;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Chi-square goodness of fit of every univariate sampler (and of the univariate marginals of the
 * multivariate ones) against Commons Math CDFs, over a grid of parameters that includes the edges, for
 * BOTH providers. See {@link GoodnessOfFit} for the test and its false-failure rate (1e-4 per case,
 * fixed seeds: deterministic). 20,000 draws per case, 50 equiprobable bins for continuous draws.
 *
 * <p>Gamma shapes below 0.1 are tested through the log-gamma draw: the variate itself underflows to 0
 * (shape 1e-3: half of the mass lies below 1e-300), so its CDF is checked in log space,
 * P(log X <= t) = P(shape, e^t), with the leading terms of the incomplete-gamma series
 * x^a e^(−x)/Γ(a+1) · (1 + x/(a+1)) where e^t is below 1e-8.
 */
class UnivariateGoodnessOfFitTest {
    private static final int N = 20_000;
    private static final int BINS = 50;
    private static final double[] TINY_TO_HUGE = {1e-3, 0.01, 0.1, 0.3, 0.5, 0.999, 1, 1.5, 4.5, 10, 100, 1e4, 1e6};

    record ContinuousCase(String name, BiFunction<Distributions, UniformRandomProvider, DoubleSampler> sampler,
            DoubleUnaryOperator cdf) {
        @Override
        public String toString() {
            return name;
        }
    }

    record DiscreteCase(String name, BiFunction<Distributions, UniformRandomProvider, IntSampler> sampler,
            IntToDoubleFunction pmf, int min, int max) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Arguments> continuousCases() {
        List<ContinuousCase> cases = new ArrayList<>();
        for (double shape : TINY_TO_HUGE) {
            if (shape >= 0.1) {
                GammaDistribution ref = new GammaDistribution(shape, 1);
                cases.add(new ContinuousCase("gamma(" + shape + ")", (d, r) -> d.gamma(r, shape, 1), ref::cumulativeProbability));
            }
            cases.add(new ContinuousCase("logGamma(" + shape + ")", (d, r) -> d.logGamma(r, shape),
                    t -> logGammaCdf(shape, t)));
        }
        // the small-shape rejection sampler of bound plain draws, near its ends (it serves shapes below 0.5)
        for (double shape : new double[] {0.05, 0.45, 0.5}) {
            GammaDistribution ref = new GammaDistribution(shape, 1);
            cases.add(new ContinuousCase("gamma(" + shape + ")", (d, r) -> d.gamma(r, shape, 1), ref::cumulativeProbability));
        }
        for (double[] ps : new double[][] {{0.3, 2.5}, {4.5, 0.01}, {1e4, 3}}) {
            GammaDistribution ref = new GammaDistribution(ps[0], ps[1]);
            cases.add(new ContinuousCase("gamma(" + ps[0] + ", scale " + ps[1] + ")", (d, r) -> d.gamma(r, ps[0], ps[1]),
                    ref::cumulativeProbability));
            cases.add(new ContinuousCase("nextGamma(" + ps[0] + ", scale " + ps[1] + ")",
                    (d, r) -> () -> d.nextGamma(r, ps[0], ps[1]), ref::cumulativeProbability));
        }
        for (double shape : new double[] {1e-3, 0.3, 4.5}) {
            cases.add(new ContinuousCase("nextLogGamma(" + shape + ")", (d, r) -> () -> d.nextLogGamma(r, shape),
                    t -> logGammaCdf(shape, t)));
        }
        for (double[] ab : new double[][] {{0.5, 2}, {0.5, 0.5}, {1, 1}, {2, 5}, {0.1, 0.1}, {0.01, 1}, {5, 0.2},
                {100, 300}, {1e4, 2e4}}) {
            BetaDistribution ref = new BetaDistribution(ab[0], ab[1]);
            cases.add(new ContinuousCase("beta(" + ab[0] + ", " + ab[1] + ")", (d, r) -> d.beta(r, ab[0], ab[1]),
                    ref::cumulativeProbability));
        }
        for (double[] ab : new double[][] {{0.5, 2}, {3, 0.7}, {0.05, 0.3}}) {
            BetaDistribution ref = new BetaDistribution(ab[0], ab[1]);
            cases.add(new ContinuousCase("nextBeta(" + ab[0] + ", " + ab[1] + ")", (d, r) -> () -> d.nextBeta(r, ab[0], ab[1]),
                    ref::cumulativeProbability));
        }
        // the kernels themselves (the same for both providers' runs: they do not use the provider)
        cases.add(new ContinuousCase("ExponentialZiggurat", (d, r) -> () -> ExponentialZiggurat.next(r),
                x -> -Math.expm1(-x)));
        cases.add(new ContinuousCase("ExponentialZiggurat x - 7 given x > 7 (tail beyond R = 7.7)", (d, r) -> () -> {
            double x;
            do {
                x = ExponentialZiggurat.next(r);
            } while (x <= 7);
            return x - 7;
        }, x -> -Math.expm1(-x)));
        for (double[] ms : new double[][] {{0, 1}, {-3, 0.01}, {1e3, 50}}) {
            NormalDistribution ref = new NormalDistribution(ms[0], ms[1]);
            cases.add(new ContinuousCase("normal(" + ms[0] + ", " + ms[1] + ")", (d, r) -> d.normal(r, ms[0], ms[1]),
                    ref::cumulativeProbability));
        }
        NormalDistribution std = new NormalDistribution(0, 1);
        cases.add(new ContinuousCase("nextStandardNormal", (d, r) -> () -> d.nextStandardNormal(r), std::cumulativeProbability));
        // the ziggurat's tail (|x| > R = 3.44) and outer layers: |x| conditioned on |x| > 3
        double tail3 = 2 * (1 - std.cumulativeProbability(3));
        cases.add(new ContinuousCase("nextStandardNormal |x| given |x| > 3", (d, r) -> () -> {
            double x;
            do {
                x = Math.abs(d.nextStandardNormal(r));
            } while (x <= 3);
            return x;
        }, x -> x <= 3 ? 0 : (2 * std.cumulativeProbability(x) - 1 - (1 - tail3)) / tail3));
        for (double df : new double[] {0.5, 1, 3, 30, 1e6}) {
            TDistribution ref = new TDistribution(df);
            cases.add(new ContinuousCase("studentT(" + df + ", 2, 0.5)", (d, r) -> d.studentT(r, df, 2, 0.5),
                    x -> ref.cumulativeProbability((x - 2) / 0.5)));
        }
        // marginals of the vector samplers
        double[] alpha = {0.5, 1, 2, 5};
        BetaDistribution dirichletMarginal = new BetaDistribution(0.5, 8);
        cases.add(new ContinuousCase("dirichlet(0.5,1,2,5)[0]", (d, r) -> component(d.dirichlet(r, alpha), 0),
                dirichletMarginal::cumulativeProbability));
        BetaDistribution sparseMarginal = new BetaDistribution(0.1, 0.7);
        cases.add(new ContinuousCase("dirichlet(8 x 0.1)[3]", (d, r) -> component(d.dirichlet(r, 8, 0.1), 3),
                sparseMarginal::cumulativeProbability));
        // alpha below 0.1: the log-space path (log-gammas normalised by log-sum-exp)
        double[] small = {0.05, 0.5, 1};
        BetaDistribution smallMarginal = new BetaDistribution(0.5, 1.05);
        cases.add(new ContinuousCase("dirichlet(0.05,0.5,1)[1], log space", (d, r) -> component(d.dirichlet(r, small), 1),
                smallMarginal::cumulativeProbability));
        cases.add(new ContinuousCase("nextDirichlet(0.05,0.5,1)[1], log space", (d, r) -> {
            double[] out = new double[3];
            return () -> {
                d.nextDirichlet(r, small, 0, 3, out);
                return out[1];
            };
        }, smallMarginal::cumulativeProbability));
        BetaDistribution bigMarginal = new BetaDistribution(2, 6.5);
        cases.add(new ContinuousCase("nextDirichlet(0.5,1,2,5)[2] at offset 3", (d, r) -> {
            double[] a = {9, 9, 9, 0.5, 1, 2, 5, 9};
            double[] out = new double[a.length];
            return () -> {
                d.nextDirichlet(r, a, 3, 4, out);
                return out[5];
            };
        }, bigMarginal::cumulativeProbability));
        double[] mu = {1, -2, 0.5};
        double[][] cov = {{2, 0.6, -0.3}, {0.6, 1, 0.2}, {-0.3, 0.2, 0.5}};
        // a'x ~ N(a'mu, a' cov a) for a = (1, -1, 2): mean 1 + 2 + 1 = 4; variance 2+1+2 - 2*0.6 + 2*2*(-0.3) - 2*2*0.2 = 1.8+ ... computed below
        double[] a = {1, -1, 2};
        double m = 0;
        double v = 0;
        for (int i = 0; i < 3; i++) {
            m += a[i] * mu[i];
            for (int j = 0; j < 3; j++) {
                v += a[i] * cov[i][j] * a[j];
            }
        }
        NormalDistribution projection = new NormalDistribution(m, Math.sqrt(v));
        cases.add(new ContinuousCase("multivariateNormal projection", (d, r) -> {
            VectorSampler s = d.multivariateNormal(r, mu, cov);
            double[] out = new double[3];
            return () -> {
                s.sample(out);
                return a[0] * out[0] + a[1] * out[1] + a[2] * out[2];
            };
        }, projection::cumulativeProbability));
        double[][] scale = {{2, 0.5, 0.1}, {0.5, 1, -0.3}, {0.1, -0.3, 1.5}};
        // Wishart diagonal: W_ii ~ S_ii chi2(df) = Gamma(df/2, 2 S_ii)
        GammaDistribution wishartDiagonal = new GammaDistribution(6.0 / 2, 2 * 1.5);
        cases.add(new ContinuousCase("wishart(6, S)[2][2]", (d, r) -> {
            var s = d.wishart(r, 6, scale);
            return () -> s.sample()[2][2];
        }, wishartDiagonal::cumulativeProbability));
        // inverse-Wishart diagonal: X_ii ~ InvGamma((df - p + 1)/2, psi_ii/2): P(X <= x) = 1 - GammaCdf(1/x)
        GammaDistribution invDiagonal = new GammaDistribution((7.0 - 3 + 1) / 2, 2 / 2.0);
        cases.add(new ContinuousCase("inverseWishart(7, S)[0][0]", (d, r) -> {
            var s = d.inverseWishart(r, 7, scale);
            return () -> s.sample()[0][0];
        }, x -> 1 - invDiagonal.cumulativeProbability(1 / x)));
        // NIW: mean_0 ~ t(nu - p + 1, mu0_0, sqrt(psi_00 / (kappa0 (nu - p + 1))))
        TDistribution niwT = new TDistribution(7.0 - 3 + 1);
        double niwScale = Math.sqrt(2.0 / (0.5 * (7.0 - 3 + 1)));
        cases.add(new ContinuousCase("normalInverseWishart mean[0]",
                (d, r) -> () -> d.nextNormalInverseWishart(r, mu, 0.5, 7, scale).mean()[0],
                x -> niwT.cumulativeProbability((x - mu[0]) / niwScale)));
        cases.add(new ContinuousCase("normalInverseWishart covariance[0][0]",
                (d, r) -> () -> d.nextNormalInverseWishart(r, mu, 0.5, 7, scale).covariance()[0][0],
                x -> 1 - invDiagonal.cumulativeProbability(1 / x)));
        // Normal-Gamma(mu0 = 1, kappa0 = 2, a0 = 3, b0 = 4): precision ~ Gamma(3, scale 1/4),
        // mean ~ t(2 a0, mu0, sqrt(b0 / (a0 kappa0)))
        GammaDistribution ngPrecision = new GammaDistribution(3, 0.25);
        cases.add(new ContinuousCase("normalGamma precision", (d, r) -> () -> d.nextNormalGamma(r, 1, 2, 3, 4).precision(),
                ngPrecision::cumulativeProbability));
        TDistribution ngT = new TDistribution(6);
        double ngScale = Math.sqrt(4.0 / (3 * 2));
        cases.add(new ContinuousCase("normalGamma mean", (d, r) -> () -> d.nextNormalGamma(r, 1, 2, 3, 4).mean(),
                x -> ngT.cumulativeProbability((x - 1) / ngScale)));
        return withProviders(cases);
    }

    static Stream<Arguments> discreteCases() {
        List<DiscreteCase> cases = new ArrayList<>();
        for (double p : new double[] {0, 0.3, 1}) {
            cases.add(new DiscreteCase("bernoulli(" + p + ")", (d, r) -> d.bernoulli(r, p), k -> k == 1 ? p : 1 - p, 0, 1));
        }
        int[][] trials = {{0}, {1}, {10}, {48}, {49}, {100}, {1000}, {1_000_000}, {1_000_000}};
        double[] ps = {0.5, 0.5, 0.3, 0.9, 0.02, 0.5, 0.003, 0.4, 1e-5};
        for (int i = 0; i < ps.length; i++) {
            int n = trials[i][0];
            double p = ps[i];
            BinomialDistribution ref = new BinomialDistribution(n, p);
            cases.add(new DiscreteCase("binomial(" + n + ", " + p + ")", (d, r) -> d.binomial(r, n, p), ref::probability, 0, n));
        }
        double[] w = {0, 5, 0, 1, 4, 0.001};
        double wSum = 10.001;
        cases.add(new DiscreteCase("categorical(0,5,0,1,4,0.001)", (d, r) -> d.categorical(r, w), k -> w[k] / wSum, 0, 5));
        cases.add(new DiscreteCase("nextCategorical(first 5 of 0,5,0,1,4,0.001)",
                (d, r) -> () -> d.nextCategorical(r, w, 5), k -> k < 5 ? w[k] / 10 : 0, 0, 5));
        double[] lw = new double[20];
        for (int i = 0; i < lw.length; i++) {
            lw[i] = -1000 - 0.3 * i + (i % 3 == 0 ? 1.5 : 0);
        }
        lw[7] = Double.NEGATIVE_INFINITY;
        double lse = 0;
        double max = lw[0];
        for (double x : lw) {
            max = Math.max(max, x);
        }
        for (double x : lw) {
            lse += Math.exp(x - max);
        }
        double logNorm = max + Math.log(lse);
        cases.add(new DiscreteCase("categoricalFromLogWeights(20, around -1000)", (d, r) -> d.categoricalFromLogWeights(r, lw),
                k -> Math.exp(lw[k] - logNorm), 0, 19));
        cases.add(new DiscreteCase("nextCategoricalFromLogWeights(20, around -1000)",
                (d, r) -> () -> d.nextCategoricalFromLogWeights(r, lw, 20), k -> Math.exp(lw[k] - logNorm), 0, 19));
        double[] mp = {0.1, 0.2, 0.3, 0.4};
        BinomialDistribution multinomialMarginal = new BinomialDistribution(30, 0.3);
        cases.add(new DiscreteCase("multinomial(30, .1,.2,.3,.4)[2]", (d, r) -> {
            var s = d.multinomial(r, 30, mp);
            int[] out = new int[4];
            return () -> {
                s.sample(out);
                return out[2];
            };
        }, multinomialMarginal::probability, 0, 30));
        return withProviders(cases);
    }

    private static <T> Stream<Arguments> withProviders(List<T> cases) {
        List<Arguments> args = new ArrayList<>();
        for (Distributions d : Providers.both()) {
            for (int i = 0; i < cases.size(); i++) {
                args.add(Arguments.of(d.provider(), d, cases.get(i), 1000L + i));
            }
        }
        return args.stream();
    }

    @ParameterizedTest(name = "{0}: {2}")
    @MethodSource("continuousCases")
    void continuousDrawsFitTheReferenceCdf(String provider, Distributions d, ContinuousCase c, long seed) {
        DoubleSampler s = c.sampler().apply(d, Providers.rng(seed));
        double[] x = new double[N];
        for (int i = 0; i < N; i++) {
            x[i] = s.sample();
            assertTrue(!Double.isNaN(x[i]), () -> c.name() + " drew NaN");
        }
        double p = GoodnessOfFit.continuous(x, c.cdf(), BINS);
        assertTrue(p >= GoodnessOfFit.ALPHA, () -> provider + " " + c.name() + ": chi-square p-value " + p);
    }

    @ParameterizedTest(name = "{0}: {2}")
    @MethodSource("discreteCases")
    void discreteDrawsFitTheReferencePmf(String provider, Distributions d, DiscreteCase c, long seed) {
        IntSampler s = c.sampler().apply(d, Providers.rng(seed));
        int[] x = new int[N];
        for (int i = 0; i < N; i++) {
            x[i] = s.sample();
        }
        double p = GoodnessOfFit.discrete(x, c.pmf(), c.min(), c.max());
        assertTrue(p >= GoodnessOfFit.ALPHA, () -> provider + " " + c.name() + ": chi-square p-value " + p);
    }

    /** P(log X <= t) for X ~ Gamma(a, 1). */
    static double logGammaCdf(double a, double t) {
        double x = Math.exp(t);
        if (x < 1e-8) {
            return Math.exp(a * t - x - Gamma.logGamma(a + 1)) * (1 + x / (a + 1));
        }
        return Gamma.regularizedGammaP(a, x);
    }

    private static DoubleSampler component(VectorSampler s, int i) {
        double[] out = new double[s.dimension()];
        return () -> {
            s.sample(out);
            return out[i];
        };
    }
}
