package io.plate.classifier.impl.nb;

import io.plate.api.data.Dataset;
import io.plate.api.data.SparseMatrix;
import io.plate.api.learn.Explanation;
import io.plate.api.learn.FeatureWeight;
import io.plate.classifier.impl.Blocks;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Shared loops of the linear count models (multinomial, complement, Bernoulli): the score of a row is
 * {@code Σ_words x_w · weight[w * K + k]}. The weight table is laid out so that one word's K class values
 * are contiguous; the loop over a row's non-zeros reads the CSR arrays in order and allocates nothing per
 * row.
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

    /**
     * Scores rows {@code [from, to)}. Each row's known words are first gathered as (table offset, value)
     * pairs; then the classes are taken four at a time with the four sums in registers, one pass over the
     * gathered pairs each. Adding straight into {@code row[c]} instead costs a load and a store of the row
     * for every word and class, and that, not the reads of the table, bounded the loop: on 20news it took
     * 20 ms on one thread even with the whole table in cache, and this form about two thirds of that.
     * Gathering also touches the first and last value of each word's K-vector, so that the row's cache
     * misses (the table is 21 MB for 20news) are all under way before the class passes read it: with two
     * threads, 15 ms against 18 ms. The touched values are summed and checked, so that the reads are not
     * dropped, and a NaN weight is caught. The scratch arrays are made once per block of rows, not per row.
     */
    private static void addLinear(SparseMatrix m, int[] map, double[] weight, int k, double binarize, double[][] jll,
            int from, int to) {
        boolean bin = !Double.isNaN(binarize);
        int longest = 0;
        for (int r = from; r < to; r++) {
            longest = Math.max(longest, m.end(r) - m.start(r));
        }
        int[] offset = new int[longest];
        double[] xs = new double[longest];
        double touched = 0;
        for (int r = from; r < to; r++) {
            int n = 0;
            for (int i = m.start(r), e = m.end(r); i < e; i++) {
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
                int b = w * k;
                touched += weight[b] + weight[b + k - 1];
                offset[n] = b;
                xs[n++] = x;
            }
            addRow(offset, xs, n, weight, k, jll[r]);
        }
        if (Double.isNaN(touched)) {
            throw new IllegalStateException("a word weight of the model is NaN");
        }
    }

    /** {@code row[c] += Σ_j xs[j] · weight[offset[j] + c]} for every class c. */
    private static void addRow(int[] offset, double[] xs, int n, double[] weight, int k, double[] row) {
        int c = 0;
        for (; c + 4 <= k; c += 4) {
            double a0 = 0;
            double a1 = 0;
            double a2 = 0;
            double a3 = 0;
            for (int j = 0; j < n; j++) {
                int b = offset[j] + c;
                double x = xs[j];
                a0 += x * weight[b];
                a1 += x * weight[b + 1];
                a2 += x * weight[b + 2];
                a3 += x * weight[b + 3];
            }
            row[c] += a0;
            row[c + 1] += a1;
            row[c + 2] += a2;
            row[c + 3] += a3;
        }
        for (; c < k; c++) {
            double a = 0;
            for (int j = 0; j < n; j++) {
                a += xs[j] * weight[offset[j] + c];
            }
            row[c] += a;
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
