package io.plate.importers.impl;

import io.plate.api.data.ImportException;
import java.nio.file.Path;

/**
 * The rows of a LIBSVM file as they are parsed, one line per {@link #parse} call (a small method, so
 * that the JIT compiles the hot path early even in a single cold run).
 */
final class LibSvmRows {
    private final Path file;
    private final int declared;
    /** Largest index accepted: the declared number of features, else the column limit. */
    private final int limit;
    final IntList rowStart = new IntList(64);
    final IntList columns = new IntList(256);
    /** Values while all are whole numbers in int range (the usual case: counts, 0/1); else null. */
    IntList counts = new IntList(256);
    /** Values once one is not a whole number; null until then. */
    DoubleList values;
    final DoubleList labels = new DoubleList(64);
    /** The distinct labels, numbered as first seen, and each row's number. */
    final DoubleCodes labelValues = new DoubleCodes();
    final IntList labelCodes = new IntList(64);
    /** Largest raw index read (as written in the file), -1 before any. */
    int maxIndex = -1;
    /** Whether an index 0 was read (so, with zero_based auto, the file is 0-based). */
    boolean sawZero;
    /**
     * The index base a comment before the first row states, as scikit-learn's {@code dump_svmlight_file}
     * writes it ({@code # Column indices are zero-based} or {@code one-based}): 0 or 1, −1 when none.
     */
    int statedBase = -1;
    /** Whether index 0 is allowed (zero_based true or auto). */
    private boolean allowZero = true;
    long qids;

    /**
     * Rows of {@code file} with {@code declared} features (0: as many as the largest index), refusing an
     * index above {@code maxColumns} ({@link io.plate.api.data.ImportOptions#maxColumns()}).
     */
    LibSvmRows(Path file, int declared, int maxColumns) {
        this.file = file;
        this.declared = declared;
        this.maxColumns = maxColumns;
        this.limit = declared > 0 ? declared : maxColumns;
        rowStart.add(0);
    }

    private final int maxColumns;


    /**
     * Reads the base a comment line states ({@link #statedBase}); in auto mode, for the lines before the first
     * row. A file stated one-based then refuses an index 0.
     */
    void stateBase(byte[] b, int from, int to) {
        int i = skipSpace(b, from, to);
        if (i == to || b[i] != '#') {
            return;
        }
        int stated = LibSvmLines.statedBase(new String(b, i, to - i, java.nio.charset.StandardCharsets.ISO_8859_1));
        if (stated >= 0) {
            statedBase = stated;
            allowZero = stated == 0 && allowZero;
        }
    }

    /** Refuses index 0 (zero_based false: the file is 1-based); returns this. */
    LibSvmRows oneBased() {
        allowZero = false;
        return this;
    }

    /**
     * Puts the columns at positions from 0: the raw indices less {@code base} (1 for a 1-based file, 0
     * for a 0-based one).
     */
    void rebase(int base) {
        if (base != 0) {
            int[] c = columns.data;
            for (int k = 0, n = columns.size; k < n; k++) {
                c[k] -= base;
            }
        }
    }

    /** Bytes held (capacities of the CSR arrays and labels). */
    long bytes() {
        return rowStart.bytes() + columns.bytes() + (counts != null ? counts.bytes() : values.bytes()) + labels.bytes()
                + labelCodes.bytes() + labelValues.bytes();
    }

    /** The matrix of the rows read: int counts when every value was a whole number, else doubles. */
    io.plate.api.data.SparseMatrix matrix(java.util.List<String> vocabulary) {
        return counts != null
                ? io.plate.api.data.SparseMatrix.ofCounts(vocabulary, rowStart.toArray(), columns.toArray(), counts.toArray(), false)
                : io.plate.api.data.SparseMatrix.ofValues(vocabulary, rowStart.toArray(), columns.toArray(), values.toArray(), false);
    }

    /** {@link #asciiLabel} of a blank line. */
    static final int BLANK = -1;
    /** {@link #asciiLabel} of a line that needs the text path. */
    static final int TEXT = -2;

