package io.plate.classifier.impl.nb;

import io.plate.api.learn.KnownWords;
import io.plate.api.BundleOrigin;
import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Explainable;
import io.plate.api.learn.Explanation;
import io.plate.api.learn.FeatureWeight;
import io.plate.api.learn.Model;
import io.plate.api.learn.Params;
import io.plate.api.learn.Provenance;
import io.plate.api.learn.UnseenLevels;
import io.plate.api.text.Plural;
import io.plate.classifier.impl.Blocks;
import io.plate.classifier.impl.TrainingRows;
import io.plate.distributions.numerics.LogMath;
import io.plate.modelfile.ModelFile;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A fitted naive Bayes model: the class prior and one {@link Likelihood} per feature block. The log
 * posterior of a row is the log prior plus each block's log likelihood, normalised once in log space with
 * {@link LogMath}. Most models are their sufficient statistics and parameters, from which the learner
 * derives the prior and the blocks (their model file holds the statistics; they can be updated); a model
 * whose blocks are not sums of statistics ({@code nb.kernel}) is made from its tables and writes them.
 */
public final class NaiveBayesModel implements Model, Explainable {
    private final String type;
    private final List<String> classes;
    private final NaiveBayesLearner learner; // null for a model made from tables
    private final Params params;
    private final SufficientStatistics stats; // null for a model made from tables
    private final ModelFile.Body tables; // null for a model made from statistics
    private final Provenance provenance;
    private final double[] logPrior;
    private final List<Likelihood> blocks;
    /** The training data's columns this model does not use, for people (set by the learner's fit). */
    private volatile String ignored = "";

    NaiveBayesModel(NaiveBayesLearner learner, Params params, SufficientStatistics stats, Provenance provenance) {
        this.type = learner.name();
        this.classes = stats.classes;
        this.learner = learner;
        this.params = params;
        this.stats = stats;
        this.tables = null;
        this.provenance = provenance;
        this.logPrior = learner.logPrior(params, stats.classes, stats.classCounts);
        this.blocks = List.copyOf(learner.likelihoods(stats, params));
    }

    private NaiveBayesModel(String type, List<String> classes, double[] logPrior, List<Likelihood> blocks,
            Params params, Provenance provenance, ModelFile.Body tables) {
        this.type = type;
        this.classes = List.copyOf(classes);
        this.learner = null;
        this.params = params;
        this.stats = null;
        this.tables = tables;
        this.provenance = provenance;
        this.logPrior = logPrior.clone();
        this.blocks = List.copyOf(blocks);
    }

    /**
     * A model made from its tables: {@code blocks} are added to {@code logPrior} in order, and
     * {@code tables} writes the model file's body.
     */
    public static NaiveBayesModel ofTables(String type, List<String> classes, double[] logPrior,
            List<Likelihood> blocks, Params params, Provenance provenance, ModelFile.Body tables) {
        return new NaiveBayesModel(type, classes, logPrior, blocks, params, provenance, tables);
    }

    SufficientStatistics statistics() {
        return stats;
    }

    /** The blocks, in the order they are added. */
    public List<Likelihood> blocks() {
        return blocks;
    }

    @Override
    public String type() {
        return type;
    }

    @Override
    public List<String> classes() {
        return classes;
    }

    @Override
    public Optional<List<String>> columns() {
        List<String> out = new ArrayList<>();
        for (Likelihood b : blocks) {
            if (b.columns().isEmpty()) {
                return Optional.empty(); // a block of word counts reads what the scored dataset offers
            }
            out.addAll(b.columns().get());
        }
        weightColumn().ifPresent(out::add); // used in training, so plate:predict does not call it "not used"
        return Optional.of(List.copyOf(out));
    }

    /** The numeric column whose values weighed the training rows (the parameter weight=), if any. */
    private Optional<String> weightColumn() {
        return params.find(Names.WEIGHT).filter(w -> !w.isEmpty());
    }

    @Override
    public double[][] predictLogProba(Dataset data) {
        double[][] jll = jointLogLikelihood(data);
        Blocks.run(jll.length, 32L * logPrior.length, (from, to) -> {
            for (int r = from; r < to; r++) {
                try {
                    LogMath.normalizeLog(jll[r]);
                } catch (IllegalArgumentException e) {
                    throw new PlateException("dataset '" + data.name() + "', row " + (r + 1)
                            + ": no class has a finite likelihood (" + e.getMessage() + ")", e);
                }
            }
            return 0;
        });
        return jll;
    }

