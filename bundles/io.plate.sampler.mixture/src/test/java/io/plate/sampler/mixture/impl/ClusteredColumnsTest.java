package io.plate.sampler.mixture.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.data.FeatureKind;
import io.plate.api.data.NumericColumn;
import io.plate.api.data.SparseMatrix;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A mixture run says which columns it clusters on and which it leaves out, with how to include them. */
class ClusteredColumnsTest {
    private static Dataset mixed() {
        return Dataset.builder("d")
                .numeric(NumericColumn.of("x1", new double[] {1, 2, 3}))
                .numeric(NumericColumn.of("x2", new double[] {0, 1, 0}))
                .categorical(CategoricalColumn.of("colour", List.of("red", "blue"), new int[] {0, 1, 0}))
                .labels(CategoricalColumn.of("class", List.of("a", "b"), new int[] {0, 1, 1}))
                .build();
    }

    @Test
    void aGaussianMixtureNamesItsColumnsTheLabelAndTheCategoricalColumnsItLeavesOut() {
        assertEquals("clusters on 2 numeric columns (x1, x2); mixture.gaussian leaves out the label column 'class',"
                + " which only scores the clusters; 1 categorical column (colour), which mixture.categorical models",
                ClusteredColumns.describe(mixed(), FeatureKind.NUMERIC, "mixture.gaussian", false));
    }

    @Test
    void aCategoricalMixtureSaysHowToClusterOnTheLabelToo() {
        assertEquals("clusters on 1 categorical column (colour); mixture.categorical leaves out the label column"
                + " 'class', which only scores the clusters (import with --no-label to cluster on it too);"
                + " 2 numeric columns (x1, x2), which mixture.gaussian models",
                ClusteredColumns.describe(mixed(), FeatureKind.CATEGORICAL, "mixture.categorical", false));
    }

    @Test
    void anUnlabelledDatasetOfOneKindLeavesNothingOutAndManyNamesAreShortened() {
        Dataset.Builder b = Dataset.builder("wide");
        for (int j = 0; j < 7; j++) {
            b.numeric(NumericColumn.of("c" + j, new double[] {j, j + 1}));
        }
        assertEquals("clusters on 7 numeric columns (c0, c1, c2, c3, c4, …)",
                ClusteredColumns.describe(b.build(), FeatureKind.NUMERIC, "mixture.gaussian", false));
    }

    /**
     * A semi-supervised run holds the labelled rows in their classes: the label column is read, not left out
     * to score the clusters (before, the sentence said it only scored them).
     */
    @Test
    void aSemiSupervisedRunSaysTheLabelsHoldTheirRows() {
        Dataset d = Dataset.builder("d")
                .numeric(NumericColumn.of("x1", new double[] {1, 2, 3, 4}))
                .labels(CategoricalColumn.of("class", List.of("a", "b"),
                        new int[] {0, CategoricalColumn.MISSING, 1, CategoricalColumn.MISSING}))
                .build();
        assertEquals("clusters on 1 numeric column (x1); the label column 'class' holds its 2 labelled rows in their"
                + " classes' clusters (semi_supervised=true) and scores nothing",
                ClusteredColumns.describe(d, FeatureKind.NUMERIC, "mixture.gaussian", true));
    }

    /** A label column named with a line break (pandas writes one) stays on the run's one line, escaped. */
    @Test
    void aLabelNameWithALineBreakIsShownEscaped() {
        Dataset d = Dataset.builder("d").numeric(NumericColumn.of("x1", new double[] {1, 2}))
                .labels(CategoricalColumn.of("cl\nass", List.of("a", "b"), new int[] {0, 1})).build();
        assertEquals("clusters on 1 numeric column (x1); mixture.gaussian leaves out the label column 'cl\\nass', which"
                + " only scores the clusters", ClusteredColumns.describe(d, FeatureKind.NUMERIC, "mixture.gaussian", false));
    }

