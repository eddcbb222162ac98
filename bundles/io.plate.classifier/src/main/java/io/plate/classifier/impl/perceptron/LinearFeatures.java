package io.plate.classifier.impl.perceptron;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.plate.api.PlateException;
import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.learn.ModelFormatException;
import io.plate.api.learn.UnseenLevels;
import io.plate.classifier.impl.NumericBlock;
import io.plate.classifier.impl.Standardizer;
import io.plate.modelfile.Fields;
import io.plate.classifier.impl.MissingColumn;
import java.util.ArrayList;
import java.util.List;

/**
 * The input vector of a linear model: the numeric columns (a missing value is replaced by the training
 * mean; then optionally standardised to mean 0, sd 1), followed by a one-hot encoding of every
 * categorical column over its training levels (a missing value or a level the model never saw is all
 * zeros), followed by a constant 1 that carries the bias ("the bias folded into the weights").
 * Sparse blocks are not used.
 */
final class LinearFeatures {
    private final List<String> numeric;
    private final double[] mean;
    private final Standardizer standardizer;
    private final List<String> categorical;
    private final List<List<String>> levels;
    private final int width;

    private LinearFeatures(List<String> numeric, double[] mean, Standardizer standardizer, List<String> categorical,
            List<List<String>> levels) {
        this.numeric = numeric;
        this.mean = mean;
        this.standardizer = standardizer;
        this.categorical = categorical;
        this.levels = levels;
        int w = numeric.size() + 1;
        for (List<String> l : levels) {
            w += l.size();
        }
        this.width = w;
    }

    /** The numeric columns, then the categorical ones, as read by name. */
    List<String> columns() {
        List<String> out = new ArrayList<>(numeric);
        out.addAll(categorical);
        return List.copyOf(out);
    }

    static LinearFeatures fit(Dataset data, boolean standardize) {
        List<String> names = NumericBlock.names(data);
        int p = names.size();
        double[] x = NumericBlock.matrix(data, names, PerceptronNames.PERCEPTRON);
        double[] mean = new double[p];
        double[] cnt = new double[p];
        for (int r = 0; r < data.rows(); r++) {
            for (int d = 0; d < p; d++) {
                double v = x[r * p + d];
                if (v == v) {
                    cnt[d]++;
                    mean[d] += (v - mean[d]) / cnt[d];
                }
            }
        }
        impute(x, mean);
        Standardizer st = standardize ? Standardizer.fit(x, p, null) : Standardizer.identity(p);
        List<String> cat = new ArrayList<>();
        List<List<String>> levels = new ArrayList<>();
        for (CategoricalColumn c : data.categorical()) {
            cat.add(c.name());
            // a view's levels that only held-out rows use are left out (CategoricalColumn.levelsToFit): a fold's
            // model then has no input for them, as the naive Bayes models, and counts them as unseen
            levels.add(c.fitLevels().levels());
        }
        if (p == 0 && cat.isEmpty()) {
            throw new PlateException(PerceptronNames.PERCEPTRON + ": dataset '" + data.name()
                    + "' has no numeric or categorical features");
        }
        return new LinearFeatures(names, mean, st, List.copyOf(cat), List.copyOf(levels));
    }

    private static void impute(double[] x, double[] mean) {
        int p = mean.length;
        for (int i = 0; i < x.length; i++) {
            if (Double.isNaN(x[i])) {
                x[i] = mean[i % p];
            }
        }
    }

    /** Width of an encoded row, bias included. */
    int width() {
        return width;
    }

    /** Encodes every row of {@code data}: row-major, {@link #width()} values per row, bias last. */
    double[] encode(Dataset data) {
        int p = numeric.size();
        int n = data.rows();
        double[] num = NumericBlock.matrix(data, numeric, PerceptronNames.PERCEPTRON);
        impute(num, mean);
        standardizer.apply(num);
        double[] out = new double[n * width];
        for (int r = 0; r < n; r++) {
            System.arraycopy(num, r * p, out, r * width, p);
            out[r * width + width - 1] = 1.0;
        }
        int offset = p;
        for (int f = 0; f < categorical.size(); f++) {
            CategoricalColumn c = column(data, f);
            int[] map = c.mapTo(levels.get(f));
            for (int r = 0; r < n; r++) {
                int code = c.code(r);
                if (code != CategoricalColumn.MISSING && map[code] >= 0) {
                    out[r * width + offset + map[code]] = 1.0;
                }
            }
            offset += levels.get(f).size();
        }
        return out;
    }

    /** The cells of {@code data} whose level no categorical column of the training data had: encoded as zeros. */
    List<UnseenLevels> unseenLevels(Dataset data) {
        List<UnseenLevels> out = new ArrayList<>();
        for (int f = 0; f < categorical.size(); f++) {
            UnseenLevels.of(categorical.get(f), column(data, f), levels.get(f)).ifPresent(out::add);
        }
        return out;
    }

    /** The categorical column {@code f} of the model in {@code data}, matched by name. */
    private CategoricalColumn column(Dataset data, int f) {
        String name = categorical.get(f);
        return data.levelsOf(name) // a numeric column of a test file read as levels
                .orElseThrow(() -> MissingColumn.of(PerceptronNames.PERCEPTRON + ": ", data, "categorical", name));
    }

    /** Names of the encoded inputs, in order: numeric names, {@code column=level}, {@code (bias)}. */
    List<String> inputNames() {
        List<String> out = new ArrayList<>(numeric);
        for (int f = 0; f < categorical.size(); f++) {
            for (String l : levels.get(f)) {
                out.add(categorical.get(f) + "=" + l);
            }
        }
        out.add("(bias)");
        return out;
    }

    void write(ObjectNode root) {
        ObjectNode o = root.putObject("features");
        Fields.put(o, "numeric", numeric);
        Fields.put(o, "mean", mean);
        standardizer.write(o.putObject("standardizer"));
        ArrayNode cats = o.putArray("categorical");
        for (int f = 0; f < categorical.size(); f++) {
            ObjectNode c = cats.addObject();
            c.put("name", categorical.get(f));
            Fields.put(c, "levels", levels.get(f));
        }
    }

    static LinearFeatures read(JsonNode root) {
        JsonNode o = Fields.field(root, "features");
        List<String> numeric = Fields.strings(o, "features.numeric", -1);
        int p = numeric.size();
        double[] mean = Fields.numbers(o, "features.mean", p, false, false);
        Standardizer st = Standardizer.read(Fields.field(o, "features.standardizer"), "features.standardizer", p);
        List<String> cat = new ArrayList<>();
        List<List<String>> levels = new ArrayList<>();
        List<JsonNode> cats = Fields.array(o, "features.categorical", -1);
        for (int f = 0; f < cats.size(); f++) {
            String path = "features.categorical[" + f + "]";
            cat.add(Fields.text(cats.get(f), path + ".name"));
            levels.add(Fields.strings(cats.get(f), path + ".levels", -1));
        }
        if (p == 0 && cat.isEmpty()) {
            throw new ModelFormatException("model file: field 'features' lists no numeric or categorical feature");
        }
        return new LinearFeatures(numeric, mean, st, List.copyOf(cat), List.copyOf(levels));
    }
}
