package io.plate.distributions.density;

import io.plate.distributions.impl.Checks;
import io.plate.distributions.numerics.SpecialFunctions;

/**
 * Gamma(shape k, scale θ): density x^(k−1) e^(−x/θ) / (Γ(k) θ^k) on x > 0. Mean kθ, variance kθ².
 *
 * <p>For shapes of 100 and more the log density is evaluated in Loader's saddle-point form,
 * {@code (k−1) log1p(d/k) − d − ½ log(2πk) − S(k) − log θ} with {@code y = x/θ}, {@code d = y − k} and
 * {@code S(k) = log Γ(k) − (k−½) log k + k − ½ log 2π} (Stirling's series), which avoids subtracting
 * log-gammas of size k log k: at k = 1e6 the textbook form loses 4 digits.
 */
public final class GammaDensity {
    private final double shape;
    private final double scale;
    private final double logNormalizer;
    private final double inverseScale;
    private final boolean saddlePoint;
    private final double saddleConstant;
    private final double saddleConstantOfLog;
    private static final double HALF_LOG_2PI = 0.5 * Math.log(2 * Math.PI);
    private static final double SADDLE_POINT_SHAPE = 100;

    private GammaDensity(double shape, double scale) {
        this.shape = shape;
        this.scale = scale;
        this.inverseScale = 1.0 / scale;
        this.logNormalizer = SpecialFunctions.logGamma(shape) + shape * Math.log(scale);
        this.saddlePoint = shape >= SADDLE_POINT_SHAPE;
        double k3 = shape * shape * shape;
        double stirling = 1 / (12 * shape) - 1 / (360 * k3) + 1 / (1260 * k3 * shape * shape);
        this.saddleConstant = -0.5 * Math.log(shape) - HALF_LOG_2PI - stirling - Math.log(scale);
        this.saddleConstantOfLog = 0.5 * Math.log(shape) - HALF_LOG_2PI - stirling;
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
            if (saddlePoint) {
                double d = x * inverseScale - shape;
                return (shape - 1) * Math.log1p(d / shape) - d + saddleConstant;
            }
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
        if (saddlePoint) {
            double d = Math.exp(y) * inverseScale - shape;
            return shape * Math.log1p(d / shape) - d + saddleConstantOfLog;
        }
        return shape * y - Math.exp(y) * inverseScale - logNormalizer;
    }

    public double mean() {
        return shape * scale;
    }

    public double variance() {
        return shape * scale * scale;
    }
}
