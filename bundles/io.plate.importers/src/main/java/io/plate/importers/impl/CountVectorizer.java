package io.plate.importers.impl;

import io.plate.api.data.ImportException;
import io.plate.api.data.ImportOptions;
import io.plate.api.data.SparseMatrix;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Turns documents into a word-count matrix exactly as scikit-learn's {@code CountVectorizer} does with
 * its defaults (lowercase, tokens {@code (?u)\b\w\w+\b}), plus its options {@code min_df} (a count),
 * {@code max_df} (a fraction), {@code max_features}, {@code binary}, {@code stop_words='english'} and
 * {@code ngram_range=(1, 2)}. Columns are ordered by the words' code points, like scikit-learn's sorted
 * vocabulary, so column {@code j} here is column {@code j} there.
 *
 * <p>Feed it with {@link #beginDocument()}, any number of {@link #addText} calls (a document may come in
 * pieces, such as the lines of a file; bigrams continue across pieces), and {@link #endDocument()}.
 * Counts go straight into growable CSR arrays; a token is looked up by its chars, so no string is made
 * per token.
 */
final class CountVectorizer implements WordScanner.Sink {
    private final ImportOptions options;
    private final TermTable stopWords;
    private final boolean bigrams;
    private final TermTable terms = new TermTable();
    private final IntList rowStart = new IntList(64);
    private final IntList columns = new IntList(256);
    private final IntList counts = new IntList(256);
    private int[] lastDoc = new int[256]; // document + 1 in which the term last occurred
    private int[] slot = new int[256]; // its position in the CSR arrays there
    private int[] df = new int[256];
    private long[] tf = new long[256];
    private final CharBuf lowered = new CharBuf(256);
    private final CharBuf previous = new CharBuf(64);
    private final CharBuf bigram = new CharBuf(128);
    private boolean hasPrevious;
    private int docs;
    private boolean inDocument;

    CountVectorizer(ImportOptions options) {
        this.options = options;
        this.stopWords = options.stopWords() ? StopWords.ENGLISH : null;
        this.bigrams = options.ngramMax() == 2;
        rowStart.add(0);
    }

    /** Loaded once; only {@link TermTable#find} is called on it afterwards, so sharing it is safe. */
    private static final class StopWords {
        static final TermTable ENGLISH = englishStopWords();
    }

    /** scikit-learn's {@code ENGLISH_STOP_WORDS}, from the resource copied out of scikit-learn (BSD-3). */
    static TermTable englishStopWords() {
        TermTable t = new TermTable();
        try (InputStream in = CountVectorizer.class.getResourceAsStream("stop-words-english.txt");
                BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    t.intern(line.strip());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("stop-word list missing from the bundle", e);
        }
        return t;
    }

    int documents() {
        return docs;
    }

    /** Bytes held: the vocabulary table, the CSR arrays and the per-word arrays. */
    long bytes() {
        return terms.bytes() + rowStart.bytes() + columns.bytes() + counts.bytes() + 12L * lastDoc.length
                + 8L * tf.length + lowered.bytes() + bigram.bytes();
    }

    /** Distinct words seen so far (before pruning). */
    int terms() {
        return terms.size();
    }

    void beginDocument() {
        inDocument = true;
        hasPrevious = false;
    }

    /** Tokenises {@code text[off, off+len)} into the current document. */
    void addText(char[] text, int off, int len) {
        int end = off + len;
        boolean ascii = true;
        for (int i = off; i < end; i++) {
            if (text[i] >= 128) {
                ascii = false;
                break;
            }
        }
        if (ascii) {
            scanAscii(text, off, end);
            return;
        }
        char[] s = text;
        int from = off;
        int to = end;
        if (options.lowercase()) {
            // Python's str.lower() and Java's String.toLowerCase(Locale.ROOT) both apply the full
            // Unicode mappings (final sigma, dotted capital I), unlike lowercasing char by char.
            lowered.clear();
            lowered.append(new String(text, off, len).toLowerCase(Locale.ROOT));
            s = lowered.chars;
            from = 0;
            to = lowered.length;
        }
        WordScanner.scan(s, from, to, this);
    }

    /**
     * The common case, ASCII text, in one pass: find runs of word characters, lowercase them into a
     * token buffer and hash them on the way (the same runs {@link WordScanner#scan} finds).
     */
    private void scanAscii(char[] t, int from, int to) {
        lowered.ensure(to - from);
        char[] tok = lowered.chars;
        boolean[] word = WordScanner.ASCII_WORD;
        boolean lower = options.lowercase();
        int n = 0;
        int h = 0;
        for (int i = from; i < to; i++) {
            char c = t[i];
            if (word[c]) {
                if (lower && c <= 'Z' && c >= 'A') {
                    c += 32;
                }
                tok[n++] = c;
                h = 31 * h + c;
            } else if (n > 0) {
                if (n >= 2) {
                    token(tok, 0, n, TermTable.mix(h));
                }
                n = 0;
                h = 0;
            }
        }
        if (n >= 2) {
            token(tok, 0, n, TermTable.mix(h));
        }
    }

    @Override
    public void token(char[] s, int off, int len) {
        token(s, off, len, TermTable.hash(s, off, len));
    }

    private void token(char[] s, int off, int len, int hash) {
        if (stopWords != null && stopWords.find(s, off, len) >= 0) {
            return;
        }
        count(terms.intern(s, off, len, hash));
        if (bigrams) {
            if (hasPrevious) {
                bigram.clear();
                bigram.append(previous.chars, 0, previous.length);
                bigram.append(' ');
                bigram.append(s, off, len);
                count(terms.intern(bigram.chars, 0, bigram.length));
            }
            previous.clear();
            previous.append(s, off, len);
            hasPrevious = true;
        }
    }

    /**
     * Appends the documents of {@code next}, counted separately over the stretch of input that follows
     * this one's: its words are re-interned here and its columns renumbered, so the result equals
     * counting all documents in one vectorizer.
     */
    void append(CountVectorizer next) {
        if (inDocument || next.inDocument) {
            throw new IllegalStateException("append inside a document");
        }
        int[] map = new int[next.terms.size()];
        for (int id = 0; id < map.length; id++) {
            map[id] = terms.internFrom(next.terms, id);
        }
        grow(terms.size() - 1);
        for (int id = 0; id < map.length; id++) {
            df[map[id]] += next.df[id];
            tf[map[id]] += next.tf[id];
        }
        int base = columns.size;
        int[] nc = next.columns.data;
        int[] nk = next.counts.data;
        for (int k = 0; k < next.columns.size; k++) {
            columns.add(map[nc[k]]);
            counts.add(nk[k]);
        }
        for (int r = 1; r < next.rowStart.size; r++) {
            rowStart.add(base + next.rowStart.data[r]);
        }
        docs += next.docs;
        java.util.Arrays.fill(lastDoc, 0); // documents are renumbered: no "last document" is valid any more
    }

    private void grow(int id) {
        if (id >= lastDoc.length) {
            int n = Math.max(id + 1, lastDoc.length * 2);
            lastDoc = Arrays.copyOf(lastDoc, n);
            slot = Arrays.copyOf(slot, n);
            df = Arrays.copyOf(df, n);
            tf = Arrays.copyOf(tf, n);
        }
    }

    private void count(int id) {
        if (id >= lastDoc.length) {
            grow(id);
        }
        tf[id]++;
        if (lastDoc[id] != docs + 1) {
            lastDoc[id] = docs + 1;
            slot[id] = columns.size;
            columns.add(id);
            counts.add(1);
            df[id]++;
        } else {
            counts.data[slot[id]]++;
        }
    }

    void endDocument() {
        if (!inDocument) {
            throw new IllegalStateException("endDocument without beginDocument");
        }
        inDocument = false;
        docs++;
        rowStart.add(columns.size);
    }

    /**
     * Which words stay, by {@code min_df}, {@code max_df} and {@code max_features} (keeping the words most
     * frequent over the corpus, ties to the earlier word), from each word's document frequency and total
     * count, the words in vocabulary order. The text importer and a distributed count (plate-spark) both
     * prune with this.
     *
     * @throws ImportException when no word is left (the messages are scikit-learn's)
     */
    static boolean[] prune(int[] df, long[] tf, int n, ImportOptions options, Path file) {
        int v = df.length;
        // each a count, or a proportion of the n documents, as scikit-learn's min_df and max_df
        double maxDocs = options.maxDocumentFrequency().documents(n);
        double minDocs = options.minDocumentFrequency().documents(n);
        if (maxDocs < minDocs) {
            throw new ImportException(file, 0, null, "max-df " + options.maxDocumentFrequency() + " corresponds to "
                    + documents(maxDocs) + " documents, fewer than min-df " + options.minDocumentFrequency() + " ("
                    + documents(minDocs) + " of " + n + ")");
        }
        boolean[] keep = new boolean[v];
        int kept = 0;
        for (int i = 0; i < v; i++) {
            keep[i] = df[i] >= minDocs && df[i] <= maxDocs;
            if (keep[i]) {
                kept++;
            }
        }
        int limit = options.maxFeatures();
        if (limit > 0 && kept > limit) {
            // most frequent over the corpus (document frequency when binary, as scikit-learn counts after clipping)
            int[] cand = new int[kept];
            int k = 0;
            for (int i = 0; i < v; i++) {
                if (keep[i]) {
                    cand[k++] = i;
                }
            }
            Integer[] order = new Integer[kept];
            for (int i = 0; i < kept; i++) {
                order[i] = i;
            }
            boolean binary = options.binary();
            Arrays.sort(order, (a, b) -> {
                long fa = binary ? df[cand[a]] : tf[cand[a]];
                long fb = binary ? df[cand[b]] : tf[cand[b]];
                return fa != fb ? Long.compare(fb, fa) : Integer.compare(a, b);
            });
            Arrays.fill(keep, false);
            for (int i = 0; i < limit; i++) {
                keep[cand[order[i]]] = true;
            }
            kept = limit;
        }
        if (kept == 0) {
            throw new ImportException(file, 0, null,
                    "after pruning no words remain; try a lower min-df or a higher max-df");
        }
        return keep;
    }

    /** A number of documents for a message: six significant digits, no trailing zeros (41.8, 5). */
    private static String documents(double d) {
        return new java.math.BigDecimal(d).round(new java.math.MathContext(6)).stripTrailingZeros().toPlainString();
    }

    /**
     * The count matrix: vocabulary sorted by code point, pruned by {@code min_df}, {@code max_df} and
     * {@code max_features} (keeping the words most frequent over the corpus, ties to the earlier word),
     * each row's columns increasing (built by a counting sort through column order).
     *
     * @throws ImportException when no word is left (the messages are scikit-learn's)
     */
    SparseMatrix finish(Path file) {
        int v = terms.size();
        if (v == 0) {
            throw TextCounts.emptyVocabulary(options, file);
        }
        int n = docs;
        int[] sorted = terms.sortedIds();
        int[] sortedDf = new int[v];
        long[] sortedTf = new long[v];
        for (int i = 0; i < v; i++) {
            sortedDf[i] = df[sorted[i]];
            sortedTf[i] = tf[sorted[i]];
        }
        boolean[] keptSorted = prune(sortedDf, sortedTf, n, options, file);
        boolean[] keep = new boolean[v];
        int kept = 0;
        for (int i = 0; i < v; i++) {
            keep[sorted[i]] = keptSorted[i];
            kept += keptSorted[i] ? 1 : 0;
        }
        int[] newColumn = new int[v];
        List<String> vocabulary = new ArrayList<>(kept);
        int next = 0;
        for (int id : sorted) {
            if (keep[id]) {
                newColumn[id] = next++;
                vocabulary.add(terms.term(id));
            } else {
                newColumn[id] = -1;
            }
        }
        // Renumber, drop pruned words and order each row by column with two counting-sort passes
        // (rows -> columns -> rows): simple loops over the non-zeros, no per-row sorting.
        int[] rs = rowStart.data;
        int[] cols = columns.data;
        int[] cts = counts.data;
        boolean binary = options.binary();
        int[] colStart = new int[kept + 1];
        int[] rowKept = new int[n + 1];
        for (int r = 0; r < n; r++) {
            for (int k = rs[r], e = rs[r + 1]; k < e; k++) {
                int c = newColumn[cols[k]];
                if (c >= 0) {
                    colStart[c + 1]++;
                    rowKept[r + 1]++;
                }
            }
        }
        for (int c = 0; c < kept; c++) {
            colStart[c + 1] += colStart[c];
        }
        int w = colStart[kept];
        int[] byColumnRow = new int[w];
        int[] byColumnCount = new int[w];
        int[] fill = Arrays.copyOf(colStart, kept);
        for (int r = 0; r < n; r++) {
            for (int k = rs[r], e = rs[r + 1]; k < e; k++) {
                int c = newColumn[cols[k]];
                if (c >= 0) {
                    int p = fill[c]++;
                    byColumnRow[p] = r;
                    byColumnCount[p] = binary ? 1 : cts[k];
                }
            }
        }
        for (int r = 0; r < n; r++) {
            rowKept[r + 1] += rowKept[r];
        }
        int[] outColumns = new int[w];
        int[] outCounts = new int[w];
        int[] rowFill = Arrays.copyOf(rowKept, n);
        for (int c = 0; c < kept; c++) {
            for (int p = colStart[c], e = colStart[c + 1]; p < e; p++) {
                int q = rowFill[byColumnRow[p]]++;
                outColumns[q] = c;
                outCounts[q] = byColumnCount[p];
            }
        }
        return SparseMatrix.ofCounts(vocabulary, rowKept, outColumns, outCounts, false);
    }
}
