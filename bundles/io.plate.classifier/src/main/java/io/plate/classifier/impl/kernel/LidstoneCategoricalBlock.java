package io.plate.classifier.impl.kernel;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.plate.api.PlateException;
import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.learn.ModelFormatException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The categorical block of {@code nb.kernel}: for feature f, class k and level v,
 * log P(x_f = v | k) = log((n_kfv + α) / (n_kf + α V_f)) (Lidstone smoothing; α = 1 is Laplace), with
 * V_f the number of levels of the training column (declared levels count). At prediction, levels are
 * matched by text; a missing value and a level the model never saw are skipped (the feature adds
 * nothing to any class for that row).
 */
final class LidstoneCategoricalBlock {
    private final List<String> names;
    private final List<List<String>> levels;
    private final int classes;
    private final double[][] logProb; // [f][level * K + k]

    private LidstoneCategoricalBlock(List<String> names, List<List<String>> levels, int classes, double[][] logProb) {
        this.names = names;
        this.levels = levels;
        this.classes = classes;
        this.logProb = logProb;
    }

    static LidstoneCategoricalBlock fit(Dataset data, ClassLabels y, double alpha) {
        int k = y.count();
        List<String> names = new ArrayList<>();
        List<List<String>> levels = new ArrayList<>();
        List<CategoricalColumn> cols = data.categorical();
        double[][] logProb = new double[cols.size()][];
        for (int f = 0; f < cols.size(); f++) {
            CategoricalColumn c = cols.get(f);
            names.add(c.name());
            levels.add(c.levels());
            int v = c.cardinality();
            double[] n = new double[v * k];
            double[] tot = new double[k];
            for (int r = 0; r < data.rows(); r++) {
                int code = c.code(r);
                int cls = y.y(r);
                if (code != CategoricalColumn.MISSING && cls >= 0) {
                    n[code * k + cls]++;
                    tot[cls]++;
                }
            }
            double[] lp = new double[v * k];
            for (int l = 0; l < v; l++) {
                for (int cls = 0; cls < k; cls++) {
                    lp[l * k + cls] = Math.log((n[l * k + cls] + alpha) / (tot[cls] + alpha * v));
                }
            }
            logProb[f] = lp;
        }
        return new LidstoneCategoricalBlock(List.copyOf(names), List.copyOf(levels), k, logProb);
    }

    int features() {
        return names.size();
    }

    /** Adds each row's log likelihood terms to {@code logJoint[r][k]}. */
    void addTo(Dataset data, double[][] logJoint) {
        if (names.isEmpty()) {
            return;
        }
        Map<String, CategoricalColumn> byName = new LinkedHashMap<>();
        for (CategoricalColumn c : data.categorical()) {
            byName.put(c.name(), c);
        }
        int k = classes;
        for (int f = 0; f < names.size(); f++) {
            CategoricalColumn c = byName.get(names.get(f));
            if (c == null) {
                throw new PlateException(KernelNames.NB_KERNEL + ": dataset '" + data.name()
                        + "' has no categorical column '" + names.get(f) + "' that the model uses");
            }
            int[] map = c.mapTo(levels.get(f));
            double[] lp = logProb[f];
            for (int r = 0; r < logJoint.length; r++) {
                int code = c.code(r);
                if (code == CategoricalColumn.MISSING || map[code] < 0) {
                    continue;
                }
                int base = map[code] * k;
                double[] row = logJoint[r];
                for (int cls = 0; cls < k; cls++) {
                    row[cls] += lp[base + cls];
                }
            }
        }
    }

    /** The per-class log probability of each seen, non-missing level of row {@code r}. */
    void explain(Dataset data, int r, List<io.plate.api.learn.Explanation.Term> out) {
        Map<String, CategoricalColumn> byName = new LinkedHashMap<>();
        for (CategoricalColumn c : data.categorical()) {
            byName.put(c.name(), c);
        }
        for (int f = 0; f < names.size(); f++) {
            CategoricalColumn c = byName.get(names.get(f));
            if (c == null) {
                throw new PlateException(KernelNames.NB_KERNEL + ": dataset '" + data.name()
                        + "' has no categorical column '" + names.get(f) + "' that the model uses");
            }
            int code = c.code(r);
            int l = code == CategoricalColumn.MISSING ? -1 : c.mapTo(levels.get(f))[code];
            if (l < 0) {
                continue;
            }
            double[] t = new double[classes];
            System.arraycopy(logProb[f], l * classes, t, 0, classes);
            out.add(new io.plate.api.learn.Explanation.Term(names.get(f), levels.get(f).get(l), t));
        }
    }

    void write(ArrayNode out) {
        for (int f = 0; f < names.size(); f++) {
            ObjectNode o = out.addObject();
            o.put("name", names.get(f));
            ModelJson.put(o, "levels", levels.get(f));
            ArrayNode rows = o.putArray("logProb");
            for (int l = 0; l < levels.get(f).size(); l++) {
                ArrayNode a = rows.addArray();
                for (int cls = 0; cls < classes; cls++) {
                    a.add(logProb[f][l * classes + cls]);
                }
            }
        }
    }

    static LidstoneCategoricalBlock read(JsonNode root, int classes) {
        List<JsonNode> feats = ModelJson.array(root, "categorical", -1);
        List<String> names = new ArrayList<>();
        List<List<String>> levels = new ArrayList<>();
        double[][] logProb = new double[feats.size()][];
        for (int f = 0; f < feats.size(); f++) {
            JsonNode o = feats.get(f);
            String path = "categorical[" + f + "]";
            names.add(ModelJson.text(o, path + ".name"));
            List<String> lv = ModelJson.strings(o, path + ".levels", -1);
            levels.add(lv);
            List<JsonNode> rows = ModelJson.array(o, path + ".logProb", lv.size());
            double[] lp = new double[lv.size() * classes];
            for (int l = 0; l < lv.size(); l++) {
                double[] v = ModelJson.numbersOf(rows.get(l), path + ".logProb[" + l + "]", classes, false, false);
                for (int cls = 0; cls < classes; cls++) {
                    if (v[cls] > 0) {
                        throw new ModelFormatException("model file: field '" + path + ".logProb[" + l + "][" + cls
                                + "]' is a log probability > 0: " + v[cls]);
                    }
                    lp[l * classes + cls] = v[cls];
                }
            }
            logProb[f] = lp;
        }
        if (new java.util.HashSet<>(names).size() != names.size()) {
            throw new ModelFormatException("model file: field 'categorical' names a feature twice");
        }
        return new LidstoneCategoricalBlock(List.copyOf(names), List.copyOf(levels), classes, logProb);
    }
}
