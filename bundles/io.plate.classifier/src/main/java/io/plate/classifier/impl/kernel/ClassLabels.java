package io.plate.classifier.impl.kernel;

import io.plate.api.PlateException;
import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The classes of a training set (the labels that occur, sorted by text, as scikit-learn's
 * {@code classes_}) and the class index of each row ({@code -1}: unlabelled, skipped by training).
 */
public final class ClassLabels {
    private final List<String> classes;
    private final int[] y;

    private ClassLabels(List<String> classes, int[] y) {
        this.classes = classes;
        this.y = y;
    }

    public static ClassLabels of(Dataset data, String learner) {
        CategoricalColumn labels = data.labels().orElseThrow(() -> new PlateException(learner + ": dataset '"
                + data.name() + "' has no class labels; import it with --label COLUMN"));
        TreeSet<String> seen = new TreeSet<>();
        for (int r = 0; r < data.rows(); r++) {
            String l = labels.level(r);
            if (l != null) {
                seen.add(l);
            }
        }
        if (seen.isEmpty()) {
            throw new PlateException(learner + ": dataset '" + data.name() + "' has no labelled rows");
        }
        List<String> classes = List.copyOf(new ArrayList<>(seen));
        int[] map = labels.mapTo(classes);
        int[] y = new int[data.rows()];
        for (int r = 0; r < y.length; r++) {
            int c = labels.code(r);
            y[r] = c == CategoricalColumn.MISSING ? -1 : map[c];
        }
        return new ClassLabels(classes, y);
    }

    public List<String> classes() {
        return classes;
    }

    public int count() {
        return classes.size();
    }

    /** Class index of row {@code r}, or -1 when the row has no label. */
    public int y(int r) {
        return y[r];
    }

    public int rows() {
        return y.length;
    }

    /** Number of labelled rows of each class. */
    public double[] counts() {
        double[] n = new double[classes.size()];
        for (int c : y) {
            if (c >= 0) {
                n[c]++;
            }
        }
        return n;
    }

    /** log(n_k / n), the empirical class prior, or the uniform prior when {@code fitted} is false. */
    public double[] logPrior(boolean fitted) {
        double[] n = counts();
        double total = 0;
        for (double v : n) {
            total += v;
        }
        double[] out = new double[n.length];
        for (int k = 0; k < n.length; k++) {
            out[k] = fitted ? Math.log(n[k] / total) : -Math.log(n.length);
        }
        return out;
    }
}
