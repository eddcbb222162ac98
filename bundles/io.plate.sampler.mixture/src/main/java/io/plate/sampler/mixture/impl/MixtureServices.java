package io.plate.sampler.mixture.impl;

import io.plate.api.ClassPathServices;
import io.plate.api.Plate;
import io.plate.api.sample.Sampler;

/** This jar's samplers on a plain class path, over the runner and distributions found there. */
public final class MixtureServices implements ClassPathServices {
    @Override
    public void register(Registry registry) {
        registry.add(Sampler.class, MultinomialMixtureSampler.NAME, 0,
                () -> new MultinomialMixtureSampler(Plate.chainRunner(), Plate.distributions()));
        registry.add(Sampler.class, CategoricalMixtureSampler.NAME, 0,
                () -> new CategoricalMixtureSampler(Plate.chainRunner(), Plate.distributions()));
        registry.add(Sampler.class, GaussianMixtureSampler.NAME, 0,
                () -> new GaussianMixtureSampler(Plate.chainRunner(), Plate.distributions()));
        registry.add(Sampler.class, DpMultinomialMixtureSampler.NAME, 0,
                () -> new DpMultinomialMixtureSampler(Plate.chainRunner(), Plate.distributions()));
        registry.add(Sampler.class, DpCategoricalMixtureSampler.NAME, 0,
                () -> new DpCategoricalMixtureSampler(Plate.chainRunner(), Plate.distributions()));
        registry.add(Sampler.class, DpGaussianMixtureSampler.NAME, 0,
                () -> new DpGaussianMixtureSampler(Plate.chainRunner(), Plate.distributions()));
    }
}
