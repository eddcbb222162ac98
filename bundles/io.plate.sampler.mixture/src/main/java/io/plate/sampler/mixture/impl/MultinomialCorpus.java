package io.plate.sampler.mixture.impl;

import io.plate.api.HeapCheck;
import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.data.SparseMatrix;
import io.plate.api.text.Visible;
import java.util.List;

/**
 * The documents a multinomial mixture clusters, read once per run and shared read-only by every chain
 * (collapsed {@link MultinomialComponents} and {@link UncollapsedMultinomialChain} alike): each
 * document's non-zero words and counts in compressed rows, its length, and the tf-idf norms k-means++
 * seeding measures with. Immutable after construction; the arrays are never handed out for writing.
 */
public final class MultinomialCorpus {
    private final List<String> vocabulary;
    private final int vocabularySize;
    private final int[] docStart;
    private final int[] words;
    private final int[] wordCounts;
    private final int[] docLength;
    private final double[] docNorm; // L2 norm of the tf-idf vector
    private final double[] idf2; // squared smooth idf of each word (scikit-learn's TfidfTransformer)

    /** Reads the whole-number counts of {@code m}; zero entries are dropped. */
    public MultinomialCorpus(SparseMatrix m) {
        this(m, null);
    }

    /**
     * Reads the whole-number counts of {@code m}, the counts of dataset {@code dataset} (named in a refusal; null
     * for none); zero entries are dropped.
     */
    MultinomialCorpus(SparseMatrix m, String dataset) {
        this.vocabulary = m.vocabulary();
        this.vocabularySize = m.columns();
        int n = m.rows();
        this.docStart = new int[n + 1];
        long nnz = m.nonZeros();
        if (nnz > Integer.MAX_VALUE) {
            throw new PlateException("too many non-zeros for the multinomial mixture: " + nnz);
        }
        int[] df = new int[vocabularySize];
        for (int r = 0; r < n; r++) {
            for (int k = m.start(r), e = m.end(r); k < e; k++) {
                checkCount(m, r, k, dataset);
                if (m.value(k) > 0) {
                    df[m.column(k)]++;
                }
            }
        }
        this.words = new int[(int) nnz];
        this.wordCounts = new int[(int) nnz];
        this.docLength = new int[n];
        this.docNorm = new double[n];
        this.idf2 = new double[vocabularySize];
        for (int v = 0; v < vocabularySize; v++) {
            double idf = Math.log((1.0 + n) / (1.0 + df[v])) + 1;
            idf2[v] = idf * idf;
        }
        int p = 0;
        for (int r = 0; r < n; r++) {
            docStart[r] = p;
            long len = 0;
            double sq = 0;
            for (int k = m.start(r), e = m.end(r); k < e; k++) {
                int c = (int) m.value(k); // a whole number in [0, Integer.MAX_VALUE] (checkCount)
                if (c == 0) {
                    continue;
                }
                words[p] = m.column(k);
                wordCounts[p] = c;
                p++;
                len += c;
                sq += (double) c * c * idf2[m.column(k)];
            }
            if (len > Integer.MAX_VALUE) {
                throw new PlateException("the multinomial mixture needs documents of at most " + Integer.MAX_VALUE
                        + " words: " + where(dataset, r) + " holds " + len);
            }
            docLength[r] = (int) len;
            docNorm[r] = Math.sqrt(sq);
        }
        docStart[n] = p;
    }

    /**
     * Refuses a value at position {@code k} of row {@code r} that is no count of a word: not a whole number (2.5),
     * negative, or more than an {@code int} holds (CountVectorizer's counts are all three). One line naming the
     * dataset, the row counted from 1 (as assignments.csv and nb.multinomial's refusal count it) and the column.
     */
    private static void checkCount(SparseMatrix m, int r, int k, String dataset) {
        double v = m.value(k);
        if (v >= 0 && v <= Integer.MAX_VALUE && v == Math.rint(v)) {
            return;
        }
        String value = v == Math.rint(v) ? String.format(java.util.Locale.ROOT, "%.0f", v) : Double.toString(v);
        throw new PlateException("the multinomial mixture needs word counts, whole numbers from 0 to "
                + Integer.MAX_VALUE + ": " + where(dataset, r) + ", column '"
                + Visible.name(m.vocabulary().get(m.column(k))) + "' is " + value);
    }

    /** "dataset 'd', row 3" (rows counted from 1), or "row 3" without a dataset name. */
    private static String where(String dataset, int r) {
        return (dataset == null ? "" : "dataset '" + dataset + "', ") + "row " + (r + 1);
    }

