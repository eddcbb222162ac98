package io.plate.sampler.sparse.impl;

import io.plate.api.PlateException;
import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import java.util.List;

/**
 * Hyperparameters of the sparse prior: {@code alpha} (the Gamma shapes of μ, one value for every
 * category or one per category), {@code a}, {@code b} (the Beta prior of the inclusion probability p)
 * and whether one p is shared by every class (and group) of a feature.
 */
public record Hyperparameters(double[] alpha, double a, double b, boolean sharedP) {
    public static final String ALPHA = "alpha";
    public static final String A = "a";
    public static final String B = "b";
    public static final String SHARED_P = "shared_p";
    public static final String EXCLUDE = "exclude";

    public Hyperparameters {
        if (alpha.length == 0) {
            throw new IllegalArgumentException("alpha needs at least one value");
        }
        alpha = alpha.clone();
        for (int j = 0; j < alpha.length; j++) {
            if (!(alpha[j] > 0) || Double.isInfinite(alpha[j])) {
                throw new IllegalArgumentException("alpha must be > 0 and finite, got " + alpha[j] + " at " + j);
            }
        }
        if (!(a > 0) || Double.isInfinite(a)) {
            throw new IllegalArgumentException("a must be > 0 and finite, got " + a);
        }
        if (!(b > 0) || Double.isInfinite(b)) {
            throw new IllegalArgumentException("b must be > 0 and finite, got " + b);
        }
    }

    public static Hyperparameters symmetric(double alpha, double a, double b) {
        return new Hyperparameters(new double[] {alpha}, a, b, false);
    }

    @Override
    public double[] alpha() {
        return alpha.clone();
    }

    /** True when one alpha serves every category. */
    public boolean symmetric() {
        return alpha.length == 1;
    }

    /** The shape of category {@code j} of a feature with {@code categories} levels. */
    double alphaOf(int j, int categories, String feature) {
        if (alpha.length == 1) {
            return alpha[0];
        }
        if (alpha.length != categories) {
            throw new PlateException("alpha has " + alpha.length + " values but feature '" + feature + "' has "
                    + categories + " categories; give one alpha, or one per category for features that all have "
                    + alpha.length);
        }
        return alpha[j];
    }

    /** The parameter descriptions shared by the samplers and the learner. */
    static List<ParamSpec> specs() {
        return List.of(
                ParamSpec.realList(ALPHA, "1", 0, Double.POSITIVE_INFINITY, true,
                        "Gamma shape of μ: one value for every category, or one per category"),
                ParamSpec.positive(A, "1", "Beta(a, b) prior of the inclusion probability p: a"),
                ParamSpec.positive(B, "1", "Beta(a, b) prior of the inclusion probability p: b"),
                ParamSpec.bool(SHARED_P, "false", "one inclusion probability per feature, shared by every class"),
                ParamSpec.text(EXCLUDE, null, "comma-separated categorical columns to leave out (id columns, say)"));
    }

    /** The columns named by {@code exclude}, if given. */
    static java.util.Set<String> excluded(Params p) {
        java.util.Set<String> out = new java.util.LinkedHashSet<>();
        p.find(EXCLUDE).ifPresent(v -> {
            for (String part : v.split(",")) {
                if (!part.isBlank()) {
                    out.add(part.trim());
                }
            }
        });
        return out;
    }

    static Hyperparameters from(Params p) {
        return new Hyperparameters(p.getDoubles(ALPHA), p.getDouble(A), p.getDouble(B), p.getBoolean(SHARED_P));
    }
}
