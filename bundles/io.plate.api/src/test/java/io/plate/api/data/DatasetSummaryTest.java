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

    /** pandas' to_csv of columns 'size, cm' and 'say "hi"' + line break + 'there': the cluster report's list, one line. */
    @Test
    void columnNamesWithACommaOrALineBreakAreListedOnOneLineQuoted() {
        assertEquals("2 numeric columns (\"size, cm\", \"say \"\"hi\"\"\\nthere\")",
                io.plate.api.text.IgnoredData.columnList("numeric", List.of("size, cm", "say \"hi\"\nthere")));
        assertEquals("1 numeric column (plain)", io.plate.api.text.IgnoredData.columnList("numeric", List.of("plain")));
    }
}
