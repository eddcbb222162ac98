package io.plate.classifier.impl;

import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.data.NumericColumn;
import io.plate.api.data.SparseMatrix;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds small in-memory datasets for the tests. */
final class Tiny {
    private Tiny() {
    }

    /** A categorical column from level texts; {@code null} is a missing value. Levels in first-seen order. */
    static CategoricalColumn cat(String name, String... values) {
        Map<String, Integer> levels = new LinkedHashMap<>();
        int[] codes = new int[values.length];
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) {
                codes[i] = CategoricalColumn.MISSING;
            } else {
                levels.putIfAbsent(values[i], levels.size());
                codes[i] = levels.get(values[i]);
            }
        }
        return CategoricalColumn.of(name, new ArrayList<>(levels.keySet()), codes);
    }

    /** A categorical column with an explicit level table (possibly with unused levels). */
    static CategoricalColumn cat(String name, List<String> levels, String... values) {
        int[] codes = new int[values.length];
        for (int i = 0; i < values.length; i++) {
            codes[i] = values[i] == null ? CategoricalColumn.MISSING : levels.indexOf(values[i]);
        }
        return CategoricalColumn.of(name, levels, codes);
    }

    static NumericColumn num(String name, double... values) {
        return NumericColumn.of(name, values);
    }

    /** Word counts from documents written as space-separated words (a word may repeat). */
    static SparseMatrix words(String... docs) {
        Map<String, Integer> vocab = new LinkedHashMap<>();
        List<int[]> rowCols = new ArrayList<>();
        List<int[]> rowCounts = new ArrayList<>();
        for (String d : docs) {
            java.util.TreeMap<Integer, Integer> c = new java.util.TreeMap<>();
            for (String w : d.trim().split("\\s+")) {
                if (!w.isEmpty()) {
                    vocab.putIfAbsent(w, vocab.size());
                    c.merge(vocab.get(w), 1, Integer::sum);
                }
            }
            rowCols.add(c.keySet().stream().mapToInt(Integer::intValue).toArray());
            rowCounts.add(c.values().stream().mapToInt(Integer::intValue).toArray());
        }
        int[] start = new int[docs.length + 1];
        for (int r = 0; r < docs.length; r++) {
            start[r + 1] = start[r] + rowCols.get(r).length;
        }
        int[] cols = new int[start[docs.length]];
        int[] counts = new int[cols.length];
        for (int r = 0; r < docs.length; r++) {
            System.arraycopy(rowCols.get(r), 0, cols, start[r], rowCols.get(r).length);
            System.arraycopy(rowCounts.get(r), 0, counts, start[r], rowCounts.get(r).length);
        }
        return SparseMatrix.ofCounts(new ArrayList<>(vocab.keySet()), start, cols, counts, true);
    }

    static Dataset.Builder data(String name) {
        return Dataset.builder(name);
    }
}
