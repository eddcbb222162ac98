package io.plate.mcmc.impl;

import io.plate.api.ClassPathServices;
import io.plate.api.Plate;
import io.plate.api.sample.Cancellation;
import io.plate.api.sample.Chain;
import io.plate.api.sample.ChainFactory;
import io.plate.api.sample.ChainRun;
import io.plate.api.sample.ChainRunner;
import io.plate.api.sample.Checkpoints;
import io.plate.api.sample.ProgressListener;
import io.plate.api.sample.RunSettings;

/**
 * The chain runner on a plain class path: one {@link ParallelChainRunner}, made at first use, that asks
 * {@link Plate} for the best distributions provider at the start of each run. Every sampler a program makes
 * shares it and its worker threads (daemons, ended when idle), as in a framework they share the one service;
 * a runner per sampler left a pool of idle threads behind each {@code Plate.sampler(…).run(…)}.
 */
public final class RunnerServices implements ClassPathServices {
    @Override
    public void register(Registry registry) {
        registry.add(ChainRunner.class, "parallel", 0, () -> Shared.VIEW);
    }

    /** The shared runner, made when first asked for (a holder class: no lock, no runner on a class path that never samples). */
    private static final class Shared {
        static final ParallelChainRunner RUNNER = new ParallelChainRunner(Plate::distributions);

        /** What {@link Plate#chainRunner()} hands out: the shared runner's runs without its {@code close}, which would stop every sampler's. */
        static final ChainRunner VIEW = new ChainRunner() {
            @Override
            public <C extends Chain> ChainRun<C> run(ChainFactory<C> factory, RunSettings settings,
                    ProgressListener listener, Cancellation cancellation) {
                return RUNNER.run(factory, settings, listener, cancellation);
            }

            @Override
            public <C extends Chain> ChainRun<C> run(ChainFactory<C> factory, RunSettings settings,
                    ProgressListener listener, Cancellation cancellation, Checkpoints checkpoints) {
                return RUNNER.run(factory, settings, listener, cancellation, checkpoints);
            }
        };

        private Shared() {
        }
    }
}
