package io.plate.spark;

import io.plate.api.PlateException;
import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.data.NumericColumn;
import io.plate.api.data.SparseMatrix;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.ml.linalg.DenseVector;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Row;

/**
 * The rows of one Spark partition as a Plate {@link Dataset}, the input of the bundles' own learners and
 * models. Rows hold the columns of {@link ColumnRoles#columns()} in that order, after {@code offset} others.
 * With {@code sharedLevels}
 * the categorical codes index the roles' level tables (so the statistics of all partitions line up);
 * without, each partition keeps its own levels and a model matches them by text.
 */
final class PartitionData {
    private PartitionData() {
    }

    /** A cell as level text: strings as they are, whole numbers without a fraction (as the importers write labels). */
    static String text(Object v) {
        if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
        }
        return String.valueOf(v);
    }

    /** The rows' values from position {@code offset} on are the columns of {@link ColumnRoles#columns()}. */
    static Dataset of(Iterator<Row> rows, int offset, ColumnRoles roles, boolean sharedLevels, String name) {
        boolean labelled = roles.label != null;
        boolean targeted = roles.target != null;
        int nc = roles.categorical.size();
        int nn = roles.numeric.size();
        boolean counts = roles.counts != null;
        List<Map<String, Integer>> levelIndex = new ArrayList<>();
        for (int f = 0; f < nc; f++) {
            levelIndex.add(sharedLevels ? index(roles.levels.get(f)) : new LinkedHashMap<>());
        }
        Map<String, Integer> classIndex = index(roles.classes);
        int cap = 256;
        int[] y = new int[cap];
        double[] target = new double[targeted ? cap : 0];
        int[][] codes = new int[nc][cap];
        double[][] values = new double[nn][cap];
        int[] rowStart = new int[cap + 1];
        int[] cols = new int[1024];
        double[] vals = new double[1024];
        int n = 0;
        int nnz = 0;
        while (rows.hasNext()) {
            Row r = rows.next();
            if (n == cap) {
                cap *= 2;
                y = Arrays.copyOf(y, cap);
                target = targeted ? Arrays.copyOf(target, cap) : target;
                for (int f = 0; f < nc; f++) {
                    codes[f] = Arrays.copyOf(codes[f], cap);
                }
                for (int f = 0; f < nn; f++) {
                    values[f] = Arrays.copyOf(values[f], cap);
                }
                rowStart = Arrays.copyOf(rowStart, cap + 1);
            }
            int i = offset;
            if (labelled) {
                Object l = r.get(i++);
                if (l == null) {
                    y[n] = CategoricalColumn.MISSING;
                } else {
                    Integer k = classIndex.get(text(l));
                    if (k == null) {
                        throw new PlateException("label '" + text(l) + "' is not one of the classes " + roles.classes);
                    }
                    y[n] = k;
                }
            }
            if (targeted) {
                Object v = r.get(i++);
                target[n] = v == null ? Double.NaN : ((Number) v).doubleValue();
            }
            for (int f = 0; f < nc; f++) {
                Object v = r.get(i++);
                if (v == null) {
                    codes[f][n] = CategoricalColumn.MISSING;
                    continue;
                }
                String t = text(v);
                Map<String, Integer> m = levelIndex.get(f);
                Integer c = m.get(t);
                if (c == null) {
                    if (sharedLevels) {
                        throw new PlateException("column '" + roles.categorical.get(f) + "': level '" + t
                                + "' is not in the level table");
                    }
                    c = m.size();
                    m.put(t, c);
                }
                codes[f][n] = c;
            }
            for (int f = 0; f < nn; f++) {
                Object v = r.get(i++);
                values[f][n] = v == null ? Double.NaN : ((Number) v).doubleValue();
            }
            if (counts) {
                Object v = r.get(i);
                if (v != null) {
                    Vector x = (Vector) v;
                    if (x.size() > roles.vocabulary.size()) {
                        throw new PlateException("column '" + roles.counts + "': a vector of size " + x.size()
                                + " is longer than the vocabulary (" + roles.vocabulary.size() + " words)");
                    }
                    int need = nnz + x.numActives();
                    if (need > cols.length) {
                        int len = Math.max(need, cols.length * 2);
                        cols = Arrays.copyOf(cols, len);
                        vals = Arrays.copyOf(vals, len);
                    }
                    if (x instanceof SparseVector) {
                        SparseVector s = (SparseVector) x;
                        int[] ix = s.indices();
                        double[] xv = s.values();
                        for (int j = 0; j < ix.length; j++) {
                            if (xv[j] != 0) {
                                cols[nnz] = ix[j];
                                vals[nnz++] = xv[j];
                            }
                        }
                    } else {
                        double[] xv = ((DenseVector) x).values();
                        for (int j = 0; j < xv.length; j++) {
                            if (xv[j] != 0) {
                                cols[nnz] = j;
                                vals[nnz++] = xv[j];
                            }
                        }
                    }
                }
                rowStart[n + 1] = nnz;
            }
            n++;
        }
        Dataset.Builder b = Dataset.builder(name).source("spark");
        for (int f = 0; f < nc; f++) {
            List<String> lv = sharedLevels ? roles.levels.get(f) : new ArrayList<>(levelIndex.get(f).keySet());
            b.categorical(CategoricalColumn.of(roles.categorical.get(f), lv, Arrays.copyOf(codes[f], n)));
        }
        for (int f = 0; f < nn; f++) {
            b.numeric(NumericColumn.of(roles.numeric.get(f), Arrays.copyOf(values[f], n)));
        }
        if (counts) {
            b.sparse(SparseMatrix.ofValues(roles.vocabulary, Arrays.copyOf(rowStart, n + 1), Arrays.copyOf(cols, nnz),
                    Arrays.copyOf(vals, nnz), false));
        }
        if (labelled) {
            b.labels(CategoricalColumn.of(roles.label, roles.classes, Arrays.copyOf(y, n)));
        }
        if (targeted) {
            b.target(NumericColumn.of(roles.target, Arrays.copyOf(target, n)));
        }
        return b.build();
    }

    private static Map<String, Integer> index(List<String> texts) {
        Map<String, Integer> m = new HashMap<>(2 * texts.size());
        for (int i = 0; i < texts.size(); i++) {
            m.put(texts.get(i), i);
        }
        return m;
    }
}
