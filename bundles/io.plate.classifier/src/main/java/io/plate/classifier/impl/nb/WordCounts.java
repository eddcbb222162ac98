package io.plate.classifier.impl.nb;

import io.plate.api.HeapCheck;
import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.data.SparseMatrix;
import io.plate.classifier.impl.TrainingRows;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Sufficient statistics of the count block: the weighted total of each (word, class) pair, laid out
 * {@code counts[word * K + k]} so that one word's K class values are contiguous. For the Bernoulli
 * model the values are first binarised (1 when greater than the threshold), so the statistic is a
 * weighted document frequency. Mergeable; the vocabulary of a merge is the union by text.
 */
final class WordCounts {
    final List<String> vocabulary;
    final int classes;
    final double[] counts;
    private final double[] totals; // per class, summed over words
    private final BoundVocabulary bound;

    WordCounts(List<String> vocabulary, int classes, double[] counts) {
        this(vocabulary, classes, counts, sumByClass(counts, classes));
    }

    /** With the per-class totals of {@code counts} already summed (by the counting pass). */
    private WordCounts(List<String> vocabulary, int classes, double[] counts, double[] totals) {
        this.bound = new BoundVocabulary(vocabulary);
        this.vocabulary = bound.words;
        this.classes = classes;
        this.counts = counts;
        this.totals = totals;
    }

    /**
     * Counts of the sparse block of {@code t}, or of its numeric columns read as dense counts when it has
     * no sparse block.
     *
     * @param binarize threshold, or NaN to keep the values
     * @param nonNegative refuse negative values (multinomial and complement models)
     */
    static WordCounts of(TrainingRows t, double binarize, boolean nonNegative, String learner) {
        SparseMatrix m = source(t.features, learner);
        int k = t.classCount();
        checkMemory(t.features, m, k, learner);
        double[] c = new double[m.columns() * k];
        double[] totals = new double[k];
        boolean bin = !Double.isNaN(binarize);
        for (int r = 0; r < t.y.length; r++) {
            int y = t.y[r];
            if (y < 0) {
                continue;
            }
            double w = t.w[r];
            double rowTotal = 0;
            for (int i = m.start(r), e = m.end(r); i < e; i++) {
                double x = m.value(i);
                if (bin) {
                    x = x > binarize ? 1 : 0;
                } else if (nonNegative && x < 0) {
                    throw new PlateException(learner + " needs counts >= 0: dataset '" + t.features.name()
                            + "', row " + (r + 1) + ", feature '" + m.vocabulary().get(m.column(i)) + "' is " + x);
                }
                double wx = w * x;
                c[m.column(i) * k + y] += wx;
                rowTotal += wx;
            }
            totals[y] += rowTotal;
        }
        // the totals are summed row by row here, word by word in sumByClass: equal up to rounding
        return fitted(m, k, c, totals);
    }

    /**
     * Bytes a model of word counts holds per (word, class) at the most: the counts and two tables made of them
     * (nb.dirichlet's a and log a; nb.complement's complement counts and weights; one for the others).
     */
    static final long BYTES_PER_WORD_CLASS = 24;

    /**
     * Refuses a model whose per-word tables would not fit in the heap (or in one Java array) before allocating
     * them: a 24-byte LibSVM file with index 30,000,000 makes 30,000,000 words.
     */
    private static void checkMemory(Dataset data, SparseMatrix m, int k, String learner) {
        long cells = (long) m.columns() * k;
        String what = learner + " on '" + data.name() + "'";
        String shape = String.format(java.util.Locale.ROOT, "%,d features × %,d classes", m.columns(), k);
        if (cells > Integer.MAX_VALUE - 8) {
            throw new PlateException(what + ": " + shape + " are more (word, class) counts than a Java array holds; "
                    + m.fewerColumns());
        }
        HeapCheck.require(BYTES_PER_WORD_CLASS * cells + m.columns(), what, shape, ", or " + m.fewerColumns());
    }

    /**
     * The counts over the words a model of these rows knows ({@link SparseMatrix#columnsToFit}): a view's
     * words that only held-out rows use are dropped (their counts are 0), so the vocabulary size V of the
     * smoothing is that of the training rows, as a vectoriser fitted on them gives.
     */
    private static WordCounts fitted(SparseMatrix m, int k, double[] c, double[] totals) {
        boolean[] keep = m.columnsToFit();
        int kept = 0;
        for (boolean b : keep) {
            kept += b ? 1 : 0;
        }
        if (kept == keep.length) {
            return new WordCounts(m.vocabulary(), k, c, totals);
        }
        List<String> vocabulary = new ArrayList<>(kept);
        double[] counts = new double[kept * k];
        for (int w = 0; w < keep.length; w++) {
            if (keep[w]) {
                System.arraycopy(c, w * k, counts, vocabulary.size() * k, k);
                vocabulary.add(m.vocabulary().get(w));
            }
        }
        return new WordCounts(vocabulary, k, counts, totals);
    }

    /**
     * The count matrix of a dataset ({@link Dataset#counts}: its sparse block, else its numeric columns as a
     * dense matrix, a missing value skipped like an absent word).
     */
    static SparseMatrix source(Dataset data, String learner) {
        return data.counts().orElseThrow(() -> new PlateException(learner + " needs word counts (a text or LibSVM"
                + " dataset) or numeric columns; '" + data.name() + "' has neither"));
    }

    int words() {
        return vocabulary.size();
    }

    /** Per-class sums over words (a copy). */
    double[] classTotals() {
        return totals.clone();
    }

    private static double[] sumByClass(double[] counts, int classes) {
        double[] t = new double[classes];
        for (int i = 0; i < counts.length; i += classes) {
            for (int c = 0; c < classes; c++) {
                t[c] += counts[i + c];
            }
        }
        return t;
    }

    static WordCounts merge(WordCounts a, WordCounts b) {
        int k = a.classes;
        if (a.vocabulary.equals(b.vocabulary)) {
            double[] c = a.counts.clone();
            for (int i = 0; i < c.length; i++) {
                c[i] += b.counts[i];
            }
            return new WordCounts(a.vocabulary, k, c);
        }
        Map<String, Integer> pos = new LinkedHashMap<>(2 * (a.words() + b.words()));
        for (String w : a.vocabulary) {
            pos.put(w, pos.size());
        }
        for (String w : b.vocabulary) {
            pos.putIfAbsent(w, pos.size());
        }
        double[] c = new double[pos.size() * k];
        System.arraycopy(a.counts, 0, c, 0, a.counts.length);
        for (int w = 0; w < b.words(); w++) {
            int to = pos.get(b.vocabulary.get(w)) * k;
            for (int j = 0; j < k; j++) {
                c[to + j] += b.counts[w * k + j];
            }
        }
        return new WordCounts(new ArrayList<>(pos.keySet()), k, c);
    }

    /**
     * Column map of {@code m}, the counts of scored dataset {@code data}, into this vocabulary: -1 for a word
     * the model never saw ({@link BoundVocabulary#bind}); the index from {@code cache} when given. Read-only.
     */
    int[] bind(Dataset data, SparseMatrix m, String learner, VocabularyIndexCache cache) {
        return bound.bind(data, m, learner, cache);
    }

    BoundVocabulary vocabulary() {
        return bound;
    }
}
