package io.plate.classifier.impl;

import io.plate.api.data.Dataset;
import io.plate.api.data.SparseMatrix;
import io.plate.api.learn.Explanation;
import io.plate.api.learn.FeatureWeight;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Shared loops of the linear count models (multinomial, complement, Bernoulli): the score of a row is
 * {@code Σ_words x_w · weight[w * K + k]}. The weight table is laid out so that one word's K class values
 * are contiguous, and the loop over a row's non-zeros reads the CSR arrays and the table in order and
 * allocates nothing.
 */
final class WordTables {
    private WordTables() {
    }

    /**
     * Adds {@code Σ x_w · weight[w·K + k]} over each row's known words to {@code jll}; with a
     * binarisation threshold (not NaN) a value counts as 1 when it is greater than the threshold, else 0.
     */
    static void addLinear(SparseMatrix m, int[] map, double[] weight, int k, double binarize, double[][] jll) {
        long perRow = jll.length == 0 ? 0 : Math.max(1, m.nonZeros() / jll.length) * k;
        Blocks.run(jll.length, perRow, (from, to) -> {
            addLinear(m, map, weight, k, binarize, jll, from, to);
            return 0;
        });
    }

    /** How many non-zeros ahead the scoring loop touches the table row it will need. */
    private static final int AHEAD = 8;

    /**
     * The loop is bound by the latency of reading each word's K-vector from a table far larger than the
     * caches (20news: 21 MB). Touching the row {@link #AHEAD} non-zeros ahead starts that read early, so
     * several are in flight at once (20news: 20 ms against 23 ms, single-threaded). The touched
     * values are summed and checked, so the reads cannot be dropped and a non-finite weight is caught.
     */
    private static void addLinear(SparseMatrix m, int[] map, double[] weight, int k, double binarize, double[][] jll,
            int from, int to) {
        boolean bin = !Double.isNaN(binarize);
        double touched = 0;
        for (int r = from; r < to; r++) {
            double[] row = jll[r];
            for (int i = m.start(r), e = m.end(r); i < e; i++) {
                int ahead = i + AHEAD; // within the row: a view's rows need not be stored one after another
                if (ahead < e) {
                    int wa = map[m.column(ahead)];
                    if (wa >= 0) {
                        touched += weight[wa * k] + weight[wa * k + k - 1]; // the row's first and last lines
                    }
                }
                int w = map[m.column(i)];
                if (w < 0) {
                    continue; // a word the model never saw: skipped
                }
                double x = m.value(i);
                if (bin) {
                    if (!(x > binarize)) {
                        continue;
                    }
                    x = 1;
                }
                int base = w * k;
                for (int c = 0; c < k; c++) {
                    row[c] += x * weight[base + c];
                }
            }
        }
        if (Double.isNaN(touched)) {
            throw new IllegalStateException("a word weight of the model is NaN");
        }
    }

    /** Per-word terms {@code x · weight[w·K + k]} of one row. */
    static void explainLinear(Dataset data, SparseMatrix m, int[] map, double[] weight, int k, double binarize,
            List<String> vocabulary, int row, List<Explanation.Term> out) {
        for (int i = m.start(row), e = m.end(row); i < e; i++) {
            int w = map[m.column(i)];
            double x = m.value(i);
            if (w < 0 || (!Double.isNaN(binarize) && !(x > binarize))) {
                continue;
            }
            double scale = Double.isNaN(binarize) ? x : 1;
            double[] t = new double[k];
            for (int c = 0; c < k; c++) {
                t[c] = scale * weight[w * k + c];
            }
            out.add(new Explanation.Term(vocabulary.get(w), num(x), t));
        }
    }

    static String num(double x) {
        return x == Math.rint(x) && Math.abs(x) < 1e15 ? Long.toString((long) x) : Double.toString(x);
    }

    /**
     * For each class, the {@code top} words with the largest {@code weight[w,k] − mean_{j≠k} weight[w,j]}:
     * the log-odds one occurrence adds for class k against the average other class.
     */
    static List<List<FeatureWeight>> telling(double[] weight, int k, List<String> vocabulary, int top) {
        List<List<FeatureWeight>> out = new ArrayList<>();
        int words = vocabulary.size();
        for (int c = 0; c < k; c++) {
            PriorityQueue<FeatureWeight> best = new PriorityQueue<>((a, b) -> Double.compare(a.weight(), b.weight()));
            for (int w = 0; w < words; w++) {
                double others = 0;
                for (int j = 0; j < k; j++) {
                    if (j != c) {
                        others += weight[w * k + j];
                    }
                }
                double s = k > 1 ? weight[w * k + c] - others / (k - 1) : weight[w * k + c];
                if (best.size() < top) {
                    best.add(new FeatureWeight(vocabulary.get(w), s));
                } else if (top > 0 && s > best.peek().weight()) {
                    best.poll();
                    best.add(new FeatureWeight(vocabulary.get(w), s));
                }
            }
            List<FeatureWeight> l = new ArrayList<>(best);
            l.sort((a, b) -> Double.compare(b.weight(), a.weight()));
            out.add(l);
        }
        return out;
    }
}
