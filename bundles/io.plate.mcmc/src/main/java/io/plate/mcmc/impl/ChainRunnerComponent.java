package io.plate.mcmc.impl;

import io.plate.api.sample.Cancellation;
import io.plate.api.sample.Chain;
import io.plate.api.sample.ChainFactory;
import io.plate.api.sample.ChainRun;
import io.plate.api.sample.ChainRunner;
import io.plate.api.sample.Checkpoints;
import io.plate.api.sample.Distributions;
import io.plate.api.sample.ProgressListener;
import io.plate.api.sample.RunSettings;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * The {@link ChainRunner} service: a {@link ParallelChainRunner} over the highest-ranked
 * {@link Distributions} provider. The reference is dynamic and greedy: a better-ranked provider installed
 * while the system runs is used by the next run, and runs in progress finish with the provider they
 * started with. Deactivation cancels running runs (they return what they kept), shuts the worker pool
 * down and waits for it.
 */
@Component(service = ChainRunner.class)
public final class ChainRunnerComponent implements ChainRunner {
    @Reference(policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    private volatile Distributions distributions;

    private final ParallelChainRunner runner = new ParallelChainRunner(() -> distributions);

    @Override
    public <C extends Chain> ChainRun<C> run(ChainFactory<C> factory, RunSettings settings, ProgressListener listener,
            Cancellation cancellation) {
        return runner.run(factory, settings, listener, cancellation);
    }

    @Override
    public <C extends Chain> ChainRun<C> run(ChainFactory<C> factory, RunSettings settings, ProgressListener listener,
            Cancellation cancellation, Checkpoints checkpoints) {
        return runner.run(factory, settings, listener, cancellation, checkpoints);
    }

    @Deactivate
    void deactivate() {
        runner.close();
    }
}
