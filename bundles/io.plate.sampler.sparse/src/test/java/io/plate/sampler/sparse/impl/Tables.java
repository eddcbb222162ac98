package io.plate.sampler.sparse.impl;

import java.util.ArrayList;
import java.util.List;

/** Count tables for tests, made directly from counts. */
final class Tables {
    private Tables() {
    }

    /**
     * A table with {@code counts[y][i][j]} = rows of class y with category j at feature i (one group).
     * Feature i has {@code counts[0][i].length} categories.
     */
    static CountTable of(int[][][] counts) {
        int classes = counts.length;
        int features = counts[0].length;
        List<String> cl = new ArrayList<>();
        for (int y = 0; y < classes; y++) {
            cl.add("c" + y);
        }
        List<String> fs = new ArrayList<>();
        List<List<String>> levels = new ArrayList<>();
        for (int i = 0; i < features; i++) {
            fs.add("f" + i);
            List<String> lv = new ArrayList<>();
            for (int j = 0; j < counts[0][i].length; j++) {
                lv.add("v" + j);
            }
            levels.add(lv);
        }
        List<Integer> flat = new ArrayList<>();
        int[] rows = new int[classes];
        for (int y = 0; y < classes; y++) {
            int n = 0;
            for (int i = 0; i < features; i++) {
                int s = 0;
                for (int v : counts[y][i]) {
                    flat.add(v);
                    s += v;
                }
                n = Math.max(n, s);
            }
            rows[y] = n;
        }
        int[] c = new int[flat.size()];
        for (int k = 0; k < c.length; k++) {
            c[k] = flat.get(k);
        }
        return new CountTable(cl, List.of("all"), fs, levels, c, rows);
    }
}
