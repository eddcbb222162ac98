package io.plate.sampler.mixture.impl;

import io.plate.api.sample.Distributions;
import io.plate.distributions.numerics.LogMath;
import io.plate.distributions.numerics.SpecialFunctions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The seed's sampler for a finite mixture of multinomials, with every variable instantiated:
 *
 * <ol>
 * <li>z_d | θ, π ∝ π_k Π_v θ_kv^x_dv for every document d — independent across documents given (θ, π),
 *     so the documents are split into fixed blocks sampled in parallel, each block with its own
 *     generator stream derived from the chain's, so the result does not depend on scheduling;</li>
 * <li>θ_k | z ~ Dirichlet(β + c_k), c_k the word counts of cluster k;</li>
 * <li>π | z ~ Dirichlet(α + m), m the cluster sizes.</li>
 * </ol>
 *
 * log θ is stored as {@code logTheta[word * K + k]}, so each non-zero of a document reads one
 * contiguous K-vector; nothing is allocated per document. The log joint is
 * log p(x | z, θ) + log p(z | π) + log p(θ) + log p(π), up to the multinomial coefficients.
 */
final class UncollapsedMultinomialChain extends MixtureChain {
    /** Documents per parallel block of the z-step. */
    static final int BLOCK_ROWS = 256;

    private final MultinomialComponents data;
    private final int k;
    private final int v;
    private final double alpha;
    private final double beta;
    private final double[] logTheta; // [word * k + cluster]
    private final double[] logPi;
    private final int[] wordCounts; // [word * k + cluster]
    private final int[] sizes;
    private final int blocks;
    private final UniformRandomProvider[] blockRng;
    private final double[][] blockScratch;
    private final int workers;
    private final UniformRandomProvider[] clusterRng;
    private final double[][] workerAlpha;
    private final double[][] workerOut;
    private final boolean parallel;

    UncollapsedMultinomialChain(MultinomialComponents data, double alpha, double beta, boolean parallel,
            ChainSettings settings, Distributions dist, UniformRandomProvider rng) {
        super(data.rows(), settings, dist);
        if (!(alpha > 0) || Double.isInfinite(alpha)) {
            throw new IllegalArgumentException("alpha must be > 0, got " + alpha);
        }
        if (!(beta > 0) || Double.isInfinite(beta)) {
            throw new IllegalArgumentException("beta must be > 0, got " + beta);
        }
        if (settings.fixedClusters() > settings.clusters()) {
            throw new IllegalArgumentException("k = " + settings.clusters() + " is less than the "
                    + settings.fixedClusters() + " labelled classes");
        }
        this.data = data;
        this.k = settings.clusters();
        this.v = data.vocabularySize();
        this.alpha = alpha;
        this.beta = beta;
        this.parallel = parallel;
        this.logTheta = new double[Math.multiplyExact(v, k)];
        this.logPi = new double[k];
        this.wordCounts = new int[v * k];
        this.sizes = new int[k];
        this.blocks = Math.max(1, (rows + BLOCK_ROWS - 1) / BLOCK_ROWS);
        this.blockRng = new UniformRandomProvider[blocks];
        this.blockScratch = new double[blocks][k];
        long base = rng.nextLong();
        for (int b = 0; b < blocks; b++) {
            blockRng[b] = dist.stream(base, b);
        }
        this.workers = parallel ? Math.max(1, Math.min(k, Runtime.getRuntime().availableProcessors())) : 1;
        this.clusterRng = new UniformRandomProvider[k];
        long cbase = rng.nextLong();
        for (int c = 0; c < k; c++) {
            clusterRng[c] = dist.stream(cbase, c);
        }
        this.workerAlpha = new double[workers][v];
        this.workerOut = new double[workers][v];
        initialise(rng);
    }

    @Override
    void seed(UniformRandomProvider rng, int[] out) {
        Seeding.seed(settings.init(), data, k, settings.fixed(), dist, rng, out);
    }

    @Override
    void assign(int[] slots, UniformRandomProvider rng) {
        System.arraycopy(slots, 0, z, 0, rows);
        countAndDraw(rng);
    }

    @Override
    public void sweep(UniformRandomProvider rng) {
        if (parallel && blocks > 1) {
            IntStream.range(0, blocks).parallel().forEach(this::sampleBlock);
        } else {
            for (int b = 0; b < blocks; b++) {
                sampleBlock(b);
            }
        }
        countAndDraw(rng);
    }

