package io.plate.distributions.density;

import io.plate.distributions.impl.Checks;
import io.plate.distributions.numerics.SpecialFunctions;

/** Beta(a, b) on (0, 1): density x^(a−1) (1−x)^(b−1) / B(a, b). */
public final class BetaDensity {
    private final double a;
    private final double b;
    private final double logBeta;

    private BetaDensity(double a, double b) {
        this.a = a;
        this.b = b;
        this.logBeta = SpecialFunctions.logBeta(a, b);
    }

    public static BetaDensity of(double a, double b) {
        return new BetaDensity(Checks.positive("a", a), Checks.positive("b", b));
    }

    public double a() {
        return a;
    }

    public double b() {
        return b;
    }

    /** log density; −∞ outside [0, 1], the limit at the end points. */
    public double logDensity(double x) {
        if (x > 0 && x < 1) {
            return (a - 1) * Math.log(x) + (b - 1) * Math.log1p(-x) - logBeta;
        }
        if (Double.isNaN(x)) {
            return Double.NaN;
        }
        if (x == 0) {
            return a < 1 ? Double.POSITIVE_INFINITY : a == 1 ? -logBeta : Double.NEGATIVE_INFINITY;
        }
        if (x == 1) {
            return b < 1 ? Double.POSITIVE_INFINITY : b == 1 ? -logBeta : Double.NEGATIVE_INFINITY;
        }
        return Double.NEGATIVE_INFINITY;
    }

    public double mean() {
        return a / (a + b);
    }

    public double variance() {
        double s = a + b;
        return a * b / (s * s * (s + 1));
    }
}
