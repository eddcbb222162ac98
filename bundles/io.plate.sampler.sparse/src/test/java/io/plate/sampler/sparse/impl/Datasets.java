package io.plate.sampler.sparse.impl;

import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Small datasets for tests, and a minimal reader of the shared categorical CSV files (test use only). */
final class Datasets {
    private Datasets() {
    }

    /** Columns given as rows of text; the last column is the label; null is missing. */
    static Dataset of(String name, String[] header, String[][] rows) {
        Dataset.Builder b = Dataset.builder(name).source("test");
        for (int col = 0; col < header.length; col++) {
            List<String> levels = new ArrayList<>();
            int[] codes = new int[rows.length];
            for (int r = 0; r < rows.length; r++) {
                String v = rows[r][col];
                if (v == null) {
                    codes[r] = CategoricalColumn.MISSING;
                    continue;
                }
                int k = levels.indexOf(v);
                if (k < 0) {
                    levels.add(v);
                    k = levels.size() - 1;
                }
                codes[r] = k;
            }
            CategoricalColumn c = CategoricalColumn.of(header[col], levels, codes);
            if (col == header.length - 1) {
                b.labels(c);
            } else {
                b.categorical(c);
            }
        }
        return b.build();
    }

    /**
     * Reads a shared CSV whose columns are all categorical: header row, {@code label} names the class
     * column, {@code drop} columns are skipped, {@code ?} and empty are missing. Levels are sorted.
     */
    static Dataset csv(Path file, String label, String... drop) throws IOException {
        List<String> lines = Files.readAllLines(file);
        String[] header = lines.get(0).split(",", -1);
        List<String[]> rows = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            if (!lines.get(i).isBlank()) {
                rows.add(lines.get(i).split(",", -1));
            }
        }
        Dataset.Builder b = Dataset.builder(file.getFileName().toString().replace(".csv", "")).source(file.toString());
        List<String> dropped = List.of(drop);
        for (int col = 0; col < header.length; col++) {
            String name = header[col].trim().replace("\"", "");
            if (dropped.contains(name)) {
                continue;
            }
            Map<String, Integer> index = new LinkedHashMap<>();
            List<String> values = new ArrayList<>();
            for (String[] r : rows) {
                String v = r[col].trim().replace("\"", "");
                values.add(v);
                if (!v.isEmpty() && !v.equals("?")) {
                    index.putIfAbsent(v, 0);
                }
            }
            List<String> levels = new ArrayList<>(index.keySet());
            levels.sort(null);
            int[] codes = new int[rows.size()];
            for (int r = 0; r < codes.length; r++) {
                String v = values.get(r);
                codes[r] = v.isEmpty() || v.equals("?") ? CategoricalColumn.MISSING : levels.indexOf(v);
            }
            CategoricalColumn c = CategoricalColumn.of(name, levels, codes);
            if (name.equals(label)) {
                b.labels(c);
            } else {
                b.categorical(c);
            }
        }
        return b.build();
    }

    static Path shared(String relative) {
        return Path.of(System.getProperty("plate.data", "../../data"), relative);
    }
}
