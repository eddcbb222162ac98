package io.plate.importers.impl;

import io.plate.api.data.LevelNumbers;
import io.plate.api.data.NumericColumn;

/**
 * The first records of a delimited file, kept as text until it is known whether the file has more: a file
 * of a few rows then gets its columns made at once from their cells, with no per-column buffers to grow
 * (a row of 10^6 numeric columns costs its numbers, not 10^6 level tables), and a longer file has them
 * replayed into growing {@link CellColumn}s.
 */
final class FirstRows {
    /** Records kept before the columns are made. */
    static final int ROWS = 256;

    private final int width;
    private final CharBuf text = new CharBuf(256);
    /** Per cell: its start and end in {@link #text}; start -1 for a missing cell. */
    private final IntList cells = new IntList(64);
    private final IntList lines = new IntList(16);
    private int rows;

    FirstRows(int width) {
        this.width = width;
    }

    int rows() {
        return rows;
    }

    long bytes() {
        return text.bytes() + cells.bytes() + lines.bytes();
    }

    /** Keeps the current record of {@code rec}; {@code missing[i]} tells whether field {@code i} is missing. */
    void add(CsvRecordReader rec, boolean[] missing) {
        char[] c = rec.chars();
        for (int i = 0; i < width; i++) {
            if (missing[i]) {
                cells.add(-1);
                cells.add(-1);
            } else {
                int s = rec.start(i);
                int e = rec.end(i);
                cells.add(text.length);
                text.append(c, s, e - s);
                cells.add(text.length);
            }
        }
        lines.add((int) Math.min(Integer.MAX_VALUE, rec.line()));
        rows++;
    }

    /** Feeds the kept records, in order, into {@code cols}. */
    void replay(CellColumn[] cols) {
        for (int r = 0; r < rows; r++) {
            for (int i = 0; i < width; i++) {
                feed(cols[i], r, i);
            }
        }
    }

    private void feed(CellColumn col, int r, int i) {
        int k = 2 * (r * width + i);
        int s = cells.data[k];
        if (s < 0) {
            col.addMissing();
        } else {
            col.add(text.chars, s, cells.data[k + 1], lines.data[r]);
        }
    }

    /**
     * Column {@code i} as a finished numeric column when every present cell is a number and none is a code
     * with leading zeros ({@code 007}, kept as written: {@link CellColumn#toNumericKeepingCodes}), else null:
     * no level table and no intermediate column (10^6 columns of one row cost one array each).
     */
    NumericColumn numbers(String name, int i) {
        double[] v = new double[rows];
        for (int r = 0; r < rows; r++) {
            int k = 2 * (r * width + i);
            int s = cells.data[k];
            v[r] = s < 0 ? Double.NaN : Numbers.parse(text.chars, s, cells.data[k + 1]);
            if (s >= 0 && (v[r] != v[r] || LevelNumbers.zeroPadded(text.chars, s, cells.data[k + 1]))) {
                return null;
            }
        }
        return NumericColumn.of(name, v);
    }

    /** Whether every kept cell of column {@code i} is missing. */
    boolean allMissing(int i) {
        for (int r = 0; r < rows; r++) {
            if (cells.data[2 * (r * width + i)] >= 0) {
                return false;
            }
        }
        return true;
    }

    /** Column {@code i} made from the kept records with its levels and numbers. */
    CellColumn column(String name, int i) {
        CellColumn col = new CellColumn(name, rows);
        for (int r = 0; r < rows; r++) {
            feed(col, r, i);
        }
        return col;
    }
}
