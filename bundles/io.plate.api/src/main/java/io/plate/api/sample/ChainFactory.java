package io.plate.api.sample;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * Makes the chains of a run. The runner calls {@link #create} once per chain with that chain's own
 * generator stream, from the thread that will run the chain; initialisation draws use that stream.
 */
@FunctionalInterface
public interface ChainFactory<C extends Chain> {
    /** A new chain number {@code chainIndex} (from 0), initialised from {@code rng}, its own stream. */
    C create(int chainIndex, UniformRandomProvider rng);
}
