package io.plate.api.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.plate.api.data.CategoricalColumn;
import java.util.Arrays;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;

class StratifiedSplitTest {
    private static int[] labels(int... sizes) {
        int n = Arrays.stream(sizes).sum();
        int[] y = new int[n];
        int r = 0;
        for (int c = 0; c < sizes.length; c++) {
            for (int i = 0; i < sizes[c]; i++) {
                y[r++] = c;
            }
        }
        // interleave so that classes are not in blocks
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = y[(int) ((long) i * 7919 % n)];
        }
        return out;
    }

    private static int[] perClass(int[] y, int[] rows, int classes) {
        int[] c = new int[classes + 1];
        for (int r : rows) {
            c[y[r] == CategoricalColumn.MISSING ? classes : y[r]]++;
        }
        return c;
    }

    @Test
    void largestRemainderAllocationWorkedByHand() {
        // 10, 7, 3 rows at 0.25: test = round(20 * 0.25) = 5; floors 2, 1, 0 (= 3); remainders 0.5, 0.75, 0.75,
        // so the two missing rows go to classes 1 and 2: 2, 2, 1
        int[] y = labels(10, 7, 3);
        StratifiedSplit s = StratifiedSplit.of(y, 3, 0.25, RandomSource.XO_RO_SHI_RO_128_PP.create(1L));
        assertArrayEquals(new int[] {2, 2, 1, 0}, perClass(y, s.test(), 3));
        assertArrayEquals(new int[] {8, 5, 2, 0}, perClass(y, s.train(), 3));
    }

    @Test
    void partitionIsCompleteSortedAndReproducible() {
        int[] y = labels(500, 268);
        StratifiedSplit a = StratifiedSplit.of(y, 2, 0.3, RandomSource.XO_RO_SHI_RO_128_PP.create(42L));
        StratifiedSplit b = StratifiedSplit.of(y, 2, 0.3, RandomSource.XO_RO_SHI_RO_128_PP.create(42L));
        StratifiedSplit c = StratifiedSplit.of(y, 2, 0.3, RandomSource.XO_RO_SHI_RO_128_PP.create(43L));
        assertArrayEquals(a.test(), b.test());
        assertFalse(Arrays.equals(a.test(), c.test()), "another seed, another split");
        assertEquals(Math.round(768 * 0.3), a.test().length);
        int[] all = new int[768];
        for (int r : a.test()) {
            all[r]++;
        }
        for (int r : a.train()) {
            all[r]++;
        }
        for (int k : all) {
            assertEquals(1, k, "each row in exactly one part");
        }
        int[] t = a.test();
        for (int i = 1; i < t.length; i++) {
            assertEquals(true, t[i] > t[i - 1]);
        }
        // 500 * 0.3 = 150 and 268 * 0.3 = 80.4: 150 + 80 = 230 = round(230.4)
        assertArrayEquals(new int[] {150, 80, 0}, perClass(y, a.test(), 2));
    }

    @Test
    void missingLabelsAreAStratumAndBadFractionsFail() {
        int[] y = {0, 0, 0, 0, CategoricalColumn.MISSING, CategoricalColumn.MISSING, 1, 1};
        StratifiedSplit s = StratifiedSplit.of(y, 2, 0.5, RandomSource.XO_RO_SHI_RO_128_PP.create(3L));
        assertArrayEquals(new int[] {2, 1, 1}, perClass(y, s.test(), 2));
        assertThrows(IllegalArgumentException.class,
                () -> StratifiedSplit.of(y, 2, 1.0, RandomSource.XO_RO_SHI_RO_128_PP.create(3L)));
        assertThrows(IllegalArgumentException.class,
                () -> StratifiedSplit.of(y, 2, Double.NaN, RandomSource.XO_RO_SHI_RO_128_PP.create(3L)));
        assertThrows(IllegalArgumentException.class,
                () -> StratifiedSplit.of(new int[] {0, 1}, 2, 0.1, RandomSource.XO_RO_SHI_RO_128_PP.create(3L)));
    }
}
