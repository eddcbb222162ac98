package io.plate.sampler.sparse.impl;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.math3.analysis.UnivariateFunction;
import org.apache.commons.math3.analysis.integration.IterativeLegendreGaussIntegrator;

/**
 * The reference for the restricted prior's integral over p, written independently of {@link NonEmptyPrior}:
 * I = ∫_0^1 p^{A−1}(1 − p)^{B−1} / Π_c (1 − (1 − p)^{J_c}) dp by Commons Math's Gauss–Legendre quadrature.
 * The half [0, 1/2] is taken in t with p = e^{−t}, the half [1/2, 1] in s with 1 − p = e^{−s}: both become
 * smooth integrands on [ln 2, ∞) that decay like e^{−(A − cells) t} and e^{−B s}, integrated over unit
 * pieces until the tail is below e^{−50} of the integral (or t = 700). Linear space: for shapes whose
 * integral is below the double range (hundreds of categories) it is no reference. Results are memoised (they depend on A, B and the
 * J's only).
 */
final class PIntegral {
    private static final Map<List<Object>, Double> MEMO = new ConcurrentHashMap<>();

    private PIntegral() {
    }

    static double of(double shapeA, double shapeB, int... categories) {
        List<Object> key = List.of(shapeA, shapeB, Arrays.toString(categories));
        return MEMO.computeIfAbsent(key, k -> compute(shapeA, shapeB, categories));
    }

    private static double compute(double shapeA, double shapeB, int[] categories) {
        double leftRate = shapeA - categories.length;
        if (!(leftRate > 0)) {
            throw new IllegalArgumentException("diverges: A = " + shapeA + " with " + categories.length + " cells");
        }
        UnivariateFunction left = t -> {
            double p = Math.exp(-t);
            double v = Math.exp(-shapeA * t) * Math.pow(-Math.expm1(-t), shapeB - 1);
            for (int j : categories) {
                v /= -Math.expm1(j * Math.log1p(-p));
            }
            return v;
        };
        UnivariateFunction right = s -> {
            double v = Math.pow(-Math.expm1(-s), shapeA - 1) * Math.exp(-shapeB * s);
            for (int j : categories) {
                v /= -Math.expm1(-j * s);
            }
            return v;
        };
        // beyond t = 700, e^{−t} is near the end of the double range; the tail left out is below e^{−700·rate}
        return pieces(left, Math.min(50 / leftRate, 690)) + pieces(right, Math.min(50 / shapeB, 690));
    }

    private static double pieces(UnivariateFunction f, double span) {
        double lo = Math.log(2);
        // absolute accuracy relative to the integrand's scale, so far tail pieces need not reach 1e-14 of themselves
        double scale = 0;
        for (int k = 0; k <= 4000; k++) {
            scale = Math.max(scale, f.value(lo + span * k / 4000));
        }
        double sum = 0;
        for (double x = lo; x < lo + span; x += 1) {
            sum += new IterativeLegendreGaussIntegrator(16, 1e-14, 1e-18 * scale, 2, 64).integrate(1_000_000, f, x,
                    x + 1);
        }
        return sum;
    }
}
