package io.plate.api.data;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * An immutable sparse matrix in compressed sparse row (CSR) form with a column vocabulary: word counts
 * of a text corpus, or the index:value pairs of a LibSVM file.
 *
 * <p>Non-zeros of row {@code r} are the positions {@code k} with {@code start(r) <= k < end(r)}; within
 * a row, columns are strictly increasing. Values are stored as {@code int} counts when every value is
 * a whole number that fits (4 bytes each), otherwise as {@code double}. Read them with
 * {@link #value(int)} either way; {@link #isIntegral()} tells which storage is in use.
 *
 * <p>The accessors are small and final so that a hot loop over a row reads memory in order:
 * <pre>{@code
 * for (int k = m.start(r), e = m.end(r); k < e; k++) { int col = m.column(k); double x = m.value(k); }
 * }</pre>
 */
public final class SparseMatrix {
    private final List<String> vocabulary;
    private final int[] rowStart; // length baseRows + 1
    private final int[] columns;
    private final int[] counts; // non-null when integral
    private final double[] values; // non-null when not integral
    private final int[] index; // null = identity
    private final int rows;

    private SparseMatrix(List<String> vocabulary, int[] rowStart, int[] columns, int[] counts, double[] values,
            int[] index) {
        this.vocabulary = vocabulary;
        this.rowStart = rowStart;
        this.columns = columns;
        this.counts = counts;
        this.values = values;
        this.index = index;
        this.rows = index == null ? rowStart.length - 1 : index.length;
    }

    /**
     * A matrix of whole-number counts. Arrays are copied when {@code copy} is true; pass false only
     * for arrays that nobody else holds (importers building a fresh matrix).
     */
    public static SparseMatrix ofCounts(List<String> vocabulary, int[] rowStart, int[] columns, int[] counts,
            boolean copy) {
        return build(vocabulary, rowStart, columns, counts, null, copy);
    }

    /** A matrix of real values (stored as counts when every value is a whole number in int range). */
    public static SparseMatrix ofValues(List<String> vocabulary, int[] rowStart, int[] columns, double[] values,
            boolean copy) {
        int nnz = rowStart[rowStart.length - 1];
        boolean integral = true;
        for (int k = 0; k < nnz && integral; k++) {
            double v = values[k];
            integral = v == Math.rint(v) && Math.abs(v) <= Integer.MAX_VALUE;
        }
        if (integral) {
            int[] c = new int[nnz];
            for (int k = 0; k < nnz; k++) {
                c[k] = (int) values[k];
            }
            return build(vocabulary, rowStart, columns, c, null, copy);
        }
        return build(vocabulary, rowStart, columns, null, values, copy);
    }

    /**
     * {@code rows} rows of numeric columns as a matrix with one column per numeric column, named as it: a
     * table of counts (scikit-learn's {@code CountVectorizer().fit_transform(docs).toarray()} written as CSV).
     * Zeros and missing values (NaN) are not stored, so a missing value reads as an absent word.
     */
    static SparseMatrix ofColumns(List<NumericColumn> columns, int rows) {
        List<String> vocabulary = new ArrayList<>(columns.size());
        for (NumericColumn c : columns) {
            vocabulary.add(c.name());
        }
        int[] start = new int[rows + 1];
        long nnz = 0;
        for (int r = 0; r < rows; r++) {
            for (NumericColumn c : columns) {
                nnz += stored(c.value(r)) ? 1 : 0;
            }
            if (nnz > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException("more non-zero values than a Java array holds (over " + nnz + ")");
            }
            start[r + 1] = (int) nnz;
        }
        int[] col = new int[(int) nnz];
        double[] val = new double[(int) nnz];
        int k = 0;
        for (int r = 0; r < rows; r++) {
            for (int j = 0; j < columns.size(); j++) {
                double v = columns.get(j).value(r);
                if (stored(v)) {
                    col[k] = j;
                    val[k++] = v;
                }
            }
        }
        return ofValues(vocabulary, start, col, val, false);
    }

    /** Whether a cell of a numeric column is a stored value of {@link #ofColumns}: neither 0 nor missing. */
    private static boolean stored(double v) {
        return v != 0 && !Double.isNaN(v);
    }

    private static SparseMatrix build(List<String> vocabulary, int[] rowStart, int[] columns, int[] counts,
            double[] values, boolean copy) {
        Objects.requireNonNull(vocabulary, "vocabulary");
        List<String> vocab = vocabulary instanceof IndexNames ? vocabulary : List.copyOf(vocabulary);
        if (rowStart.length == 0 || rowStart[0] != 0) {
            throw new IllegalArgumentException("row offsets must start at 0");
        }
        int nnz = rowStart[rowStart.length - 1];
        if (columns.length < nnz || (counts != null ? counts.length : values.length) < nnz) {
            throw new IllegalArgumentException("fewer column indices or values than the row offsets claim");
        }
        int v = vocab.size();
        for (int r = 0; r + 1 < rowStart.length; r++) {
            int s = rowStart[r];
            int e = rowStart[r + 1];
            if (e < s) {
                throw new IllegalArgumentException("row " + r + ": decreasing row offsets");
            }
            if (s < e && !columnsValid(columns, s, e, v)) {
                throw badColumns(columns, s, e, v, r);
            }
        }
        if (values != null) { // int counts are always finite
            for (int k = 0; k < nnz; k++) {
                if (!Double.isFinite(values[k])) {
                    int r = rowOf(rowStart, k);
                    throw new IllegalArgumentException("row " + r + ", column " + columns[k] + ": non-finite value");
                }
            }
        }
        int[] rs = copy ? Arrays.copyOf(rowStart, rowStart.length) : rowStart;
        int[] cols = copy || columns.length != nnz ? Arrays.copyOf(columns, nnz) : columns;
        int[] cts = counts == null ? null : (copy || counts.length != nnz ? Arrays.copyOf(counts, nnz) : counts);
        double[] vals = values == null ? null : (copy || values.length != nnz ? Arrays.copyOf(values, nnz) : values);
        return new SparseMatrix(vocab, rs, cols, cts, vals, null);
    }

    /**
     * The column names {@code "1"…"n"} (LibSVM's 1-based feature indices) as an immutable list that makes
     * each name when asked: a wide index space costs no memory for its names, and a matrix built with it
     * keeps it as it is instead of copying it.
     */
    public static List<String> indexNames(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("negative number of columns " + n);
        }
        return new IndexNames(n);
    }

    /** The names of {@link #indexNames}. */
    private static final class IndexNames extends AbstractList<String> implements RandomAccess {
        private final int size;

        IndexNames(int size) {
            this.size = size;
        }

        @Override
        public String get(int i) {
            Objects.checkIndex(i, size);
            return Integer.toString(i + 1);
        }

        @Override
        public int size() {
            return size;
        }

        @Override
        public int indexOf(Object o) {
            if (!(o instanceof String)) {
                return -1;
            }
            String s = (String) o;
            if (s.isEmpty() || s.length() > 10 || s.charAt(0) < '1' || s.charAt(0) > '9') {
                return -1; // names are canonical: no sign, no leading zero
            }
            long v = 0;
            for (int k = 0; k < s.length(); k++) {
                char c = s.charAt(k);
                if (c < '0' || c > '9') {
                    return -1;
                }
                v = v * 10 + (c - '0');
            }
            return v <= size ? (int) v - 1 : -1;
        }

        @Override
        public boolean contains(Object o) {
            return indexOf(o) >= 0;
        }
    }

    /**
     * Whether the columns of {@code [s, e)} are strictly increasing and inside {@code [0, v)}. A small
     * method of its own, so that a fresh JVM compiles this loop early (importers build large matrices).
     */
    private static boolean columnsValid(int[] columns, int s, int e, int v) {
        int prev = -1;
        for (int k = s; k < e; k++) {
            int c = columns[k];
            if (c <= prev) {
                return false;
            }
            prev = c;
        }
        return prev < v;
    }

    /** The message for the first bad column of row {@code r} (negative, too large or not increasing). */
    private static IllegalArgumentException badColumns(int[] columns, int s, int e, int v, int r) {
        for (int k = s; k < e; k++) {
            int c = columns[k];
            if (c < 0 || c >= v) {
                return new IllegalArgumentException("row " + r + ": column " + c + " outside vocabulary of " + v);
            }
            if (k > s && c <= columns[k - 1]) {
                return new IllegalArgumentException("row " + r + ": columns not strictly increasing at " + c);
            }
        }
        throw new IllegalStateException("row " + r + " has valid columns");
    }

    /** The row holding non-zero position {@code k}. */
    private static int rowOf(int[] rowStart, int k) {
        int r = Arrays.binarySearch(rowStart, k);
        if (r < 0) {
            return -r - 2;
        }
        while (r + 1 < rowStart.length && rowStart[r + 1] == k) {
            r++; // empty rows share an offset: the position belongs to the last of them
        }
        return r;
    }

    /** Number of rows. */
    public int rows() {
        return rows;
    }

    /** Number of columns (the vocabulary size). */
    public int columns() {
        return vocabulary.size();
    }

    /** Column names: words for text, {@code "1".."n"} (or declared names) for LibSVM. */
    public List<String> vocabulary() {
        return vocabulary;
    }

    /** True when values are stored as {@code int} counts. */
    public boolean isIntegral() {
        return counts != null;
    }

    /** First non-zero position of row {@code r}. */
    public int start(int r) {
        return rowStart[index == null ? r : index[r]];
    }

    /** One past the last non-zero position of row {@code r}. */
    public int end(int r) {
        return rowStart[(index == null ? r : index[r]) + 1];
    }

    /** Column of non-zero position {@code k}. */
    public int column(int k) {
        return columns[k];
    }

    /** Value of non-zero position {@code k}. */
    public double value(int k) {
        return counts != null ? counts[k] : values[k];
    }

    /** Count of non-zero position {@code k}; only for integral matrices. */
    public int count(int k) {
        return counts[k];
    }

    /** Number of stored non-zeros of the rows in this view. */
    public long nonZeros() {
        if (index == null) {
            return rowStart[rowStart.length - 1];
        }
        long n = 0;
        for (int r = 0; r < rows; r++) {
            n += end(r) - start(r);
        }
        return n;
    }

    /** A view of the given rows (indices into this matrix), sharing storage and vocabulary. */
    public SparseMatrix select(int[] rowsSelected) {
        return new SparseMatrix(vocabulary, rowStart, columns, counts, values,
                RowIndex.compose(index, rows, rowsSelected));
    }

    /**
     * Per column, whether a model fitted on this matrix's rows should know it: a row of this matrix has a
     * stored value in it, or no row of the storage it views has one, or the columns are LibSVM's feature
     * indices ({@link #indexNames}, an index space rather than a vocabulary learned from the rows). A
     * matrix that is not a view keeps every column; a view (a split's or a fold's rows) of a text corpus
     * leaves out the words that only rows outside it use, as a vectoriser fitted on the training rows would.
     */
    public boolean[] columnsToFit() {
        boolean[] keep = new boolean[vocabulary.size()];
        if (index == null || vocabulary instanceof IndexNames) {
            Arrays.fill(keep, true);
            return keep;
        }
        for (int r = 0; r < rows; r++) {
            for (int k = start(r), e = end(r); k < e; k++) {
                keep[columns[k]] = true;
            }
        }
        boolean[] inStorage = new boolean[keep.length];
        for (int k = 0, nnz = rowStart[rowStart.length - 1]; k < nnz; k++) {
            inStorage[columns[k]] = true;
        }
        for (int c = 0; c < keep.length; c++) {
            keep[c] |= !inStorage[c];
        }
        return keep;
    }

    /**
     * Maps this matrix's columns to positions in {@code targetVocabulary} by text; {@code -1} where the
     * target has no such word. Used to score a separately imported test set with a model's vocabulary.
     */
    public int[] mapTo(List<String> targetVocabulary) {
        if (vocabulary instanceof IndexNames && targetVocabulary instanceof IndexNames) {
            int[] map = new int[vocabulary.size()];
            for (int c = 0; c < map.length; c++) {
                map[c] = c < targetVocabulary.size() ? c : -1;
            }
            return map;
        }
        Map<String, Integer> pos = new HashMap<>(targetVocabulary.size() * 2);
        for (int i = 0; i < targetVocabulary.size(); i++) {
            pos.put(targetVocabulary.get(i), i);
        }
        int[] map = new int[vocabulary.size()];
        for (int c = 0; c < map.length; c++) {
            map[c] = pos.getOrDefault(vocabulary.get(c), -1);
        }
        return map;
    }

    /**
     * How to import this matrix with fewer columns, for a message refusing a model too large for the heap
     * over them: {@code --n-features N} or renumbered indices for {@link #indexNames} (a LibSVM file), else a
     * smaller vocabulary ({@code --max-features N}, {@code --min-df N}). Since 1.7.0.
     */
    public String fewerColumns() {
        return vocabulary instanceof IndexNames
                ? "import it with fewer features (--n-features N, or its LibSVM feature indices renumbered from 1)"
                : "import it with a smaller vocabulary (--max-features N, or --min-df N)";
    }

    /** Approximate bytes held by the column names ({@link #indexNames} hold none). */
    public long vocabularyBytes() {
        if (vocabulary instanceof IndexNames) {
            return 16;
        }
        long m = 0;
        for (String w : vocabulary) {
            m += 40L + 2L * w.length();
        }
        return m;
    }

    /** Bytes of CSR storage (offsets, indices, values) plus the row index of a view; vocabulary excluded. */
    public long memoryBytes() {
        long nnz = columns.length;
        return 4L * rowStart.length + 4L * nnz + (counts != null ? 4L : 8L) * nnz
                + (index == null ? 0 : 4L * index.length);
    }

    /**
     * Bytes of the rows and the column names, leaving out storage in {@code counted} (views of one matrix
     * share it) and adding this matrix's to it.
     */
    public long memoryBytes(java.util.Set<Object> counted) {
        long nnz = columns.length;
        return Dataset.once(counted, columns, 4L * rowStart.length + 4L * nnz + (counts != null ? 4L : 8L) * nnz)
                + (index == null ? 0 : 4L * index.length) + Dataset.once(counted, vocabulary, vocabularyBytes());
    }

    @Override
    public String toString() {
        return "sparse " + rows + " x " + columns() + " (" + nonZeros() + " non-zeros)";
    }
}
