package io.plate.classifier.impl.nb;

import io.plate.api.learn.Learner;
import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import io.plate.classifier.impl.TrainingRows;
import java.util.List;
import org.osgi.service.component.annotations.Component;

/** {@code nb.multinomial}: word counts (scikit-learn's MultinomialNB). */
@Component(service = Learner.class, property = Learner.NAME + "=" + Names.MULTINOMIAL)
public final class MultinomialNaiveBayes extends NaiveBayesLearner {
    @Override
    public String name() {
        return Names.MULTINOMIAL;
    }

    @Override
    public String description() {
        return "word counts (sparse block, or numeric columns as counts); as scikit-learn MultinomialNB";
    }

    @Override
    public List<ParamSpec> parameters() {
        return List.of(alpha("1.0"), fitPrior(), classPrior(), weight());
    }

    @Override
    SufficientStatistics collect(TrainingRows t, Params p) {
        return new SufficientStatistics(t.classes, t.classWeights(), null, null,
                WordCounts.of(t, Double.NaN, true, name()));
    }

    @Override
    List<Likelihood> likelihoods(SufficientStatistics s, Params p) {
        return List.of(MultinomialLikelihood.of(required(s.words, "counts", name()), p.getDouble(Names.ALPHA),
                name(), vocabularies));
    }
}
