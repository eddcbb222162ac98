package io.plate.classifier.impl.kernel;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.plate.api.data.Dataset;
import io.plate.api.PlateException;
import io.plate.api.learn.Explainable;
import io.plate.api.learn.Explanation;
import io.plate.api.learn.FeatureWeight;
import io.plate.api.learn.Model;
import io.plate.api.learn.ModelFormatException;
import io.plate.api.learn.Provenance;
import io.plate.distributions.numerics.LogMath;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/** A fitted {@code nb.kernel} model: log prior plus the per-feature log terms of each block, normalised. */
final class KernelNaiveBayesModel implements Model, Explainable {
    private final List<String> classes;
    private final double[] logPrior;
    private final double cutoff;
    private final int grid;
    private final KernelNumericBlock numeric;
    private final LidstoneCategoricalBlock categorical;
    private final MultinomialCountBlock counts; // null when the training data had no sparse block
    private final Provenance provenance;

    KernelNaiveBayesModel(List<String> classes, double[] logPrior, double cutoff, int grid, KernelNumericBlock numeric,
            LidstoneCategoricalBlock categorical, MultinomialCountBlock counts, Provenance provenance) {
        this.classes = List.copyOf(classes);
        this.logPrior = logPrior.clone();
        this.cutoff = cutoff;
        this.grid = grid;
        this.numeric = numeric;
        this.categorical = categorical;
        this.counts = counts;
        this.provenance = provenance;
    }

    @Override
    public String type() {
        return KernelNames.NB_KERNEL;
    }

    @Override
    public List<String> classes() {
        return classes;
    }

    /** The unnormalised log joint log π_k + Σ_f log f_kf(x_f), rows × classes. */
    double[][] logJoint(Dataset data) {
        double[][] lj = new double[data.rows()][];
        for (int r = 0; r < lj.length; r++) {
            lj[r] = logPrior.clone();
        }
        numeric.addTo(data, lj);
        categorical.addTo(data, lj);
        if (counts != null) {
            counts.addTo(data, lj);
        }
        return lj;
    }

    @Override
    public double[][] predictLogProba(Dataset data) {
        double[][] lj = logJoint(data);
        for (double[] row : lj) {
            LogMath.normalizeLog(row);
        }
        return lj;
    }

    /**
     * The additive terms of row {@code row}: per numeric feature log f̂_kf(x_f), per categorical feature
     * log P̂(x_f | k), per known word x_w log θ̂_kw; missing and unseen values are absent.
     */
    @Override
    public Explanation explain(Dataset data, int row) {
        if (row < 0 || row >= data.rows()) {
            throw new PlateException("row " + (row + 1) + " is outside dataset '" + data.name() + "' (1.."
                    + data.rows() + ")");
        }
        List<Explanation.Term> terms = new ArrayList<>();
        numeric.explain(data, row, terms);
        categorical.explain(data, row, terms);
        if (counts != null) {
            counts.explain(data, row, terms);
        }
        double[] lp = logPrior.clone();
        for (Explanation.Term t : terms) {
            double[] v = t.perClass();
            for (int k = 0; k < lp.length; k++) {
                lp[k] += v[k];
            }
        }
        LogMath.normalizeLog(lp);
        return new Explanation(classes, logPrior, terms, lp);
    }

    /** The most telling words of the count block; empty without one (a kernel marginal has no single weight). */
    @Override
    public List<List<FeatureWeight>> tellingFeatures(int top) {
        return counts == null ? List.of() : counts.telling(top);
    }

    KernelNumericBlock numeric() {
        return numeric;
    }

    @Override
    public Provenance provenance() {
        return provenance;
    }

    @Override
    public void writeJson(OutputStream out) throws IOException {
        ObjectNode root = ModelJson.header(type(), provenance);
        ModelJson.put(root, "classes", classes);
        ModelJson.put(root, "logPrior", logPrior);
        root.put("cutoff", cutoff);
        root.put("grid", grid);
        numeric.write(root.putArray("numeric"));
        categorical.write(root.putArray("categorical"));
        if (counts != null) {
            counts.write(root);
        }
        ModelJson.write(out, root);
    }

    static KernelNaiveBayesModel read(InputStream in) throws IOException {
        JsonNode root = ModelJson.read(in, KernelNames.NB_KERNEL);
        Provenance prov = ModelJson.provenance(root);
        List<String> classes = ModelJson.classes(root, 1);
        int k = classes.size();
        double[] logPrior = ModelJson.numbers(root, "logPrior", k, false, false);
        for (int i = 0; i < k; i++) {
            if (logPrior[i] > 1e-12) {
                throw new ModelFormatException("model file: field 'logPrior[" + i + "]' is a log probability > 0: "
                        + logPrior[i]);
            }
        }
        double cutoff = ModelJson.number(root, "cutoff", true);
        // files written before the interpolation table existed have no 'grid': they evaluate exactly
        int grid = root.has("grid") ? ModelJson.integer(root, "grid", 0) : 0;
        if (grid > KernelMarginal.MAX_GRID) {
            throw new ModelFormatException("model file: field 'grid' must be <= " + KernelMarginal.MAX_GRID + ", got "
                    + grid);
        }
        KernelNumericBlock numeric = KernelNumericBlock.read(root, k, cutoff, grid);
        LidstoneCategoricalBlock categorical = LidstoneCategoricalBlock.read(root, k);
        MultinomialCountBlock counts = root.has("counts") ? MultinomialCountBlock.read(root, k) : null;
        return new KernelNaiveBayesModel(classes, logPrior, cutoff, grid, numeric, categorical, counts, prov);
    }

    @Override
    public String toString() {
        return "nb.kernel model: " + classes.size() + " classes, " + numeric.features() + " numeric (kernel), "
                + categorical.features() + " categorical features" + (counts != null ? ", count block" : "");
    }
}
