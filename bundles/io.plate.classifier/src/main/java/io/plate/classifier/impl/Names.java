package io.plate.classifier.impl;

/** Parameter and learner names, spelled once. Parameters follow scikit-learn's names. */
final class Names {
    static final String ALPHA = "alpha";
    static final String FIT_PRIOR = "fit_prior";
    static final String CLASS_PRIOR = "class_prior";
    static final String VAR_SMOOTHING = "var_smoothing";
    static final String BINARIZE = "binarize";
    static final String NORM = "norm";
    static final String MIN_CATEGORIES = "min_categories";
    static final String WEIGHT = "weight";
    static final String CLASS_ALPHA = "class_alpha";
    static final String KAPPA0 = "kappa0";
    static final String A0 = "a0";
    static final String B0_SCALE = "b0_scale";

    static final String CATEGORICAL = "nb.categorical";
    static final String MULTINOMIAL = "nb.multinomial";
    static final String COMPLEMENT = "nb.complement";
    static final String BERNOULLI = "nb.bernoulli";
    static final String GAUSSIAN = "nb.gaussian";
    static final String MIXED = "nb.mixed";
    static final String DIRICHLET = "nb.dirichlet";

    private Names() {
    }
}
