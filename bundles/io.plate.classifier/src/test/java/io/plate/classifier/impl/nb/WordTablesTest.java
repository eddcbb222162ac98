package io.plate.classifier.impl.nb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.plate.api.data.SparseMatrix;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The scoring loop against its definition, {@code jll[r][c] += Σ_i x_i · weight[map[col_i] · K + c]},
 * summed plainly here: every number of classes from 1 to 9 (groups of four and the remainder), words the
 * model never saw, binarised values, empty rows and a row view in another order.
 */
class WordTablesTest {
    @Test
    void scoresEqualThePlainSum() {
        SplittableRandom rnd = new SplittableRandom(42);
        int rows = 300;
        int words = 50;
        List<String> vocab = new ArrayList<>();
        for (int w = 0; w < words; w++) {
            vocab.add("w" + w);
        }
        int[] start = new int[rows + 1];
        List<Integer> cols = new ArrayList<>();
        List<Double> vals = new ArrayList<>();
        for (int r = 0; r < rows; r++) {
            int len = r % 17 == 0 ? 0 : rnd.nextInt(1, 30); // some empty rows
            for (int w = 0; w < words && len > 0; w++) {
                if (rnd.nextInt(words) < len) {
                    cols.add(w);
                    vals.add(rnd.nextInt(4) == 0 ? 0.5 + rnd.nextInt(3) : 1.0 + rnd.nextInt(5));
                }
            }
            start[r + 1] = cols.size();
        }
        int[] col = cols.stream().mapToInt(Integer::intValue).toArray();
        double[] val = vals.stream().mapToDouble(Double::doubleValue).toArray();
        SparseMatrix m = SparseMatrix.ofValues(vocab, start, col, val, true);
        int[] view = new int[rows / 2];
        for (int i = 0; i < view.length; i++) {
            view[i] = rows - 1 - 2 * i;
        }
        SparseMatrix v = m.select(view);
        int[] map = new int[words];
        for (int w = 0; w < words; w++) {
            map[w] = w % 7 == 3 ? -1 : (w * 13) % words; // unseen words, and a shuffled table order
        }
        for (int k = 1; k <= 9; k++) {
            double[] weight = new double[words * k];
            for (int i = 0; i < weight.length; i++) {
                weight[i] = rnd.nextDouble(-12, 0);
            }
            for (double binarize : new double[] {Double.NaN, 1.5}) {
                for (SparseMatrix x : new SparseMatrix[] {m, v}) {
                    double[][] jll = new double[x.rows()][k];
                    double[][] expected = new double[x.rows()][k];
                    for (int r = 0; r < x.rows(); r++) {
                        for (int c = 0; c < k; c++) {
                            jll[r][c] = -c; // a prior term that must be kept
                            expected[r][c] = -c;
                        }
                        for (int i = x.start(r); i < x.end(r); i++) {
                            int w = map[x.column(i)];
                            double xv = x.value(i);
                            if (w < 0 || (!Double.isNaN(binarize) && !(xv > binarize))) {
                                continue;
                            }
                            double f = Double.isNaN(binarize) ? xv : 1;
                            for (int c = 0; c < k; c++) {
                                expected[r][c] += f * weight[w * k + c];
                            }
                        }
                    }
                    WordTables.addLinear(x, map, weight, k, binarize, jll);
                    for (int r = 0; r < x.rows(); r++) {
                        for (int c = 0; c < k; c++) {
                            assertEquals(expected[r][c], jll[r][c], 1e-12 * Math.max(1, Math.abs(expected[r][c])),
                                    "K=" + k + " binarize=" + binarize + " row " + r + " class " + c);
                        }
                    }
                }
            }
        }
    }
}
