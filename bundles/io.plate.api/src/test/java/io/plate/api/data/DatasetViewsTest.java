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

    /**
     * The counts the count models read: the sparse block when there is one, else the numeric columns with zeros and
     * missing values not stored (a missing value is an absent word), read through a view's rows; none without either.
     */
    @Test
    void countsAreTheSparseBlockElseTheNumericColumns() {
        Dataset table = Dataset.builder("t")
                .numeric(NumericColumn.of("apple", new double[] {2, 0, Double.NaN}))
                .numeric(NumericColumn.of("pear", new double[] {0, 3, 1}))
                .categorical(CategoricalColumn.of("c", List.of("p", "q"), new int[] {0, 1, 0})).build();
        SparseMatrix m = table.counts().orElseThrow();
        assertEquals(List.of("apple", "pear"), m.vocabulary());
        assertEquals(3, m.rows());
        assertEquals(List.of(List.of(0, 2.0), List.of(1, 3.0), List.of(1, 1.0)), stored(m));
        assertEquals(List.of(List.of(1, 1.0), List.of(0, 2.0)), stored(table.select(new int[] {2, 0}).counts().orElseThrow()));
        SparseMatrix words = SparseMatrix.ofCounts(List.of("w"), new int[] {0, 1, 1, 2}, new int[] {0, 0},
                new int[] {4, 5}, true);
        assertSame(words, table.toBuilder("s").sparse(words).build().counts().orElseThrow());
        assertEquals(java.util.Optional.empty(), Dataset.builder("levels")
                .categorical(CategoricalColumn.of("c", List.of("p"), new int[] {0})).build().counts());
    }

    /** The (column, value) pairs stored in each row of {@code m}, row after row. */
    private static List<List<Object>> stored(SparseMatrix m) {
        List<List<Object>> out = new java.util.ArrayList<>();
        for (int r = 0; r < m.rows(); r++) {
            for (int k = m.start(r); k < m.end(r); k++) {
                out.add(List.of(m.column(k), m.value(k)));
            }
        }
        return out;
    }
}
