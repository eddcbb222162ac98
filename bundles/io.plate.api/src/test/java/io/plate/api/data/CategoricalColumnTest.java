package io.plate.api.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CategoricalColumnTest {
    @Test
    void duplicateLevelsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> CategoricalColumn.of("c", List.of("a", "b", "a"), new int[] {0}));
        // equal texts in distinct String objects, and hash collisions ("Aa" and "BB" share a hash code)
        assertThrows(IllegalArgumentException.class,
                () -> CategoricalColumn.of("c", List.of("x", new String("yy"), "yy"), new int[0]));
        assertEquals(2, CategoricalColumn.of("c", List.of("Aa", "BB"), new int[] {1, 0}).cardinality());
        assertEquals(1, CategoricalColumn.of("c", List.of(""), new int[] {0, -1}).cardinality());
        List<String> many = new ArrayList<>();
        for (int i = 0; i < 100_000; i++) {
            many.add("v" + i);
        }
        assertEquals(100_000, CategoricalColumn.of("c", many, new int[0]).cardinality());
        many.add("v99999");
        assertThrows(IllegalArgumentException.class, () -> CategoricalColumn.of("c", many, new int[0]));
    }

    @Test
    void checkingTheLevelsAllocatesNoObjectPerLevel() {
        // 10^6 ARFF levels: a HashSet made a node per level (40 MB for the young collections to copy);
        // now one int slot table. Per level: the copied list (4-8 bytes) and the slots (8-16 bytes),
        // against 50+ with the set
        int n = 200_000;
        List<String> levels = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            levels.add("v" + i);
            levels.get(i).hashCode(); // cached in the String, as a level read from a file would have it
        }
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory
                .getThreadMXBean();
        long before = mx.getCurrentThreadAllocatedBytes();
        CategoricalColumn c = CategoricalColumn.of("c", levels, new int[] {0});
        long perLevel = (mx.getCurrentThreadAllocatedBytes() - before) / n;
        assertEquals(n, c.cardinality());
        assertTrue(perLevel < 32, "bytes allocated per level: " + perLevel);
    }

    /** A view keeps its rows' levels and the levels no row of the storage uses; the column keeps all. */
    @Test
    void levelsToFitOfAViewLeaveOutWhatOnlyOtherRowsUse() {
        // d is declared and unused; c is used only by row 3
        CategoricalColumn c = CategoricalColumn.of("c", List.of("a", "b", "c", "d"), new int[] {0, 1, CategoricalColumn.MISSING, 2});
        assertEquals(List.of(true, true, true, true), asList(c.levelsToFit()));
        assertEquals(List.of(true, false, false, true), asList(c.select(new int[] {0, 2}).levelsToFit()));
        assertEquals(List.of(true, true, true, true), asList(c.select(new int[] {3, 1, 0}).levelsToFit()));
    }

    /** A declared level table (an ARFF header's) is kept whole by every view, and by a renamed column's views. */
    @Test
    void aDeclaredColumnsViewsKeepEveryLevel() {
        CategoricalColumn c = CategoricalColumn.declared("c", List.of("a", "b", "c", "d"), new int[] {0, 1, CategoricalColumn.MISSING, 2});
        assertTrue(c.levelsDeclared());
        assertEquals(List.of(true, true, true, true), asList(c.select(new int[] {0, 2}).levelsToFit()));
        assertEquals(List.of("a", "b", "c", "d"), c.select(new int[] {0, 2}).fitLevels().levels());
        assertEquals(List.of(true, true, true, true), asList(c.renamed("e").select(new int[] {0}).levelsToFit()));
        assertTrue(!CategoricalColumn.of("c", List.of("a"), new int[] {0}).levelsDeclared());
    }

    /** A view's fitted levels are its kept levels in order; a code of a level left out, or missing, maps to MISSING. */
    @Test
    void fitLevelsRenumberAViewsCodesIntoTheLevelsItKeeps() {
        CategoricalColumn c = CategoricalColumn.of("c", List.of("a", "b", "c", "d"), new int[] {0, 1, CategoricalColumn.MISSING, 2});
        CategoricalColumn.FitLevels all = c.fitLevels();
        assertEquals(List.of("a", "b", "c", "d"), all.levels());
        assertEquals(2, all.code(2));
        // rows 0 and 2 use a and a missing value: b and c only rows outside the view use, d no row uses
        CategoricalColumn.FitLevels view = c.select(new int[] {0, 2}).fitLevels();
        assertEquals(List.of("a", "d"), view.levels());
        assertEquals(0, view.code(0));
        assertEquals(CategoricalColumn.MISSING, view.code(1));
        assertEquals(CategoricalColumn.MISSING, view.code(2));
        assertEquals(1, view.code(3));
        assertEquals(CategoricalColumn.MISSING, view.code(CategoricalColumn.MISSING));
    }

    private static List<Boolean> asList(boolean[] b) {
        List<Boolean> out = new ArrayList<>();
        for (boolean x : b) {
            out.add(x);
        }
        return out;
    }
}
