package io.plate.distributions.density;

import io.plate.distributions.impl.Checks;
import io.plate.distributions.numerics.SpecialFunctions;

/**
 * Student-t with {@code df} degrees of freedom, location μ and scale σ: the posterior predictive of a
 * Normal-Gamma model. {@code log p(x) = C − (ν+1)/2 · log1p(((x−μ)/σ)²/ν)} with the constant C
 * precomputed, so one evaluation costs a {@code log1p}.
 */
public final class StudentTDensity {
    private final double df;
    private final double location;
    private final double scale;
    private final double logNormalizer;
    private final double halfDfPlusOne;
    private final double inverseScale;

    private StudentTDensity(double df, double location, double scale) {
        this.df = df;
        this.location = location;
        this.scale = scale;
        this.inverseScale = 1.0 / scale;
        this.halfDfPlusOne = 0.5 * (df + 1);
        this.logNormalizer = SpecialFunctions.logGammaDifference(0.5 * df, 0.5)
                - 0.5 * Math.log(df * Math.PI) - Math.log(scale);
    }

    public static StudentTDensity of(double df, double location, double scale) {
        return new StudentTDensity(Checks.positive("df", df), Checks.finite("location", location),
                Checks.positive("scale", scale));
    }

    public double logDensity(double x) {
        double z = (x - location) * inverseScale;
        return logNormalizer - halfDfPlusOne * Math.log1p(z * z / df);
    }

    public double df() {
        return df;
    }

    public double location() {
        return location;
    }

    public double scale() {
        return scale;
    }

    /** The location when df > 1, else NaN (undefined). */
    public double mean() {
        return df > 1 ? location : Double.NaN;
    }

    /** σ² ν/(ν−2) when df > 2, +∞ for 1 < df <= 2, NaN otherwise. */
    public double variance() {
        if (df > 2) {
            return scale * scale * df / (df - 2);
        }
        return df > 1 ? Double.POSITIVE_INFINITY : Double.NaN;
    }
}
