package io.plate.distributions.density;

import io.plate.distributions.impl.Checks;
import io.plate.distributions.numerics.SpecialFunctions;

/**
 * Normal-Gamma(μ₀, κ₀, a₀, b₀) over (mean μ, precision τ): τ ~ Gamma(a₀, rate b₀), μ | τ ~ N(μ₀, 1/(κ₀τ)).
 * The conjugate prior of a normal with unknown mean and precision; {@link #predictive()} is the
 * Student-t posterior predictive of one new observation.
 */
public final class NormalGammaDensity {
    private static final double HALF_LOG_2PI = 0.5 * Math.log(2 * Math.PI);
    private final double mu0;
    private final double kappa0;
    private final double a0;
    private final double b0;
    private final double logNormalizer;

    private NormalGammaDensity(double mu0, double kappa0, double a0, double b0) {
        this.mu0 = mu0;
        this.kappa0 = kappa0;
        this.a0 = a0;
        this.b0 = b0;
        this.logNormalizer = a0 * Math.log(b0) - SpecialFunctions.logGamma(a0) + 0.5 * Math.log(kappa0) - HALF_LOG_2PI;
    }

    public static NormalGammaDensity of(double mu0, double kappa0, double a0, double b0) {
        return new NormalGammaDensity(Checks.finite("mu0", mu0), Checks.positive("kappa0", kappa0),
                Checks.positive("a0", a0), Checks.positive("b0", b0));
    }

    /** log p(mean, precision); −∞ for precision ≤ 0. */
    public double logDensity(double mean, double precision) {
        if (!(precision > 0)) {
            return Double.isNaN(precision) ? Double.NaN : Double.NEGATIVE_INFINITY;
        }
        double d = mean - mu0;
        return logNormalizer + (a0 - 0.5) * Math.log(precision) - b0 * precision
                - 0.5 * kappa0 * precision * d * d;
    }

    /** Marginal of the mean: Student-t(2a₀, μ₀, √(b₀/(a₀κ₀))). */
    public StudentTDensity marginalMean() {
        return StudentTDensity.of(2 * a0, mu0, Math.sqrt(b0 / (a0 * kappa0)));
    }

    /** Predictive of a new observation: Student-t(2a₀, μ₀, √(b₀(κ₀+1)/(a₀κ₀))). */
    public StudentTDensity predictive() {
        return StudentTDensity.of(2 * a0, mu0, Math.sqrt(b0 * (kappa0 + 1) / (a0 * kappa0)));
    }

    /** E[τ] = a₀/b₀. */
    public double meanPrecision() {
        return a0 / b0;
    }
}
