package io.plate.sampler.sparse.impl;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.plate.api.learn.ModelFormatException;
import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Provenance;
import io.plate.api.sample.Distributions;
import io.plate.modelfile.Fields;
import io.plate.modelfile.ModelFile;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The {@code nb.sparse} model file (format {@code plate-model}, version 1):
 * <pre>
 * {"format": "plate-model", "version": 1, "type": "nb.sparse",
 *  "provenance": {"learner", "params", "seed", "dataSummary", "plateVersion", "created", "bundle"},
 *  "hyperparameters": {"alpha": [..], "a": .., "b": .., "sharedP": ..},
 *  "classPrior": .., "interval": .., "intervalDraws": ..,
 *  "classes": [sorted names], "classRows": [rows per class],
 *  "features": [{"name": .., "levels": [..], "counts": [[per class: per level]],
 *                "predictive": [[per class: E[θ] per level]]}]}
 * </pre>
 * The header is {@link ModelFile}'s, read with its rules (parameters checked against the learner's).
 * Reading is strict: unknown or missing fields, another format, type or version, dimensions that do not
 * match, repeated or unsorted classes, classes that have seen no row, negative or fractional counts,
 * non-finite numbers and predictive rows that are not
 * probability vectors are rejected with a {@link ModelFormatException} that names the field.
 */
final class SparseModelFile {
    /** Top-level fields after the header. */
    private static final Set<String> BODY = Set.of("hyperparameters", "classPrior", "interval", "intervalDraws",
            "classes", "classRows", "features");

    private SparseModelFile() {
    }

    static void write(SparseNaiveBayesModel m, OutputStream out) throws IOException {
        ObjectNode root = ModelFile.object();
        Hyperparameters h = m.hyperparameters();
        ObjectNode hy = root.putObject("hyperparameters");
        ArrayNode alpha = hy.putArray("alpha");
        for (double v : h.alpha()) {
            alpha.add(v);
        }
        hy.put("a", h.a());
        hy.put("b", h.b());
        hy.put("sharedP", h.sharedP());
        root.put("classPrior", m.classPrior());
        root.put("interval", m.interval());
        root.put("intervalDraws", m.intervalDraws());
        CountTable t = m.table();
        ArrayNode classes = root.putArray("classes");
        t.classes().forEach(classes::add);
        ArrayNode rows = root.putArray("classRows");
        for (int y = 0; y < t.classes().size(); y++) {
            rows.add(t.classRows(y));
        }
        ArrayNode features = root.putArray("features");
        for (int i = 0; i < t.features().size(); i++) {
            ObjectNode f = features.addObject();
            f.put("name", t.features().get(i));
            ArrayNode lv = f.putArray("levels");
            t.levels(i).forEach(lv::add);
            ArrayNode counts = f.putArray("counts");
            ArrayNode pred = f.putArray("predictive");
            for (int y = 0; y < t.classes().size(); y++) {
                int c = t.cell(y, 0, i);
                ArrayNode cr = counts.addArray();
                ArrayNode pr = pred.addArray();
                for (int j = 0; j < t.categories(c); j++) {
                    cr.add(t.count(t.offset(c) + j));
                    pr.add(m.predictive(t.offset(c) + j));
                }
            }
        }
        ModelFile.write(out, SparseNaiveBayes.NAME, m.provenance(), root);
    }

