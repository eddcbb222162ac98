package io.plate.distributions.density;

import io.plate.distributions.impl.Checks;
import io.plate.distributions.numerics.LogMath;

/** Categorical over {@code 0..k−1}, from weights or log weights (normalised once, in log space). */
public final class CategoricalDensity {
    private final double[] logProbabilities;

    private CategoricalDensity(double[] logProbabilities) {
        this.logProbabilities = logProbabilities;
    }

    /** From non-negative weights with a positive sum (normalised). */
    public static CategoricalDensity of(double[] weights) {
        double sum = Checks.weights("weights", weights, weights == null ? 0 : weights.length);
        double[] lp = new double[weights.length];
        double logSum = Math.log(sum);
        for (int i = 0; i < lp.length; i++) {
            lp[i] = Math.log(weights[i]) - logSum;
        }
        return new CategoricalDensity(lp);
    }

    /** From log weights (normalised with log-sum-exp). */
    public static CategoricalDensity ofLogWeights(double[] logWeights) {
        Checks.logWeights("logWeights", logWeights, logWeights == null ? 0 : logWeights.length);
        double[] lp = logWeights.clone();
        LogMath.normalizeLog(lp);
        return new CategoricalDensity(lp);
    }

    public int dimension() {
        return logProbabilities.length;
    }

    /** log P(k); −∞ for k outside 0..k−1. */
    public double logPmf(int k) {
        return k >= 0 && k < logProbabilities.length ? logProbabilities[k] : Double.NEGATIVE_INFINITY;
    }

    public double probability(int k) {
        return Math.exp(logPmf(k));
    }
}