    /**
     * The ASCII path, for a line of plain ASCII {@code b[from, to)} in the common shape: a label and
     * {@code index:value} pairs, numbers {@code [+-]digits[.digits]} of at most 15 digits (which
     * {@link Numbers#parse} converts exactly), increasing indices, whole values while the values are
     * counts, no comment, no {@code qid}. It is two calls, {@link #asciiLabel} then {@link #asciiPairs},
     * made from the caller's loop: two small units that the JIT compiles separately and early, instead of
     * one large one (which, in a fresh JVM on a busy machine, took ~100 ms of compiler time to arrive).
     * For any other line nothing is added: the caller then decodes it and gives it to
     * {@link #parse(char[], int, long)}, which accepts or refuses it with its message. Both paths give the
     * same values for the lines this one accepts ({@code LibSvmBytesTest}).
     *
     * @return the position after the label, {@link #BLANK} or {@link #TEXT}
     */
    int asciiLabel(byte[] b, int from, int to) {
        int i = skipSpace(b, from, to);
        if (i == to) {
            return BLANK;
        }
        int e = number(b, i, to);
        if (e < 0) {
            return TEXT;
        }
        pendingLabel = numberValue;
        return e;
    }

    /** The label read by {@link #asciiLabel}, added with the row by {@link #asciiPairs}. */
    private double pendingLabel;

    /**
     * The pairs of the line after its label ({@code b[e, to)}, {@code e} from {@link #asciiLabel}); adds the
     * row and returns true, or adds nothing and returns false when the line needs the text path.
     */
    boolean asciiPairs(byte[] b, int e, int to) {
        // room for every pair the line can hold ("i:v" and a space), so that the loop writes directly
        int room = columns.size + (to - e) / 4 + 1;
        columns.ensure(room);
        int[] cols = columns.data;
        int nnz = columns.size;
        int[] ints = null;
        double[] doubles = null;
        if (counts != null) {
            counts.ensure(room);
            ints = counts.data;
        } else {
            values.ensure(room);
            doubles = values.data;
        }
        int previous = -1;
        int i = skipSpace(b, e, to);
        while (i < to) {
            int k = pair(b, i, to, previous);
            if (k < 0) {
                return false;
            }
            double v = pairValue;
            if (ints != null) {
                if (v != (int) v) {
                    return false; // the general path switches to doubles
                }
                ints[nnz] = (int) v;
            } else {
                doubles[nnz] = v;
            }
            previous = pairIndex;
            cols[nnz++] = previous;
            i = skipSpace(b, k, to);
        }
        columns.size = nnz;
        if (ints != null) {
            counts.size = nnz;
        } else {
            values.size = nnz;
        }
        if (previous > maxIndex) {
            maxIndex = previous;
        }
        if (nnz > rowStart.data[rowStart.size - 1] && cols[rowStart.data[rowStart.size - 1]] == 0) {
            sawZero = true;
        }
        label(pendingLabel);
        rowStart.add(nnz);
        return true;
    }

    /** The index and value of the last {@link #pair} read. */
    private int pairIndex;
    private double pairValue;

    /**
     * Reads {@code index:value} at {@code b[i…]} (an index above {@code previous}, within the declared
     * number of features) into {@link #pairIndex} and {@link #pairValue}; returns its end, or -1 when the
     * pair is not in the common shape. A small method of its own, so that the JIT compiles it early.
     */
    private int pair(byte[] b, int i, int to, int previous) {
        // (b - '0') & 0xFFFF is below 10 exactly for a digit: one test per byte
        int index = 0;
        int k = i;
        int d;
        int end = Math.min(to, i + 9);
        while (k < end && (d = (b[k] - '0') & 0xFFFF) < 10) {
            index = index * 10 + d;
            k++;
        }
        if (k == i || k == to || b[k] != ':' || index <= previous || index > limit || (index == 0 && !allowZero)) {
            return -1;
        }
        k++;
        int start = k;
        int whole = 0;
        end = Math.min(to, start + 9);
        while (k < end && (d = (b[k] - '0') & 0xFFFF) < 10) {
            whole = whole * 10 + d;
            k++;
        }
        double v = whole;
        if (k == start || (k < to && b[k] != ' ' && b[k] != '\t')) {
            k = number(b, start, to); // a sign, a fraction or more digits
            if (k < 0) {
                return -1;
            }
            v = numberValue;
        }
        pairIndex = index;
        pairValue = v;
        return k;
    }

