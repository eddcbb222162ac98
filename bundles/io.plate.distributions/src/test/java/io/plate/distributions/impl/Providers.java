package io.plate.distributions.impl;

import io.plate.api.sample.Distributions;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

/** The providers every suite runs against, and test generators independent of the code under test. */
final class Providers {
    private Providers() {
    }

    static List<Distributions> both() {
        return List.of(new CommonsMathDistributions(), new FastDistributions());
    }

    /** A test generator from Commons RNG's own seeding (not from {@link RandomStreams}). */
    static UniformRandomProvider rng(long seed) {
        return RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
    }
}
