package io.plate.classifier.impl.kernel.bench;

import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.data.NumericColumn;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Datasets for the benchmarks: a numeric CSV with a header and the class in the last column (the
 * shared digits and spambase files; read here directly, since the importers live in another bundle),
 * and letter-like synthetic data.
 */
final class BenchData {
    final String[] names;
    final double[][] columns; // [feature][row]
    final String[] labels;

    private BenchData(String[] names, double[][] columns, String[] labels) {
        this.names = names;
        this.columns = columns;
        this.labels = labels;
    }

    static BenchData csv(Path file) throws IOException {
        List<String[]> rows = new ArrayList<>();
        String[] header;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            header = in.readLine().split(",");
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (!line.isBlank()) {
                    rows.add(line.split(","));
                }
            }
        }
        int p = header.length - 1;
        double[][] cols = new double[p][rows.size()];
        String[] labels = new String[rows.size()];
        for (int r = 0; r < rows.size(); r++) {
            String[] f = rows.get(r);
            if (f.length != header.length) {
                throw new IOException(file + ", line " + (r + 2) + ": " + f.length + " fields, expected " + header.length);
            }
            for (int d = 0; d < p; d++) {
                cols[d][r] = Double.parseDouble(f[d]);
            }
            labels[r] = f[p];
        }
        return new BenchData(Arrays.copyOf(header, p), cols, labels);
    }

    /**
     * Letter-like data: {@code classes} classes, {@code p} integer features in 0..15, every class a
     * mixture of {@code modes} prototypes (so its marginals are multimodal, as letters drawn in several
     * fonts are), plus Gaussian noise of sd 1.2, rounded and clipped to 0..15 (or left continuous, the
     * harder case for the cut-off: every training value is distinct).
     */
    static BenchData letterLike(int rows, int classes, int p, int modes, boolean continuous,
            UniformRandomProvider rng) {
        double[][][] proto = new double[classes][modes][p];
        for (double[][] c : proto) {
            for (double[] m : c) {
                for (int d = 0; d < p; d++) {
                    m[d] = 1 + 13 * rng.nextDouble();
                }
            }
        }
        double[][] cols = new double[p][rows];
        String[] labels = new String[rows];
        for (int r = 0; r < rows; r++) {
            int c = rng.nextInt(classes);
            double[] m = proto[c][rng.nextInt(modes)];
            for (int d = 0; d < p; d++) {
                double v = m[d] + 1.2 * gaussian(rng);
                cols[d][r] = continuous ? v : Math.max(0, Math.min(15, Math.rint(v)));
            }
            labels[r] = String.valueOf((char) ('A' + c));
        }
        String[] names = new String[p];
        for (int d = 0; d < p; d++) {
            names[d] = "x" + d;
        }
        return new BenchData(names, cols, labels);
    }

    private static double gaussian(UniformRandomProvider rng) {
        // Box–Muller; the benchmark needs no more
        double u = 1 - rng.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.nextDouble());
    }

    /**
     * This data with its {@code keep} highest-variance features followed by {@code noise} columns of pure
     * noise, N(m, s²) with m and s the mean and sd of a kept feature in turn (so noise columns look like
     * real ones in scale), drawn from {@code rng}.
     */
    BenchData withNoise(int keep, int noise, UniformRandomProvider rng) {
        int[] order = byVariance();
        int n = rows();
        double[][] cols = new double[keep + noise][];
        String[] nm = new String[keep + noise];
        for (int i = 0; i < keep; i++) {
            cols[i] = columns[order[i]];
            nm[i] = names[order[i]];
        }
        for (int j = 0; j < noise; j++) {
            double[] like = cols[j % keep];
            double m = 0;
            for (double v : like) {
                m += v / n;
            }
            double ss = 0;
            for (double v : like) {
                ss += (v - m) * (v - m);
            }
            double sd = Math.sqrt(ss / n);
            double[] c = new double[n];
            for (int r = 0; r < n; r++) {
                c[r] = m + sd * gaussian(rng);
            }
            cols[keep + j] = c;
            nm[keep + j] = "noise" + j;
        }
        return new BenchData(nm, cols, labels);
    }

    /** Writes the given features and the class (last column, header {@code class}) as a CSV. */
    void writeCsv(java.nio.file.Path file, int[] features) throws java.io.IOException {
        try (java.io.PrintWriter out = new java.io.PrintWriter(java.nio.file.Files.newBufferedWriter(file,
                StandardCharsets.UTF_8))) {
            StringBuilder h = new StringBuilder();
            for (int d : features) {
                h.append(names[d]).append(',');
            }
            out.println(h.append("class"));
            for (int r = 0; r < rows(); r++) {
                StringBuilder line = new StringBuilder();
                for (int d : features) {
                    double v = columns[d][r];
                    line.append(v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v))
                            .append(',');
                }
                out.println(line.append(labels[r]));
            }
        }
    }

    /** Column order for a dimension sweep: by decreasing variance, or as stored for noise-extended data. */
    int[] byVarianceUnlessNoise(boolean noise) {
        if (!noise) {
            return byVariance();
        }
        int[] order = new int[columns.length];
        for (int d = 0; d < order.length; d++) {
            order[d] = d;
        }
        return order;
    }

    /** Feature indices by decreasing variance (ties by index). */
    int[] byVariance() {
        Integer[] idx = new Integer[columns.length];
        double[] var = new double[columns.length];
        for (int d = 0; d < columns.length; d++) {
            idx[d] = d;
            double m = 0;
            for (double v : columns[d]) {
                m += v;
            }
            m /= columns[d].length;
            for (double v : columns[d]) {
                var[d] += (v - m) * (v - m);
            }
        }
        Arrays.sort(idx, (a, b) -> var[a] != var[b] ? Double.compare(var[b], var[a]) : Integer.compare(a, b));
        return Arrays.stream(idx).mapToInt(Integer::intValue).toArray();
    }

    /** The dataset of the given features (and the labels), rows {@code from..to}. */
    Dataset dataset(String name, int[] features, int from, int to) {
        Dataset.Builder b = Dataset.builder(name);
        for (int d : features) {
            b.numeric(NumericColumn.of(names[d], Arrays.copyOfRange(columns[d], from, to)));
        }
        TreeSet<String> lv = new TreeSet<>(Arrays.asList(labels).subList(from, to));
        List<String> levels = new ArrayList<>(lv);
        int[] codes = new int[to - from];
        for (int r = from; r < to; r++) {
            codes[r - from] = levels.indexOf(labels[r]);
        }
        return b.labels(CategoricalColumn.of("class", levels, codes)).build();
    }

    int rows() {
        return labels.length;
    }
}
