package io.plate.classifier.impl.nb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.plate.api.Plate;
import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.api.learn.ModelFormatException;
import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import io.plate.api.learn.Provenance;
import io.plate.classifier.impl.ClassPrior;
import io.plate.classifier.impl.TrainingRows;
import io.plate.classifier.impl.kernel.Bandwidth;
import io.plate.classifier.impl.kernel.KernelMarginal;
import io.plate.classifier.impl.kernel.KernelNames;
import io.plate.modelfile.Fields;
import io.plate.modelfile.ModelFile;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.osgi.service.component.annotations.Component;

/**
 * {@code nb.kernel}: naive Bayes whose numeric class-conditional marginals are Gaussian kernel density
 * estimates (Weka's {@code NaiveBayes -K}), with Lidstone-smoothed categorical columns
 * ({@link LidstoneCategorical}, α over the column's levels) and a multinomial count block
 * ({@link MultinomialLikelihood}): a {@link NaiveBayesModel} whose blocks are a {@link KernelLikelihood}
 * and the engine's own. See {@link KernelLikelihood} for the bandwidths and {@link KernelMarginal} for the
 * cut-off and its error bound. The model file holds the tables (log prior, marginals, log θ).
 */
@Component(service = Learner.class, property = Learner.NAME + "=" + KernelNames.NB_KERNEL)
public final class KernelNaiveBayesLearner implements Learner {
    private static final List<ParamSpec> PARAMS = List.of(
            ParamSpec.text(KernelNames.BANDWIDTH, "silverman",
                    "kernel bandwidth of every numeric marginal: silverman, scott, weka (range/sqrt(n)) or a number > 0"),
            ParamSpec.choice(KernelNames.BANDWIDTH_SCOPE, "class", List.of("class", "feature"),
                    "bandwidth rule per class and feature (class) or per feature, shared by all classes (feature)"),
            ParamSpec.real(KernelNames.CUTOFF, "6", 3, 40,
                    "kernels farther than about this many bandwidths are skipped; log-density error <= exp(-cutoff^2/2)"),
            ParamSpec.integer(KernelNames.GRID, "8", 0, KernelMarginal.MAX_GRID,
                    "nodes per bandwidth of the self-checked interpolation table of marginals whose direct kernel sum is long"
                            + " (> 64 distinct values, > 32 in the window); 0 = always the direct sum"),
            ParamSpec.positive(KernelNames.ALPHA, "1.0",
                    "Lidstone smoothing of the categorical columns and the count block (1 = Laplace)"),
            ParamSpec.bool(KernelNames.FIT_PRIOR, "true", "learn class prior from the data; false = uniform"));

    /** Top-level fields of the model file after the header. */
    private static final Set<String> FIELDS = Set.of("classes", "logPrior", "cutoff", "grid", "numeric",
            "categorical", "counts");

    @Override
    public String name() {
        return KernelNames.NB_KERNEL;
    }

    @Override
    public String description() {
        return "naive Bayes with Gaussian kernel density estimates for numeric features (Weka NaiveBayes -K)";
    }

    @Override
    public List<ParamSpec> parameters() {
        return PARAMS;
    }

    @Override
    public Model fit(Dataset data, Params params, long seed) {
        TrainingRows t = TrainingRows.of(data, null);
        Bandwidth bw = Bandwidth.parse(params.getString(KernelNames.BANDWIDTH));
        double cutoff = params.getDouble(KernelNames.CUTOFF);
        double alpha = params.getDouble(KernelNames.ALPHA);
        int grid = params.getInt(KernelNames.GRID);
        if (data.numeric().isEmpty() && data.categorical().isEmpty() && data.sparse().isEmpty()) {
            throw new PlateException(name() + ": dataset '" + data.name() + "' has no features");
        }
        KernelLikelihood numeric = KernelLikelihood.fit(t, bw, cutoff,
                params.getString(KernelNames.BANDWIDTH_SCOPE).equals("class"), grid);
        LidstoneCategorical categorical = LidstoneCategorical.of(CategoricalCounts.of(t), alpha, 0);
        MultinomialLikelihood counts = data.sparse().isPresent()
                ? MultinomialLikelihood.of(WordCounts.of(t, Double.NaN, true, name()), alpha, name(), null) : null;
        double[] logPrior = ClassPrior.fromParams(params, t.classes).logPrior(t.classWeights());
        Provenance p = Provenance.of(this, params.asMap(), seed, data);
        return model(t.classes, logPrior, cutoff, grid, numeric, categorical, counts, params, p);
    }

    private static NaiveBayesModel model(List<String> classes, double[] logPrior, double cutoff, int grid,
            KernelLikelihood numeric, LidstoneCategorical categorical, MultinomialLikelihood counts, Params params,
            Provenance p) {
        List<Likelihood> blocks = new ArrayList<>();
        if (numeric.features() > 0) {
            blocks.add(numeric);
        }
        if (!categorical.names().isEmpty()) {
            blocks.add(categorical); // a block without features adds nothing, and is not named in toString
        }
        if (counts != null) {
            blocks.add(counts);
        }
        int k = classes.size();
        return NaiveBayesModel.ofTables(KernelNames.NB_KERNEL, classes, logPrior, blocks, params, p,
                g -> {
                    ObjectNode root = ModelFile.object();
                    Fields.put(root, "classes", classes);
                    Fields.put(root, "logPrior", logPrior);
                    root.put("cutoff", cutoff);
                    root.put("grid", grid);
                    numeric.write(root.putArray("numeric"));
                    writeCategorical(categorical, k, root.putArray("categorical"));
                    if (counts != null) {
                        writeCounts(counts, k, root.putObject("counts"));
                    }
                    ModelFile.body(root).write(g);
                });
    }

