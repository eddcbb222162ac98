package io.plate.sampler.sparse.impl;

import io.plate.api.ClassPathServices;
import io.plate.api.Plate;
import io.plate.api.learn.Learner;
import io.plate.api.sample.Sampler;

/** This jar's learner and samplers on a plain class path, over the runner and distributions found there. */
public final class SparseServices implements ClassPathServices {
    @Override
    public void register(Registry registry) {
        registry.add(Learner.class, SparseNaiveBayes.NAME, 0, () -> new SparseNaiveBayes(Plate.distributions()));
        registry.add(Sampler.class, CollapsedSampler.NAME, 0,
                () -> new CollapsedSampler(Plate.chainRunner(), Plate.distributions()));
        registry.add(Sampler.class, DirichletSampler.NAME, 0,
                () -> new DirichletSampler(Plate.chainRunner(), Plate.distributions()));
    }
}
