package io.plate.shell.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.data.NumericColumn;
import java.util.List;
import org.junit.jupiter.api.Test;

/** plate:datasets: a split's parts refer to their parent's storage, which the total counts once. */
class DatasetsListingTest {
    private static Dataset data(String name) {
        double[] x = new double[1000];
        int[] y = new int[1000];
        for (int r = 0; r < x.length; r++) {
            x[r] = r;
            y[r] = r % 2;
        }
        return Dataset.builder(name).numeric(NumericColumn.of("x", x))
                .labels(CategoricalColumn.of("class", List.of("a", "b"), y)).build();
    }

    @Test
    void splitPartsAreMarkedAndTheTotalCountsSharedStorageOnce() {
        Workspace w = new Workspace();
        Dataset all = data("d");
        int[] first = new int[250];
        int[] rest = new int[750];
        for (int r = 0; r < 1000; r++) {
            if (r < 250) {
                first[r] = r;
            } else {
                rest[r - 250] = r;
            }
        }
        w.putDataset("d", all);
        w.putDataset("d.test", all.select(first, "d.test"));
        w.putDataset("d.train", all.select(rest, "d.train"));
        w.putDataset("other", data("other"));
        String out = new InfoCommands(w, null).datasets();
        List<String> lines = out.lines().toList();
        assertFalse(lines.get(2).contains("shares"), out); // d
        assertTrue(lines.get(3).contains("(shares d's)"), out);
        assertTrue(lines.get(4).contains("(shares d's)"), out);
        assertFalse(lines.get(5).contains("shares"), out); // other
        // storage: 8,000 bytes of x and 4,000 of codes (+ 96 for two levels) per dataset, the views' own indices 4 bytes a row
        long storage = 8000 + 4000 + 96;
        assertEquals(storage, all.memoryBytes());
        assertEquals(storage + 4 * 250 * 2, all.select(first, "t").memoryBytes());
        String total = lines.get(lines.size() - 1);
        // 2 × 12,096 + 2,000 + 6,000 = 32,192 bytes = 31.4 × 1024: "31 KB", as the importers' messages write sizes
        // (HeapCheck.bytes; the listing had its own "31.4 KiB", with the platform's decimal comma in some locales)
        assertEquals(32_192, 2 * storage + 4 * 250 * 2 + 4 * 750 * 2);
        assertEquals("in all 31 KB (storage shared between datasets counted once)", total);
        assertTrue(lines.get(2).endsWith("  12 KB"), out); // d: 12,096 bytes
    }

    @Test
    void datasetsSharingNothingHaveNoTotalLine() {
        Workspace w = new Workspace();
        w.putDataset("a", data("a"));
        w.putDataset("b", data("b"));
        String out = new InfoCommands(w, null).datasets();
        assertFalse(out.contains("in all"), out);
        assertFalse(out.contains("shares"), out);
    }
}
