package io.plate.mcmc.impl;

import io.plate.api.ClassPathServices;
import io.plate.api.Plate;
import io.plate.api.sample.ChainRunner;

/**
 * The chain runner on a plain class path: a {@link ParallelChainRunner} that asks {@link Plate} for the
 * best distributions provider at the start of each run (its worker threads are daemons and end when idle).
 */
public final class RunnerServices implements ClassPathServices {
    @Override
    public void register(Registry registry) {
        registry.add(ChainRunner.class, "parallel", 0, () -> new ParallelChainRunner(Plate::distributions));
    }
}
