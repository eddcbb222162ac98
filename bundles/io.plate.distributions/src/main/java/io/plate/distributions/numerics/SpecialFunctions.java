package io.plate.distributions.numerics;

import org.apache.commons.math3.special.Gamma;

/**
 * Special functions, taken from Commons Math where it has them: log-gamma, digamma, trigamma,
 * log-beta, the log multivariate gamma, and log Γ(x + n) − log Γ(x) (the rising factorial used by
 * Dirichlet-multinomial terms).
 */
public final class SpecialFunctions {
    private static final double LOG_PI = Math.log(Math.PI);

    private SpecialFunctions() {
    }

    /** log Γ(x) for x > 0. */
    public static double logGamma(double x) {
        return Gamma.logGamma(x);
    }

    /** ψ(x), the derivative of log Γ. */
    public static double digamma(double x) {
        return Gamma.digamma(x);
    }

    /** ψ'(x). */
    public static double trigamma(double x) {
        return Gamma.trigamma(x);
    }

    /** log B(a, b) = log Γ(a) + log Γ(b) − log Γ(a + b). */
    public static double logBeta(double a, double b) {
        return org.apache.commons.math3.special.Beta.logBeta(a, b);
    }

    /** log of the multivariate beta function B(α) = Π Γ(α_i) / Γ(Σ α_i) over {@code alpha[from..to)}. */
    public static double logMultivariateBeta(double[] alpha, int from, int to) {
        double s = 0;
        double lg = 0;
        for (int i = from; i < to; i++) {
            s += alpha[i];
            lg += Gamma.logGamma(alpha[i]);
        }
        return lg - Gamma.logGamma(s);
    }

    /** log Γ_p(a), the log multivariate gamma function of dimension p (a > (p − 1)/2). */
    public static double logMultivariateGamma(int p, double a) {
        double r = p * (p - 1) / 4.0 * LOG_PI;
        for (int j = 1; j <= p; j++) {
            r += Gamma.logGamma(a + (1 - j) / 2.0);
        }
        return r;
    }

    /** log Γ(x + n) − log Γ(x) for x > 0 and n >= 0 (log of the rising factorial x^(n)). */
    public static double logRisingFactorial(double x, int n) {
        if (n < 16) {
            double r = 0;
            for (int i = 0; i < n; i++) {
                r += Math.log(x + i);
            }
            return r;
        }
        return Gamma.logGamma(x + n) - Gamma.logGamma(x);
    }
}
