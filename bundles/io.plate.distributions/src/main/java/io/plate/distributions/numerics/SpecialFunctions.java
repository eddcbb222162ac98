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

    /**
     * log Γ(x + h) − log Γ(x) for x > 0 and x + h > 0, without the cancellation of subtracting two
     * large log-gammas: for x and x + h above 100 it uses the difference of Stirling's series,
     * {@code (x − ½) log1p(h/x) + h log(x + h) − h + 1/(12(x+h)) − 1/(12x) − 1/(360(x+h)³) + 1/(360x³)},
     * accurate to about 1e-16 relative to the result; for df = 1e12 the plain difference loses 3 digits.
     */
    public static double logGammaDifference(double x, double h) {
        if (!(x > 0)) {
            throw new IllegalArgumentException("x must be > 0, got " + x);
        }
        double y = x + h;
        if (!(y > 0)) {
            throw new IllegalArgumentException("x + h must be > 0, got " + y);
        }
        if (x < 100 || y < 100) {
            return Gamma.logGamma(y) - Gamma.logGamma(x);
        }
        double r = (x - 0.5) * Math.log1p(h / x) + h * Math.log(y) - h;
        r += (1 / y - 1 / x) / 12;
        r -= (1 / (y * y * y) - 1 / (x * x * x)) / 360;
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
