package io.plate.distributions.density;

import io.plate.distributions.impl.Checks;
import io.plate.distributions.numerics.SpecialFunctions;

/**
 * Dirichlet-multinomial (Pólya) with concentrations α: the marginal likelihood of a count vector when
 * the category probabilities have a Dirichlet(α) prior; the collapsed likelihood of a cluster's word
 * counts in a multinomial mixture.
 *
 * <pre>
 *   log p(x | α) = log n! − Σ log x_i! + log Γ(α₀) − log Γ(α₀ + n) + Σ [log Γ(α_i + x_i) − log Γ(α_i)]
 * </pre>
 *
 * <p>{@link #logSequenceProbability} drops the multinomial coefficient (the probability of one ordered
 * sequence of draws with those counts), which is what collapsed Gibbs samplers compare. Terms with
 * {@code x_i = 0} cost nothing; small counts use exact rising-factorial products.
 */
public final class DirichletMultinomialDensity {
    private final double[] alpha;
    private final double total;

    private DirichletMultinomialDensity(double[] alpha) {
        this.alpha = alpha;
        double s = 0;
        for (double a : alpha) {
            s += a;
        }
        this.total = s;
    }

    public static DirichletMultinomialDensity of(double[] alpha) {
        Checks.length("alpha", alpha, 1);
        Checks.allPositive("alpha", alpha, 0, alpha.length);
        return new DirichletMultinomialDensity(alpha.clone());
    }

    /** Symmetric: {@code k} categories of concentration {@code alpha} each. */
    public static DirichletMultinomialDensity symmetric(int k, double alpha) {
        if (k < 1) {
            throw new IllegalArgumentException("k must be >= 1, got " + k);
        }
        Checks.positive("alpha", alpha);
        double[] a = new double[k];
        java.util.Arrays.fill(a, alpha);
        return new DirichletMultinomialDensity(a);
    }

    public int dimension() {
        return alpha.length;
    }

    /** log probability of the count vector {@code counts} (any total n >= 0). */
    public double logPmf(int[] counts) {
        checkCounts(counts);
        int n = 0;
        double r = 0;
        for (int i = 0; i < counts.length; i++) {
            int c = counts[i];
            if (c > 0) {
                n += c;
                r += SpecialFunctions.logRisingFactorial(alpha[i], c) - SpecialFunctions.logGamma(c + 1.0);
            }
        }
        return r + SpecialFunctions.logGamma(n + 1.0) - SpecialFunctions.logRisingFactorial(total, n);
    }

    /** log probability of one ordered sequence with these counts: {@link #logPmf} without the multinomial coefficient. */
    public double logSequenceProbability(int[] counts) {
        checkCounts(counts);
        int n = 0;
        double r = 0;
        for (int i = 0; i < counts.length; i++) {
            int c = counts[i];
            if (c > 0) {
                n += c;
                r += SpecialFunctions.logRisingFactorial(alpha[i], c);
            }
        }
        return r - SpecialFunctions.logRisingFactorial(total, n);
    }

    private void checkCounts(int[] counts) {
        if (counts.length != alpha.length) {
            throw new IllegalArgumentException("counts must have " + alpha.length + " entries, got " + counts.length);
        }
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] < 0) {
                throw new IllegalArgumentException("counts[" + i + "] must be >= 0, got " + counts[i]);
            }
        }
    }

    /** E[x_i] for a total of {@code n}: n α_i/α₀. */
    public double mean(int n, int i) {
        return n * alpha[i] / total;
    }
}