    /**
     * An empty document, or a row of missing values, is clustered by the prior alone; before, the run said
     * nothing about it (a text file with an empty text cell was clustered as if it were a document).
     */
    @Test
    void rowsWithNothingTheModelReadsAreNamed() {
        SparseMatrix m = SparseMatrix.ofCounts(List.of("apple", "pear"), new int[] {0, 2, 2, 3, 3}, new int[] {0, 1, 1},
                new int[] {1, 2, 4}, true);
        Dataset text = Dataset.builder("t").sparse(m).build();
        assertEquals("clusters on the counts of 2 words or indices; 2 rows hold no counts (rows 2, 4, counted from 1 as"
                + " in assignments.csv): nothing in them tells the clusters apart, so their clusters come from the prior alone",
                ClusteredColumns.describe(text, FeatureKind.SPARSE, "mixture.multinomial", false));
        int miss = CategoricalColumn.MISSING;
        Dataset categories = Dataset.builder("c")
                .categorical(CategoricalColumn.of("a", List.of("x", "y"), new int[] {0, miss, 1}))
                .categorical(CategoricalColumn.of("b", List.of("u"), new int[] {0, miss, miss})).build();
        assertEquals("clusters on 2 categorical columns (a, b); 1 row holds only missing values (row 2, counted from 1"
                + " as in assignments.csv): nothing in it tells the clusters apart, so its cluster comes from the prior alone",
                ClusteredColumns.describe(categories, FeatureKind.CATEGORICAL, "mixture.categorical", false));
        assertEquals("clusters on 2 numeric columns (x1, x2); mixture.gaussian leaves out the label column 'class',"
                + " which only scores the clusters; 1 categorical column (colour), which mixture.categorical models",
                ClusteredColumns.describe(mixed(), FeatureKind.NUMERIC, "mixture.gaussian", false), "no empty row, no sentence");
    }

    /**
     * A numeric target, as a class coded 0, 1, 2 (scikit-learn's y written by pandas), is left out of a
     * clustering and scores nothing; the sentence says how to score against it (before, no ARI was printed
     * and nothing said why).
     */
    @Test
    void aNumericTargetSaysHowToScoreTheClustersAgainstIt() {
        Dataset d = Dataset.builder("d").numeric(NumericColumn.of("a", new double[] {1, 2, 3}))
                .target(NumericColumn.of("y", new double[] {0, 1, 1})).build();
        assertEquals("clusters on 1 numeric column (a); mixture.gaussian leaves out the target column 'y' (import with"
                + " --no-label to cluster on it too, or with --categorical y to score the clusters against its values as"
                + " classes)", ClusteredColumns.describe(d, FeatureKind.NUMERIC, "mixture.gaussian", false));
        // a name with a space and brackets is quoted for the shell, as every advice naming a column (ShellWord)
        Dataset spaced = Dataset.builder("d").numeric(NumericColumn.of("a", new double[] {1, 2, 3}))
                .target(NumericColumn.of("grade (1-3)", new double[] {0, 1, 1})).build();
        assertTrue(ClusteredColumns.describe(spaced, FeatureKind.NUMERIC, "mixture.gaussian", false)
                .contains("or with --categorical 'grade (1-3)' to score"));
    }

    /**
     * Without a sparse block the multinomial mixture clusters on the numeric columns as counts (a CSV of
     * CountVectorizer counts): they are not left out for mixture.gaussian, and a numeric last column read as the
     * target is told --no-label, as the Gaussian mixture tells it.
     */
    @Test
    void numericColumnsAreTheCountsOfAMultinomialMixtureWithoutASparseBlock() {
        Dataset d = Dataset.builder("d").numeric(NumericColumn.of("apple", new double[] {1, 0, 2}))
                .numeric(NumericColumn.of("pear", new double[] {0, Double.NaN, 1}))
                .target(NumericColumn.of("zebra", new double[] {0, 1, 1})).build();
        assertEquals("clusters on the counts of 2 numeric columns (apple, pear); mixture.multinomial leaves out the"
                + " target column 'zebra' (import with --no-label to cluster on it too, or with --categorical zebra to"
                + " score the clusters against its values as classes); 1 row holds no counts (row 2, counted from 1 as in"
                + " assignments.csv): nothing in it tells the clusters apart, so its cluster comes from the prior alone",
                ClusteredColumns.describe(d, FeatureKind.SPARSE, "mixture.multinomial", false));
    }
}
