package io.plate.api.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import org.junit.jupiter.api.Test;

class DatasetViewsTest {
    /** A column of row weights taken out: the other blocks, the name and the metadata stay as they were. */
    @Test
    void withoutNumericLeavesOutThatColumnAlone() {
        Dataset d = Dataset.builder("w").source("w.arff").metadata(java.util.Map.of(Importer.WEIGHT_COLUMN, "weight"))
                .numeric(NumericColumn.of("x", new double[] {1, 2}))
                .numeric(NumericColumn.of("weight", new double[] {2, 0.5}))
                .categorical(CategoricalColumn.of("c", List.of("p", "q"), new int[] {0, 1}))
                .labels(CategoricalColumn.of("class", List.of("a", "b"), new int[] {0, 1})).build();
        Dataset v = d.withoutNumeric("weight");
        assertEquals(List.of("x"), v.numeric().stream().map(NumericColumn::name).toList());
        assertEquals(List.of("c"), v.categorical().stream().map(CategoricalColumn::name).toList());
        assertEquals("class", v.labels().orElseThrow().name());
        assertEquals("w", v.name());
        assertEquals("weight", v.metadata().get(Importer.WEIGHT_COLUMN));
        assertEquals(2, d.numeric().size(), "the dataset itself is unchanged");
        assertSame(d, d.withoutNumeric("nosuch"));
    }
}
