package io.plate.distributions.density;

import io.plate.distributions.impl.Checks;
import io.plate.distributions.numerics.SpecialFunctions;

/** Gamma(shape k, scale θ): density x^(k−1) e^(−x/θ) / (Γ(k) θ^k) on x > 0. Mean kθ, variance kθ². */
public final class GammaDensity {
    private final double shape;
    private final double scale;
    private final double logNormalizer;
    private final double inverseScale;

    private GammaDensity(double shape, double scale) {
        this.shape = shape;
        this.scale = scale;
        this.inverseScale = 1.0 / scale;
        this.logNormalizer = SpecialFunctions.logGamma(shape) + shape * Math.log(scale);
    }

    /** @throws IllegalArgumentException naming {@code shape} or {@code scale} unless both are positive and finite */
    public static GammaDensity of(double shape, double scale) {
        return new GammaDensity(Checks.positive("shape", shape), Checks.positive("scale", scale));
    }

    /** Gamma with shape {@code shape} and rate {@code rate} (scale 1/rate). */
    public static GammaDensity ofRate(double shape, double rate) {
        return of(shape, 1.0 / Checks.positive("rate", rate));
    }

    public double shape() {
        return shape;
    }

    public double scale() {
        return scale;
    }

    /** log density at {@code x}; −∞ outside the support (x < 0), and the limit at x = 0. */
    public double logDensity(double x) {
        if (x > 0) {
            return (shape - 1) * Math.log(x) - x * inverseScale - logNormalizer;
        }
        if (x == 0) {
            return shape < 1 ? Double.POSITIVE_INFINITY : shape == 1 ? -logNormalizer : Double.NEGATIVE_INFINITY;
        }
        return Double.isNaN(x) ? Double.NaN : Double.NEGATIVE_INFINITY;
    }

    /**
     * log density of {@code y = log X} at {@code y}: {@code k y − e^y/θ − log Γ(k) − k log θ}; finite
     * for every real y, so it suits shapes far below 1.
     */
    public double logDensityOfLog(double y) {
        return shape * y - Math.exp(y) * inverseScale - logNormalizer;
    }

    public double mean() {
        return shape * scale;
    }

    public double variance() {
        return shape * scale * scale;
    }
}
