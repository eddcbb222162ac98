package io.plate.sampler.sparse.impl;

import io.plate.api.PlateException;
import io.plate.api.sample.Distributions;
import io.plate.distributions.numerics.LogMath;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The indicator prior of one cell restricted to non-empty sets (the model as first stated: θ = μZ/ΣμZ needs an
 * active category): P(Z | p) = p^{|Z|} (1 − p)^{J−|Z|} / (1 − (1 − p)^J) for Z ≠ ∅. The pieces the
 * samplers and the exact posterior share: the log normaliser, an exact draw of Z, the augmentation that
 * keeps the p-step conjugate, and the integral over p of a p-group's kernel.
 */
final class NonEmptyPrior {
    /** Stop the quadrature when the integrand is this far (in log) below its largest value. */
    private static final double TAIL = 46;
    /** Most quadrature steps on one side before the integral is declared out of reach. */
    private static final int MAX_STEPS = 2_000_000;

    private NonEmptyPrior() {
    }

    /** log(1 − (1 − p)^J), the prior mass of the non-empty sets. */
    static double logNonEmpty(double log1mP, int categories) {
        return LogMath.log1mExp(categories * log1mP);
    }

    /**
     * Draws Z_from..Z_{from+J−1} from the restricted prior, exactly and in order: while nothing is on yet,
     * Z_i = 1 with probability p / (1 − (1 − p)^r), r the indicators left including i (so the last one
     * is forced on); once one is on, the rest are independent Bernoulli(p).
     */
    static void draw(byte[] z, int from, int categories, double p, UniformRandomProvider rng) {
        double log1mP = Math.log1p(-p);
        boolean any = false;
        for (int i = 0; i < categories; i++) {
            int left = categories - i;
            double on;
            if (any) {
                on = p;
            } else if (left == 1) {
                on = 1;
            } else {
                on = p / -Math.expm1(left * log1mP);
            }
            z[from + i] = (byte) (rng.nextDouble() < on ? 1 : 0);
            any |= z[from + i] != 0;
        }
    }

    /**
     * The auxiliary count of the p-step: the number of empty sets a rejection sampler of the restricted
     * prior would throw away before its accepted draw, r ~ Geometric(1 − (1 − p)^J) on {0, 1, ...}. Given
     * r, the restricted prior times (1 − p)^{J r} summed over r gives back the restricted prior, and p's
     * conditional becomes Beta(a + ΣK, b + Σ(J − K) + Σ J r).
     */
    static long emptyRejections(double p, int categories, UniformRandomProvider rng) {
        double v = 1 - rng.nextDouble(); // in (0, 1]
        double q = 1; // (1 − p)^J = P(empty), by multiplication for the usual small J
        if (categories <= 16) {
            for (int j = 0; j < categories; j++) {
                q *= 1 - p;
            }
        } else {
            q = Math.pow(1 - p, categories);
        }
        if (v > q) {
            return 0; // r = ⌊log v / log q⌋ is 0 exactly when v > q: the common case costs no logarithm
        }
        double r = Math.floor(Math.log(v) / (categories * Math.log1p(-p)));
        if (!(r < Long.MAX_VALUE)) {
            throw new IllegalStateException("p = " + p + " is too close to 0 for the p-step's augmentation");
        }
        return (long) r;
    }

    /**
     * log ∫_0^1 p^{shapeA−1} (1 − p)^{shapeB−1} Π_c 1/(1 − (1 − p)^{J_c}) dp over the cells of one p-group
     * ({@code categories} holds their J_c; needs shapeA > number of cells). In x = logit p the integrand
     * p^{shapeA}(1 − p)^{shapeB} Π_c 1/(1 − (1 − p)^{J_c}) is smooth on the real line with exponential
     * tails (rates shapeA − cells and shapeB), so the trapezoidal rule converges geometrically; the step is
     * a sixteenth of the kernel's width in x and at most 1/4 (the nearest singularities sit at |Im x| ≥ π/2,
     * which makes the discretisation error below e^{−39} relative).
     */
    static double logIntegral(double shapeA, double shapeB, int[] categories) {
        int cells = categories.length;
        double left = shapeA - cells;
        if (!(left > 0) || !(shapeB > 0)) {
            throw new IllegalArgumentException("the integral needs shapeA > " + cells + " and shapeB > 0, got "
                    + shapeA + ", " + shapeB);
        }
        double centre = Math.log(left / shapeB);
        double width = Math.sqrt(1 / left + 1 / shapeB);
        double h = Math.min(0.25, width / 16);
        double spread = 0;
        for (int j : categories) {
            spread += Math.log(j);
        }
        double ref = logIntegrand(centre, shapeA, shapeB, categories);
        double sum = 1;
        double top = ref;
        for (int dir = -1; dir <= 1; dir += 2) {
            for (int k = 1;; k++) {
                if (k > MAX_STEPS) {
                    throw new PlateException("the exact posterior's integral over p does not converge (shapes "
                            + shapeA + ", " + shapeB + "); use a sampler");
                }
                double lf = logIntegrand(centre + dir * k * h, shapeA, shapeB, categories);
                top = Math.max(top, lf);
                sum += Math.exp(lf - ref);
                if (lf < top - TAIL - spread) {
                    break;
                }
            }
        }
        return ref + Math.log(sum * h);
    }

    private static double logIntegrand(double x, double shapeA, double shapeB, int[] categories) {
        double logP = -LogMath.log1pExp(-x);
        double log1mP = -LogMath.log1pExp(x);
        double v = shapeA * logP + shapeB * log1mP;
        for (int j : categories) {
            // far in the left tail 1 − p rounds to 1; there 1 − (1 − p)^J = J p to double precision
            v -= log1mP == 0 ? logP + Math.log(j) : logNonEmpty(log1mP, j);
        }
        return v;
    }

    /**
     * An exact draw of p from the density ∝ p^{shapeA−1}(1 − p)^{shapeB−1} Π_c 1/(1 − (1 − p)^{J_c}):
     * propose Beta(shapeA − cells, shapeB) and accept with Π_c p / (1 − (1 − p)^{J_c}) ≤ 1. The acceptance
     * rate is exp(logIntegral − log B(shapeA − cells, shapeB)), given by the caller as {@code logAccept};
     * below 10^−7 the draw is refused.
     */
    static double drawP(double shapeA, double shapeB, int[] categories, double logAccept, Distributions dist,
            UniformRandomProvider rng) {
        if (logAccept < Math.log(1e-7)) {
            throw new PlateException("exact draws of p need more than 10^7 proposals per draw here ("
                    + categories.length + " cells share p); draw from a sampler instead");
        }
        double left = shapeA - categories.length;
        while (true) {
            double p = dist.nextBeta(rng, left, shapeB);
            double logP = Math.log(p);
            double log1mP = Math.log1p(-p);
            double accept = 0;
            for (int j : categories) {
                accept += logP - logNonEmpty(log1mP, j);
            }
            if (Math.log(rng.nextDouble()) < accept) {
                return p;
            }
        }
    }
}
