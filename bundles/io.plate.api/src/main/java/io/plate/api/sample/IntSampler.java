package io.plate.api.sample;

/** Draws integer variates (Bernoulli, binomial, categorical index) bound to a generator. */
@FunctionalInterface
public interface IntSampler {
    /** One draw. */
    int sample();
}
