package io.plate.sampler.mixture.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.data.FeatureKind;
import io.plate.api.data.NumericColumn;
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
                ClusteredColumns.describe(mixed(), FeatureKind.NUMERIC, "mixture.gaussian"));
    }

    @Test
    void aCategoricalMixtureSaysHowToClusterOnTheLabelToo() {
        assertEquals("clusters on 1 categorical column (colour); mixture.categorical leaves out the label column"
                + " 'class', which only scores the clusters (import with --no-label to cluster on it too);"
                + " 2 numeric columns (x1, x2), which mixture.gaussian models",
                ClusteredColumns.describe(mixed(), FeatureKind.CATEGORICAL, "mixture.categorical"));
    }

    @Test
    void anUnlabelledDatasetOfOneKindLeavesNothingOutAndManyNamesAreShortened() {
        Dataset.Builder b = Dataset.builder("wide");
        for (int j = 0; j < 7; j++) {
            b.numeric(NumericColumn.of("c" + j, new double[] {j, j + 1}));
        }
        assertEquals("clusters on 7 numeric columns (c0, c1, c2, c3, c4, …)",
                ClusteredColumns.describe(b.build(), FeatureKind.NUMERIC, "mixture.gaussian"));
    }
}
