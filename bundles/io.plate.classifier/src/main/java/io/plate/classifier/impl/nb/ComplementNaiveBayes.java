package io.plate.classifier.impl.nb;

import io.plate.api.learn.Learner;
import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import io.plate.classifier.impl.TrainingRows;
import java.util.List;
import org.osgi.service.component.annotations.Component;

/**
 * {@code nb.complement}: complement naive Bayes of Rennie et al. (2003) (scikit-learn's ComplementNB).
 * Like scikit-learn, the class prior is not part of the decision, so there are no prior parameters.
 */
@Component(service = Learner.class, property = Learner.NAME + "=" + Names.COMPLEMENT)
public final class ComplementNaiveBayes extends NaiveBayesLearner {
    @Override
    public String name() {
        return Names.COMPLEMENT;
    }

    @Override
    public String description() {
        return "complement naive Bayes for word counts (Rennie et al. 2003); as scikit-learn ComplementNB";
    }

    @Override
    public List<ParamSpec> parameters() {
        return List.of(alpha("1.0"),
                ParamSpec.bool(Names.NORM, "false", "normalise the weights of each class (Rennie et al. 2003, §3.2)"),
                weight());
    }

    @Override
    SufficientStatistics collect(TrainingRows t, Params p) {
        return new SufficientStatistics(t.classes, t.classWeights(), null, null,
                WordCounts.of(t, Double.NaN, true, name()));
    }

    @Override
    double[] logPrior(Params p, List<String> classes, double[] classCounts) {
        return new double[classCounts.length];
    }

    @Override
    List<Likelihood> likelihoods(SufficientStatistics s, Params p) {
        return List.of(new ComplementLikelihood(required(s.words, "counts", name()), p.getDouble(Names.ALPHA),
                p.getBoolean(Names.NORM), name(), vocabularies));
    }
}
