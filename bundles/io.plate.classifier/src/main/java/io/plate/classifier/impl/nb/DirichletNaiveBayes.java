package io.plate.classifier.impl.nb;

import io.plate.api.learn.Learner;
import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import io.plate.classifier.impl.ClassPrior;
import io.plate.classifier.impl.TrainingRows;
import java.util.ArrayList;
import java.util.List;
import org.osgi.service.component.annotations.Component;

/**
 * {@code nb.dirichlet}: the Bayesian reading of naive Bayes. Conjugate priors on every parameter and the
 * exact posterior predictive in place of plug-in estimates:
 * <ul>
 * <li>classes: Dirichlet({@code class_alpha}) prior, predictive (N_k + β) / (N + Kβ);</li>
 * <li>categorical features: Dirichlet({@code alpha}) prior per class and feature, predictive
 * (N_kiv + α) / (N_ki + α K_i) (the Lidstone form, now derived rather than chosen);</li>
 * <li>word counts: Dirichlet({@code alpha}) prior per class, Dirichlet-multinomial predictive of the
 * whole document ({@link DirichletMultinomialLikelihood});</li>
 * <li>numeric features: Normal-Gamma prior, Student-t predictive ({@link StudentTLikelihood}).</li>
 * </ul>
 */
@Component(service = Learner.class, property = Learner.NAME + "=" + Names.DIRICHLET)
public final class DirichletNaiveBayes extends NaiveBayesLearner {
    @Override
    public String name() {
        return Names.DIRICHLET;
    }

    @Override
    public String description() {
        return "Bayesian naive Bayes: Dirichlet/Normal-Gamma priors, exact posterior predictive "
                + "(Dirichlet-multinomial, Student-t)";
    }

    @Override
    public List<ParamSpec> parameters() {
        return List.of(
                ParamSpec.positive(Names.ALPHA, "1.0", "Dirichlet concentration per category or word"),
                ParamSpec.positive(Names.CLASS_ALPHA, "1.0", "Dirichlet concentration of the class distribution"),
                ParamSpec.positive(Names.KAPPA0, "0.01", "Normal-Gamma: prior strength of the mean, in rows"),
                ParamSpec.positive(Names.A0, "1.0", "Normal-Gamma: shape of the precision prior"),
                ParamSpec.positive(Names.B0_SCALE, "1.0",
                        "Normal-Gamma: b0 = a0 x b0_scale x (feature variance over all rows)"),
                weight());
    }

    @Override
    SufficientStatistics collect(TrainingRows t, Params p) {
        return collectEveryBlock(t);
    }

    @Override
    double[] logPrior(Params p, List<String> classes, double[] classCounts) {
        return ClassPrior.dirichlet(p.getDouble(Names.CLASS_ALPHA)).logPrior(classCounts);
    }

    @Override
    List<Likelihood> likelihoods(SufficientStatistics s, Params p) {
        List<Likelihood> out = new ArrayList<>();
        double alpha = p.getDouble(Names.ALPHA);
        if (s.categorical != null) {
            out.add(LidstoneCategorical.of(s.categorical, alpha, 0));
        }
        if (s.numeric != null) {
            out.add(new StudentTLikelihood(s.numeric, p.getDouble(Names.KAPPA0), p.getDouble(Names.A0),
                    p.getDouble(Names.B0_SCALE)));
        }
        if (s.words != null) {
            out.add(new DirichletMultinomialLikelihood(s.words, alpha, name(), vocabularies));
        }
        if (out.isEmpty()) {
            throw new io.plate.api.learn.ModelFormatException("model file: no feature block for " + name());
        }
        return out;
    }
}
