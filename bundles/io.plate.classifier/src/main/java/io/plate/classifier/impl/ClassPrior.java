package io.plate.classifier.impl;

import io.plate.api.PlateException;
import io.plate.api.learn.Params;
import io.plate.api.text.Plural;
import io.plate.classifier.impl.nb.Names;
import java.util.List;

/**
 * The class prior term, log P(y = k), from the weighted class counts. One of:
 * the relative frequencies ({@code fit_prior=true}, scikit-learn's default), the uniform prior
 * ({@code fit_prior=false}), priors given by the user ({@code class_prior=p1,p2,…}, in sorted class
 * order, normalised), or the posterior predictive of a symmetric Dirichlet(β) prior on the class
 * distribution, (N_k + β) / (N + Kβ) (the Bayesian learner's {@code class_alpha}).
 */
public final class ClassPrior {
    private enum Rule { FITTED, UNIFORM, GIVEN, DIRICHLET }

    private final Rule rule;
    private final double[] given;
    private final double beta;

    private ClassPrior(Rule rule, double[] given, double beta) {
        this.rule = rule;
        this.given = given;
        this.beta = beta;
    }

    /**
     * scikit-learn's rule: {@code class_prior} if given, else fitted or uniform by {@code fit_prior}.
     *
     * @param classes the classes of the training rows, in class order
     */
    public static ClassPrior fromParams(Params p, List<String> classes) {
        if (p.has(Names.CLASS_PRIOR)) {
            double[] g = p.getDoubles(Names.CLASS_PRIOR);
            if (g.length != classes.size()) {
                throw new PerClassValuesException("parameter 'class_prior' has " + Plural.of(g.length, "value")
                        + " but the training rows have " + Plural.of(classes.size(), "class", "classes") + " ("
                        + String.join(", ", classes) + ")", "give one per class, in that order");
            }
            double s = 0;
            for (double v : g) {
                s += v;
            }
            if (!(s > 0)) {
                throw new PlateException("parameter 'class_prior' must have a positive sum");
            }
            double[] log = new double[g.length];
            for (int k = 0; k < g.length; k++) {
                log[k] = Math.log(g[k] / s);
            }
            return new ClassPrior(Rule.GIVEN, log, 0);
        }
        if (p.has(Names.FIT_PRIOR) && !p.getBoolean(Names.FIT_PRIOR)) {
            return new ClassPrior(Rule.UNIFORM, null, 0);
        }
        return new ClassPrior(Rule.FITTED, null, 0);
    }

    public static ClassPrior dirichlet(double beta) {
        if (!(beta > 0)) {
            throw new IllegalArgumentException("class_alpha must be > 0, got " + beta);
        }
        return new ClassPrior(Rule.DIRICHLET, null, beta);
    }

    /** The log prior of each class given the weighted class counts. */
    public double[] logPrior(double[] classCounts) {
        int k = classCounts.length;
        double[] out = new double[k];
        switch (rule) {
            case GIVEN:
                return given.clone();
            case UNIFORM:
                java.util.Arrays.fill(out, -Math.log(k));
                return out;
            case DIRICHLET: {
                double n = 0;
                for (double c : classCounts) {
                    n += c;
                }
                double den = Math.log(n + k * beta);
                for (int i = 0; i < k; i++) {
                    out[i] = Math.log(classCounts[i] + beta) - den;
                }
                return out;
            }
            default: {
                double n = 0;
                for (double c : classCounts) {
                    n += c;
                }
                for (int i = 0; i < k; i++) {
                    out[i] = Math.log(classCounts[i] / n);
                }
                return out;
            }
        }
    }
}
