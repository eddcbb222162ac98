package io.plate.api.learn;

import java.util.List;
import java.util.Objects;

/**
 * The additive decomposition of one row's unnormalised log posterior: {@code prior[k] + Σ terms.get(f).perClass()[k]}
 * equals {@code log P(y=k, x)} up to a constant that is the same for every class; {@code logProba} is the
 * normalised result.
 *
 * @param classes  class names, in the model's order
 * @param prior    the log prior of each class; empty when the model has no prior term (since 1.11.0: nb.complement,
 *                 which leaves the prior out of its decision, as scikit-learn's ComplementNB does)
 * @param terms    one term per feature (or word) that contributed; skipped (missing, unseen) features are absent
 * @param logProba the normalised log posterior of each class
 * @param skipped  the row's features that add no term and why (since 1.6: a level never seen in training);
 *                 a model that does not say gives none
 */
public record Explanation(List<String> classes, double[] prior, List<Term> terms, double[] logProba,
        List<Skipped> skipped) {
    /** Copies the lists and arrays, so that the explanation cannot change. */
    public Explanation {
        classes = List.copyOf(classes);
        prior = prior.clone();
        terms = List.copyOf(terms);
        logProba = logProba.clone();
        skipped = List.copyOf(skipped);
    }

    /** An explanation that names no skipped feature. */
    public Explanation(List<String> classes, double[] prior, List<Term> terms, double[] logProba) {
        this(classes, prior, terms, logProba, List.of());
    }

    /** A copy of the log prior of each class; empty when the model has no prior term. */
    @Override
    public double[] prior() {
        return prior.clone();
    }

    /** A copy of the normalised log posterior of each class. */
    @Override
    public double[] logProba() {
        return logProba.clone();
    }

    /**
     * One feature's contribution to each class's log posterior.
     *
     * @param feature  the feature (column name or word)
     * @param value    the value seen in the row, as text
     * @param perClass the contribution to each class, in the model's class order
     */
    public record Term(String feature, String value, double[] perClass) {
        /** Refuses a null feature or value; copies {@code perClass}. */
        public Term {
            Objects.requireNonNull(feature, "feature");
            Objects.requireNonNull(value, "value");
            perClass = perClass.clone();
        }

        /** A copy of the contribution to each class. */
        @Override
        public double[] perClass() {
            return perClass.clone();
        }

        /** This term's part of {@code log P(y=j|x)/P(y=k|x)}. */
        public double logOdds(int j, int k) {
            return perClass[j] - perClass[k];
        }
    }

    /**
     * A feature of the row that adds no term.
     *
     * @param feature the feature (column name)
     * @param value   the value seen in the row, as text
     * @param reason  why it adds no term, for people ("not seen in training")
     * @since 1.6
     */
    public record Skipped(String feature, String value, String reason) {
        /** Refuses a null feature, value or reason. */
        public Skipped {
            Objects.requireNonNull(feature, "feature");
            Objects.requireNonNull(value, "value");
            Objects.requireNonNull(reason, "reason");
        }
    }
}
