package io.plate.sampler.mixture.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class DrawRecorderTest {
    /** Records draw {@code d} as the partition whose row 0 is alone exactly when d is odd, row d % rows marked. */
    private static int[] draw(int d, int rows) {
        int[] slots = new int[rows];
        slots[d % rows] = 1; // two clusters; which row is apart tells the draws apart
        return slots;
    }

    @Test
    void aRunLongerThanExpectedKeepsEvenlySpacedPartitionsInBoundedMemory() {
        int rows = 7;
        DrawRecorder r = new DrawRecorder(rows, 10, 4); // expects 10 draws: stores each, holds at most 20
        for (int d = 0; d < 10; d++) {
            r.record(draw(d, rows), 2, -d, 2, d + 1, s -> List.of());
        }
        assertEquals(10, r.partitions().size());
        for (int d = 10; d < 100; d++) { // an extended run: 10 times the draws expected
            r.record(draw(d, rows), 2, -d, 2, d + 1, s -> List.of());
        }
        assertEquals(100, r.kept());
        List<int[]> held = r.partitions();
        // held: draws 0, 8, 16, …, 96 (the stride doubled from 1 to 8 as 20 stored partitions filled up thrice)
        assertEquals(13, held.size());
        for (int i = 0; i < held.size(); i++) {
            int d = 8 * i;
            int[] expected = new int[rows];
            for (int row = 0; row < rows; row++) { // relabelled by first appearance
                expected[row] = (row == d % rows) == (d % rows == 0) ? 0 : 1;
            }
            assertArrayEquals(expected, held.get(i), "held partition " + i);
        }
        assertEquals(100, r.clusterCounts().get(2)); // counts and pair counts see every draw
    }
}
