package io.plate.classifier.impl;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Explainable;
import io.plate.api.learn.Explanation;
import io.plate.api.learn.FeatureWeight;
import io.plate.api.learn.Model;
import io.plate.api.learn.Params;
import io.plate.api.learn.Provenance;
import io.plate.distributions.numerics.LogMath;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A fitted naive Bayes model: sufficient statistics and parameters, from which its learner derives the
 * class prior and one {@link Likelihood} per feature block. The log posterior of a row is the log prior
 * plus each block's log likelihood, normalised once in log space with {@link LogMath}.
 */
final class NaiveBayesModel implements Model, Explainable {
    static final String FORMAT = "plate-model";
    static final int VERSION = 1;
    private static final JsonFactory JSON = new JsonFactory();

    private final NaiveBayesLearner learner;
    private final Params params;
    private final SufficientStatistics stats;
    private final Provenance provenance;
    private final double[] logPrior;
    private final List<Likelihood> blocks;
    /** The training data's columns this model does not use, for people (set by the learner's fit). */
    private volatile String ignored = "";

    NaiveBayesModel(NaiveBayesLearner learner, Params params, SufficientStatistics stats, Provenance provenance) {
        this.learner = learner;
        this.params = params;
        this.stats = stats;
        this.provenance = provenance;
        this.logPrior = learner.logPrior(params, stats.classCounts);
        this.blocks = List.copyOf(learner.likelihoods(stats, params));
    }

    SufficientStatistics statistics() {
        return stats;
    }

    @Override
    public String type() {
        return learner.name();
    }

    @Override
    public List<String> classes() {
        return stats.classes;
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
    public Provenance provenance() {
        return provenance;
    }

    @Override
    public void writeJson(OutputStream out) throws IOException {
        try (JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8)) {
            g.useDefaultPrettyPrinter();
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.writeStartObject();
            g.writeStringField("format", FORMAT);
            g.writeNumberField("version", VERSION);
            g.writeStringField("type", type());
            g.writeObjectFieldStart("provenance");
            g.writeStringField("learner", provenance.learner());
            g.writeObjectFieldStart("params");
            for (Map.Entry<String, String> e : params.asMap().entrySet()) {
                g.writeStringField(e.getKey(), e.getValue());
            }
            g.writeEndObject();
            g.writeNumberField("seed", provenance.seed());
            g.writeStringField("dataSummary", provenance.dataSummary());
            g.writeStringField("plateVersion", provenance.plateVersion());
            g.writeStringField("created", provenance.created());
            g.writeEndObject();
            stats.write(g);
            g.writeEndObject();
        }
    }

    @Override
    public boolean supportsUpdate() {
        return true;
    }

    /**
     * A model fitted to the training rows and {@code more}: the sufficient statistics of {@code more} are
     * merged into this model's (new levels and words are added), so the result equals a fit on both.
     */
    @Override
    public Model update(Dataset more) {
        TrainingRows t = TrainingRows.of(more, params.find(Names.WEIGHT).orElse(null), stats.classes, true);
        SufficientStatistics merged = SufficientStatistics.merge(stats, learner.collect(t, params));
        Provenance p = new Provenance(provenance.learner(), provenance.params(), provenance.seed(),
                provenance.dataSummary() + " + update " + more.summary(), provenance.plateVersion(),
                Instant.now().toString());
        return new NaiveBayesModel(learner, params, merged, p);
    }

    @Override
    public Explanation explain(Dataset data, int row) {
        if (row < 0 || row >= data.rows()) {
            throw new PlateException("row " + (row + 1) + " is outside dataset '" + data.name() + "' (1.."
                    + data.rows() + ")");
        }
        List<Explanation.Term> terms = new ArrayList<>();
        for (Likelihood b : blocks) {
            b.explain(data, row, terms);
        }
        double[] lp = predictLogProba(data.select(new int[] {row}))[0];
        return new Explanation(stats.classes, logPrior, terms, lp);
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
        StringBuilder s = new StringBuilder(type()).append(" model: ").append(stats.classes.size()).append(" classes");
        if (stats.categorical != null) {
            s.append(", ").append(stats.categorical.features()).append(" categorical");
        }
        if (stats.numeric != null) {
            s.append(", ").append(stats.numeric.features()).append(" numeric");
        }
        if (stats.words != null) {
            s.append(", ").append(stats.words.words()).append(" words");
        }
        s.append(" (").append(params).append(")");
        if (!ignored.isEmpty()) {
            s.append("\nignores ").append(ignored);
        }
        return s.toString();
    }
}
