package io.plate.sampler.mixture.impl;

import io.plate.api.sample.Distributions;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Liu's (1996) Metropolised Gibbs update of one discrete variable: propose a value other than the
 * current one with probability p_j / (1 − p_cur) and accept it with probability
 * min(1, (1 − p_cur) / (1 − p_j)). It leaves the conditional p invariant like a Gibbs draw, but moves
 * more often (Peskun-better), so rows on a boundary between two clusters change sides more freely.
 */
final class MetropolisedGibbs {
    private MetropolisedGibbs() {
    }

    /** {@link RowUpdate#next}: a proposal other than {@code current}, accepted or not. */
    static int next(Distributions dist, UniformRandomProvider rng, double[] logWeights, int k, int current) {
        double max = Double.NEGATIVE_INFINITY;
        for (int j = 0; j < k; j++) {
            max = Math.max(max, logWeights[j]);
        }
        double restOfCurrent = 0; // 1 − p_cur, unnormalised, summed from the other weights
        for (int j = 0; j < k; j++) {
            if (j != current) {
                restOfCurrent += Math.exp(logWeights[j] - max);
            }
        }
        if (!(restOfCurrent > 0)) {
            return current; // every other value has probability 0 (or k = 1)
        }
        double kept = logWeights[current];
        logWeights[current] = Double.NEGATIVE_INFINITY;
        int proposed = dist.nextCategoricalFromLogWeights(rng, logWeights, k);
        logWeights[current] = kept;
        // accept with (1 − p_cur) / (1 − p_prop), 1 − p_prop = rest − w_prop + w_cur: its rounding error is an
        // ulp of rest, so an acceptance probability below 1 (rest below 1 − p_prop) is exact to an ulp
        double restOfProposed = restOfCurrent - Math.exp(logWeights[proposed] - max) + Math.exp(kept - max);
        return rng.nextDouble() * restOfProposed < restOfCurrent ? proposed : current;
    }
}
