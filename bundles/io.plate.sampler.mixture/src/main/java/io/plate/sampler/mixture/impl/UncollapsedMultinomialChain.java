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
 * θ is stored as {@code theta[word * K + k]} with the words renumbered by decreasing corpus frequency,
 * so each non-zero of a document reads one contiguous K-vector and the rows most documents read share
 * cache lines. Nothing is allocated per document: each block allocates its K-vector of scratch once per
 * sweep, on its worker thread, so that parallel blocks never write to one cache line.
 *
 * <p>With β ≥ {@value #LINEAR_MIN_BETA} θ and π are kept as plain probabilities: every gamma variate
 * with a count has shape ≥ 1, and one of shape β ≥ 0.1 falls below 1e-300 only when a uniform falls
 * below 1e-30, so no variate underflows in practice (and if one did, a document that could join no
 * cluster would stop the chain with an exception, never silently). The z-step multiplies (rescaling
 * by a power of two when the largest product gets small, and taking a word seen more than
 * {@value #LINEAR_MAX_COUNT} times in log space), which needs no logarithm per entry. Below that β, θ
 * and π are kept as logarithms of log-space gamma draws (exact for any shape) and the z-step adds.
 *
 * <p>θ is kept unnormalised: θ_kv = g_kv / S_k with g the gamma variates (scaled by 1/(Vβ + T_k), T_k
 * the tokens of cluster k, so that they stay about the size of θ) and S_k their sum. Since
 * Π_v θ_kv^x_dv = S_k^−N_d Π_v g_kv^x_dv, the z-step subtracts N_d log S_k once per document and
 * cluster instead of a pass that divides every entry. The log joint is
 * log p(x | z, θ) + log p(z | π) + log p(θ) + log p(π), up to the multinomial coefficients.
 */
final class UncollapsedMultinomialChain extends MixtureChain {
    /** Documents per parallel block of the z-step. */
    static final int BLOCK_ROWS = 256;
    /** In the linear z-step, a count above this is multiplied in log space (θ^x could underflow). */
    static final int LINEAR_MAX_COUNT = 8;
    /** Smallest β for which θ is kept as plain probabilities. */
    static final double LINEAR_MIN_BETA = 0.1;
    private static final double TINY = 0x1p-600;
    private static final double RESCALE = 0x1p600;
    private static final double LOG_RESCALE = 600 * Math.log(2);

    private final MultinomialComponents data;
    private final int k;
    private final int v;
    private final double alpha;
    private final double beta;
    private final boolean linear; // theta and pi hold probabilities (beta >= LINEAR_MIN_BETA), else their logarithms
    private final double[] theta; // [word * k + cluster], unnormalised: θ_kv = theta[v * k + c] / exp(logNorm[c])
    private final double[] logNorm; // per cluster: log of the sum of its unnormalised theta entries
    private final double[] scale; // per cluster: 1 / (Vβ + tokens of the cluster), the expected inverse normaliser
    private final int[] tokens; // per document: the number of tokens N_d
    private final long[] clusterTokens; // per cluster: the number of tokens of its documents
    private final double[] pi;
    private final int[] wordCounts; // [word * k + cluster]
    private final int[] sizes;
    private final int blocks;
    private final UniformRandomProvider[] blockRng;
    /** Doubles of padding around each block's partial sums, so that threads never write to one cache line. */
    private static final int PAD = 16;
    private final int[] words; // the documents' word ids renumbered by decreasing corpus frequency
    private final int[] rankToWord;
    private final int[] postStart; // word-major copy of the counts: documents of word rank t at
    private final int[] postDoc; // postStart[t]..postStart[t + 1]
    private final int[] postCount;
    private final int wordBlocks;
    private final UniformRandomProvider[] wordBlockRng;
    private final GammaTable prior; // Gamma(β), the draw of every entry with a zero count
    private final double[][] blockSums; // [word block][PAD + 2k + PAD]: per cluster partial normaliser (and max)
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
        this.linear = beta >= LINEAR_MIN_BETA;
        this.theta = new double[Math.multiplyExact(v, k)];
        this.logNorm = new double[k];
        this.scale = new double[k];
        this.tokens = new int[rows];
        this.clusterTokens = new long[k];
        this.pi = new double[k];
        this.wordCounts = new int[v * k];
        this.sizes = new int[k];
        this.blocks = Math.max(1, (rows + BLOCK_ROWS - 1) / BLOCK_ROWS);
        this.blockRng = new UniformRandomProvider[blocks];
        long base = rng.nextLong();
        for (int b = 0; b < blocks; b++) {
            blockRng[b] = dist.stream(base, b);
        }
        // frequent words first: the rows of θ that most non-zeros read sit together in cache; words of
        // equal frequency in the order of the first document that holds them, so that the z-step,
        // going through the documents in order, reads the rows of rare words (most of θ: 57% of the
        // 20news words are in one document) in increasing address order, which the prefetcher follows
        long[] freq = new long[v];
        int[] firstDoc = new int[v];
        Arrays.fill(firstDoc, Integer.MAX_VALUE);
        int[] allWords = data.words();
        int[] starts = data.docStart();
        for (int d = 0; d < rows; d++) {
            for (int p = starts[d], e = starts[d + 1]; p < e; p++) {
                int w = allWords[p];
                freq[w]++;
                firstDoc[w] = Math.min(firstDoc[w], d);
            }
        }
        Integer[] order = new Integer[v];
        for (int t = 0; t < v; t++) {
            order[t] = t;
        }
        java.util.Arrays.sort(order, (x, y) -> freq[x] != freq[y] ? Long.compare(freq[y], freq[x])
                : firstDoc[x] != firstDoc[y] ? Integer.compare(firstDoc[x], firstDoc[y]) : Integer.compare(x, y));
        this.rankToWord = new int[v];
        int[] wordToRank = new int[v];
        for (int r = 0; r < v; r++) {
            rankToWord[r] = order[r];
            wordToRank[order[r]] = r;
        }
        int[] original = data.words();
        this.words = new int[original.length];
        for (int p = 0; p < original.length; p++) {
            words[p] = wordToRank[original[p]];
        }
        // word-major (postings) copy, so that each word block counts its own words' rows of c
        this.postStart = new int[v + 1];
        for (int w : words) {
            postStart[w + 1]++;
        }
        for (int t = 0; t < v; t++) {
            postStart[t + 1] += postStart[t];
        }
        this.postDoc = new int[words.length];
        this.postCount = new int[words.length];
        int[] fill = Arrays.copyOf(postStart, v);
        int[] docStart = data.docStart();
        int[] docCounts = data.wordCounts();
        for (int d = 0; d < rows; d++) {
            for (int p = docStart[d], e = docStart[d + 1]; p < e; p++) {
                int q = fill[words[p]]++;
                postDoc[q] = d;
                postCount[q] = docCounts[p];
                tokens[d] += docCounts[p];
            }
        }
        this.wordBlocks = Math.max(1, Math.min(64, v / 1024));
        this.wordBlockRng = new UniformRandomProvider[wordBlocks];
        long cbase = rng.nextLong();
        for (int b = 0; b < wordBlocks; b++) {
            wordBlockRng[b] = dist.stream(cbase, b);
        }
        // most words have count 0 in a cluster: their shape is β, drawn from a table built once
        this.prior = linear ? GammaTable.plain(beta) : GammaTable.log(beta);
        this.blockSums = new double[wordBlocks][PAD + 2 * k + PAD];
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
        if (linear) {
            sampleBlockLinear(b);
        } else {
            sampleBlockLog(b);
        }
    }

    private void sampleBlockLog(int b) {
        final double[] acc = new double[k]; // per block and sweep, on the worker's own heap area
        final UniformRandomProvider g = blockRng[b];
        final int[] start = data.docStart();
        final int[] words = this.words;
        final int[] counts = data.wordCounts();
        final int kk = k;
        int end = Math.min(rows, (b + 1) * BLOCK_ROWS);
        for (int d = b * BLOCK_ROWS; d < end; d++) {
            if (settings.isFixed(d)) {
                continue;
            }
            double n = tokens[d];
            for (int c = 0; c < kk; c++) {
                acc[c] = pi[c] - n * logNorm[c];
            }
            for (int p = start[d], e = start[d + 1]; p < e; p++) {
                double x = counts[p];
                int base = words[p] * kk;
                for (int c = 0; c < kk; c++) {
                    acc[c] += x * theta[base + c];
                }
            }
            z[d] = dist.nextCategoricalFromLogWeights(g, acc, kk);
        }
    }

    private void sampleBlockLinear(int b) {
        final double[] scratch = new double[2 * k]; // per block and sweep, on the worker's own heap area
        final UniformRandomProvider g = blockRng[b];
        final int[] start = data.docStart();
        final int[] words = this.words;
        final int[] counts = data.wordCounts();
        final int kk = k;
        int end = Math.min(rows, (b + 1) * BLOCK_ROWS);
        for (int d = b * BLOCK_ROWS; d < end; d++) {
            if (settings.isFixed(d)) {
                continue;
            }
            // scratch[0..k): running products; scratch[k..2k): log factors of large counts
            System.arraycopy(pi, 0, scratch, 0, kk);
            java.util.Arrays.fill(scratch, kk, 2 * kk, 0.0);
            int rescales = 0;
            int since = 0;
            for (int p = start[d], e = start[d + 1]; p < e; p++) {
                int x = counts[p];
                int base = words[p] * kk;
                if (x == 1 && p + 1 < e && counts[p + 1] == 1) {
                    // two single words at once: half the loads and stores of the running products
                    int base2 = words[++p] * kk;
                    for (int c = 0; c < kk; c++) {
                        scratch[c] *= theta[base + c] * theta[base2 + c];
                    }
                    since++;
                } else if (x == 1) {
                    for (int c = 0; c < kk; c++) {
                        scratch[c] *= theta[base + c];
                    }
                } else if (x <= LINEAR_MAX_COUNT) {
                    for (int r = 0; r < x; r++) { // x whole-vector passes (vectorised) rather than a scalar power
                        for (int c = 0; c < kk; c++) {
                            scratch[c] *= theta[base + c];
                        }
                    }
                } else {
                    for (int c = 0; c < kk; c++) {
                        scratch[kk + c] += x * Math.log(theta[base + c]);
                    }
                }
                // at most four single words, or one repeated word, between checks keep the largest
                // product far above the smallest double
                if (x > 1 || ++since >= 3) {
                    since = 0;
                    double max = 0;
                    for (int c = 0; c < kk; c++) {
                        double y = scratch[c];
                        if (y > max) {
                            max = y;
                        }
                    }
                    if (max < TINY) {
                        for (int c = 0; c < kk; c++) {
                            scratch[c] *= RESCALE;
                        }
                        rescales++;
                    }
                }
            }
            double n = tokens[d];
            for (int c = 0; c < kk; c++) {
                scratch[c] = Math.log(scratch[c]) + scratch[kk + c] - rescales * LOG_RESCALE - n * logNorm[c];
            }
            z[d] = dist.nextCategoricalFromLogWeights(g, scratch, kk);
        }
    }

    /**
     * Cluster sizes from z; counts per word block and θ | z (parallel over word blocks); then π | z. θ is
     * left unnormalised: the z-step divides by the normaliser once per document and cluster, as
     * exp(−N_d · logNorm[c]), which saves a pass over all of θ.
     */
    private void countAndDraw(UniformRandomProvider rng) {
        Arrays.fill(sizes, 0);
        Arrays.fill(clusterTokens, 0);
        for (int d = 0; d < rows; d++) {
            sizes[z[d]]++;
            clusterTokens[z[d]] += tokens[d];
        }
        for (int c = 0; c < k; c++) {
            scale[c] = 1 / (v * beta + clusterTokens[c]);
        }
        if (parallel && wordBlocks > 1) {
            IntStream.range(0, wordBlocks).parallel().forEach(this::drawGammas);
        } else {
            for (int b = 0; b < wordBlocks; b++) {
                drawGammas(b);
            }
        }
        normalisers();
        for (int c = 0; c < k; c++) {
            pi[c] = dist.nextLogGamma(rng, sizes[c] + alpha);
        }
        LogMath.normalizeLog(pi, 0, k);
        if (linear) {
            for (int c = 0; c < k; c++) {
                pi[c] = Math.exp(pi[c]);
            }
        }
    }

    /** Words {@code [from, to)} of block b: contiguous ranks, about equal blocks. */
    private int blockStart(int b) {
        return (int) ((long) v * b / wordBlocks);
    }

    /**
     * θ_c ~ Dirichlet(β + counts of c) for every cluster, as gamma variates divided by their sum. The
     * words of block b draw their K variates, on the block's own stream, and the block keeps its partial
     * sum per cluster; {@link #normalisers()} adds the blocks' sums, and the variates are never divided
     * (the z-step and the log joint subtract log of the sum). Plain variates when β ≥ {@value #LINEAR_MIN_BETA}, their
     * logarithms otherwise (shapes below 1 can underflow). The blocks are fixed by the vocabulary size
     * and each has its own stream, so the draws do not depend on how many threads run them.
     */
    private void drawGammas(int b) {
        UniformRandomProvider g = wordBlockRng[b];
        double[] sums = blockSums[b];
        final int o = PAD; // sums of cluster c at o + c, maxima at o + k + c
        int from = blockStart(b) * k;
        int to = blockStart(b + 1) * k;
        // c_kv for the words of this block, from the postings: writes only this block's rows
        Arrays.fill(wordCounts, from, to, 0);
        for (int t = blockStart(b), te = blockStart(b + 1); t < te; t++) {
            int row = t * k;
            for (int q = postStart[t], e = postStart[t + 1]; q < e; q++) {
                wordCounts[row + z[postDoc[q]]] += postCount[q];
            }
        }
        final GammaTable prior = this.prior;
        java.util.Arrays.fill(sums, o, o + k, 0.0);
        if (linear) {
            // scaled by about the inverse of the cluster's normaliser, so that products stay below 1
            final double[] scale = this.scale;
            for (int i = from, c = 0; i < to; i++) {
                int n = wordCounts[i];
                double x = (n == 0 ? prior.next(g) : dist.nextGamma(g, beta + n, 1.0)) * scale[c];
                theta[i] = x;
                sums[o + c] += x;
                if (++c == k) {
                    c = 0;
                }
            }
        } else {
            java.util.Arrays.fill(sums, o + k, o + 2 * k, Double.NEGATIVE_INFINITY);
            for (int i = from, c = 0; i < to; i++) {
                int n = wordCounts[i];
                double l = n == 0 ? prior.nextLog(g) : dist.nextLogGamma(g, beta + n);
                theta[i] = l;
                if (l > sums[o + k + c]) {
                    sums[o + k + c] = l;
                }
                if (++c == k) {
                    c = 0;
                }
            }
            for (int i = from, c = 0; i < to; i++) {
                sums[o + c] += Math.exp(theta[i] - sums[o + k + c]);
                if (++c == k) {
                    c = 0;
                }
            }
        }
    }

    /** log of the normaliser of every cluster from the blocks' partial sums: a sum, or a log-sum-exp. */
    private void normalisers() {
        final int o = PAD;
        double[] norm = logNorm;
        for (int c = 0; c < k; c++) {
            if (linear) {
                double s = 0;
                for (double[] bs : blockSums) {
                    s += bs[o + c];
                }
                norm[c] = Math.log(s);
            } else {
                double max = Double.NEGATIVE_INFINITY;
                for (double[] bs : blockSums) {
                    max = Math.max(max, bs[o + k + c]);
                }
                double s = 0;
                for (double[] bs : blockSums) {
                    s += bs[o + c] * Math.exp(bs[o + k + c] - max);
                }
                norm[c] = max + Math.log(s);
            }
        }
    }

    @Override
    double logJoint() {
        double lj = SpecialFunctions.logGamma(k * alpha) - k * SpecialFunctions.logGamma(alpha);
        for (int c = 0; c < k; c++) {
            lj += (sizes[c] + alpha - 1) * logPi(c);
        }
        double thetaNorm = SpecialFunctions.logGamma(v * beta) - v * SpecialFunctions.logGamma(beta);
        lj += k * thetaNorm;
        for (int i = 0, c = 0, e = v * k; i < e; i++) {
            double w = wordCounts[i] + beta - 1;
            if (w != 0) {
                lj += w * ((linear ? Math.log(theta[i]) : theta[i]) - logNorm[c]);
            }
            if (++c == k) {
                c = 0;
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
            double lt = logTheta(t, slot);
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
            parts.add(data.vocabulary().get(rankToWord[best[i]]) + ":" + String.format(Locale.ROOT, "%.4f", Math.exp(bestLog[i])));
        }
        return List.of(String.join(" ", parts));
    }

    /** log θ in cluster {@code c} of the word of frequency rank {@code t}. */
    double logTheta(int t, int c) {
        double x = theta[t * k + c];
        return (linear ? Math.log(x) : x) - logNorm[c];
    }

    double logPi(int c) {
        return linear ? Math.log(pi[c]) : pi[c];
    }
}
