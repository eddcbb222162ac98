package io.plate.distributions.impl;

/**
 * NaN-safe parameter checks shared by the providers and the densities. Every failure is an
 * {@link IllegalArgumentException} whose message names the parameter and the value at fault.
 */
public final class Checks {
    private Checks() {
    }

    /** Requires {@code 0 < value < ∞}. */
    public static double positive(String name, double value) {
        if (!(value > 0) || value == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException(name + " must be > 0 and finite, got " + value);
        }
        return value;
    }

    /** Requires a finite value. */
    public static double finite(String name, double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException(name + " must be finite, got " + value);
        }
        return value;
    }

    /** Requires {@code 0 <= value <= 1}. */
    public static double probability(String name, double value) {
        if (!(value >= 0 && value <= 1)) {
            throw new IllegalArgumentException(name + " must be in [0, 1], got " + value);
        }
        return value;
    }

    /** Requires {@code value >= 0}. */
    public static int nonNegative(String name, int value) {
        if (value < 0) {
            throw new IllegalArgumentException(name + " must be >= 0, got " + value);
        }
        return value;
    }

    /** Requires a non-null array of at least {@code min} entries. */
    public static void length(String name, double[] values, int min) {
        if (values == null) {
            throw new IllegalArgumentException(name + " must be given, got null");
        }
        if (values.length < min) {
            throw new IllegalArgumentException(name + " must have at least " + min + " entries, got "
                    + values.length);
        }
    }

    /** Requires every entry positive and finite. */
    public static void allPositive(String name, double[] values, int from, int length) {
        for (int i = from; i < from + length; i++) {
            double v = values[i];
            if (!(v > 0) || v == Double.POSITIVE_INFINITY) {
                throw new IllegalArgumentException(name + "[" + (i - from) + "] must be > 0 and finite, got " + v);
            }
        }
    }

    /** Requires every entry finite. */
    public static void allFinite(String name, double[] values) {
        for (int i = 0; i < values.length; i++) {
            if (!Double.isFinite(values[i])) {
                throw new IllegalArgumentException(name + "[" + i + "] must be finite, got " + values[i]);
            }
        }
    }

    /**
     * Requires non-negative finite weights with a positive sum over {@code [0, length)}; returns the
     * sum.
     */
    public static double weights(String name, double[] weights, int length) {
        if (weights == null) {
            throw new IllegalArgumentException(name + " must be given, got null");
        }
        if (length < 1 || length > weights.length) {
            throw new IllegalArgumentException(name + " length must be in [1, " + weights.length + "], got " + length);
        }
        double sum = 0;
        for (int i = 0; i < length; i++) {
            double w = weights[i];
            if (!(w >= 0) || w == Double.POSITIVE_INFINITY) {
                throw new IllegalArgumentException(name + "[" + i + "] must be >= 0 and finite, got " + w);
            }
            sum += w;
        }
        if (!(sum > 0) || sum == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException(name + " must have a positive finite sum, got " + sum);
        }
        return sum;
    }

    /** Requires log weights that are not NaN nor +∞ with at least one finite entry. */
    public static void logWeights(String name, double[] logWeights, int length) {
        if (logWeights == null) {
            throw new IllegalArgumentException(name + " must be given, got null");
        }
        if (length < 1 || length > logWeights.length) {
            throw new IllegalArgumentException(name + " length must be in [1, " + logWeights.length + "], got "
                    + length);
        }
        boolean anyFinite = false;
        for (int i = 0; i < length; i++) {
            double w = logWeights[i];
            if (Double.isNaN(w) || w == Double.POSITIVE_INFINITY) {
                throw new IllegalArgumentException(name + "[" + i + "] must be < +Infinity and not NaN, got " + w);
            }
            anyFinite |= w > Double.NEGATIVE_INFINITY;
        }
        if (!anyFinite) {
            throw new IllegalArgumentException(name + " must have at least one finite entry, got all -Infinity");
        }
    }
}
