package io.plate.classifier.impl.nb;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.api.learn.Params;
import io.plate.api.learn.Provenance;
import io.plate.classifier.impl.TrainingRows;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The sufficient statistics of a naive Bayes learner, for callers that fit by parts without a framework
 * (a Spark aggregation): {@link #collect} on each part with the learner's own counting code,
 * {@link #merge}, then {@link #model}. The result equals {@link Learner#fit} on the whole. Parts travel
 * as the statistics section of the model file ({@link #toJson}, {@link #fromJson}).
 */
public final class NaiveBayesStatistics {
    private static final JsonFactory JSON = new JsonFactory();
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final SufficientStatistics stats;

    private NaiveBayesStatistics(SufficientStatistics stats) {
        this.stats = stats;
    }

    /** True when {@code learner}'s fit is a sum of statistics (every {@code nb.*} learner but {@code nb.kernel}). */
    public static boolean supports(Learner learner) {
        return learner instanceof NaiveBayesLearner;
    }

    /** The naive Bayes learners whose fit is a sum of statistics, by name. */
    public static final List<String> LEARNERS = List.of(Names.CATEGORICAL, Names.MULTINOMIAL, Names.BERNOULLI,
            Names.COMPLEMENT, Names.GAUSSIAN, Names.MIXED, Names.DIRICHLET);

    /**
     * A new learner of that name, without a framework (the same classes the Learner services are).
     *
     * @throws PlateException naming the learners there are
     */
    public static Learner learner(String name) {
        switch (name) {
            case Names.CATEGORICAL: return new CategoricalNaiveBayes();
            case Names.MULTINOMIAL: return new MultinomialNaiveBayes();
            case Names.BERNOULLI: return new BernoulliNaiveBayes();
            case Names.COMPLEMENT: return new ComplementNaiveBayes();
            case Names.GAUSSIAN: return new GaussianNaiveBayes();
            case Names.MIXED: return new MixedNaiveBayes();
            case Names.DIRICHLET: return new DirichletNaiveBayes();
            default:
                throw new PlateException("learner '" + name + "' is not a sum of statistics; one of " + LEARNERS);
        }
    }

    /** The class list a fit uses for the labels {@code seen}, in {@link TrainingRows}'s order. */
    public static List<String> classes(Collection<String> seen) {
        return TrainingRows.classOrder(seen);
    }

    /**
     * Statistics of one part, its labels mapped to {@code classes} (all parts must share the classes and,
     * for exact merges by position, the same level tables and vocabulary).
     */
    public static NaiveBayesStatistics collect(Learner learner, Dataset part, Params params, List<String> classes) {
        NaiveBayesLearner nb = naiveBayes(learner);
        TrainingRows t = TrainingRows.of(part, params.find(Names.WEIGHT).orElse(null), classes, true);
        return new NaiveBayesStatistics(nb.collect(t, params));
    }

    public NaiveBayesStatistics merge(NaiveBayesStatistics other) {
        return new NaiveBayesStatistics(SufficientStatistics.merge(stats, other.stats));
    }

    /** The model of these statistics, as {@link Learner#fit} makes it. */
    public Model model(Learner learner, Params params, long seed, String dataSummary) {
        NaiveBayesLearner nb = naiveBayes(learner);
        Provenance p = Provenance.of(nb, params.asMap(), seed, dataSummary, Map.of());
        try {
            return new NaiveBayesModel(nb, params, stats, p);
        } catch (IllegalArgumentException e) {
            throw new PlateException(nb.name() + ": " + e.getMessage(), e);
        }
    }

    /** The statistics section of the model file, as a JSON object; doubles are written to read back exactly. */
    public byte[] toJson() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8)) {
            g.writeStartObject();
            stats.write(g);
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    public static NaiveBayesStatistics fromJson(byte[] json) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new NaiveBayesStatistics(SufficientStatistics.read(root));
    }

    private static NaiveBayesLearner naiveBayes(Learner learner) {
        if (!supports(learner)) {
            throw new PlateException("learner '" + learner.name() + "' is not a sum of statistics; use an nb.* learner"
                    + " other than nb.kernel");
        }
        return (NaiveBayesLearner) learner;
    }
}
