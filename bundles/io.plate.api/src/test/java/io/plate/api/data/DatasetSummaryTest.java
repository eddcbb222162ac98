package io.plate.api.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class DatasetSummaryTest {
    /** A class name of 10 MB (a text column taken for the label) is a line, not a screenful; a line break shows as \n. */
    @Test
    void longAndInvisibleClassNamesAreShownShortAndEscaped() {
        String huge = "y".repeat(10_000_000);
        Dataset d = Dataset.builder("d").numeric(NumericColumn.of("x", new double[] {1, 2, 3}))
                .labels(CategoricalColumn.of("label\n2", List.of("a\u00a0b", huge), new int[] {0, 1, 1})).build();
        assertEquals("d: 3 rows, 1 feature (1 numeric), 2 classes in 'label\\n2' (a\\u00a0b 1, " + "y".repeat(59) + "… 2)",
                d.summary());
    }

    /** A class name with a comma is quoted, as every list of names is (quoted.arff's classes 'yes it is' and 'no, not'). */
    @Test
    void aClassNameWithACommaIsQuoted() {
        Dataset d = Dataset.builder("q").numeric(NumericColumn.of("x", new double[] {1, 2, 3}))
                .labels(CategoricalColumn.of("c", List.of("yes it is", "no, not"), new int[] {0, 1, 1})).build();
        assertEquals("q: 3 rows, 1 feature (1 numeric), 2 classes in 'c' (yes it is 1, \"no, not\" 2)", d.summary());
    }

    /**
     * Weka's ARFF instance weights {w} on a file of attributes a, b and a class: 2 features, as Weka counts them and
     * as training uses them; the weight column is named apart, dense or with sparse counts alike.
     */
    @Test
    void aColumnOfRowWeightsIsNotCountedAmongTheFeatures() {
        NumericColumn w = NumericColumn.of("weight", new double[] {2, 0.5, 1});
        CategoricalColumn y = CategoricalColumn.of("class", List.of("x", "y"), new int[] {0, 1, 0});
        Dataset dense = Dataset.builder("w").numeric(NumericColumn.of("a", new double[] {1, 3, 5}))
                .numeric(NumericColumn.of("b", new double[] {2, 4, 6})).numeric(w).labels(y)
                .metadata(Importer.WEIGHT_COLUMN, "weight").build();
        assertEquals("w: 3 rows, 2 features (2 numeric), row weights in 'weight', 2 classes in 'class' (x 2, y 1)",
                dense.summary());
        assertEquals(2, dense.featureCount()); // plate:datasets' column
        // left out (a learner that cannot weigh rows), the column is gone and nothing more is taken off
        assertEquals(2, dense.withoutNumeric("weight").featureCount());
        Dataset sparse = Dataset.builder("ws").numeric(w).sparse(SparseMatrix.ofCounts(List.of("a", "b"),
                new int[] {0, 1, 2, 3}, new int[] {0, 1, 0}, new int[] {1, 4, 2}, true)).labels(y)
                .metadata(Importer.WEIGHT_COLUMN, "weight").build();
        assertEquals("ws: 3 rows, 2 features (2 sparse counts), vocabulary 2, 3 non-zeros, row weights in 'weight',"
                + " 2 classes in 'class' (x 2, y 1)", sparse.summary());
    }

    /** pandas' to_csv of columns 'size, cm' and 'say "hi"' + line break + 'there': the cluster report's list, one line. */
    @Test
    void columnNamesWithACommaOrALineBreakAreListedOnOneLineQuoted() {
        assertEquals("2 numeric columns (\"size, cm\", \"say \"\"hi\"\"\\nthere\")",
                io.plate.api.text.IgnoredData.columnList("numeric", List.of("size, cm", "say \"hi\"\nthere")));
        assertEquals("1 numeric column (plain)", io.plate.api.text.IgnoredData.columnList("numeric", List.of("plain")));
    }
}
