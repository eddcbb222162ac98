package io.plate.classifier.impl.nb;

import io.plate.api.learn.Learner;
import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import io.plate.classifier.impl.TrainingRows;
import java.util.ArrayList;
import java.util.List;
import org.osgi.service.component.annotations.Component;

/**
 * {@code nb.mixed}: every block of the schema in one model, each with its own event model, as Weka's
 * NaiveBayes does for nominal and numeric attributes: categorical columns Lidstone-smoothed categorical,
 * numeric columns Gaussian, the sparse block multinomial. The blocks share one class prior.
 */
@Component(service = Learner.class, property = Learner.NAME + "=" + Names.MIXED)
public final class MixedNaiveBayes extends NaiveBayesLearner {
    @Override
    public String name() {
        return Names.MIXED;
    }

    @Override
    public String description() {
        return "categorical + numeric + word-count blocks in one model (Lidstone, Gaussian, multinomial)";
    }

    @Override
    public List<ParamSpec> parameters() {
        return List.of(alpha("1.0"), varSmoothing(), minCategories(), fitPrior(), classPrior(), weight());
    }

    @Override
    SufficientStatistics collect(TrainingRows t, Params p) {
        return collectEveryBlock(t);
    }

    @Override
    List<Likelihood> likelihoods(SufficientStatistics s, Params p) {
        List<Likelihood> out = new ArrayList<>();
        double alpha = p.getDouble(Names.ALPHA);
        if (s.categorical != null) {
            out.add(LidstoneCategorical.of(s.categorical, alpha, p.getInt(Names.MIN_CATEGORIES)));
        }
        if (s.numeric != null) {
            out.add(new GaussianLikelihood(s.numeric, p.getDouble(Names.VAR_SMOOTHING), s.classes));
        }
        if (s.words != null) {
            out.add(MultinomialLikelihood.of(s.words, alpha, name(), vocabularies));
        }
        if (out.isEmpty()) {
            throw new io.plate.api.learn.ModelFormatException("model file: no feature block for " + name());
        }
        return out;
    }
}
