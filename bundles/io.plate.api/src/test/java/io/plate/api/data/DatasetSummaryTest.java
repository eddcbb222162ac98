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
}
