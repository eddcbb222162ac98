package io.plate.importers.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.data.Dataset;
import io.plate.api.data.ImportException;
import io.plate.api.data.ImportOptions;
import io.plate.api.data.NumericColumn;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Weka instance weights {@code {w}} at the end of ARFF data rows, dense ({@code 1,x,p,{3.5}}) and sparse
 * ({@code {0 1, 2 q}, {2.5}}): one numeric column {@code weight} (renamed when an attribute has that
 * name), 1 for rows without a weight, no column when no row has one; bad weights fail naming the line.
 * Expected weights are those written in the files below.
 */
class ArffWeightsTest {
    private static final ImportOptions D = ImportOptions.defaults();
    private static final String HEADER = "@relation r\n@attribute a numeric\n@attribute b {x,y}\n@attribute class {p,q}\n@data\n";

    private static List<String> numericNames(Dataset d) {
        List<String> names = new ArrayList<>();
        for (NumericColumn c : d.numeric()) {
            names.add(c.name());
        }
        return names;
    }

    private static NumericColumn column(Dataset d, String name) {
        for (NumericColumn c : d.numeric()) {
            if (c.name().equals(name)) {
                return c;
            }
        }
        throw new AssertionError("no numeric column " + name + " in " + numericNames(d));
    }

    @Test
    void denseRowsWithWeights() {
        Dataset d = Inputs.arff(HEADER + "1,x,p,{3.5}\n2,y,q\n3,x,q, {0}\n4,y,p,{ 12e-1 } % a comment\n'5',y,p,{2}\n", D);
        assertEquals(5, d.rows());
        assertEquals(List.of("a", "weight"), numericNames(d));
        assertArrayEquals(new double[] {3.5, 1, 0, 1.2, 2}, column(d, "weight").values());
        assertArrayEquals(new double[] {1, 2, 3, 4, 5}, column(d, "a").values());
        assertEquals(List.of("x", "y"), d.categorical().get(0).levels());
        assertArrayEquals(new int[] {0, 1, 0, 1, 1}, d.categorical().get(0).codes());
        assertArrayEquals(new int[] {0, 1, 1, 0, 0}, d.labels().orElseThrow().codes());
        assertEquals("column 'weight': 4 of 5 rows carry a weight {w}, the others weigh 1",
                d.metadata().get("instance weights"));
        // the shell weighs rows by the column it names, and the import says what it did with the weights
        assertEquals("weight", d.metadata().get(io.plate.api.data.Importer.WEIGHT_COLUMN));
        assertEquals("4 of 5 rows carry a Weka instance weight {w} (the others weigh 1): kept as column 'weight', which"
                + " plate:train and plate:evaluate use as the rows' weights, not as a feature (a learner that cannot"
                + " weigh rows leaves it out)", d.metadata().get(io.plate.api.data.Importer.WARNINGS));
    }

    @Test
    void sparseRowsWithWeights() {
        Dataset d = Inputs.arff(HEADER + "{0 1, 2 q}, {2.5}\n{1 y} {4}\n{0 5}\n{}, {0.25}\n", D);
        assertEquals(4, d.rows());
        assertArrayEquals(new double[] {2.5, 4, 1, 0.25}, column(d, "weight").values());
        assertArrayEquals(new double[] {1, 0, 5, 0}, column(d, "a").values());
        // omitted nominal values are the first level (Weka's rule)
        assertArrayEquals(new int[] {0, 1, 0, 0}, d.categorical().get(0).codes());
        assertArrayEquals(new int[] {1, 0, 0, 0}, d.labels().orElseThrow().codes());
    }

    @Test
    void noWeightNoColumn() {
        Dataset d = Inputs.arff(HEADER + "1,x,p\n{0 2, 2 q}\n", D);
        assertEquals(List.of("a"), numericNames(d));
        assertFalse(d.metadata().containsKey("instance weights"));
        assertFalse(d.metadata().containsKey(io.plate.api.data.Importer.WEIGHT_COLUMN));
    }

    @Test
    void theColumnNameDoesNotClashWithAnAttribute() {
        String header = "@relation r\n@attribute weight numeric\n@attribute weight_2 numeric\n@attribute class {p,q}\n@data\n";
        Dataset d = Inputs.arff(header + "1,2,p,{7}\n3,4,q\n", D);
        assertEquals(List.of("weight", "weight_2", "weight_3"), numericNames(d));
        assertArrayEquals(new double[] {1, 3}, column(d, "weight").values());
        assertArrayEquals(new double[] {7, 1}, column(d, "weight_3").values());
        assertEquals("weight", InstanceWeights.columnName(Set.of("a", "Weight")));
        assertEquals("weight_2", InstanceWeights.columnName(Set.of("weight", "weight_3")));
    }

    private static void fails(String rows, long line, String words) {
        ImportException e = assertThrows(ImportException.class, () -> Inputs.arff(HEADER + rows, D), rows);
        assertEquals(line, e.line(), e.getMessage());
        assertEquals("weight", e.column(), e.getMessage());
        assertTrue(e.getMessage().startsWith(Inputs.FILE + ", line " + line + ", column weight: "), e.getMessage());
        assertTrue(e.getMessage().contains(words), e.getMessage());
    }

    @Test
    void badWeightsNameFileLineAndWhatWasExpected() {
        fails("1,x,p,{1}\n2,y,q,{-2}\n", 7, "instance weight -2 is negative; expected a finite decimal number >= 0");
        fails("{0 1}, {-0.5}\n", 6, "is negative");
        fails("1,x,p,{1e999}\n", 6, "instance weight '1e999' is not finite; expected a finite decimal number >= 0");
        fails("1,x,p,{Infinity}\n", 6, "'Infinity' is not finite");
        fails("1,x,p,{NaN}\n", 6, "'NaN' is not finite");
        fails("1,x,p,{heavy}\n", 6, "instance weight 'heavy' is not a decimal number; expected a finite decimal number >= 0");
        fails("1,x,p,{}\n", 6, "instance weight '' is not a decimal number");
        fails("1,x,p\n1,x,p,{3.5\n", 7, "unclosed instance weight '{3.5'; expected '}' after the weight");
        fails("{0 1, 2 q} {2\n", 6, "unclosed instance weight");
        fails("1,x,p,{2} x\n", 6, "unexpected text after the instance weight: 'x'; expected the end of the line");
        fails("{1 y}, {2}, {3}\n", 6, "unexpected text after the instance weight");
    }

    @Test
    void otherExtraTextIsStillAnExtraValue() {
        ImportException e = assertThrows(ImportException.class, () -> Inputs.arff(HEADER + "1,x,p,q\n", D));
        assertTrue(e.getMessage().contains("row has more than 3 values"), e.getMessage());
        e = assertThrows(ImportException.class, () -> Inputs.arff(HEADER + "{0 1}, 3\n", D));
        assertTrue(e.getMessage().contains("unexpected text after the sparse row's '}'"), e.getMessage());
        // a weight where a value is missing is not taken as a weight
        e = assertThrows(ImportException.class, () -> Inputs.arff(HEADER + "1,x,{2}\n", D));
        assertTrue(e.getMessage().contains("undeclared nominal level '{2}'"), e.getMessage());
    }
}