    /** The value of the last {@link #number} read. */
    private double numberValue;

    /**
     * Reads {@code [+-]? (digits [. digits?] | . digits)} of at most 15 digits at {@code b[i…]}, ending
     * at a space, a tab or {@code to}, into {@link #numberValue} as {@link Numbers#parse} computes it
     * (an exact quotient of an integer below 10^15 and a power of ten); returns its end, or -1.
     */
    private int number(byte[] b, int i, int to) {
        boolean neg = false;
        if (i < to && (b[i] == '+' || b[i] == '-')) {
            neg = b[i] == '-';
            i++;
        }
        long mant = 0;
        int start = i;
        while (i < to && b[i] >= '0' && b[i] <= '9') {
            mant = mant * 10 + (b[i] - '0');
            i++;
        }
        int digits = i - start;
        int fracDigits = 0;
        if (i < to && b[i] == '.') {
            i++;
            int fs = i;
            while (i < to && b[i] >= '0' && b[i] <= '9') {
                mant = mant * 10 + (b[i] - '0');
                i++;
            }
            fracDigits = i - fs;
            digits += fracDigits;
        }
        if (digits == 0 || digits > 15 || (i < to && b[i] != ' ' && b[i] != '\t')) {
            return -1;
        }
        double v = fracDigits == 0 ? mant : mant / Numbers.pow10(fracDigits);
        numberValue = neg ? -v : v;
        return i;
    }

    private void label(double y) {
        double v = y + 0.0; // -0 and 0 are one class
        labels.add(v);
        labelCodes.add(labelValues.code(v));
    }

    private static int skipSpace(byte[] b, int i, int n) {
        while (i < n && (b[i] == ' ' || b[i] == '\t')) {
            i++;
        }
        return i;
    }

    /**
     * Why {@code token}, the first of a row, is no label; a multilabel file ({@code dump_svmlight_file(...,
     * multilabel=True)}) writes a set {@code 0,2} there, and nothing before the pairs of a row with no label.
     */
    private static String notALabel(String token) {
        String writes = "scikit-learn's dump_svmlight_file(multilabel=True) writes";
        String oneClass = ": a row here has one class; write one label per row";
        boolean set = token.indexOf(',') > 0;
        for (String part : token.split(",", -1)) {
            set &= CsvImporter.isNumber(part);
        }
        if (set) {
            return "expected one number as the label, found the set of labels " + Sources.quote(token) + " (a multilabel"
                    + " file, as " + writes + ")" + oneClass;
        }
        String found = "expected a number as the label, found " + Sources.quote(token);
        if (token.indexOf(':') > 0) { // a pair: nothing before it
            return found + ", a feature: the row has no label (a multilabel file, as " + writes + ", has none for a row"
                    + " in no class)" + oneClass;
        }
        return found;
    }

