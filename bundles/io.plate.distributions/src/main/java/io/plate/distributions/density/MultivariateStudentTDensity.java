package io.plate.distributions.density;

import io.plate.distributions.impl.Checks;
import io.plate.distributions.numerics.CholeskyFactor;
import io.plate.distributions.numerics.SpecialFunctions;

/**
 * Multivariate Student-t with ν degrees of freedom, location μ and scale matrix Σ (d × d): the
 * posterior predictive of a Normal-Inverse-Wishart model.
 *
 * <pre>
 *   log p(x) = log Γ((ν+d)/2) − log Γ(ν/2) − d/2 log(νπ) − ½ log|Σ| − (ν+d)/2 · log1p(q/ν),
 *   q = (x − μ)ᵀ Σ⁻¹ (x − μ)
 * </pre>
 *
 * <p>Σ is factorised once (Cholesky) and the constant precomputed; an evaluation is one triangular
 * solve (d²/2 multiply-adds) and a {@code log1p}, allocating nothing with the {@code work} overload.
 */
public final class MultivariateStudentTDensity {
    private final double df;
    private final double[] location;
    private final CholeskyFactor factor;
    private final double logNormalizer;
    private final double halfDfPlusD;

    private MultivariateStudentTDensity(double df, double[] location, CholeskyFactor factor) {
        this.df = df;
        this.location = location;
        this.factor = factor;
        int d = location.length;
        this.halfDfPlusD = 0.5 * (df + d);
        this.logNormalizer = SpecialFunctions.logGammaDifference(0.5 * df, 0.5 * d)
                - 0.5 * d * Math.log(df * Math.PI) - 0.5 * factor.logDeterminant();
    }

    public static MultivariateStudentTDensity of(double df, double[] location, double[][] scale) {
        Checks.positive("df", df);
        Checks.length("location", location, 1);
        Checks.allFinite("location", location);
        CholeskyFactor f = CholeskyFactor.of("scale", scale);
        if (f.dimension() != location.length) {
            throw new IllegalArgumentException("scale must be " + location.length + " x " + location.length
                    + " to match location, got " + f.dimension() + " x " + f.dimension());
        }
        return new MultivariateStudentTDensity(df, location.clone(), f);
    }

    public int dimension() {
        return location.length;
    }

    public double df() {
        return df;
    }

    /** log density; {@code work} (length ≥ dimension) is scratch space, so nothing is allocated. */
    public double logDensity(double[] x, double[] work) {
        double q = factor.mahalanobisSquared(x, location, work);
        return logNormalizer - halfDfPlusD * Math.log1p(q / df);
    }

    public double logDensity(double[] x) {
        return logDensity(x, new double[location.length]);
    }
}
