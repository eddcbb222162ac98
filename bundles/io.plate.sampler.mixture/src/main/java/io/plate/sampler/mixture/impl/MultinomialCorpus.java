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