    static SparseNaiveBayesModel read(InputStream in, List<ParamSpec> specs, Distributions distributions)
            throws IOException {
        ModelFile.Contents file = ModelFile.read(in, SparseNaiveBayes.NAME, specs, BODY);
        JsonNode root = file.root();
        Provenance provenance = file.provenance();
        JsonNode hy = Fields.object(root, "hyperparameters");
        Fields.only(hy, "hyperparameters.", Set.of("alpha", "a", "b", "sharedP"), "hyperparameters object");
        JsonNode alphaNode = Fields.field(hy, "alpha");
        double[] alpha = new double[alphaNode.size()];
        for (int k = 0; k < alpha.length; k++) {
            alpha[k] = number(alphaNode.get(k), "hyperparameters.alpha[" + k + "]");
        }
        Hyperparameters hyper;
        try {
            hyper = new Hyperparameters(alpha, number(Fields.field(hy, "a"), "a"), number(Fields.field(hy, "b"), "b"),
                    Fields.bool(hy, "hyperparameters.sharedP"));
        } catch (IllegalArgumentException e) {
            throw new ModelFormatException("model file: bad hyperparameters: " + e.getMessage(), e);
        }
        double classPrior = number(Fields.field(root, "classPrior"), "classPrior");
        double interval = number(Fields.field(root, "interval"), "interval");
        int intervalDraws = Fields.integer(root, "intervalDraws", 0);
        if (!(classPrior > 0) || !(interval > 0 && interval <= 1) || intervalDraws < 1) {
            throw new ModelFormatException("model file: classPrior must be > 0, interval in (0, 1], intervalDraws >= 1");
        }
        List<String> classes = Fields.classes(root, 1);
        JsonNode rowsNode = Fields.field(root, "classRows");
        if (rowsNode.size() != classes.size()) {
            throw new ModelFormatException("model file: classRows has " + rowsNode.size() + " entries for "
                    + classes.size() + " classes");
        }
        int[] rows = new int[classes.size()];
        long allRows = 0;
        for (int y = 0; y < rows.length; y++) {
            rows[y] = Fields.integerOf(rowsNode.get(y), "classRows[" + y + "]", 0);
            allRows += rows[y];
        }
        if (allRows == 0) {
            throw new ModelFormatException("model file: field 'classRows' is all zero: the model has seen no row");
        }
        JsonNode featuresNode = Fields.field(root, "features");
        List<String> features = new ArrayList<>();
        List<List<String>> levels = new ArrayList<>();
        for (JsonNode f : featuresNode) {
            Fields.only(f, "features[].", Set.of("name", "levels", "counts", "predictive"), "feature");
            features.add(Fields.text(f, "name"));
            List<String> lv = new ArrayList<>();
            Fields.field(f, "levels").forEach(n -> lv.add(n.asText()));
            if (lv.isEmpty()) {
                throw new ModelFormatException("model file: feature '" + Fields.text(f, "name") + "' has no levels");
            }
            levels.add(lv);
        }
        int per = 0;
        for (List<String> lv : levels) {
            per += lv.size();
        }
        int[] counts = new int[per * classes.size()];
        double[] predictive = new double[counts.length];
        int offset = 0;
        for (int i = 0; i < features.size(); i++) {
            JsonNode f = featuresNode.get(i);
            String where = "feature '" + features.get(i) + "'";
            JsonNode cn = Fields.field(f, "counts");
            JsonNode pn = Fields.field(f, "predictive");
            int j = levels.get(i).size();
            if (cn.size() != classes.size() || pn.size() != classes.size()) {
                throw new ModelFormatException("model file: " + where + " needs one counts and one predictive row per class ("
                        + classes.size() + ")");
            }
            for (int y = 0; y < classes.size(); y++) {
                if (cn.get(y).size() != j || pn.get(y).size() != j) {
                    throw new ModelFormatException("model file: " + where + ", class " + classes.get(y) + ": expected "
                            + j + " values per row");
                }
                double sum = 0;
                for (int k = 0; k < j; k++) {
                    int slot = y * per + offset + k;
                    counts[slot] = Fields.integerOf(cn.get(y).get(k), where + " counts", 0);
                    double v = number(pn.get(y).get(k), where + " predictive");
                    if (!(v >= 0 && v <= 1)) {
                        throw new ModelFormatException("model file: " + where + " predictive value " + v + " outside [0, 1]");
                    }
                    predictive[slot] = v;
                    sum += v;
                }
                if (Math.abs(sum - 1) > 1e-9) {
                    throw new ModelFormatException("model file: " + where + ", class " + classes.get(y)
                            + ": predictive probabilities sum to " + sum);
                }
            }
            offset += j;
        }
        try {
            CountTable table = new CountTable(classes, List.of("all"), features, levels, counts, rows);
            return new SparseNaiveBayesModel(provenance, table, hyper, predictive, classPrior, interval, intervalDraws,
                    distributions);
        } catch (IllegalArgumentException e) {
            throw new ModelFormatException("model file: " + e.getMessage(), e);
        }
    }

    private static double number(JsonNode v, String where) {
        return Fields.numberOf(v, where, false, false);
    }
}
