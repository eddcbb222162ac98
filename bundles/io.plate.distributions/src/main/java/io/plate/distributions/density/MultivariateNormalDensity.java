package io.plate.distributions.density;

import io.plate.distributions.impl.Checks;
import io.plate.distributions.numerics.CholeskyFactor;

/** Multivariate normal N(μ, Σ) with Σ factorised once by Cholesky. */
public final class MultivariateNormalDensity {
    private static final double LOG_2PI = Math.log(2 * Math.PI);
    private final double[] mean;
    private final CholeskyFactor factor;
    private final double logNormalizer;

    private MultivariateNormalDensity(double[] mean, CholeskyFactor factor) {
        this.mean = mean;
        this.factor = factor;
        this.logNormalizer = 0.5 * (mean.length * LOG_2PI + factor.logDeterminant());
    }

    public static MultivariateNormalDensity of(double[] mean, double[][] covariance) {
        Checks.length("mean", mean, 1);
        Checks.allFinite("mean", mean);
        CholeskyFactor f = CholeskyFactor.of("covariance", covariance);
        if (f.dimension() != mean.length) {
            throw new IllegalArgumentException("covariance must be " + mean.length + " x " + mean.length
                    + " to match mean, got " + f.dimension() + " x " + f.dimension());
        }
        return new MultivariateNormalDensity(mean.clone(), f);
    }

    public int dimension() {
        return mean.length;
    }

    /** log density; {@code work} (length ≥ dimension) is scratch space, so nothing is allocated. */
    public double logDensity(double[] x, double[] work) {
        return -0.5 * factor.mahalanobisSquared(x, mean, work) - logNormalizer;
    }

    public double logDensity(double[] x) {
        return logDensity(x, new double[mean.length]);
    }
}
