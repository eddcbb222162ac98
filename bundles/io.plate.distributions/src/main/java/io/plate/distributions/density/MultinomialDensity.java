package io.plate.distributions.density;

import io.plate.distributions.impl.Checks;
import io.plate.distributions.numerics.SpecialFunctions;

/** Multinomial(n, p): log pmf log n! − Σ log x_i! + Σ x_i log p_i (p normalised from weights). */
public final class MultinomialDensity {
    private final int trials;
    private final double[] p;
    private final double[] logP;
    private final double logNFactorial;

    private MultinomialDensity(int trials, double[] p) {
        this.trials = trials;
        this.p = p;
        this.logP = new double[p.length];
        for (int i = 0; i < p.length; i++) {
            logP[i] = Math.log(p[i]);
        }
        this.logNFactorial = SpecialFunctions.logGamma(trials + 1.0);
    }

    /** @param probabilities non-negative weights with a positive sum (normalised, copied) */
    public static MultinomialDensity of(int trials, double[] probabilities) {
        Checks.nonNegative("trials", trials);
        double sum = Checks.weights("probabilities", probabilities, probabilities == null ? 0 : probabilities.length);
        double[] p = new double[probabilities.length];
        for (int i = 0; i < p.length; i++) {
            p[i] = probabilities[i] / sum;
        }
        return new MultinomialDensity(trials, p);
    }

    /** log P(counts); −∞ when the counts do not add up to n or put mass on a zero probability. */
    public double logPmf(int[] counts) {
        if (counts.length != p.length) {
            throw new IllegalArgumentException("counts must have " + p.length + " entries, got " + counts.length);
        }
        long n = 0;
        double r = logNFactorial;
        for (int i = 0; i < counts.length; i++) {
            int c = counts[i];
            if (c < 0) {
                return Double.NEGATIVE_INFINITY;
            }
            if (c > 0) {
                if (p[i] == 0) {
                    return Double.NEGATIVE_INFINITY;
                }
                r += c * logP[i] - SpecialFunctions.logGamma(c + 1.0);
                n += c;
            }
        }
        return n == trials ? r : Double.NEGATIVE_INFINITY;
    }

    public double mean(int i) {
        return trials * p[i];
    }

    public double covariance(int i, int j) {
        return trials * ((i == j ? p[i] : 0.0) - p[i] * p[j]);
    }
}
