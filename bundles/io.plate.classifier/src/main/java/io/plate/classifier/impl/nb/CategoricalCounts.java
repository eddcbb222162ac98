package io.plate.classifier.impl.nb;

import io.plate.api.PlateException;
import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.data.LevelNumbers;
import io.plate.classifier.impl.TrainingRows;
import io.plate.classifier.impl.MissingColumn;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Sufficient statistics of the categorical block: for each feature, the weighted count of each
 * (level, class) pair, laid out {@code counts[f][level * K + k]}. Missing values are not counted.
 * Levels are those the training rows use plus those declared but never used (they still count as
 * categories); a level that only rows held out of a view use is not one. Mergeable.
 */
final class CategoricalCounts {
    final List<String> names;
    final List<List<String>> levels;
    final int classes;
    final double[][] counts;
    /** Per feature, whether the data declared its levels (an ARFF header): K_i is then the table's size, Weka's rule. */
    final boolean[] declared;

    CategoricalCounts(List<String> names, List<List<String>> levels, int classes, double[][] counts,
            boolean[] declared) {
        this.declared = declared.clone();
        this.names = List.copyOf(names);
        List<List<String>> lv = new ArrayList<>();
        for (List<String> l : levels) {
            lv.add(List.copyOf(l));
        }
        this.levels = List.copyOf(lv);
        this.classes = classes;
        this.counts = counts;
    }

    static CategoricalCounts of(TrainingRows t) {
        List<CategoricalColumn> cols = t.features.categorical();
        int k = t.classCount();
        List<String> names = new ArrayList<>();
        List<List<String>> levels = new ArrayList<>();
        double[][] counts = new double[cols.size()][];
        for (int f = 0; f < cols.size(); f++) {
            CategoricalColumn c = cols.get(f);
            names.add(c.name());
            // a view's levels that only held-out rows use are left out (CategoricalColumn.levelsToFit)
            CategoricalColumn.FitLevels fit = c.fitLevels();
            levels.add(fit.levels());
            double[] n = new double[fit.levels().size() * k];
            for (int r = 0; r < t.y.length; r++) {
                int code = fit.code(c.code(r));
                if (code != CategoricalColumn.MISSING && t.y[r] >= 0) {
                    n[code * k + t.y[r]] += t.w[r];
                }
            }
            counts[f] = n;
        }
        boolean[] declared = new boolean[cols.size()];
        Arrays.fill(declared, "arff".equals(t.features.metadata().get("format")));
        return new CategoricalCounts(names, levels, k, counts, declared);
    }

    int features() {
        return names.size();
    }

    /**
     * K_i, the number of categories of feature {@code f}: its levels, or, when every level is a non-negative
     * integer code ({@code 0}, {@code 3}; not {@code 007} or {@code 1.0}) and the data did not declare them, the
     * largest code + 1, as scikit-learn's CategoricalNB counts an integer-coded column: codes in between that
     * training never saw (an OrdinalEncoder fitted on the whole data, then split) are categories with no count.
     */
    double categories(int f) {
        List<String> lv = levels.get(f);
        double largest = -1;
        for (String l : lv) {
            double v = LevelNumbers.value(l);
            if (declared[f] || !(v >= 0) || !l.equals(LevelNumbers.text(v))) {
                return lv.size(); // declared, or not a code: the level table is the categories
            }
            largest = Math.max(largest, v);
        }
        return Math.max(lv.size(), largest + 1);
    }

    /** Weighted number of non-missing values of feature {@code f} in class {@code k}. */
    double total(int f, int k) {
        double s = 0;
        double[] n = counts[f];
        for (int i = k; i < n.length; i += classes) {
            s += n[i];
        }
        return s;
    }

    /** Sum of both: features matched by name, levels by text (new levels of {@code b} are appended). */
    static CategoricalCounts merge(CategoricalCounts a, CategoricalCounts b) {
        if (!a.names.equals(b.names)) {
            throw new PlateException("cannot merge categorical statistics over different features: " + a.names
                    + " and " + b.names);
        }
        int k = a.classes;
        List<List<String>> levels = new ArrayList<>();
        double[][] counts = new double[a.features()][];
        for (int f = 0; f < a.features(); f++) {
            Map<String, Integer> pos = new LinkedHashMap<>();
            for (String l : a.levels.get(f)) {
                pos.put(l, pos.size());
            }
            for (String l : b.levels.get(f)) {
                pos.putIfAbsent(l, pos.size());
            }
            List<String> lv = new ArrayList<>(pos.keySet());
            double[] n = new double[lv.size() * k];
            System.arraycopy(a.counts[f], 0, n, 0, a.counts[f].length);
            List<String> bl = b.levels.get(f);
            for (int l = 0; l < bl.size(); l++) {
                int to = pos.get(bl.get(l));
                for (int c = 0; c < k; c++) {
                    n[to * k + c] += b.counts[f][l * k + c];
                }
            }
            levels.add(lv);
            counts[f] = n;
        }
        return new CategoricalCounts(a.names, levels, k, counts, a.declared); // the model keeps its own rule
    }

    /**
     * The columns of {@code data} that hold this block's features, matched by name.
     *
     * @throws PlateException naming the first feature the dataset lacks
     */
    CategoricalColumn[] bind(Dataset data) {
        return bind(names, data);
    }

    /**
     * As {@link #bind(Dataset)} for the features {@code names}; a numeric column of that name is read as
     * levels ({@link Dataset#levelsOf}: a test file whose column held only numbers).
     */
    static CategoricalColumn[] bind(List<String> names, Dataset data) {
        CategoricalColumn[] out = new CategoricalColumn[names.size()];
        for (int f = 0; f < out.length; f++) {
            String name = names.get(f);
            out[f] = data.levelsOf(name).orElseThrow(() -> MissingColumn.of("", data, "categorical", name));
        }
        return out;
    }
}
