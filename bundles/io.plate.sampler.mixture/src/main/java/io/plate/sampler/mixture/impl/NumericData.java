package io.plate.sampler.mixture.impl;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.data.NumericColumn;
import java.util.ArrayList;
import java.util.List;

/**
 * The numeric columns of a dataset as one row-major matrix ({@code x[row * d + j]}, NaN = missing),
 * with the column means and the empirical covariance over the values present, from which the
 * Gaussian mixtures set their default priors.
 */
final class NumericData {
    final int rows;
    final int dims;
    final double[] x;
    final List<String> names;
    final double[] mean;
    final double[][] covariance;
    final boolean anyMissing;
    /** Fraction of a column's variance below which what the columns before it leave unexplained counts as none. */
    static final double COLLINEAR = 1e-10;

    private NumericData(int rows, int dims, double[] x, List<String> names) {
        this.rows = rows;
        this.dims = dims;
        this.x = x;
        this.names = List.copyOf(names);
        this.mean = new double[dims];
        this.covariance = new double[dims][dims];
        boolean missing = false;
        int[] n = new int[dims];
        for (int r = 0; r < rows; r++) {
            for (int j = 0; j < dims; j++) {
                double v = x[r * dims + j];
                if (Double.isNaN(v)) {
                    missing = true;
                } else {
                    mean[j] += v;
                    n[j]++;
                }
            }
        }
        for (int j = 0; j < dims; j++) {
            if (n[j] < 2) {
                throw new PlateException("numeric column '" + names.get(j) + "' has fewer than 2 values present");
            }
            mean[j] /= n[j];
        }
        int[][] pairs = new int[dims][dims];
        for (int r = 0; r < rows; r++) {
            for (int i = 0; i < dims; i++) {
                double a = x[r * dims + i];
                if (Double.isNaN(a)) {
                    continue;
                }
                for (int j = 0; j <= i; j++) {
                    double b = x[r * dims + j];
                    if (!Double.isNaN(b)) {
                        covariance[i][j] += (a - mean[i]) * (b - mean[j]);
                        pairs[i][j]++;
                    }
                }
            }
        }
        List<String> constant = new ArrayList<>();
        List<String> ignore = new ArrayList<>();
        for (int i = 0; i < dims; i++) {
            for (int j = 0; j <= i; j++) {
                covariance[i][j] /= Math.max(1, pairs[i][j] - 1);
                covariance[j][i] = covariance[i][j];
            }
            if (!Double.isFinite(covariance[i][i])) {
                throw tooLarge(i);
            }
            if (!(covariance[i][i] > 0)) {
                // values that differ, by less than about 1e-162, have a variance that underflows to 0: not constant
                if (!allEqual(i)) {
                    throw tooSmall(i);
                }
                constant.add("'" + names.get(i) + "'");
                ignore.add(names.get(i));
            }
        }
        if (constant.size() == dims) {
            throw new PlateException("every numeric column is constant (all rows are equal): there is nothing for "
                    + "a Gaussian mixture to cluster");
        }
        if (!constant.isEmpty()) {
            // every one named at once, so that one edit of the data suffices
            throw new PlateException("numeric column" + (constant.size() == 1 ? " " : "s ") + String.join(", ", constant)
                    + (constant.size() == 1 ? " is" : " are") + " constant; drop " + (constant.size() == 1 ? "it" : "them")
                    + " before fitting a Gaussian mixture (import with --ignore "
                    + io.plate.api.text.ShellWord.of(String.join(",", ignore)) + ")");
        }
        this.anyMissing = missing;
    }

    /** The training rows followed by {@code extraRows} more ({@code extra} row-major), with the training rows' mean and covariance. */
    private NumericData(NumericData training, double[] extra, int extraRows) {
        this.rows = training.rows + extraRows;
        this.dims = training.dims;
        this.x = java.util.Arrays.copyOf(training.x, training.x.length + extra.length);
        System.arraycopy(extra, 0, x, training.x.length, extra.length);
        this.names = training.names;
        this.mean = training.mean;
        this.covariance = training.covariance;
        boolean missing = training.anyMissing;
        for (double v : extra) {
            missing |= Double.isNaN(v);
        }
        this.anyMissing = missing;
    }

