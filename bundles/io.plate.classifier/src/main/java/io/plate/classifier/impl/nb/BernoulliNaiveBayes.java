package io.plate.classifier.impl.nb;

import io.plate.api.learn.Learner;
import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import io.plate.classifier.impl.TrainingRows;
import java.util.List;
import org.osgi.service.component.annotations.Component;

/** {@code nb.bernoulli}: word presence and absence (scikit-learn's BernoulliNB). */
@Component(service = Learner.class, property = Learner.NAME + "=" + Names.BERNOULLI)
public final class BernoulliNaiveBayes extends NaiveBayesLearner {
    @Override
    public String name() {
        return Names.BERNOULLI;
    }

    @Override
    public String description() {
        return "word presence/absence over the vocabulary; as scikit-learn BernoulliNB";
    }

    @Override
    public List<ParamSpec> parameters() {
        return List.of(alpha("1.0"),
                ParamSpec.real(Names.BINARIZE, "0.0", 0, Double.POSITIVE_INFINITY,
                        "a value counts as present when it is greater than this; scikit-learn's None (values already"
                                + " 0 or 1) is the default 0 for such values"),
                fitPrior(), classPrior(), weight());
    }

    @Override
    SufficientStatistics collect(TrainingRows t, Params p) {
        return new SufficientStatistics(t.classes, t.classWeights(), null, null,
                WordCounts.of(t, p.getDouble(Names.BINARIZE), false, name()));
    }

    @Override
    List<Likelihood> likelihoods(SufficientStatistics s, Params p) {
        return List.of(new BernoulliLikelihood(required(s.words, "counts", name()), s.classCounts,
                p.getDouble(Names.ALPHA), p.getDouble(Names.BINARIZE), name(), vocabularies));
    }
}
