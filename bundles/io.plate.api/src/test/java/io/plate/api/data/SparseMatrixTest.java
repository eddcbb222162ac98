package io.plate.api.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The CSR checks of {@link SparseMatrix} (each names the row) and its accessors and views. */
class SparseMatrixTest {
    private static final List<String> V = List.of("a", "b", "c", "d");

    private static String fails(int[] start, int[] cols, double[] vals) {
        return assertThrows(IllegalArgumentException.class, () -> SparseMatrix.ofValues(V, start, cols, vals, true))
                .getMessage();
    }

    @Test
    void readsRowsInOrder() {
        // rows: {a:1, c:2}, {}, {b:3, d:4}
        SparseMatrix m = SparseMatrix.ofCounts(V, new int[] {0, 2, 2, 4}, new int[] {0, 2, 1, 3},
                new int[] {1, 2, 3, 4}, true);
        assertTrue(m.isIntegral());
        assertEquals(3, m.rows());
        assertEquals(4, m.nonZeros());
        assertEquals(m.start(1), m.end(1));
        assertEquals(3, m.column(m.start(2) + 1));
        assertEquals(4.0, m.value(m.start(2) + 1));
        SparseMatrix view = m.select(new int[] {2, 0});
        assertEquals(2, view.rows());
        assertEquals(1, view.column(view.start(0)));
        assertEquals(4, view.nonZeros()); // rows 2 and 0, two non-zeros each
        assertArrayEquals(new int[] {-1, 0, 1, -1}, m.mapTo(List.of("b", "c", "z")));
    }

    @Test
    void wholeValuesAreStoredAsCountsOthersAsDoubles() {
        assertTrue(SparseMatrix.ofValues(V, new int[] {0, 1}, new int[] {0}, new double[] {3.0}, true).isIntegral());
        SparseMatrix real = SparseMatrix.ofValues(V, new int[] {0, 1}, new int[] {0}, new double[] {0.25}, true);
        assertFalse(real.isIntegral());
        assertEquals(0.25, real.value(0));
    }

    @Test
    void columnsMustBeInsideTheVocabularyAndIncreasing() {
        assertEquals("row 1: column 4 outside vocabulary of 4",
                fails(new int[] {0, 1, 3}, new int[] {0, 1, 4}, new double[] {1, 1, 1}));
        assertEquals("row 0: column -1 outside vocabulary of 4",
                fails(new int[] {0, 2}, new int[] {-1, 2}, new double[] {1, 1}));
        assertEquals("row 1: columns not strictly increasing at 2",
                fails(new int[] {0, 1, 3}, new int[] {3, 2, 2}, new double[] {1, 1, 1}));
        assertEquals("row 0: columns not strictly increasing at 0",
                fails(new int[] {0, 2}, new int[] {1, 0}, new double[] {1, 1}));
    }

    @Test
    void nonFiniteValuesNameTheirRowPastEmptyRows() {
        // rows 0 and 1 empty, row 2 = {a, b}, row 3 empty, row 4 = {c: NaN}
        assertEquals("row 4, column 2: non-finite value", fails(new int[] {0, 0, 0, 2, 2, 3},
                new int[] {0, 1, 2}, new double[] {0.5, 1.5, Double.NaN}));
        assertEquals("row 2, column 1: non-finite value", fails(new int[] {0, 0, 0, 2},
                new int[] {0, 1}, new double[] {0.5, Double.POSITIVE_INFINITY}));
    }

    @Test
    void offsetsMustStartAtZeroAndNotDecrease() {
        assertEquals("row offsets must start at 0", fails(new int[] {1, 2}, new int[] {0, 1}, new double[] {1, 1}));
        assertEquals("row 1: decreasing row offsets",
                fails(new int[] {0, 2, 1, 2}, new int[] {0, 1}, new double[] {1, 1}));
    }

    /** A view of a vocabulary keeps its rows' words and unused ones; an index space (LibSVM) keeps every column. */
    @Test
    void columnsToFitOfAViewLeaveOutWordsOnlyOtherRowsUse() {
        int[] start = {0, 2, 3, 4};
        int[] cols = {0, 1, 1, 2};
        int[] counts = {1, 2, 1, 4};
        SparseMatrix words = SparseMatrix.ofCounts(List.of("a", "b", "c", "unused"), start, cols, counts, true);
        assertArrayEquals(new boolean[] {true, true, true, true}, words.columnsToFit());
        assertArrayEquals(new boolean[] {false, true, false, true}, words.select(new int[] {1}).columnsToFit());
        SparseMatrix indexes = SparseMatrix.ofCounts(SparseMatrix.indexNames(4), start, cols, counts, true);
        assertArrayEquals(new boolean[] {true, true, true, true}, indexes.select(new int[] {1}).columnsToFit());
    }
}