    /**
     * These rows followed by the rows of {@code data}, read in these columns by name (NaN = missing), with these
     * rows' mean and covariance, so that priors set from them stay the run's: the rows a predictor scores.
     *
     * @throws PlateException naming the dataset and the first column it lacks
     */
    NumericData withRows(Dataset data) {
        int n = data.rows();
        double[] extra = new double[n * dims];
        for (int j = 0; j < dims; j++) {
            String name = names.get(j);
            NumericColumn c = data.numeric().stream().filter(col -> col.name().equals(name)).findFirst()
                    .orElseThrow(() -> new PlateException("dataset '" + data.name() + "' has no numeric column '" + name
                            + "' that the run clustered on" + (data.levelsOf(name).isPresent()
                                    ? " (the import read it as categorical; import it again with --numeric " + name + ")"
                                    : "")));
            for (int r = 0; r < n; r++) {
                extra[r * dims + j] = c.value(r);
            }
        }
        return new NumericData(this, extra, n);
    }

    /** The first missing value at or after row {@code from}, as "row R, column 'c'" (R counted from {@code from} + 1), or null. */
    String firstMissing(int from) {
        for (int r = from; r < rows; r++) {
            for (int j = 0; j < dims; j++) {
                if (Double.isNaN(x[r * dims + j])) {
                    return "row " + (r - from + 1) + ", column '" + names.get(j) + "'";
                }
            }
        }
        return null;
    }

    /**
     * Where values are missing, for a refusal that lets the user find them: {@code 3 of 4 rows have missing values
     * (column 'b': 2, column 'c': 1)}, every such column with its count of missing values.
     */
    String missingValues() {
        int incomplete = 0;
        int[] perColumn = new int[dims];
        for (int r = 0; r < rows; r++) {
            boolean any = false;
            for (int j = 0; j < dims; j++) {
                if (Double.isNaN(x[r * dims + j])) {
                    perColumn[j]++;
                    any = true;
                }
            }
            incomplete += any ? 1 : 0;
        }
        List<String> columns = new ArrayList<>();
        for (int j = 0; j < dims; j++) {
            if (perColumn[j] > 0) {
                columns.add("column '" + names.get(j) + "': " + perColumn[j]);
            }
        }
        return incomplete + " of " + io.plate.api.text.Plural.of(rows, "row") + (incomplete == 1 ? " has" : " have")
                + " missing values (" + String.join(", ", columns) + ")";
    }

    /** The refusal of a column whose variance overflows a double, naming its largest value and that row. */
    private PlateException tooLarge(int j) {
        int at = -1;
        for (int r = 0; r < rows; r++) {
            double v = Math.abs(x[r * dims + j]);
            if (!Double.isNaN(v) && (at < 0 || v > Math.abs(x[at * dims + j]))) {
                at = r;
            }
        }
        // rows are numbered from 1, as assignments.csv and the run's other messages number them
        return new PlateException("numeric column '" + names.get(j) + "' has values too large for a Gaussian mixture"
                + " (its variance overflows a double; largest " + x[at * dims + j] + " in row " + (at + 1)
                + "): rescale the column, e.g. to other units or by its logarithm");
    }

    /** Whether every value present in column j is the same. */
    private boolean allEqual(int j) {
        double first = Double.NaN;
        for (int r = 0; r < rows; r++) {
            double v = x[r * dims + j];
            if (Double.isNaN(v)) {
                continue;
            }
            if (Double.isNaN(first)) {
                first = v;
            } else if (v != first) {
                return false;
            }
        }
        return true;
    }

    /** The refusal of a column whose values differ by so little that their variance underflows a double. */
    private PlateException tooSmall(int j) {
        return new PlateException("numeric column '" + names.get(j) + "' is not constant, but its values differ by less"
                + " than about 1e-162, whose squares underflow a double: rescale the column, e.g. to other units");
    }

