package io.plate.importers.impl;

import io.plate.api.data.ImportException;
import java.nio.file.Path;

/**
 * LIBSVM lines parsed one at a time by the importer's own parser, for readers that split a file into
 * parts and see its lines apart (Plate on Spark reading a 0-based file, which Spark's reader refuses).
 * Holds one row at a time; not thread-safe (one per task).
 */
public final class LibSvmLines {
    /** One line's row: its label, the feature indices as written (raw, strictly increasing) and values. */
    public record Row(double label, int[] indices, double[] values) {
        /** The largest index of the row, −1 when it has none. */
        public int lastIndex() {
            return indices.length == 0 ? -1 : indices[indices.length - 1];
        }
    }

    private final LibSvmRows rows;
    private final CharBuf chars = new CharBuf(256);

    /** Lines of {@code file} (named in errors), refusing an index above {@code maxColumns}. */
    public LibSvmLines(Path file, int maxColumns) {
        this.rows = new LibSvmRows(file, 0, maxColumns);
    }

    /**
     * The row of {@code line} (line number {@code ln}, 0 when not known), or null for a blank or comment
     * line; a malformed line is an {@link ImportException} worded as the importer words it, quoting the
     * line when its number is not known.
     */
    public Row parse(String line, long ln) {
        chars.ensure(line.length());
        line.getChars(0, line.length(), chars.chars, 0);
        int rowsBefore = rows.labels.size;
        try {
            rows.parse(chars.chars, line.length(), ln);
        } catch (ImportException e) {
            throw ln > 0 ? e : new ImportException(e.file(), 0, null, "in the line " + Sources.quote(line) + ": "
                    + e.getMessage().substring(e.file().toString().length() + 2), e);
        }
        if (rows.labels.size == rowsBefore) {
            return null;
        }
        int n = rows.columns.size;
        int[] indices = java.util.Arrays.copyOf(rows.columns.data, n);
        double[] values = new double[n];
        for (int k = 0; k < n; k++) {
            values[k] = rows.counts != null ? rows.counts.data[k] : rows.values.data[k];
        }
        Row row = new Row(rows.labels.data[rowsBefore], indices, values);
        clear();
        return row;
    }

    /** Whether a line parsed so far had the index 0 (so the file is 0-based, as scikit-learn writes by default). */
    /**
     * The index base a comment line states as scikit-learn's {@code dump_svmlight_file} writes it
     * ({@code # Column indices are zero-based} or {@code one-based}): 0 or 1; −1 for any other line.
     */
    public static int statedBase(String line) {
        String t = line.strip();
        if (!t.startsWith("#")) {
            return -1;
        }
        t = t.substring(1).strip();
        return t.equals(STATED + "zero-based") ? 0 : t.equals(STATED + "one-based") ? 1 : -1;
    }

    /** The comment {@code dump_svmlight_file} writes, followed by its base. */
    static final String STATED = "Column indices are ";

    public boolean sawZero() {
        return rows.sawZero;
    }

    /** Whether a line parsed so far had a query id ({@code qid:}, which the importer skips and Spark's reader refuses). */
    public boolean sawQid() {
        return rows.qids > 0;
    }

    /** Drops the row just read: the parser keeps only what says how the file is indexed. */
    private void clear() {
        rows.columns.size = 0;
        if (rows.counts != null) {
            rows.counts.size = 0;
        } else {
            rows.values.size = 0;
        }
        rows.labels.size = 0;
        rows.labelCodes.size = 0;
        rows.rowStart.size = 1;
    }
}
