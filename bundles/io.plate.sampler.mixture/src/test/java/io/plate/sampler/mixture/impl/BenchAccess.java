package io.plate.sampler.mixture.impl;

import io.plate.api.data.Dataset;
import io.plate.api.learn.Params;
import io.plate.api.sample.Chain;
import io.plate.api.sample.Distributions;
import io.plate.distributions.numerics.LogMath;
import java.util.List;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Test-only access to the package-private chains for the benchmarks in {@code …impl.bench}: building
 * one chain directly (so that a sweep can be timed alone) and the held-out log predictive density.
 */
public final class BenchAccess {
    private BenchAccess() {
    }

    /** An uncollapsed (or collapsed) finite multinomial mixture chain over the dataset's counts. */
    public static Chain multinomial(Dataset d, int k, double alpha, double beta, boolean collapsed, boolean parallel,
            String init, Distributions dist, UniformRandomProvider rng) {
        return multinomial(d, k, alpha, beta, collapsed, parallel, init, 1, dist, rng);
    }

    /** The same with {@code restarts} initialisations of 10 sweeps each (the best log joint is kept). */
    public static Chain multinomial(Dataset d, int k, double alpha, double beta, boolean collapsed, boolean parallel,
            String init, int restarts, Distributions dist, UniformRandomProvider rng) {
        return multinomial(d, k, alpha, beta, collapsed, parallel, init, restarts, 0, dist, rng);
    }

    /** The same with {@code splitMerge} split–merge proposals a sweep (3 launch scans, the service's default). */
    public static Chain multinomial(Dataset d, int k, double alpha, double beta, boolean collapsed, boolean parallel,
            String init, int restarts, int splitMerge, Distributions dist, UniformRandomProvider rng) {
        ChainSettings s = new ChainSettings(k, Initialisation.parse(init), restarts, 10, null);
        MultinomialComponents c = MultinomialComponents.of(d, beta);
        return collapsed ? new FiniteMixtureChain(c, alpha, splitMerge, 3, s, dist, rng)
                : new UncollapsedMultinomialChain(c.corpus(), alpha, beta, parallel, splitMerge, 3, s, dist, rng);
    }

    /** Fraction of split–merge proposals a multinomial chain accepted (NaN without them). */
    public static double splitMergeAcceptance(Chain c) {
        return ((MixtureChain) c).splitMergeAcceptance();
    }

    /** A finite Gaussian mixture chain with the default priors of {@code mixture.gaussian}. */
    public static Chain gaussian(Dataset d, int k, String covariance, int restarts, Distributions dist,
            UniformRandomProvider rng) {
        return gaussian(d, k, Map.of(GaussianPriors.COVARIANCE, covariance), restarts, dist, rng);
    }

    /** The same with the prior scale given. */
    public static Chain gaussian(Dataset d, int k, String covariance, int restarts, double scale, Distributions dist,
            UniformRandomProvider rng) {
        return gaussian(d, k, Map.of(GaussianPriors.COVARIANCE, covariance, "prior_scale", Double.toString(scale)),
                restarts, dist, rng);
    }

    /**
     * A finite Gaussian mixture chain with the priors the service makes of the given Gaussian parameters
     * ({@code covariance}, {@code kappa0}, {@code nu0}, {@code prior_scale}; defaults where absent), the weights'
     * concentration {@code alpha} (default 1) and the
     * service's default split-merge moves.
     */
    public static Chain gaussian(Dataset d, int k, Map<String, String> priors, int restarts, Distributions dist,
            UniformRandomProvider rng) {
        ChainSettings s = new ChainSettings(k, Initialisation.KMEANS_PP, restarts, 10, null);
        Map<String, String> gaussian = new java.util.HashMap<>(priors);
        double alpha = Double.parseDouble(gaussian.getOrDefault("alpha", "1.0"));
        gaussian.remove("alpha");
        return new FiniteMixtureChain(priors(d, gaussian), alpha, 1, 3, s, dist, rng);
    }

    /**
     * The uncollapsed Gaussian mixture chain ({@code mixture.gaussian collapsed=false}, parallel blocks of the
     * default size) with the default priors, {@code restarts} k-means++ starts and {@code splitMerge} split–merge
     * proposals a sweep (3 launch scans, the service's default).
     */
    public static Chain uncollapsedGaussian(Dataset d, int k, String covariance, int restarts, int splitMerge,
            Distributions dist, UniformRandomProvider rng) {
        ChainSettings s = new ChainSettings(k, Initialisation.KMEANS_PP, restarts, 10, null);
        return new UncollapsedGaussianChain(priors(d, Map.of(GaussianPriors.COVARIANCE, covariance)), 1.0, true,
                UncollapsedGaussianChain.DEFAULT_ROWS_PER_BLOCK, splitMerge, 3, null, s, dist, rng);
    }

