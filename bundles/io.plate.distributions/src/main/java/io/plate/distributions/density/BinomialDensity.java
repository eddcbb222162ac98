package io.plate.distributions.density;

import io.plate.distributions.impl.Checks;
import io.plate.distributions.numerics.SpecialFunctions;

/** Binomial(n, p): log pmf log C(n, k) + k log p + (n − k) log(1 − p). */
public final class BinomialDensity {
    private final int trials;
    private final double p;
    private final double logP;
    private final double log1mP;
    private final double logNFactorial;

    private BinomialDensity(int trials, double p) {
        this.trials = trials;
        this.p = p;
        this.logP = Math.log(p);
        this.log1mP = Math.log1p(-p);
        this.logNFactorial = SpecialFunctions.logGamma(trials + 1.0);
    }

    public static BinomialDensity of(int trials, double p) {
        return new BinomialDensity(Checks.nonNegative("trials", trials), Checks.probability("p", p));
    }

    public double logPmf(int k) {
        if (k < 0 || k > trials) {
            return Double.NEGATIVE_INFINITY;
        }
        double r = logNFactorial - SpecialFunctions.logGamma(k + 1.0) - SpecialFunctions.logGamma(trials - k + 1.0);
        if (k > 0) {
            r += k * logP;
        }
        if (k < trials) {
            r += (trials - k) * log1mP;
        }
        return r;
    }

    public double mean() {
        return trials * p;
    }

    public double variance() {
        return trials * p * (1 - p);
    }
}
