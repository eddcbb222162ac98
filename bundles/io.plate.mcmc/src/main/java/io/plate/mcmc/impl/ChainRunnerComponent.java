package io.plate.mcmc.impl;

import io.plate.api.sample.Cancellation;
import io.plate.api.sample.Chain;
import io.plate.api.sample.ChainFactory;
import io.plate.api.sample.ChainRun;
import io.plate.api.sample.ChainRunner;
import io.plate.api.sample.Distributions;
import io.plate.api.sample.ProgressListener;
import io.plate.api.sample.RunSettings;
import io.plate.mcmc.ParallelChainRunner;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * The {@link ChainRunner} service: a {@link ParallelChainRunner} over the highest-ranked
 * {@link Distributions} provider. A better-ranked provider installed later replaces the bound one
 * (greedy static reference: SCR re-creates this component). Deactivation shuts the worker pool down and
 * waits for running chains.
 */
@Component(service = ChainRunner.class)
public final class ChainRunnerComponent implements ChainRunner {
    private final ParallelChainRunner runner;

    @Activate
    public ChainRunnerComponent(@Reference(policyOption = ReferencePolicyOption.GREEDY) Distributions distributions) {
        this.runner = new ParallelChainRunner(distributions);
    }

    @Override
    public <C extends Chain> ChainRun<C> run(ChainFactory<C> factory, RunSettings settings, ProgressListener listener,
            Cancellation cancellation) {
        return runner.run(factory, settings, listener, cancellation);
    }

    @Deactivate
    void deactivate() {
        runner.close();
    }
}
