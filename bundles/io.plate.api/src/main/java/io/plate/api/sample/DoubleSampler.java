package io.plate.api.sample;

/** Draws real variates from a distribution bound to a generator. Not thread-safe (its generator is not). */
@FunctionalInterface
public interface DoubleSampler {
    /** One draw. */
    double sample();
}