    /** Parses line {@code ln}, {@code c[0, n)}; blank and comment lines add no row. */
    void parse(char[] c, int length, long ln) {
        int n = length;
        for (int i = 0; i < n; i++) {
            if (c[i] == '#') {
                n = i;
                break;
            }
        }
        int i = skipSpace(c, 0, n);
        if (i == n) {
            return;
        }
        int e = token(c, i, n);
        double y = Numbers.parse(c, i, e);
        if (y != y) {
            throw new ImportException(file, ln, "label", notALabel(new String(c, i, e - i)));
        }
        label(y);
        int previous = -1;
        int field = 1;
        i = skipSpace(c, e, n);
        while (i < n) {
            field++;
            e = token(c, i, n);
            int colon = -1;
            for (int k = i; k < e; k++) {
                if (c[k] == ':') {
                    colon = k;
                    break;
                }
            }
            if (colon < 0) {
                throw new ImportException(file, ln, "field " + field,
                        "expected index:value, found " + Sources.quote(new String(c, i, e - i)));
            }
            if (field == 2 && colon - i == 3 && c[i] == 'q' && c[i + 1] == 'i' && c[i + 2] == 'd') {
                if (parseIndex(c, colon + 1, e) < 0) {
                    throw new ImportException(file, ln, "qid",
                            "expected a whole number after qid:, found " + Sources.quote(new String(c, i, e - i)));
                }
                qids++;
                i = skipSpace(c, e, n);
                continue;
            }
            long index = parseIndex(c, i, colon);
            if (index < 0) {
                throw new ImportException(file, ln, "field " + field,
                        "expected a feature index (a whole number), found "
                                + Sources.quote(new String(c, i, colon - i)));
            }
            if (index == 0 && !allowZero) {
                throw new ImportException(file, ln, "field " + field, statedBase == 1
                        ? "feature index 0 in a file whose comment says '" + LibSvmLines.STATED + "one-based': give --zero-based true"
                                + " to read it as 0-based"
                        : "feature index 0 with zero_based false: indices are 1-based (scikit-learn writes 0-based files:"
                                + " --zero-based true, or auto)");
            }
            sawZero |= index == 0;
            if (index <= previous) {
                throw new ImportException(file, ln, "field " + field, "feature index " + index
                        + " after " + previous + ": indices must be strictly increasing");
            }
            if (declared > 0 && index > declared) {
                throw new ImportException(file, ln, "field " + field, "feature index " + index
                        + " exceeds the declared number of features " + declared);
            }
            if (index > maxColumns) {
                throw new ImportException(file, ln, "field " + field, String.format(java.util.Locale.ROOT,
                        "feature index %,d is above the limit of %,d columns (--max-columns; raise it if the file is right)",
                        index, maxColumns));
            }
            double v = Numbers.parse(c, colon + 1, e);
            if (v != v) {
                throw new ImportException(file, ln, "field " + field, "expected a number as the value of index "
                        + index + ", found " + Sources.quote(new String(c, colon + 1, e - colon - 1)));
            }
            previous = (int) index;
            add(previous, v);
            i = skipSpace(c, e, n);
        }
        endRow();
    }

    /**
     * Adds the value {@code v} of column {@code column} to the current row (columns in increasing order);
     * also the entries of a sparse ARFF read with {@code --values counts}.
     */
    void add(int column, double v) {
        maxIndex = Math.max(maxIndex, column);
        columns.add(column);
        if (counts != null && v == (int) v) {
            counts.add((int) v);
        } else {
            if (counts != null) {
                values = new DoubleList(counts.data.length);
                for (int k = 0; k < counts.size; k++) {
                    values.add(counts.data[k]);
                }
                counts = null;
            }
            values.add(v);
        }
    }

    /** Ends the current row. */
    void endRow() {
        rowStart.add(columns.size);
    }

    private static int skipSpace(char[] c, int i, int n) {
        while (i < n && blank(c[i])) {
            i++;
        }
        return i;
    }

    private static int token(char[] c, int i, int n) {
        while (i < n && !blank(c[i])) {
            i++;
        }
        return i;
    }

    /**
     * Whether {@code c} separates the fields of a line: ASCII whitespace, space, tab, vertical tab, form feed and
     * carriage return, as scikit-learn's {@code load_svmlight_file} splits a line ({@code bytes.split()}).
     */
    private static boolean blank(char c) {
        return c == ' ' || c == '\t' || c == '\u000b' || c == '\f' || c == '\r';
    }

    /** A non-negative whole number of at most 18 digits, or -1. */
    private static long parseIndex(char[] c, int from, int to) {
        if (from == to || to - from > 18) {
            return -1;
        }
        long v = 0;
        for (int i = from; i < to; i++) {
            char ch = c[i];
            if (ch < '0' || ch > '9') {
                return -1;
            }
            v = v * 10 + (ch - '0');
        }
        return v;
    }
}
