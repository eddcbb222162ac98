package io.plate.sampler.mixture.impl;

import io.plate.api.sample.Distributions;
import org.apache.commons.rng.UniformRandomProvider;

/** How a collapsed chain moves one row: the next cluster slot, given the row's conditional log weights. */
@FunctionalInterface
interface RowUpdate {
    /** Liu's Metropolised Gibbs update, every collapsed chain's (see {@link MetropolisedGibbs}). */
    RowUpdate METROPOLISED = MetropolisedGibbs::next;
    /** A plain Gibbs draw from the conditional, for comparison. */
    RowUpdate GIBBS = (dist, rng, logWeights, k, current) -> dist.nextCategoricalFromLogWeights(rng, logWeights, k);

    /**
     * The next slot of a row now in {@code current}, whose conditional log weights over slots
     * {@code 0..k)} are {@code logWeights} (unnormalised; left as given).
     */
    int next(Distributions dist, UniformRandomProvider rng, double[] logWeights, int k, int current);
}
