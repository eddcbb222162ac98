package io.plate.classifier.impl;

import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.data.NumericColumn;
import io.plate.api.data.SparseMatrix;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.IntPredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A small test-only reader of the datasets in the repository's data/ folder, independent of the importers bundle. Level and word
 * tables are in order of first appearance (not scikit-learn's sorted order), so the tests also exercise
 * matching by text. Conventions are those of src/test/python/make_parity_fixtures.py.
 */
public final class SharedData {
    /**
     * CountVectorizer's default token pattern {@code (?u)\b\w\w+\b} with Python's meaning of {@code \w}
     * (letters, all numbers including superscripts, underscore; Java's Unicode {@code \w} differs).
     */
    private static final Pattern TOKEN = Pattern.compile("(?<![\\p{L}\\p{N}_])[\\p{L}\\p{N}_]{2,}(?![\\p{L}\\p{N}_])");

    private SharedData() {
    }

    public static Path file(String relative) {
        return Path.of(System.getProperty("plate.data", "../../data"), relative);
    }

    /** Weight of row i (0-based) in weighted cases. */
    static double weight(int i) {
        return 1.0 + (i % 3);
    }

    private static List<String[]> csvRows(Path file) {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            List<String[]> rows = new ArrayList<>();
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (!line.isEmpty()) {
                    rows.add(line.split(",", -1));
                }
            }
            return rows;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static CategoricalColumn categoricalOf(String name, List<String> values, boolean questionIsMissing) {
        Map<String, Integer> levels = new LinkedHashMap<>();
        int[] codes = new int[values.size()];
        for (int i = 0; i < codes.length; i++) {
            String v = values.get(i);
            if (questionIsMissing && v.equals("?")) {
                codes[i] = CategoricalColumn.MISSING;
            } else {
                Integer c = levels.putIfAbsent(v, levels.size());
                codes[i] = c == null ? levels.size() - 1 : c;
            }
        }
        return CategoricalColumn.of(name, new ArrayList<>(levels.keySet()), codes);
    }

    /** Every column but the last is categorical; the last is the label. */
    public static Dataset categoricalCsv(String relative, Set<String> drop, boolean weighted, boolean questionIsMissing) {
        return categoricalCsv(file(relative), relative, drop, weighted, questionIsMissing);
    }

    /** As {@link #categoricalCsv(String, Set, boolean, boolean)} for a file outside data/ (a generated test set). */
    public static Dataset categoricalCsv(Path file) {
        return categoricalCsv(file, file.getFileName().toString(), Set.of(), false, false);
    }

    private static Dataset categoricalCsv(Path file, String source, Set<String> drop, boolean weighted,
            boolean questionIsMissing) {
        List<String[]> rows = csvRows(file);
        String[] header = rows.get(0);
        List<String[]> body = rows.subList(1, rows.size());
        Dataset.Builder b = Dataset.builder(file.getFileName().toString()).source(source);
        for (int j = 0; j + 1 < header.length; j++) {
            if (drop.contains(header[j])) {
                continue;
            }
            List<String> values = new ArrayList<>();
            for (String[] r : body) {
                values.add(r[j]);
            }
            b.categorical(categoricalOf(header[j], values, questionIsMissing));
        }
        labelsAndWeights(b, header, body, weighted);
        return b.build();
    }

    /** Every column but the last is numeric; the last is the label. */
    public static Dataset numericCsv(String relative, boolean weighted) {
        List<String[]> rows = csvRows(file(relative));
        String[] header = rows.get(0);
        List<String[]> body = rows.subList(1, rows.size());
        Dataset.Builder b = Dataset.builder(Path.of(relative).getFileName().toString()).source(relative);
        for (int j = 0; j + 1 < header.length; j++) {
            double[] v = new double[body.size()];
            for (int i = 0; i < v.length; i++) {
                String s = body.get(i)[j];
                v[i] = s.equals("?") || s.isEmpty() ? Double.NaN : Double.parseDouble(s);
            }
            b.numeric(NumericColumn.of(header[j], v));
        }
        labelsAndWeights(b, header, body, weighted);
        return b.build();
    }

    private static void labelsAndWeights(Dataset.Builder b, String[] header, List<String[]> body, boolean weighted) {
        List<String> labels = new ArrayList<>();
        for (String[] r : body) {
            labels.add(r[header.length - 1]);
        }
        b.labels(categoricalOf(header[header.length - 1], labels, false));
        if (weighted) {
            double[] w = new double[body.size()];
            for (int i = 0; i < w.length; i++) {
                w[i] = weight(i);
            }
            b.numeric(NumericColumn.of("w", w));
        }
    }

    static String unescape(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char n = s.charAt(++i);
                out.append(n == 'n' ? '\n' : n == 't' ? '\t' : n == 'r' ? '\r' : n);
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** A label/text TSV as word counts, keeping the rows (0-based, in file order) that {@code keep} accepts. */
    public static Dataset textTsv(String relative, IntPredicate keep) {
        Map<String, Integer> vocab = new LinkedHashMap<>();
        List<String> labels = new ArrayList<>();
        int[] start = new int[1024];
        int[] cols = new int[1 << 16];
        int[] counts = new int[1 << 16];
        int rows = 0;
        int nnz = 0;
        try (BufferedReader in = Files.newBufferedReader(file(relative), StandardCharsets.UTF_8)) {
            String[] header = in.readLine().split("\t", -1);
            int li = Arrays.asList(header).indexOf("label");
            int ti = Arrays.asList(header).indexOf("text");
            int line = 0;
            TreeMap<Integer, Integer> doc = new TreeMap<>();
            for (String l = in.readLine(); l != null; l = in.readLine(), line++) {
                if (!keep.test(line)) {
                    continue;
                }
                String[] p = l.split("\t", -1);
                labels.add(p[li]);
                doc.clear();
                Matcher m = TOKEN.matcher(unescape(p[ti]).toLowerCase(Locale.ROOT));
                while (m.find()) {
                    String w = m.group();
                    Integer id = vocab.putIfAbsent(w, vocab.size());
                    doc.merge(id == null ? vocab.size() - 1 : id, 1, Integer::sum);
                }
                if (rows + 2 > start.length) {
                    start = Arrays.copyOf(start, start.length * 2);
                }
                if (nnz + doc.size() > cols.length) {
                    int n = Math.max(cols.length * 2, nnz + doc.size());
                    cols = Arrays.copyOf(cols, n);
                    counts = Arrays.copyOf(counts, n);
                }
                for (Map.Entry<Integer, Integer> e : doc.entrySet()) {
                    cols[nnz] = e.getKey();
                    counts[nnz++] = e.getValue();
                }
                start[++rows] = nnz;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        SparseMatrix m = SparseMatrix.ofCounts(new ArrayList<>(vocab.keySet()), Arrays.copyOf(start, rows + 1), cols,
                counts, true);
        return Dataset.builder(Path.of(relative).getFileName().toString()).source(relative).sparse(m)
                .labels(categoricalOf("label", labels, false)).build();
    }

    /** A LibSVM file; columns are named by their 1-based index, up to the largest index in the file. */
    public static Dataset libsvm(String relative) {
        List<String> labels = new ArrayList<>();
        List<int[]> rowCols = new ArrayList<>();
        List<double[]> rowVals = new ArrayList<>();
        int max = 0;
        try (BufferedReader in = Files.newBufferedReader(file(relative), StandardCharsets.UTF_8)) {
            for (String l = in.readLine(); l != null; l = in.readLine()) {
                String[] p = l.trim().split("\\s+");
                if (p.length == 0 || p[0].isEmpty()) {
                    continue;
                }
                labels.add(Integer.toString((int) Double.parseDouble(p[0])));
                int[] c = new int[p.length - 1];
                double[] v = new double[p.length - 1];
                for (int i = 1; i < p.length; i++) {
                    int colon = p[i].indexOf(':');
                    c[i - 1] = Integer.parseInt(p[i].substring(0, colon)) - 1;
                    v[i - 1] = Double.parseDouble(p[i].substring(colon + 1));
                    max = Math.max(max, c[i - 1] + 1);
                }
                rowCols.add(c);
                rowVals.add(v);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int[] start = new int[rowCols.size() + 1];
        for (int r = 0; r < rowCols.size(); r++) {
            start[r + 1] = start[r] + rowCols.get(r).length;
        }
        int[] cols = new int[start[rowCols.size()]];
        double[] vals = new double[cols.length];
        for (int r = 0; r < rowCols.size(); r++) {
            System.arraycopy(rowCols.get(r), 0, cols, start[r], rowCols.get(r).length);
            System.arraycopy(rowVals.get(r), 0, vals, start[r], rowVals.get(r).length);
        }
        List<String> vocab = new ArrayList<>();
        for (int i = 1; i <= max; i++) {
            vocab.add(Integer.toString(i));
        }
        return Dataset.builder(Path.of(relative).getFileName().toString()).source(relative)
                .sparse(SparseMatrix.ofValues(vocab, start, cols, vals, false))
                .labels(categoricalOf("label", labels, false)).build();
    }
}
