package io.plate.classifier.impl.nb;

import io.plate.api.learn.Learner;
import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import io.plate.classifier.impl.NumericBlock;
import io.plate.classifier.impl.TrainingRows;
import java.util.List;
import java.util.Map;
import org.osgi.service.component.annotations.Component;

/** {@code nb.gaussian}: numeric features, one normal per class and feature (scikit-learn's GaussianNB). */
@Component(service = Learner.class, property = Learner.NAME + "=" + Names.GAUSSIAN)
public final class GaussianNaiveBayes extends NaiveBayesLearner {
    @Override
    public String name() {
        return Names.GAUSSIAN;
    }

    @Override
    public String description() {
        return "numeric features, a normal per class and feature; as scikit-learn GaussianNB";
    }

    @Override
    public List<ParamSpec> parameters() {
        return List.of(varSmoothing(), fitPrior(), classPrior(), weight());
    }

    /** scikit-learn's GaussianNB calls the class prior {@code priors}; its other naive Bayes models, {@code class_prior}. */
    @Override
    public Params params(Map<String, String> given) {
        return Params.parse(parameters(), Map.of("priors", Names.CLASS_PRIOR), given);
    }

    @Override
    SufficientStatistics collect(TrainingRows t, Params p) {
        if (t.features.numeric().isEmpty()) {
            throw NumericBlock.noNumeric(name(), t.features);
        }
        return new SufficientStatistics(t.classes, t.classWeights(), null, Moments.of(t), null);
    }

    @Override
    List<Likelihood> likelihoods(SufficientStatistics s, Params p) {
        return List.of(new GaussianLikelihood(required(s.numeric, "numeric", name()),
                p.getDouble(Names.VAR_SMOOTHING), s.classes));
    }
}