    /**
     * The corpus of the word counts of {@code data} ({@link Dataset#counts}, as nb.multinomial reads them): its
     * sparse count block, else its numeric columns (a CSV of CountVectorizer counts; a missing value is an absent
     * word).
     */
    public static MultinomialCorpus of(Dataset data) {
        SparseMatrix m = data.counts().orElseThrow(() -> new PlateException("dataset '" + data.name()
                + "' has no word counts for a multinomial mixture: no sparse count block and no numeric columns"
                + data.target().map(t -> " (its numeric column '" + Visible.name(t.name()) + "' is the target: import"
                        + " with --no-label to cluster on it)").orElse(" (import a text corpus, a LibSVM file or a CSV"
                        + " of counts)")));
        // per word a document frequency and an idf, per document its offsets, length and norm, per non-zero two ints
        HeapCheck.require(12L * m.columns() + 20L * m.rows() + 8 * m.nonZeros(), "reading '" + data.name()
                + "' for a multinomial mixture", String.format(java.util.Locale.ROOT, "%,d features", m.columns()),
                ", or " + m.fewerColumns());
        return new MultinomialCorpus(m, data.name());
    }

    /**
     * These documents followed by the documents of {@code data} ({@link Dataset#counts}), their words matched to
     * this vocabulary by text ({@link SparseMatrix#mapTo}); a word not in it is left out, as CountVectorizer's
     * transform leaves it, since the clusters' word distributions have no term for it; how many of its words are
     * this vocabulary's goes to {@code found}.
     *
     * @throws PlateException when {@code data} has no word counts, or a value that is not a count
     */
    MultinomialCorpus withRows(Dataset data, RowsRead found) {
        SparseMatrix m = data.counts().orElseThrow(() -> new PlateException("dataset '" + data.name()
                + "' has no word counts (no sparse count block and no numeric columns) to assign to the run's clusters"));
        int[] map = m.mapTo(vocabulary);
        found.knownWords = new io.plate.api.learn.KnownWords(map.length, (int) java.util.Arrays.stream(map)
                .filter(w -> w >= 0).count(), vocabulary.size(), "(the clusters' sizes)");
        int n = rows();
        int extra = m.rows();
        int[] start = new int[n + extra + 1];
        long nnz = docStart[n];
        for (int r = 0; r < extra; r++) {
            for (int k = m.start(r), e = m.end(r); k < e; k++) {
                checkCount(m, r, k, data.name());
                nnz += map[m.column(k)] >= 0 && m.value(k) > 0 ? 1 : 0;
            }
        }
        if (nnz > Integer.MAX_VALUE) {
            throw new PlateException("too many non-zeros for the multinomial mixture: " + nnz);
        }
        int[] cols = java.util.Arrays.copyOf(words, (int) nnz);
        int[] counts = java.util.Arrays.copyOf(wordCounts, (int) nnz);
        System.arraycopy(docStart, 0, start, 0, n + 1);
        int p = docStart[n];
        for (int r = 0; r < extra; r++) {
            int from = p;
            for (int k = m.start(r), e = m.end(r); k < e; k++) {
                int w = map[m.column(k)];
                if (w >= 0 && m.value(k) > 0) {
                    cols[p] = w;
                    counts[p++] = (int) m.value(k);
                }
            }
            sortRow(cols, counts, from, p);
            start[n + r + 1] = p;
        }
        return new MultinomialCorpus(SparseMatrix.ofCounts(vocabulary, start, cols, counts, false), data.name());
    }

    /** Sorts one row's words (and their counts with them) by word index, as the corpus keeps them. */
    private static void sortRow(int[] cols, int[] counts, int from, int to) {
        for (int i = from + 1; i < to; i++) {
            int c = cols[i];
            int v = counts[i];
            int j = i - 1;
            for (; j >= from && cols[j] > c; j--) {
                cols[j + 1] = cols[j];
                counts[j + 1] = counts[j];
            }
            cols[j + 1] = c;
            counts[j + 1] = v;
        }
    }

    /** Number of documents. */
    public int rows() {
        return docLength.length;
    }

    public int vocabularySize() {
        return vocabularySize;
    }

    public List<String> vocabulary() {
        return vocabulary;
    }

    /** Tokens in document {@code row}. */
    public int docLength(int row) {
        return docLength[row];
    }

    /**
     * Cosine distance of the tf-idf vectors of two documents: the squared distance k-means++ seeding
     * uses for counts (1 when exactly one of them is empty).
     */
    double seedingDistance(int a, int b) {
        double na = docNorm[a];
        double nb = docNorm[b];
        if (na == 0 || nb == 0) {
            return na == nb ? 0 : 1;
        }
        double dot = 0;
        int p = docStart[a];
        int pe = docStart[a + 1];
        int q = docStart[b];
        int qe = docStart[b + 1];
        while (p < pe && q < qe) {
            int wa = words[p];
            int wb = words[q];
            if (wa == wb) {
                dot += (double) wordCounts[p++] * wordCounts[q++] * idf2[wa];
            } else if (wa < wb) {
                p++;
            } else {
                q++;
            }
        }
        return Math.max(0, 1 - dot / (na * nb));
    }

    // raw compressed rows for the samplers' inner loops (read only: callers never write to them)

    /** Where each document's non-zeros start in {@link #words()}; {@code rows() + 1} entries. */
    int[] docStart() {
        return docStart;
    }

    /** Word index of every non-zero, document after document. */
    int[] words() {
        return words;
    }

    /** Count of every non-zero, aligned with {@link #words()}. */
    int[] wordCounts() {
        return wordCounts;
    }
}
