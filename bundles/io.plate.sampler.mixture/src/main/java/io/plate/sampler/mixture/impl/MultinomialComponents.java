package io.plate.sampler.mixture.impl;

import io.plate.api.data.Dataset;
import io.plate.api.data.SparseMatrix;
import io.plate.api.sample.ClusteringFiles;
import io.plate.distributions.numerics.SpecialFunctions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.IntUnaryOperator;

/**
 * Multinomial components with a symmetric Dirichlet(β) prior on each cluster's word distribution,
 * integrated out. The predictive of a whole document is the Dirichlet-multinomial ratio of gamma
 * functions
 *
 * <pre>
 *   p(x_d | cluster k) = Γ(Vβ + T_k) / Γ(Vβ + T_k + N_d) · Π_v Γ(β + c_kv + x_dv) / Γ(β + c_kv)
 * </pre>
 *
 * (up to the multinomial coefficient N_d! / Π x_dv!, which does not depend on the clustering), where
 * c_kv is the count of word v in cluster k and T_k the cluster's total. Each gamma ratio is a log
 * rising factorial, so a word seen x times costs x logarithms, and counts are laid out
 * {@code counts[word * capacity + k]} so that a document reads one contiguous K-vector per word.
 *
 * <p>The documents are a {@link MultinomialCorpus} shared read-only by all chains of a run; an instance
 * holds one chain's counts.
 */
public final class MultinomialComponents implements Components {
    private final MultinomialCorpus corpus;
    private final List<String> vocabulary;
    private final int vocabularySize;
    private final int[] docStart;
    private final int[] words;
    private final int[] wordCounts;
    private final double beta;
    private final double vBeta;
    private final double logRfBeta1; // log rising factorial of beta, 1 = log(beta)
    private int capacity;
    private int[] counts; // [word * capacity + k]
    private long[] totals;
    private int[] sizes;

    /** Empty statistics of one chain over the shared {@code corpus}. */
    public MultinomialComponents(MultinomialCorpus corpus, double beta) {
        if (!(beta > 0) || Double.isInfinite(beta)) {
            throw new IllegalArgumentException("beta must be > 0, got " + beta);
        }
        this.corpus = corpus;
        this.vocabulary = corpus.vocabulary();
        this.vocabularySize = corpus.vocabularySize();
        this.docStart = corpus.docStart();
        this.words = corpus.words();
        this.wordCounts = corpus.wordCounts();
        this.beta = beta;
        this.vBeta = vocabularySize * beta;
        this.logRfBeta1 = Math.log(beta);
        this.capacity = 0;
        this.counts = new int[0];
        this.totals = new long[0];
        this.sizes = new int[0];
    }

    /** Components over a corpus read from {@code m} for this instance alone. */
    public MultinomialComponents(SparseMatrix m, double beta) {
        this(new MultinomialCorpus(m), beta);
    }

    /** The multinomial components over the word counts of {@code data} ({@link MultinomialCorpus#of}). */
    public static MultinomialComponents of(Dataset data, double beta) {
        return new MultinomialComponents(MultinomialCorpus.of(data), beta);
    }

    /** The shared, read-only documents. */
    public MultinomialCorpus corpus() {
        return corpus;
    }

    public int vocabularySize() {
        return vocabularySize;
    }

    @Override
    public int rows() {
        return corpus.rows();
    }

    @Override
    public long bytesPerSlot() {
        return 4L * vocabularySize + 12; // a count per word, the total and the size
    }

    @Override
    public int capacity() {
        return capacity;
    }

    @Override
    public void ensureCapacity(int slots) {
        if (slots <= capacity) {
            return;
        }
        int[] c = new int[Math.multiplyExact(vocabularySize, slots)];
        for (int v = 0; v < vocabularySize; v++) {
            System.arraycopy(counts, v * capacity, c, v * slots, capacity);
        }
        counts = c;
        totals = Arrays.copyOf(totals, slots);
        sizes = Arrays.copyOf(sizes, slots);
        capacity = slots;
    }

    @Override
    public void clearAll() {
        Arrays.fill(counts, 0);
        Arrays.fill(totals, 0);
        Arrays.fill(sizes, 0);
    }

    @Override
    public void add(int row, int k) {
        for (int p = docStart[row], e = docStart[row + 1]; p < e; p++) {
            counts[words[p] * capacity + k] += wordCounts[p];
        }
        totals[k] += corpus.docLength(row);
        sizes[k]++;
    }