    /** A DP Gaussian mixture chain with the default priors of {@code mixture.dp-gaussian}, starting from k clusters. */
    public static Chain dpGaussian(Dataset d, int k, String covariance, Distributions dist, UniformRandomProvider rng) {
        return dpGaussian(d, k, Map.of(GaussianPriors.COVARIANCE, covariance), dist, rng);
    }

    /** The same with the Gaussian parameters given as for {@link #gaussian(Dataset, int, Map, int, Distributions, UniformRandomProvider)}. */
    public static Chain dpGaussian(Dataset d, int k, Map<String, String> priors, Distributions dist,
            UniformRandomProvider rng) {
        ChainSettings s = new ChainSettings(k, Initialisation.KMEANS_PP, 1, 0, null);
        return new DirichletProcessChain(priors(d, priors), 1.0, 1.0, 1.0, 5, 3, s, dist, rng);
    }

    private static Components priors(Dataset d, Map<String, String> given) {
        return GaussianPriors.components(NumericData.of(d), Params.parse(GaussianPriors.parameters(), given));
    }

    /**
     * The point estimate as a run computes it ({@link MixtureSummary}'s search settings) from the given
     * draws: returns {partition, {expected loss, best-draw expected loss}} via the two arrays.
     */
    public static int[] estimate(List<int[]> draws, String loss, int maxClusters, UniformRandomProvider rng,
            double[] losses) {
        List<int[]> search = MixtureSummary.evenly(draws, MixtureSummary.MAX_SEARCH_DRAWS);
        ExpectedLoss el = new ExpectedLoss(io.plate.api.sample.Clustering.Loss.parse(loss), search,
                draws.get(0).length);
        PartitionSearch.Result r = PartitionSearch.minimise(el, maxClusters,
                MixtureSummary.evenly(search, MixtureSummary.CANDIDATE_DRAWS), MixtureSummary.SEQUENTIAL_STARTS, rng);
        losses[0] = r.expectedLoss();
        losses[1] = r.bestDrawLoss();
        return r.partition();
    }

    /** The current cluster of every row. */
    public static int[] assignments(Chain c) {
        return ((MixtureChain) c).assignments();
    }

    /**
     * log p(x | training data, current state) of each test row under a finite Gaussian chain:
     * log Σ_k (m_k + α)/(n + Kα) · t_k(x), the Student-t predictive of every cluster.
     */
    public static double[] logPredictive(Chain chain, List<double[]> test) {
        if (chain instanceof DirichletProcessChain dp) {
            return logPredictiveDp(dp, test);
        }
        FiniteMixtureChain c = (FiniteMixtureChain) chain;
        Components comp = c.components();
        int k = c.slotCount();
        double n = comp.rows();
        double[] out = new double[test.size()];
        double[] lw = new double[k];
        for (int i = 0; i < out.length; i++) {
            double[] x = test.get(i);
            for (int j = 0; j < k; j++) {
                double w = Math.log((comp.size(j) + c.alpha()) / (n + k * c.alpha()));
                lw[j] = w + (comp instanceof FullGaussianComponents f ? f.logPredictiveOf(x, j)
                        : ((DiagonalGaussianComponents) comp).logPredictiveOf(x, j));
            }
            out[i] = LogMath.logSumExp(lw, 0, k);
        }
        return out;
    }

    /** DP: Σ_k m_k/(n + α) t_k(x) + α/(n + α) t_0(x), t_0 the prior predictive (an empty slot). */
    private static double[] logPredictiveDp(DirichletProcessChain c, List<double[]> test) {
        Components comp = c.components();
        int cap = comp.capacity();
        double n = comp.rows();
        double a = c.alpha();
        int empty = -1;
        for (int j = 0; j < cap && empty < 0; j++) {
            if (comp.size(j) == 0) {
                empty = j;
            }
        }
        double[] out = new double[test.size()];
        double[] lw = new double[cap + 1];
        for (int i = 0; i < out.length; i++) {
            double[] x = test.get(i);
            int m = 0;
            for (int j = 0; j < cap; j++) {
                if (comp.size(j) > 0 || j == empty) {
                    double w = comp.size(j) > 0 ? comp.size(j) / (n + a) : a / (n + a);
                    lw[m++] = Math.log(w) + (comp instanceof FullGaussianComponents f ? f.logPredictiveOf(x, j)
                            : ((DiagonalGaussianComponents) comp).logPredictiveOf(x, j));
                }
            }
            out[i] = LogMath.logSumExp(lw, 0, m);
        }
        return out;
    }

    /** Seconds {@code p}'s predictor takes to assign {@code rows} on {@code threads} threads (the split of its draws). */
    public static double predictSeconds(io.plate.api.sample.Posterior p, Dataset rows, int threads) {
        MixturePredictor<?> predictor = (MixturePredictor<?>) p.clusterPredictor().orElseThrow();
        long t0 = System.nanoTime();
        predictor.predict(rows, null, threads);
        return (System.nanoTime() - t0) / 1e9;
    }
}
