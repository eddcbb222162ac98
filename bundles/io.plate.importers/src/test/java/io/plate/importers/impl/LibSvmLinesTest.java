package io.plate.importers.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.data.ImportException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Lines parsed one at a time (as Spark's executors see a file) by the importer's own parser. */
class LibSvmLinesTest {
    private final LibSvmLines lines = new LibSvmLines(Path.of("x.svm"), 1 << 25);

    @Test
    void eachLineIsItsOwnRowWithIndicesAsWritten() {
        LibSvmLines.Row a = lines.parse("1 0:2 4:1 # a comment", 0);
        assertEquals(1.0, a.label());
        assertArrayEquals(new int[] {0, 4}, a.indices());
        assertArrayEquals(new double[] {2, 1}, a.values());
        assertEquals(4, a.lastIndex());
        assertTrue(lines.sawZero());
        // a later line holds only its own entries, and values need not be whole numbers
        LibSvmLines.Row b = lines.parse("-1 qid:3 2:0.5 7:-1.25", 0);
        assertEquals(-1.0, b.label());
        assertArrayEquals(new int[] {2, 7}, b.indices());
        assertArrayEquals(new double[] {0.5, -1.25}, b.values());
        LibSvmLines.Row c = lines.parse("2 3:4", 0);
        assertArrayEquals(new int[] {3}, c.indices());
        assertArrayEquals(new double[] {4}, c.values());
        LibSvmLines.Row empty = lines.parse("0", 0);
        assertEquals(0, empty.indices().length);
        assertEquals(-1, empty.lastIndex());
    }

    @Test
    void blankAndCommentLinesGiveNoRow() {
        assertNull(lines.parse("", 0));
        assertNull(lines.parse("   ", 0));
        assertNull(lines.parse("# only a comment", 0));
        assertFalse(lines.sawZero());
    }

    @Test
    void aMalformedLineIsQuotedWhenItsNumberIsUnknown() {
        ImportException e = assertThrows(ImportException.class, () -> lines.parse("1 3:1 2:1", 0));
        assertEquals("x.svm: in the line '1 3:1 2:1': field 3: feature index 2 after 3: indices must be"
                + " strictly increasing", e.getMessage());
        ImportException n = assertThrows(ImportException.class, () -> lines.parse("1 2:x", 12));
        assertEquals("x.svm, line 12, field 2: expected a number as the value of index 2, found 'x'",
                n.getMessage());
    }
}
