package io.plate.distributions.impl;

import io.plate.api.ClassPathServices;
import io.plate.api.sample.Distributions;

/** This jar's services on a plain class path, ranked as the components are in a framework. */
public final class DistributionsServices implements ClassPathServices {
    @Override
    public void register(Registry registry) {
        registry.add(Distributions.class, FastDistributions.NAME, 100, FastDistributions::new);
        registry.add(Distributions.class, CommonsMathDistributions.NAME, 0, CommonsMathDistributions::new);
    }
}
