package io.plate.classifier.impl.nb;

import io.plate.api.PlateException;
import io.plate.api.learn.Learner;
import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import io.plate.classifier.impl.TrainingRows;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.osgi.service.component.annotations.Component;

/**
 * {@code nb.complement}: complement naive Bayes of Rennie et al. (2003) (scikit-learn's ComplementNB).
 * Like scikit-learn, the class prior is not part of the decision, so there are no prior parameters; the two
 * that ComplementNB takes are refused saying why.
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

    /**
     * ComplementNB's fit_prior and class_prior, here only to be told apart from a misspelt name (any spelling,
     * any value): scikit-learn reads them only when training has one class, where every row gets that class.
     */
    private static final List<ParamSpec> SCIKIT_LEARN_PRIORS = List.of(
            ParamSpec.text(Names.FIT_PRIOR, null, "refused"), ParamSpec.text(Names.CLASS_PRIOR, null, "refused"));

    @Override
    public Params params(Map<String, String> given) {
        try {
            return super.params(given);
        } catch (PlateException unknown) {
            List<ParamSpec> all = new ArrayList<>(parameters());
            all.addAll(SCIKIT_LEARN_PRIORS);
            Params p;
            try {
                p = Params.parse(all, given);
            } catch (PlateException other) {
                throw unknown;
            }
            for (ParamSpec s : SCIKIT_LEARN_PRIORS) {
                if (p.has(s.name())) {
                    throw new PlateException("parameter '" + s.name() + "': " + name() + " leaves the class prior out"
                            + " of the decision, as scikit-learn's ComplementNB does (it reads fit_prior and class_prior"
                            + " only when training has a single class, which every row then gets whatever the prior);"
                            + " known: " + String.join(", ", parameters().stream().map(ParamSpec::name).toList()));
                }
            }
            throw unknown;
        }
    }

    @Override
    SufficientStatistics collect(TrainingRows t, Params p) {
        return new SufficientStatistics(t.classes, t.classWeights(), null, null,
                WordCounts.of(t, Double.NaN, true, name()));
    }

    @Override
    boolean hasPrior() {
        return false;
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
