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
    final IntList rowStart = new IntList(64);
    final IntList columns = new IntList(256);
    /** Values while all are whole numbers in int range (the usual case: counts, 0/1); else null. */
    IntList counts = new IntList(256);
    /** Values once one is not a whole number; null until then. */
    DoubleList values;
    final DoubleList labels = new DoubleList(64);
    int maxIndex;
    long qids;

    LibSvmRows(Path file, int declared) {
        this.file = file;
        this.declared = declared;
        rowStart.add(0);
    }

    /** The matrix of the rows read: int counts when every value was a whole number, else doubles. */
    io.plate.api.data.SparseMatrix matrix(java.util.List<String> vocabulary) {
        return counts != null
                ? io.plate.api.data.SparseMatrix.ofCounts(vocabulary, rowStart.toArray(), columns.toArray(), counts.toArray(), false)
                : io.plate.api.data.SparseMatrix.ofValues(vocabulary, rowStart.toArray(), columns.toArray(), values.toArray(), false);
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
            throw new ImportException(file, ln, "label",
                    "expected a number as the label, found " + Sources.quote(new String(c, i, e - i)));
        }
        labels.add(y + 0.0); // -0 and 0 are one class
        int previous = 0;
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
            int index = parseIndex(c, i, colon);
            if (index < 0) {
                throw new ImportException(file, ln, "field " + field,
                        "expected a feature index (a whole number from 1), found "
                                + Sources.quote(new String(c, i, colon - i)));
            }
            if (index == 0) {
                throw new ImportException(file, ln, "field " + field,
                        "feature index 0: indices are 1-based");
            }
            if (index <= previous) {
                throw new ImportException(file, ln, "field " + field, "feature index " + index
                        + " after " + previous + ": indices must be strictly increasing");
            }
            if (declared > 0 && index > declared) {
                throw new ImportException(file, ln, "field " + field, "feature index " + index
                        + " exceeds the declared number of features " + declared);
            }
            double v = Numbers.parse(c, colon + 1, e);
            if (v != v) {
                throw new ImportException(file, ln, "field " + field, "expected a number as the value of index "
                        + index + ", found " + Sources.quote(new String(c, colon + 1, e - colon - 1)));
            }
            previous = index;
            maxIndex = Math.max(maxIndex, index);
            columns.add(index - 1);
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
            i = skipSpace(c, e, n);
        }
        rowStart.add(columns.size);
        }

    private static int skipSpace(char[] c, int i, int n) {
        while (i < n && (c[i] == ' ' || c[i] == '\t')) {
            i++;
        }
        return i;
    }

    private static int token(char[] c, int i, int n) {
        while (i < n && c[i] != ' ' && c[i] != '\t') {
            i++;
        }
        return i;
    }

    /** A non-negative whole number of at most 9 digits, or -1. */
    private static int parseIndex(char[] c, int from, int to) {
        if (from == to || to - from > 9) {
            return -1;
        }
        int v = 0;
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
