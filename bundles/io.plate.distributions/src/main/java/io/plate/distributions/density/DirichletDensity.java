package io.plate.distributions.density;

import io.plate.distributions.impl.Checks;
import io.plate.distributions.numerics.SpecialFunctions;

/**
 * Dirichlet(α) on the simplex, density Π x_i^(α_i − 1) / B(α) with respect to Lebesgue measure on the
 * first K − 1 coordinates. Mean α_i/α₀, covariance (δ_ij α_i/α₀ − α_i α_j/α₀²)/(α₀ + 1).
 */
public final class DirichletDensity {
    private static final double SIMPLEX_TOLERANCE = 1e-9;
    private final double[] alpha;
    private final double total;
    private final double logBeta;

    private DirichletDensity(double[] alpha) {
        this.alpha = alpha;
        double s = 0;
        for (double a : alpha) {
            s += a;
        }
        this.total = s;
        this.logBeta = SpecialFunctions.logMultivariateBeta(alpha, 0, alpha.length);
    }

    /** @param alpha concentrations, at least 2, each positive and finite (copied) */
    public static DirichletDensity of(double[] alpha) {
        Checks.length("alpha", alpha, 2);
        Checks.allPositive("alpha", alpha, 0, alpha.length);
        return new DirichletDensity(alpha.clone());
    }

    public int dimension() {
        return alpha.length;
    }

    /** A copy of α. */
    public double[] alpha() {
        return alpha.clone();
    }

    /** log density at {@code x}; −∞ when x is off the simplex (entries below 0 or a sum off 1 by more than 1e-9). */
    public double logDensity(double[] x) {
        if (x.length != alpha.length) {
            throw new IllegalArgumentException("x must have " + alpha.length + " entries, got " + x.length);
        }
        double s = 0;
        double r = -logBeta;
        for (int i = 0; i < x.length; i++) {
            double xi = x[i];
            if (!(xi >= 0)) {
                return Double.isNaN(xi) ? Double.NaN : Double.NEGATIVE_INFINITY;
            }
            s += xi;
            if (alpha[i] != 1) {
                r += (alpha[i] - 1) * Math.log(xi);
            }
        }
        return Math.abs(s - 1) > SIMPLEX_TOLERANCE ? Double.NEGATIVE_INFINITY : r;
    }

    public double mean(int i) {
        return alpha[i] / total;
    }

    public double covariance(int i, int j) {
        double mi = alpha[i] / total;
        double mj = alpha[j] / total;
        return ((i == j ? mi : 0.0) - mi * mj) / (total + 1);
    }
}
