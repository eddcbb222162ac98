package io.plate.classifier.impl;

import io.plate.api.PlateException;
import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.data.LevelNumbers;
import io.plate.api.data.NumericColumn;
import io.plate.classifier.impl.kernel.KernelNames;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The supervision of a training set: the class of each row (an index into the ordered class names, or
 * -1 for an unlabelled row, which training skips) and each row's weight. The weight comes from the
 * numeric column named by the {@code weight} parameter; that column is then not a feature.
 */
public final class TrainingRows {
    public final Dataset features;
    public final List<String> classes;
    public final int[] y;
    public final double[] w;

    private TrainingRows(Dataset features, List<String> classes, int[] y, double[] w) {
        this.features = features;
        this.classes = classes;
        this.y = y;
        this.w = w;
    }

    /** Classes are the labels that occur, in {@link #classOrder} (as scikit-learn's {@code classes_}). */
    public static TrainingRows of(Dataset data, String weightColumn) {
        CategoricalColumn labels = data.labels().orElseThrow(() -> noLabels(data));
        boolean[] used = new boolean[labels.cardinality()];
        for (int r = 0; r < data.rows(); r++) {
            int c = labels.code(r);
            if (c != CategoricalColumn.MISSING) {
                used[c] = true;
            }
        }
        Set<String> seen = new HashSet<>();
        for (int c = 0; c < used.length; c++) {
            if (used[c]) {
                seen.add(labels.levels().get(c));
            }
        }
        if (seen.isEmpty()) {
            throw new PlateException("dataset '" + data.name() + "' has no labelled rows");
        }
        return of(data, weightColumn, classOrder(seen), true);
    }

    /**
     * The refusal of a dataset without class labels; when it has a numeric target (a column of numbers is
     * one unless named categorical), how many values it holds and the two ways on.
     */
    static PlateException noLabels(Dataset data) {
        return new PlateException(data.target().map(t -> {
            List<String> values = LevelNumbers.sorted(t.asLevels().levels());
            return "dataset '" + data.name() + "' has a numeric target '" + t.name() + "' ("
                    + (values.size() <= 10 ? values.size() + " values: " + String.join(", ", values)
                            : values.size() + " distinct values")
                    + "), not class labels: make that column categorical at import to use its values as classes, "
                    + "or predict it with a regression learner (" + KernelNames.KERNEL_REGRESSION + ")";
        }).orElse("dataset '" + data.name() + "' has no class labels; import it with --label COLUMN"));
    }

    /** Class names as scikit-learn's {@code classes_} orders them: by value when all are numbers, else by text. */
    public static List<String> classOrder(Collection<String> seen) {
        return List.copyOf(LevelNumbers.sorted(seen));
    }

    /**
     * Rows labelled against known classes (for updates of a fitted model).
     *
     * @param strict when true every label must be one of {@code classes}
     */
    public static TrainingRows of(Dataset data, String weightColumn, List<String> classes, boolean strict) {
        CategoricalColumn labels = data.labels().orElseThrow(() -> noLabels(data));
        int[] map = labels.mapTo(classes);
        int[] y = new int[data.rows()];
        for (int r = 0; r < y.length; r++) {
            int c = labels.code(r);
            y[r] = c == CategoricalColumn.MISSING ? -1 : map[c];
            if (c != CategoricalColumn.MISSING && y[r] < 0 && strict) {
                throw new PlateException("dataset '" + data.name() + "', row " + (r + 1) + ": class '"
                        + labels.level(r) + "' is not one of the model's classes " + classes
                        + "; fit a new model to add a class");
            }
        }
        double[] w = new double[data.rows()];
        java.util.Arrays.fill(w, 1.0);
        Dataset features = data;
        if (weightColumn != null && !weightColumn.isEmpty()) {
            NumericColumn wc = data.numeric().stream().filter(c -> c.name().equals(weightColumn)).findFirst()
                    .orElse(null);
            if (wc == null) {
                throw new PlateException("parameter 'weight' = '" + weightColumn + "': dataset '" + data.name()
                        + "' has no numeric column of that name");
            }
            for (int r = 0; r < w.length; r++) {
                double v = wc.value(r);
                if (!(v >= 0) || Double.isInfinite(v)) {
                    throw new PlateException("weight column '" + weightColumn + "', row " + (r + 1)
                            + ": weight must be a finite number >= 0, got " + v);
                }
                w[r] = v;
            }
            features = data.withoutNumeric(weightColumn);
        }
        return new TrainingRows(features, List.copyOf(classes), y, w);
    }

    public int classCount() {
        return classes.size();
    }

    /** Weighted number of rows of each class. */
    public double[] classWeights() {
        double[] n = new double[classes.size()];
        for (int r = 0; r < y.length; r++) {
            if (y[r] >= 0) {
                n[y[r]] += w[r];
            }
        }
        return n;
    }
}
