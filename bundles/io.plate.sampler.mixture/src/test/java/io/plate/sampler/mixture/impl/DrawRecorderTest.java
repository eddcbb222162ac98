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
    void aLongRunKeepsEvenlySpacedPartitionsInBoundedMemory() {
        int rows = 7;
        DrawRecorder r = new DrawRecorder(rows, 4, 20); // stores each draw until it holds 20
        for (int d = 0; d < 10; d++) {
            r.record(draw(d, rows), 2, -d, 2, d + 1, s -> List.of());
        }
        assertEquals(10, r.partitions().size());
        for (int d = 10; d < 100; d++) { // 5 times the partitions it can hold
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
        assertEquals(8, r.stride());
    }

    /** The budget: 4,000,000 labels a chain, in an even number of partitions of at least 2. */
    @Test
    void aChainStoresAtMostFourMillionLabels() {
        assertEquals(13332, DrawRecorder.capacity(300)); // 4e6 / 300 = 13,333.3, made even
        assertEquals(4_000_000, DrawRecorder.capacity(1));
        assertEquals(2, DrawRecorder.capacity(3_000_000)); // one partition of 3e6 rows fits; two are the least
    }
}