    /** z-step for the documents of block b, given θ and π. */
    private void sampleBlock(int b) {
        final double[] acc = blockScratch[b];
        final UniformRandomProvider g = blockRng[b];
        final int[] start = data.docStart();
        final int[] words = data.words();
        final int[] counts = data.wordCounts();
        final int kk = k;
        int end = Math.min(rows, (b + 1) * BLOCK_ROWS);
        for (int d = b * BLOCK_ROWS; d < end; d++) {
            if (settings.isFixed(d)) {
                continue;
            }
            System.arraycopy(logPi, 0, acc, 0, kk);
            for (int p = start[d], e = start[d + 1]; p < e; p++) {
                double x = counts[p];
                int base = words[p] * kk;
                for (int c = 0; c < kk; c++) {
                    acc[c] += x * logTheta[base + c];
                }
            }
            z[d] = dist.nextCategoricalFromLogWeights(g, acc, kk);
        }
    }

    /** Counts per cluster from z, then θ | z and π | z. */
    private void countAndDraw(UniformRandomProvider rng) {
        Arrays.fill(wordCounts, 0);
        Arrays.fill(sizes, 0);
        final int[] start = data.docStart();
        final int[] words = data.words();
        final int[] counts = data.wordCounts();
        for (int d = 0; d < rows; d++) {
            int c = z[d];
            sizes[c]++;
            for (int p = start[d], e = start[d + 1]; p < e; p++) {
                wordCounts[words[p] * k + c] += counts[p];
            }
        }
        if (workers > 1) {
            IntStream.range(0, workers).parallel().forEach(this::drawThetas);
        } else {
            drawThetas(0);
        }
        for (int c = 0; c < k; c++) {
            logPi[c] = dist.nextLogGamma(rng, sizes[c] + alpha);
        }
        LogMath.normalizeLog(logPi, 0, k);
    }

    /** θ_c ~ Dirichlet(β + counts of c) for the clusters c ≡ w (mod workers), each on its own stream. */
    private void drawThetas(int w) {
        double[] a = workerAlpha[w];
        double[] out = workerOut[w];
        for (int c = w; c < k; c += workers) {
            UniformRandomProvider g = clusterRng[c];
            if (beta >= 1) {
                for (int t = 0; t < v; t++) {
                    a[t] = beta + wordCounts[t * k + c];
                }
                dist.nextDirichlet(g, a, 0, v, out);
                for (int t = 0; t < v; t++) {
                    logTheta[t * k + c] = Math.log(out[t]);
                }
            } else {
                // shapes below 1 can underflow as plain gamma draws: draw their logarithms instead
                for (int t = 0; t < v; t++) {
                    out[t] = dist.nextLogGamma(g, beta + wordCounts[t * k + c]);
                }
                LogMath.normalizeLog(out, 0, v);
                for (int t = 0; t < v; t++) {
                    logTheta[t * k + c] = out[t];
                }
            }
        }
    }

    @Override
    double logJoint() {
        double lj = SpecialFunctions.logGamma(k * alpha) - k * SpecialFunctions.logGamma(alpha);
        for (int c = 0; c < k; c++) {
            lj += (sizes[c] + alpha - 1) * logPi[c];
        }
        double thetaNorm = SpecialFunctions.logGamma(v * beta) - v * SpecialFunctions.logGamma(beta);
        lj += k * thetaNorm;
        for (int t = 0, i = 0; t < v; t++) {
            for (int c = 0; c < k; c++, i++) {
                lj += (wordCounts[i] + beta - 1) * logTheta[i];
            }
        }
        return lj;
    }

    @Override
    int slotCount() {
        return k;
    }

    @Override
    int slotSize(int slot) {
        return sizes[slot];
    }

    @Override
    List<String> parameterNames() {
        return List.of("top_words");
    }

    /** The ten most probable words of the cluster's current θ draw. */
    @Override
    List<String> describeSlot(int slot) {
        int n = Math.min(10, v);
        int[] best = new int[n];
        double[] bestLog = new double[n];
        Arrays.fill(bestLog, Double.NEGATIVE_INFINITY);
        for (int t = 0; t < v; t++) {
            double lt = logTheta[t * k + slot];
            if (lt > bestLog[n - 1]) {
                int i = n - 1;
                while (i > 0 && bestLog[i - 1] < lt) {
                    best[i] = best[i - 1];
                    bestLog[i] = bestLog[i - 1];
                    i--;
                }
                best[i] = t;
                bestLog[i] = lt;
            }
        }
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            parts.add(data.vocabulary().get(best[i]) + ":" + String.format(Locale.ROOT, "%.4f", Math.exp(bestLog[i])));
        }
        return List.of(String.join(" ", parts));
    }

    /** log θ of word {@code t} in cluster {@code c} (for tests). */
    double logTheta(int t, int c) {
        return logTheta[t * k + c];
    }

    double logPi(int c) {
        return logPi[c];
    }
}