    @Override
    public Model readModel(InputStream in) throws IOException, ModelFormatException {
        ModelFile.Contents file = ModelFile.read(in, name(), PARAMS, FIELDS);
        JsonNode root = file.root();
        List<String> classes = Fields.classes(root, 1);
        int k = classes.size();
        double[] logPrior = Fields.numbers(root, "logPrior", k, false, false);
        for (int i = 0; i < k; i++) {
            if (logPrior[i] > 1e-12) {
                throw new ModelFormatException("model file: field 'logPrior[" + i + "]' is a log probability > 0: "
                        + logPrior[i]);
            }
        }
        double cutoff = Fields.number(root, "cutoff", true);
        // files written before the interpolation table existed have no 'grid': they evaluate exactly
        int grid = root.has("grid") ? Fields.integer(root, "grid", 0) : 0;
        if (grid > KernelMarginal.MAX_GRID) {
            throw new ModelFormatException("model file: field 'grid' must be <= " + KernelMarginal.MAX_GRID + ", got "
                    + grid);
        }
        KernelLikelihood numeric = KernelLikelihood.read(root, k, cutoff, grid);
        LidstoneCategorical categorical = readCategorical(root, k);
        MultinomialLikelihood counts = root.has("counts") ? readCounts(root, k) : null;
        return model(classes, logPrior, cutoff, grid, numeric, categorical, counts, file.params(), file.provenance());
    }

    /** {@code categorical: [{name, levels, logProb: [per level: per class]}]}. */
    private static void writeCategorical(LidstoneCategorical c, int k, ArrayNode out) {
        for (int f = 0; f < c.names().size(); f++) {
            ObjectNode o = out.addObject();
            o.put("name", c.names().get(f));
            Fields.put(o, "levels", c.levels(f));
            ArrayNode rows = o.putArray("logProb");
            for (int v = 0; v < c.levels(f).size(); v++) {
                ArrayNode a = rows.addArray();
                for (int cls = 0; cls < k; cls++) {
                    a.add(c.logTheta(f, v, cls));
                }
            }
        }
    }

    private static LidstoneCategorical readCategorical(JsonNode root, int k) {
        List<JsonNode> feats = Fields.array(root, "categorical", -1);
        List<String> names = new ArrayList<>();
        List<List<String>> levels = new ArrayList<>();
        double[][] logTheta = new double[feats.size()][];
        for (int f = 0; f < feats.size(); f++) {
            JsonNode o = feats.get(f);
            String path = "categorical[" + f + "]";
            Fields.only(o, path + ".", Set.of("name", "levels", "logProb"), "categorical feature");
            names.add(Fields.text(o, path + ".name"));
            List<String> lv = Fields.strings(o, path + ".levels", -1);
            levels.add(lv);
            List<JsonNode> rows = Fields.array(o, path + ".logProb", lv.size());
            double[] lt = new double[lv.size() * k];
            for (int v = 0; v < lv.size(); v++) {
                double[] row = Fields.numbersOf(rows.get(v), path + ".logProb[" + v + "]", k, false, false);
                for (int cls = 0; cls < k; cls++) {
                    if (row[cls] > 0) {
                        throw new ModelFormatException("model file: field '" + path + ".logProb[" + v + "][" + cls
                                + "]' is a log probability > 0: " + row[cls]);
                    }
                    lt[v * k + cls] = row[cls];
                }
            }
            logTheta[f] = lt;
        }
        if (new java.util.HashSet<>(names).size() != names.size()) {
            throw new ModelFormatException("model file: field 'categorical' names a feature twice");
        }
        return LidstoneCategorical.ofTables(names, levels, k, logTheta);
    }

    /** {@code counts: {vocabulary, logTheta: [per class: per word]}}. */
    private static void writeCounts(MultinomialLikelihood m, int k, ObjectNode o) {
        Fields.put(o, "vocabulary", m.vocabulary());
        ArrayNode a = o.putArray("logTheta");
        int v = m.vocabulary().size();
        for (int cls = 0; cls < k; cls++) {
            ArrayNode row = a.addArray();
            for (int w = 0; w < v; w++) {
                row.add(m.logTheta(w, cls));
            }
        }
    }

    private static MultinomialLikelihood readCounts(JsonNode root, int k) {
        JsonNode o = Fields.object(root, "counts");
        Fields.only(o, "counts.", Set.of("vocabulary", "logTheta"), "count block");
        List<String> vocab = Fields.strings(o, "counts.vocabulary", -1);
        List<JsonNode> rows = Fields.array(o, "counts.logTheta", k);
        int v = vocab.size();
        double[] lt = new double[v * k];
        for (int cls = 0; cls < k; cls++) {
            double[] row = Fields.numbersOf(rows.get(cls), "counts.logTheta[" + cls + "]", v, false, false);
            for (int w = 0; w < v; w++) {
                if (row[w] > 0) {
                    throw new ModelFormatException("model file: field 'counts.logTheta[" + cls + "][" + w
                            + "]' is a log probability > 0: " + row[w]);
                }
                lt[w * k + cls] = row[w];
            }
        }
        return MultinomialLikelihood.ofTable(vocab, k, lt, KernelNames.NB_KERNEL);
    }
}
