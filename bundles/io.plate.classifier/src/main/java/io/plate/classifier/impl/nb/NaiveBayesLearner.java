package io.plate.classifier.impl.nb;

import io.plate.api.Plate;
import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.api.learn.ModelFormatException;
import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import io.plate.api.learn.Provenance;
import io.plate.api.text.IgnoredData;
import io.plate.classifier.impl.Blocks;
import io.plate.classifier.impl.ClassPrior;
import io.plate.classifier.impl.TrainingRows;
import io.plate.modelfile.ModelFile;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/**
 * What every naive Bayes learner shares: fitting is collecting sufficient statistics; a model is those
 * statistics plus the parameters; a model file is read back through the same path. A subclass says
 * which blocks it models ({@link #collect}), its class prior and its event models ({@link #likelihoods}).
 */
abstract class NaiveBayesLearner implements Learner {
    /** Word indexes shared by this learner's models that use the same vocabulary (e.g. fold models). */
    final VocabularyIndexCache vocabularies = new VocabularyIndexCache();

    /** The statistics of the blocks this learner models; fails when the data has none of them. */
    abstract SufficientStatistics collect(TrainingRows t, Params p);

    /** The event model of each block present in {@code s}. */
    abstract List<Likelihood> likelihoods(SufficientStatistics s, Params p);

    /** False for a learner that leaves the class prior out of the decision (nb.complement): it explains no prior term. */
    boolean hasPrior() {
        return true;
    }

    /** log P(y = k) from the weighted class counts of {@code classes}. */
    double[] logPrior(Params p, List<String> classes, double[] classCounts) {
        return ClassPrior.fromParams(p, classes).logPrior(classCounts);
    }

    @Override
    public Model fit(Dataset data, Params params, long seed) {
        TrainingRows t = TrainingRows.of(data, params.find(Names.WEIGHT).orElse(null));
        SufficientStatistics s = collect(t, params);
        Provenance p = Provenance.of(this, params.asMap(), seed, data);
        try {
            NaiveBayesModel m = new NaiveBayesModel(this, params, s, p);
            m.ignored(ignored(t.features, s)); // the features: the weight column is used, as the weights
            return m;
        } catch (IllegalArgumentException e) {
            throw new PlateException(name() + ": " + e.getMessage(), e);
        }
    }

    /**
     * The columns of {@code data} (the features, without the weight column) that a model of {@code s} leaves out (e.g. nb.gaussian and a categorical
     * column), said with the learner that uses them; empty when it uses every column.
     */
    static String ignored(Dataset data, SufficientStatistics s) {
        IgnoredData out = new IgnoredData();
        if (s.categorical == null) {
            out.columns("categorical", data.categorical().stream().map(c -> c.name()).toList());
        }
        // without a sparse block the count learners read the numeric columns as their words (WordCounts.source)
        boolean numericAsWords = s.words != null && data.sparse().isEmpty();
        if (s.numeric == null && !numericAsWords) {
            out.columns("numeric", data.numeric().stream().map(c -> c.name()).toList());
        }
        if (s.words == null) {
            out.words(data);
        }
        return out.text("of the data (nb.mixed models every kind of column)");
    }

    @Override
    public Model readModel(InputStream in) throws IOException {
        ModelFile.Contents file = ModelFile.read(in, name(), parameters(), SufficientStatistics.FIELDS);
        SufficientStatistics stats = SufficientStatistics.read(file.root());
        try {
            return new NaiveBayesModel(this, file.params(), stats, file.provenance());
        } catch (ModelFormatException e) {
            throw e;
        } catch (PlateException | IllegalArgumentException e) {
            throw new ModelFormatException("model file: " + e.getMessage(), e);
        }
    }

    /** Fails when a block this learner needs is absent from statistics read from a file. */
    static <T> T required(T block, String field, String learner) {
        if (block == null) {
            throw new ModelFormatException("model file: field '" + field + "' is missing; " + learner + " needs it");
        }
        return block;
    }

    // --- parameter descriptions shared by the learners (scikit-learn's names) ---

    static ParamSpec alpha(String def) {
        return ParamSpec.positive(Names.ALPHA, def, "additive (Lidstone) smoothing; 1 = Laplace; not 0, which scikit-learn"
                + " takes (a count of 0 then has probability 0, log -inf): 1e-10, scikit-learn's floor without force_alpha,"
                + " is the nearest value");
    }

    static ParamSpec fitPrior() {
        return ParamSpec.bool(Names.FIT_PRIOR, "true", "learn class priors from the data; false = uniform");
    }

    static ParamSpec classPrior() {
        return ParamSpec.realList(Names.CLASS_PRIOR, null, 0, Double.POSITIVE_INFINITY, false,
                "prior probability of each class in sorted class order (normalised); overrides fit_prior");
    }

    static ParamSpec weight() {
        return ParamSpec.text(Names.WEIGHT, null,
                "name of a numeric column holding each row's sample weight (not used as a feature)");
    }

    static ParamSpec minCategories() {
        return ParamSpec.integer(Names.MIN_CATEGORIES, "0", 0, Integer.MAX_VALUE,
                "minimum number of categories of every feature (K_i = max(levels, largest integer code + 1, min_categories));"
                        + " one number for all features, not scikit-learn's list of one per feature");
    }

    static ParamSpec varSmoothing() {
        return ParamSpec.real(Names.VAR_SMOOTHING, "1e-9", 0, Double.POSITIVE_INFINITY,
                "add var_smoothing x (largest feature variance) to every variance");
    }

    static void requireBlock(boolean present, Dataset data, String learner, String what) {
        if (!present) {
            throw new PlateException(learner + " needs " + what + "; dataset '" + data.name() + "' has none");
        }
    }

    /** Statistics of every block the data have (categorical counts, moments, word counts), for the mixed models. */
    final SufficientStatistics collectEveryBlock(TrainingRows t) {
        boolean cat = !t.features.categorical().isEmpty();
        boolean num = !t.features.numeric().isEmpty();
        boolean words = t.features.sparse().isPresent();
        requireBlock(cat || num || words, t.features, name(), "at least one feature");
        Blocks.checkInterrupted();
        CategoricalCounts c = cat ? CategoricalCounts.of(t) : null;
        Blocks.checkInterrupted();
        Moments m = num ? Moments.of(t) : null;
        Blocks.checkInterrupted();
        return new SufficientStatistics(t.classes, t.classWeights(), c, m,
                words ? WordCounts.of(t, Double.NaN, true, name()) : null);
    }
}