    /** A column the columns before it (those kept) explain, and the columns of that linear fit. */
    record Collinear(String column, List<String> fit) {
    }

    /**
     * The columns that make the covariance singular, every one at once so that one edit of the data
     * suffices: in column order, each column whose variance left unexplained by the kept columns before it
     * is below {@link #COLLINEAR} of its variance (a Cholesky pivot) is dropped and named with the columns
     * of its linear fit; empty when the covariance is positive definite.
     */
    List<Collinear> collinearColumns() {
        double[][] l = new double[dims][dims];
        boolean[] kept = new boolean[dims];
        List<Collinear> out = new ArrayList<>();
        for (int j = 0; j < dims; j++) {
            for (int p = 0; p < j; p++) {
                if (!kept[p]) {
                    continue;
                }
                double t = covariance[j][p];
                for (int q = 0; q < p; q++) {
                    t -= l[j][q] * l[p][q];
                }
                l[j][p] = t / l[p][p];
            }
            double s = covariance[j][j];
            for (int p = 0; p < j; p++) {
                s -= l[j][p] * l[j][p];
            }
            if (s > COLLINEAR * covariance[j][j]) {
                l[j][j] = Math.sqrt(s);
                kept[j] = true;
                continue;
            }
            // the fit's coefficients b solve Lᵀ b = l_j over the kept columns (Σ_kept = L Lᵀ)
            double[] b = new double[j];
            for (int p = j - 1; p >= 0; p--) {
                if (!kept[p]) {
                    continue;
                }
                double t = l[j][p];
                for (int q = p + 1; q < j; q++) {
                    t -= l[q][p] * b[q];
                }
                b[p] = t / l[p][p];
            }
            List<String> fit = new ArrayList<>();
            for (int p = 0; p < j; p++) {
                if (kept[p] && Math.abs(b[p]) * Math.sqrt(covariance[p][p]) > 1e-6 * Math.sqrt(covariance[j][j])) {
                    fit.add(names.get(p));
                }
            }
            out.add(new Collinear(names.get(j), fit));
            java.util.Arrays.fill(l[j], 0); // a dropped column explains none of the later ones
        }
        return out;
    }

    static NumericData of(Dataset data) {
        List<NumericColumn> cols = data.numeric();
        if (cols.isEmpty()) {
            // a text import's block is word counts, which --values numeric (a LibSVM option) cannot change
            boolean text = "text".equals(data.metadata().get("format"));
            // a numeric last column is imported as the target (Weka's convention), not as a feature to cluster on
            String target = data.target().map(t -> " (its numeric column '" + io.plate.api.text.Visible.name(t.name())
                    + "' is the target: import with --no-label to cluster on it)").orElse("");
            throw new PlateException("dataset '" + data.name() + "' has no numeric columns for a Gaussian mixture" + target
                    + (data.sparse().isEmpty() ? "" : text
                            ? " (its values are the word counts of a text import: mixture.multinomial clusters them)"
                            : " (its values are a sparse block: import the LibSVM file again with --values numeric to"
                                    + " read them as numeric columns)"));
        }
        int n = data.rows();
        int d = cols.size();
        double[] x = new double[n * d];
        List<String> names = new ArrayList<>();
        for (int j = 0; j < d; j++) {
            NumericColumn c = cols.get(j);
            names.add(c.name());
            for (int r = 0; r < n; r++) {
                x[r * d + j] = c.value(r);
            }
        }
        return new NumericData(n, d, x, names);
    }

    static NumericData of(double[][] rowsData, List<String> names) {
        int n = rowsData.length;
        int d = names.size();
        double[] x = new double[n * d];
        for (int r = 0; r < n; r++) {
            if (rowsData[r].length != d) {
                throw new IllegalArgumentException("row " + r + " has " + rowsData[r].length + " values, expected " + d);
            }
            System.arraycopy(rowsData[r], 0, x, r * d, d);
        }
        return new NumericData(n, d, x, names);
    }
}
