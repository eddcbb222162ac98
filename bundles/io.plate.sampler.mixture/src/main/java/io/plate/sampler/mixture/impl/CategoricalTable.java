package io.plate.sampler.mixture.impl;

import io.plate.api.PlateException;
import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.learn.UnseenLevels;
import java.util.List;

/**
 * The categorical columns a latent class model clusters, read once per run and shared read-only by
 * every chain's {@link CategoricalComponents}: each row's level codes in one row-major array, and where
 * each column's levels sit in a cluster's block of counts. Immutable after construction.
 */
public final class CategoricalTable {
    private final List<CategoricalColumn> columns;
    private final int rows;
    private final int cols;
    private final int[] codes; // [row * cols + j], MISSING = -1
    private final int[] offset; // level offset of column j in a cluster's block
    private final int[] levels;
    private final int totalLevels;

    public CategoricalTable(List<CategoricalColumn> columns) {
        if (columns.isEmpty()) {
            throw new PlateException("a categorical mixture needs at least one categorical column");
        }
        this.columns = List.copyOf(columns);
        this.cols = columns.size();
        this.rows = columns.get(0).size();
        this.codes = new int[rows * cols];
        this.offset = new int[cols];
        this.levels = new int[cols];
        int off = 0;
        for (int j = 0; j < cols; j++) {
            CategoricalColumn c = columns.get(j);
            if (c.cardinality() == 0) {
                throw new PlateException("categorical column '" + c.name() + "' has no levels");
            }
            offset[j] = off;
            levels[j] = c.cardinality();
            off += levels[j];
            for (int r = 0; r < rows; r++) {
                codes[r * cols + j] = c.code(r);
            }
        }
        this.totalLevels = off;
    }

    /** Every categorical column of {@code data} (labels are not a column). */
    public static CategoricalTable of(Dataset data) {
        if (data.categorical().isEmpty()) {
            throw new PlateException("dataset '" + data.name() + "' has no categorical columns for a categorical "
                    + "mixture (import with --categorical all, or use mixture.gaussian for numbers)");
        }
        return new CategoricalTable(data.categorical());
    }

    /**
     * These rows followed by the rows of {@code data}, each column found by name ({@link Dataset#levelsOf}) and its
     * levels matched to this column's by text ({@link CategoricalColumn#mapTo}); a level never seen here is read as
     * missing, so that it adds nothing, and is counted in {@code unseen} ({@link UnseenLevels#of}).
     *
     * @throws PlateException naming the dataset and the first column it lacks
     */
    CategoricalTable withRows(Dataset data, List<UnseenLevels> unseen) {
        int n = data.rows();
        List<CategoricalColumn> out = new java.util.ArrayList<>(cols);
        for (int j = 0; j < cols; j++) {
            CategoricalColumn c = columns.get(j);
            CategoricalColumn given = data.levelsOf(c.name()).orElseThrow(() -> new PlateException("dataset '"
                    + data.name() + "' has no categorical column '" + c.name() + "' that the run clustered on"));
            int[] map = given.mapTo(c.levels());
            int[] all = java.util.Arrays.copyOf(c.codes(), rows + n);
            for (int r = 0; r < n; r++) {
                int code = given.code(r);
                all[rows + r] = code == CategoricalColumn.MISSING ? CategoricalColumn.MISSING : map[code];
            }
            out.add(CategoricalColumn.of(c.name(), c.levels(), all));
            UnseenLevels.of(c.name(), given, c.levels()).ifPresent(unseen::add);
        }
        return new CategoricalTable(out);
    }

    public int rows() {
        return rows;
    }

    /** Number of columns. */
    public int columns() {
        return cols;
    }

    /** Column {@code j}. */
    public CategoricalColumn column(int j) {
        return columns.get(j);
    }

    /** Number of levels of column j. */
    public int levels(int j) {
        return levels[j];
    }

    // raw arrays for the samplers' inner loops (read only: callers never write to them)

    /** Level codes, {@code [row * columns() + j]}, MISSING = −1. */
    int[] codes() {
        return codes;
    }

    /** Per column: where its levels start in a cluster's block of {@link #totalLevels()} counts. */
    int[] offsets() {
        return offset;
    }

    /** Per column: its number of levels. */
    int[] levelCounts() {
        return levels;
    }

    /** Levels of all columns together: the length of one cluster's block of counts. */
    int totalLevels() {
        return totalLevels;
    }

    /** Code of row r in column j, or MISSING. */
    public int code(int r, int j) {
        return codes[r * cols + j];
    }
}