    /** Unnormalised log P(y = k, x) of every row. */
    double[][] jointLogLikelihood(Dataset data) {
        int k = logPrior.length;
        double[][] jll = new double[data.rows()][];
        for (int r = 0; r < jll.length; r++) {
            jll[r] = new double[k];
            System.arraycopy(logPrior, 0, jll[r], 0, k);
        }
        for (Likelihood b : blocks) {
            b.addTo(data, jll);
        }
        return jll;
    }

    @Override
    public List<UnseenLevels> unseenLevels(Dataset data) {
        List<UnseenLevels> out = new ArrayList<>();
        for (Likelihood b : blocks) {
            out.addAll(b.unseenLevels(data));
        }
        return List.copyOf(out);
    }

    @Override
    public Optional<KnownWords> knownWords(Dataset data) {
        for (Likelihood b : blocks) {
            Optional<KnownWords> k = b.knownWords(data);
            if (k.isPresent()) { // beside other blocks (nb.mixed) a text without words still has its other columns
                return blocks.size() > 1 ? k.map(KnownWords::withOtherColumns) : k;
            }
        }
        return Optional.empty();
    }

    @Override
    public Provenance provenance() {
        return provenance;
    }

    @Override
    public void writeJson(OutputStream out) throws IOException {
        ModelFile.write(out, type, provenance, stats != null ? stats::write : tables);
    }

    @Override
    public boolean supportsUpdate() {
        return stats != null;
    }

    /**
     * A model fitted to the training rows and {@code more}: the sufficient statistics of {@code more} are
     * merged into this model's (new levels and words are added), so the result equals a fit on both.
     */
    @Override
    public Model update(Dataset more) {
        if (stats == null) {
            return Model.super.update(more);
        }
        TrainingRows t = TrainingRows.of(more, params.find(Names.WEIGHT).orElse(null), stats.classes, true);
        SufficientStatistics merged = SufficientStatistics.merge(stats, learner.collect(t, params));
        Provenance p = new Provenance(provenance.learner(), provenance.params(), provenance.seed(),
                provenance.dataSummary() + " + update " + more.summary(), provenance.plateVersion(),
                Instant.now().toString(), provenance.dataImport(), BundleOrigin.of(learner.getClass()));
        return new NaiveBayesModel(learner, params, merged, p);
    }

    @Override
    public Explanation explain(Dataset data, int row) {
        if (row < 0 || row >= data.rows()) {
            throw new PlateException("row " + (row + 1) + " is outside dataset '" + data.name() + "' (1.."
                    + data.rows() + ")");
        }
        List<Explanation.Term> terms = new ArrayList<>();
        List<Explanation.Skipped> skipped = new ArrayList<>();
        for (Likelihood b : blocks) {
            b.explain(data, row, terms);
            b.skipped(data, row, skipped);
        }
        double[] lp = predictLogProba(data.select(new int[] {row}))[0];
        // a learner without a prior (nb.complement) explains none, rather than a prior term of 0
        double[] prior = learner == null || learner.hasPrior() ? logPrior : new double[0];
        return new Explanation(classes, prior, terms, lp, skipped);
    }

    @Override
    public List<List<FeatureWeight>> tellingFeatures(int top) {
        for (Likelihood b : blocks) {
            List<List<FeatureWeight>> t = b.telling(top);
            if (!t.isEmpty()) {
                return t;
            }
        }
        return List.of();
    }

    void ignored(String what) {
        this.ignored = what;
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(type()).append(" model: ")
                .append(Plural.of(classes.size(), "class", "classes"));
        if (stats == null) {
            for (Likelihood b : blocks) {
                s.append(", ").append(b);
            }
            return s.append(" (").append(params).append(")").toString();
        }
        if (stats.categorical != null) {
            s.append(", ").append(stats.categorical.features()).append(" categorical");
        }
        if (stats.numeric != null) {
            s.append(", ").append(stats.numeric.features()).append(" numeric");
        }
        if (stats.words != null) {
            s.append(", ").append(Plural.of(stats.words.words(), "word"));
        }
        s.append(" (").append(params).append(")");
        weightColumn().ifPresent(w -> s.append("\nweights its training rows by column '").append(w).append("'"));
        if (!ignored.isEmpty()) {
            s.append("\nignores ").append(ignored);
        }
        return s.toString();
    }
}