    @Override
    public void remove(int row, int k) {
        if (sizes[k] <= 0) {
            throw new IllegalStateException("row " + row + " removed from empty cluster slot " + k);
        }
        for (int p = docStart[row], e = docStart[row + 1]; p < e; p++) {
            counts[words[p] * capacity + k] -= wordCounts[p];
        }
        totals[k] -= corpus.docLength(row);
        sizes[k]--;
    }

    /** The count of word {@code word} in slot {@code k}. */
    int count(int word, int k) {
        return counts[word * capacity + k];
    }

    @Override
    public int size(int k) {
        return sizes[k];
    }

    @Override
    public double logPredictive(int row, int k) {
        double s = 0;
        for (int p = docStart[row], e = docStart[row + 1]; p < e; p++) {
            int x = wordCounts[p];
            double a = beta + counts[words[p] * capacity + k];
            s += x == 1 ? Math.log(a) : SpecialFunctions.logRisingFactorial(a, x);
        }
        return s - SpecialFunctions.logRisingFactorial(vBeta + totals[k], corpus.docLength(row));
    }

    @Override
    public void logPredictives(int row, int count, double[] out) {
        Arrays.fill(out, 0, count, 0.0);
        final int cap = capacity;
        for (int p = docStart[row], e = docStart[row + 1]; p < e; p++) {
            int x = wordCounts[p];
            int base = words[p] * cap;
            if (x == 1) {
                for (int k = 0; k < count; k++) {
                    out[k] += Math.log(beta + counts[base + k]);
                }
            } else {
                for (int k = 0; k < count; k++) {
                    out[k] += SpecialFunctions.logRisingFactorial(beta + counts[base + k], x);
                }
            }
        }
        int len = corpus.docLength(row);
        for (int k = 0; k < count; k++) {
            out[k] -= SpecialFunctions.logRisingFactorial(vBeta + totals[k], len);
        }
    }

    @Override
    public double logMarginal(int k) {
        if (sizes[k] == 0) {
            return 0;
        }
        double s = 0;
        for (int v = 0; v < vocabularySize; v++) {
            int c = counts[v * capacity + k];
            if (c == 1) {
                s += logRfBeta1;
            } else if (c > 1) {
                s += SpecialFunctions.logRisingFactorial(beta, c);
            }
        }
        return s - logRisingFactorialLong(vBeta, totals[k]);
    }

    private static double logRisingFactorialLong(double x, long n) {
        return SpecialFunctions.logGamma(x + n) - SpecialFunctions.logGamma(x);
    }

    @Override
    public List<String> parameterNames() {
        return List.of(ClusteringFiles.TOP_WORDS);
    }

    @Override
    public List<String> describe(int k) {
        return List.of(topWords(k, 10));
    }

    /** The {@code n} most probable words of slot {@code k} under its posterior mean, with probabilities. */
    String topWords(int k, int n) {
        return topWords(v -> counts[v * capacity + k], vocabularySize, totals[k], beta, vocabulary::get, n);
    }

    /**
     * The {@code n} most probable words of a cluster under its posterior mean given the partition, (c_v +
     * β) / (T + Vβ) with c_v = {@code count(v)} and T = {@code total}, as "word:probability" (ties: lower
     * v first); the collapsed and the uncollapsed chains both describe their clusters by it.
     */
    static String topWords(IntUnaryOperator count, int vocabularySize, long total, double beta,
            IntFunction<String> word, int n) {
        int[] best = new int[Math.min(n, vocabularySize)];
        int[] bestCount = new int[best.length];
        Arrays.fill(bestCount, -1);
        for (int v = 0; v < vocabularySize && best.length > 0; v++) {
            int c = count.applyAsInt(v);
            if (c > bestCount[best.length - 1]) {
                int i = best.length - 1;
                while (i > 0 && bestCount[i - 1] < c) {
                    best[i] = best[i - 1];
                    bestCount[i] = bestCount[i - 1];
                    i--;
                }
                best[i] = v;
                bestCount[i] = c;
            }
        }
        List<String> parts = new ArrayList<>();
        double denom = vocabularySize * beta + total;
        for (int i = 0; i < best.length; i++) {
            parts.add(word.apply(best[i]) + ":" + String.format(java.util.Locale.ROOT, "%.4f",
                    (bestCount[i] + beta) / denom));
        }
        return String.join(" ", parts);
    }

    @Override
    public double seedingDistance(int a, int b) {
        return corpus.seedingDistance(a, b);
    }
}
