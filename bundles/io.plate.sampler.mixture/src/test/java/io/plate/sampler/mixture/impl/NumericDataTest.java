package io.plate.sampler.mixture.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.plate.api.PlateException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The refusals of numeric data a Gaussian mixture cannot use: each names what to change, in one go. */
class NumericDataTest {
    static PlateException refusal(double[][] rows, String... names) {
        return assertThrows(PlateException.class, () -> NumericData.of(rows, List.of(names)));
    }

    /**
     * 1e300 squared overflows: before, this was called a singular covariance of collinear columns. The value is in
     * the second row, numbered 2 as assignments.csv numbers rows (it said row 1 before).
     */
    @Test
    void aColumnWhoseVarianceOverflowsIsNamedWithItsLargestValue() {
        double[][] rows = {{1, 2}, {1e300, 3}, {2, 1}, {3, 5}};
        assertEquals("numeric column 'a' has values too large for a Gaussian mixture (its variance overflows a double;"
                + " largest 1.0E300 in row 2): rescale the column, e.g. to other units or by its logarithm",
                refusal(rows, "a", "b").getMessage());
    }

    /**
     * Values that differ by about 1e-200 have a variance of 0 in doubles (their squares underflow): before, such a
     * column was called constant, and data of such values "all rows are equal", which they are not.
     */
    @Test
    void aColumnWhoseVarianceUnderflowsIsNotCalledConstant() {
        double[][] rows = {{1e-200, 2}, {3e-200, 3}, {2e-200, 1}, {5e-200, 5}};
        assertEquals("numeric column 'a' is not constant, but its values differ by less than about 1e-162, whose"
                + " squares underflow a double: rescale the column, e.g. to other units", refusal(rows, "a", "b").getMessage());
        double[][] both = {{1e-200, 2e-200}, {3e-200, 3e-200}, {2e-200, 1e-200}};
        assertEquals("numeric column 'a' is not constant, but its values differ by less than about 1e-162, whose"
                + " squares underflow a double: rescale the column, e.g. to other units", refusal(both, "a", "b").getMessage());
    }

    /** Before, only the first constant column was named; dropping it met the next. */
    @Test
    void everyConstantColumnIsNamedAtOnce() {
        double[][] rows = {{1, 5, 0, 7}, {2, 5, 1, 7}, {3, 5, 0, 7}};
        assertEquals("numeric columns 'b', 'd' are constant; drop them before fitting a Gaussian mixture (import with"
                + " --ignore b,d)",
                refusal(rows, "a", "b", "c", "d").getMessage());
        assertEquals("numeric column 'b' is constant; drop it before fitting a Gaussian mixture (import with --ignore b)",
                refusal(new double[][] {{1, 5}, {2, 5}}, "a", "b").getMessage());
        // a name the shell would split is quoted, so that the advice can be typed as it is
        assertEquals("numeric column 'size (cm)' is constant; drop it before fitting a Gaussian mixture (import with"
                + " --ignore 'size (cm)')", refusal(new double[][] {{1, 5}, {2, 5}}, "a", "size (cm)").getMessage());
    }

    /** Two identical rows: not a column to drop, but nothing to cluster. */
    @Test
    void identicalRowsAreNothingToCluster() {
        assertEquals("every numeric column is constant (all rows are equal): there is nothing for a Gaussian mixture"
                + " to cluster", refusal(new double[][] {{1, 2}, {1, 2}}, "a", "b").getMessage());
    }

    /** A LibSVM file read as counts (the default) has no numeric columns: the refusal says how to get them. */
    @Test
    void sparseValuesPointToValuesNumeric() {
        io.plate.api.data.SparseMatrix m = io.plate.api.data.SparseMatrix.ofCounts(List.of("1", "2"), new int[] {0, 1, 2},
                new int[] {0, 1}, new int[] {3, 4}, true);
        io.plate.api.data.Dataset svm = io.plate.api.data.Dataset.builder("svm").sparse(m).build();
        assertEquals("dataset 'svm' has no numeric columns for a Gaussian mixture (its values are a sparse block: import "
                + "the LibSVM file again with --values numeric to read them as numeric columns)",
                assertThrows(PlateException.class, () -> NumericData.of(svm)).getMessage());
        // a text import's counts: not LibSVM advice, which fails on a text file, but the mixture for counts
        io.plate.api.data.Dataset text = io.plate.api.data.Dataset.builder("sms").sparse(m).metadata("format", "text").build();
        assertEquals("dataset 'sms' has no numeric columns for a Gaussian mixture (its values are the word counts of a"
                + " text import: mixture.multinomial clusters them)",
                assertThrows(PlateException.class, () -> NumericData.of(text)).getMessage());
    }

    /**
     * A file whose only numeric column is its last is imported with that column as the target: the refusal said
     * the dataset had no numeric columns, with no word of the one the user sees.
     */
    @Test
    void aNumericTargetIsNamedWithTheImportThatClustersOnIt() {
        io.plate.api.data.Dataset d = io.plate.api.data.Dataset.builder("mixed")
                .categorical(io.plate.api.data.CategoricalColumn.of("c", List.of("x", "y"), new int[] {0, 1, 1}))
                .target(io.plate.api.data.NumericColumn.of("num", new double[] {1, 2, 3})).build();
        assertEquals("dataset 'mixed' has no numeric columns for a Gaussian mixture (its numeric column 'num' is the"
                + " target: import with --no-label to cluster on it)",
                assertThrows(PlateException.class, () -> NumericData.of(d)).getMessage());
    }

    /**
     * The full-covariance mixtures (finite and DP) name the columns with missing values and how many rows miss
     * one: rows 0, 1 and 3 miss a value, column 'b' twice (rows 0 and 3) and column 'c' once (row 1).
     */
    @Test
    void missingValuesAreNamedByColumnAndRowCount() {
        double nan = Double.NaN;
        io.plate.api.data.Dataset d = io.plate.api.data.Dataset.builder("holes").source("synthetic")
                .numeric(io.plate.api.data.NumericColumn.of("a", new double[] {1, 2, 3, 4}))
                .numeric(io.plate.api.data.NumericColumn.of("b", new double[] {nan, 5, 6, nan}))
                .numeric(io.plate.api.data.NumericColumn.of("c", new double[] {3, nan, 7, 8})).build();
        io.plate.api.sample.RunSettings settings = new io.plate.api.sample.RunSettings(10, 1, 1, 1, 1L, 1);
        for (io.plate.api.sample.Sampler s : new io.plate.api.sample.Sampler[] {
            new GaussianMixtureSampler(RecoveryTest.RUNNER, SyntheticData.DIST),
            new DpGaussianMixtureSampler(RecoveryTest.RUNNER, SyntheticData.DIST)}) {
            PlateException e = assertThrows(PlateException.class, () -> s.run(d, s.params(java.util.Map.of()), settings,
                    io.plate.api.sample.ProgressListener.NONE, new io.plate.api.sample.Cancellation()));
            assertEquals("the full-covariance Gaussian mixture needs complete rows; 3 of 4 rows have missing"
                    + " values (column 'b': 2, column 'c': 1); use covariance=diag, which leaves missing values out",
                    e.getMessage());
        }
    }
}
