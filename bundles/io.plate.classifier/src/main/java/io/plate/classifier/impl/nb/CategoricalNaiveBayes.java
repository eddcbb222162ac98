package io.plate.classifier.impl.nb;

import io.plate.api.learn.Learner;
import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import io.plate.classifier.impl.TrainingRows;
import java.util.List;
import org.osgi.service.component.annotations.Component;

/** {@code nb.categorical}: categorical features with Lidstone smoothing (scikit-learn's CategoricalNB). */
@Component(service = Learner.class, property = Learner.NAME + "=" + Names.CATEGORICAL)
public final class CategoricalNaiveBayes extends NaiveBayesLearner {
    @Override
    public String name() {
        return Names.CATEGORICAL;
    }

    @Override
    public String description() {
        return "categorical features, Lidstone smoothing (N_yiv + a) / (N_yi + a K_i); as scikit-learn CategoricalNB";
    }

    @Override
    public List<ParamSpec> parameters() {
        return List.of(alpha("1.0"), fitPrior(), classPrior(), minCategories(), weight());
    }

    @Override
    SufficientStatistics collect(TrainingRows t, Params p) {
        requireBlock(!t.features.categorical().isEmpty(), t.features, name(), t.features.sparse().isPresent()
                ? "categorical columns (a LibSVM file's values are counts: nb.multinomial or nb.bernoulli model them)"
                : "categorical columns (import with --categorical all)");
        return new SufficientStatistics(t.classes, t.classWeights(), CategoricalCounts.of(t), null, null);
    }

    @Override
    List<Likelihood> likelihoods(SufficientStatistics s, Params p) {
        return List.of(LidstoneCategorical.of(required(s.categorical, "categorical", name()),
                p.getDouble(Names.ALPHA), p.getInt(Names.MIN_CATEGORIES)));
    }
}
