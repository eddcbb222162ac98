package io.plate.classifier.impl.nb;


/** Parameter and learner names, spelled once. Parameters follow scikit-learn's names. */
public final class Names {
    public static final String ALPHA = "alpha";
    public static final String FIT_PRIOR = "fit_prior";
    public static final String CLASS_PRIOR = "class_prior";
    public static final String VAR_SMOOTHING = "var_smoothing";
    public static final String BINARIZE = "binarize";
    public static final String NORM = "norm";
    public static final String MIN_CATEGORIES = "min_categories";
    public static final String WEIGHT = "weight";
    public static final String CLASS_ALPHA = "class_alpha";
    public static final String KAPPA0 = "kappa0";
    public static final String A0 = "a0";
    public static final String B0_SCALE = "b0_scale";

    public static final String CATEGORICAL = "nb.categorical";
    public static final String MULTINOMIAL = "nb.multinomial";
    public static final String COMPLEMENT = "nb.complement";
    public static final String BERNOULLI = "nb.bernoulli";
    public static final String GAUSSIAN = "nb.gaussian";
    public static final String MIXED = "nb.mixed";
    public static final String DIRICHLET = "nb.dirichlet";

    private Names() {
    }
}
