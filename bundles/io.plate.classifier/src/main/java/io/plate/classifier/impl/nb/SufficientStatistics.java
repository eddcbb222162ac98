package io.plate.classifier.impl.nb;


import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import io.plate.api.PlateException;
import io.plate.api.learn.ModelFormatException;
import io.plate.modelfile.Fields;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything a naive Bayes model learns from data: the weighted class counts and the statistics of each
 * block it models (absent blocks are null). A model is these statistics plus its parameters; every table
 * it predicts with is derived from them. Statistics of two parts of a dataset {@link #merge merge} into
 * those of the whole, which is what {@code update} uses and what a distributed aggregation would use.
 */
final class SufficientStatistics {
    final List<String> classes;
    final double[] classCounts;
    final CategoricalCounts categorical;
    final Moments numeric;
    final WordCounts words;

    SufficientStatistics(List<String> classes, double[] classCounts, CategoricalCounts categorical, Moments numeric,
            WordCounts words) {
        this.classes = List.copyOf(classes);
        this.classCounts = classCounts;
        this.categorical = categorical;
        this.numeric = numeric;
        this.words = words;
    }

    static SufficientStatistics merge(SufficientStatistics a, SufficientStatistics b) {
        if (!a.classes.equals(b.classes)) {
            throw new PlateException("cannot merge statistics over different classes: " + a.classes + " and "
                    + b.classes);
        }
        if ((a.categorical == null) != (b.categorical == null) || (a.numeric == null) != (b.numeric == null)
                || (a.words == null) != (b.words == null)) {
            throw new PlateException("cannot merge statistics of different feature blocks");
        }
        double[] n = a.classCounts.clone();
        for (int k = 0; k < n.length; k++) {
            n[k] += b.classCounts[k];
        }
        return new SufficientStatistics(a.classes, n,
                a.categorical == null ? null : CategoricalCounts.merge(a.categorical, b.categorical),
                a.numeric == null ? null : Moments.merge(a.numeric, b.numeric),
                a.words == null ? null : WordCounts.merge(a.words, b.words));
    }

    void write(JsonGenerator g) throws IOException {
        int k = classes.size();
        g.writeArrayFieldStart("classes");
        for (String c : classes) {
            g.writeString(c);
        }
        g.writeEndArray();
        writeNumbers(g, "classCounts", classCounts, 0, k);
        if (categorical != null) {
            g.writeObjectFieldStart("categorical");
            g.writeArrayFieldStart("features");
            for (int f = 0; f < categorical.features(); f++) {
                g.writeStartObject();
                g.writeStringField("name", categorical.names.get(f));
                if (categorical.declared[f]) {
                    g.writeBooleanField("declared", true); // K_i is the level table's size (ARFF), not codes + 1
                }
                g.writeArrayFieldStart("levels");
                for (String l : categorical.levels.get(f)) {
                    g.writeString(l);
                }
                g.writeEndArray();
                g.writeArrayFieldStart("counts");
                double[] c = categorical.counts[f];
                for (int v = 0; v < categorical.levels.get(f).size(); v++) {
                    g.writeStartArray();
                    for (int j = 0; j < k; j++) {
                        g.writeNumber(c[v * k + j]);
                    }
                    g.writeEndArray();
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        if (numeric != null) {
            g.writeObjectFieldStart("numeric");
            g.writeArrayFieldStart("features");
            for (int f = 0; f < numeric.features(); f++) {
                g.writeStartObject();
                g.writeStringField("name", numeric.names.get(f));
                writeNumbers(g, "n", numeric.n, f * k, k);
                writeNumbers(g, "mean", numeric.mean, f * k, k);
                writeNumbers(g, "m2", numeric.m2, f * k, k);
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        if (words != null) {
            g.writeObjectFieldStart("counts");
            g.writeArrayFieldStart("vocabulary");
            for (String w : words.vocabulary) {
                g.writeString(w);
            }
            g.writeEndArray();
            g.writeArrayFieldStart("nonZero"); // [word, class, count] triples
            double[] c = words.counts;
            for (int i = 0; i < c.length; i++) {
                if (c[i] != 0) {
                    g.writeStartArray();
                    g.writeNumber(i / k);
                    g.writeNumber(i % k);
                    g.writeNumber(c[i]);
                    g.writeEndArray();
                }
            }
            g.writeEndArray();
            g.writeEndObject();
        }
    }

    private static void writeNumbers(JsonGenerator g, String name, double[] a, int from, int len) throws IOException {
        g.writeArrayFieldStart(name);
        for (int i = from; i < from + len; i++) {
            g.writeNumber(a[i]);
        }
        g.writeEndArray();
    }

    /** The top-level fields of a model file that hold statistics. */
    static final java.util.Set<String> FIELDS = java.util.Set.of("classes", "classCounts", "categorical", "numeric",
            "counts");

    /** Reads and validates the statistics of a model file. */
    static SufficientStatistics read(JsonNode root) {
        List<String> classes = Fields.strings(root, "classes", -1);
        int k = classes.size();
        if (k == 0) {
            throw new ModelFormatException("model file: field 'classes' is empty");
        }
        double[] classCounts = Fields.classCounts(root, "classCounts", k);
        CategoricalCounts cat = null;
        if (root.has("categorical")) {
            JsonNode block = Fields.object(root, "categorical");
            Fields.only(block, "categorical.", java.util.Set.of("features"), "categorical block");
            List<JsonNode> feats = Fields.array(block, "categorical.features", -1);
            List<String> names = new ArrayList<>();
            List<List<String>> levels = new ArrayList<>();
            double[][] counts = new double[feats.size()][];
            boolean[] declared = new boolean[feats.size()];
            for (int f = 0; f < feats.size(); f++) {
                String p = "categorical.features[" + f + "].";
                JsonNode fn = feats.get(f);
                Fields.only(fn, p, java.util.Set.of("name", "levels", "counts", "declared"),
                        "categorical feature");
                names.add(Fields.text(fn, p + "name"));
                declared[f] = fn.has("declared") && Fields.bool(fn, p + "declared");
                List<String> lv = Fields.strings(fn, p + "levels", -1);
                levels.add(lv);
                List<JsonNode> rows = Fields.array(fn, p + "counts", lv.size());
                double[] c = new double[lv.size() * k];
                for (int v = 0; v < lv.size(); v++) {
                    double[] row = Fields.numbersOf(rows.get(v), p + "counts[" + v + "]", k, false, true);
                    System.arraycopy(row, 0, c, v * k, k);
                }
                counts[f] = c;
            }
            if (new java.util.HashSet<>(names).size() != names.size()) {
                throw new ModelFormatException("model file: 'categorical.features' has duplicate names");
            }
            cat = new CategoricalCounts(names, levels, k, counts, declared);
        }
        Moments num = null;
        if (root.has("numeric")) {
            JsonNode block = Fields.object(root, "numeric");
            Fields.only(block, "numeric.", java.util.Set.of("features"), "numeric block");
            List<JsonNode> feats = Fields.array(block, "numeric.features", -1);
            int nf = feats.size();
            List<String> names = new ArrayList<>();
            double[] n = new double[nf * k];
            double[] mean = new double[nf * k];
            double[] m2 = new double[nf * k];
            for (int f = 0; f < nf; f++) {
                String p = "numeric.features[" + f + "].";
                JsonNode fn = feats.get(f);
                Fields.only(fn, p, java.util.Set.of("name", "n", "mean", "m2"), "numeric feature");
                names.add(Fields.text(fn, p + "name"));
                System.arraycopy(Fields.numbers(fn, p + "n", k, false, true), 0, n, f * k, k);
                System.arraycopy(Fields.numbers(fn, p + "mean", k, false, false), 0, mean, f * k, k);
                System.arraycopy(Fields.numbers(fn, p + "m2", k, false, true), 0, m2, f * k, k);
            }
            if (new java.util.HashSet<>(names).size() != names.size()) {
                throw new ModelFormatException("model file: 'numeric.features' has duplicate names");
            }
            num = new Moments(names, k, n, mean, m2);
        }
        WordCounts words = null;
        if (root.has("counts")) {
            JsonNode cn = Fields.object(root, "counts");
            Fields.only(cn, "counts.", java.util.Set.of("vocabulary", "nonZero"), "count block");
            List<String> vocab = Fields.strings(cn, "counts.vocabulary", -1);
            List<JsonNode> nz = Fields.array(cn, "counts.nonZero", -1);
            double[] c = new double[vocab.size() * k];
            for (int i = 0; i < nz.size(); i++) {
                String p = "counts.nonZero[" + i + "]";
                JsonNode t = nz.get(i);
                if (!t.isArray() || t.size() != 3) {
                    throw new ModelFormatException("model file: '" + p + "' must be [word, class, count]");
                }
                double w = Fields.numberOf(t.get(0), p + "[0]", false, true);
                double cl = Fields.numberOf(t.get(1), p + "[1]", false, true);
                if (w != Math.rint(w) || w >= vocab.size()) {
                    throw new ModelFormatException("model file: '" + p + "[0]' = " + w + " is not a word index below "
                            + vocab.size());
                }
                if (cl != Math.rint(cl) || cl >= k) {
                    throw new ModelFormatException("model file: '" + p + "[1]' = " + cl + " is not a class index below "
                            + k);
                }
                c[(int) w * k + (int) cl] = Fields.numberOf(t.get(2), p + "[2]", false, true);
            }
            words = new WordCounts(vocab, k, c);
        }
        return new SufficientStatistics(classes, classCounts, cat, num, words);
    }
}
