package io.plate.importers.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.data.ImportOptions;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CsvImporterTest {
    private static final ImportOptions D = ImportOptions.defaults();

    @Test
    void rfc4180QuotesEmbeddedDelimitersQuotesAndNewlines() {
        String csv = "name,note,class\r\n"
                + "\"Smith, J\",\"said \"\"hi\"\"\",a\r\n"
                + "plain,\"two\r\nlines\",b\r\n"
                + "x,,a\r\n";
        Dataset d = Inputs.csv(csv, D);
        assertEquals(3, d.rows());
        CategoricalColumn name = d.categorical().get(0);
        CategoricalColumn note = d.categorical().get(1);
        assertEquals("Smith, J", name.level(0));
        assertEquals("said \"hi\"", note.level(0));
        assertEquals("two\nlines", note.level(1));
        assertEquals(null, note.level(2), "empty cell is missing");
        assertEquals(List.of("a", "b"), d.labels().orElseThrow().levels());
    }

    @Test
    void byteOrderMarkIsDroppedAndDelimitersDetected() {
        Dataset semi = Inputs.csv("\uFEFFx;y;class\n1,5;2;a\n3;4;b\n", D);
        assertEquals("x", semi.categorical().get(0).name(), "BOM not part of the first name");
        assertEquals("1,5", semi.categorical().get(0).level(0), "comma inside a semicolon file is text");
        assertEquals(1, semi.numeric().size());
        Dataset tab = Inputs.csv("x\ty\tclass\n1\t2\ta\n3\t4\tb\n", D);
        assertEquals(2, tab.numeric().size());
        assertEquals(2.0, tab.numeric().get(1).value(0));
        Dataset forced = Inputs.csv("x;y,class\n1;2,a\n", ImportOptions.builder().delimiter(';').build());
        assertEquals("y,class", forced.labels().orElseThrow().name());
    }

    @Test
    void typeInferenceAndOverrides() {
        String csv = "a,b,c,d,class\n1,x,1.5e3,?,p\n2,y,NA,,q\n-3,z,,NA,p\n";
        Dataset d = Inputs.csv(csv, D);
        assertEquals(List.of("a", "c", "d"), d.numeric().stream().map(c -> c.name()).toList());
        assertEquals(List.of("b"), d.categorical().stream().map(c -> c.name()).toList());
        assertEquals(1500.0, d.numeric().get(1).value(0));
        assertTrue(Double.isNaN(d.numeric().get(1).value(1)));
        Dataset all = Inputs.csv(csv, ImportOptions.builder().categorical(Set.of("all")).build());
        assertEquals(4, all.categorical().size());
        assertEquals(List.of("-3", "1", "2"), all.categorical().get(0).levels(), "numeric-looking levels in numeric order");
        Dataset some = Inputs.csv(csv, ImportOptions.builder().categorical(Set.of("a")).build());
        assertEquals("a", some.categorical().get(0).name());
        Dataset missing = Inputs.csv("a,class\n?,p\n-,q\n", ImportOptions.builder().missing(Set.of("-")).build());
        assertEquals(List.of("?"), missing.categorical().get(0).levels(), "'?' is a value once missing is only '-'");
        assertEquals(CategoricalColumn.MISSING, missing.categorical().get(0).code(1));
    }

    @Test
    void labelByNameNoLabelAndNumericTarget() {
        String csv = "y,a,b\nspam,1,2\nham,3,4\n";
        Dataset d = Inputs.csv(csv, ImportOptions.builder().label("y").build());
        assertEquals("y", d.labels().orElseThrow().name());
        assertEquals(2, d.numeric().size());
        Dataset last = Inputs.csv(csv, D);
        // the last column is numeric: a numeric target, as in Weka (named in --categorical it would be classes)
        assertEquals("b", last.target().orElseThrow().name());
        assertFalse(last.labels().isPresent());
        Dataset none = Inputs.csv(csv, ImportOptions.builder().noLabel(true).build());
        assertFalse(none.labels().isPresent());
        assertEquals(3, none.featureCount());
        Dataset target = Inputs.csv(csv, ImportOptions.builder().numeric(Set.of("b")).build());
        assertEquals(4.0, target.target().orElseThrow().value(1));
        assertTrue(d.summary().startsWith("input: 2 rows, 2 features"), d.summary());
    }
}
