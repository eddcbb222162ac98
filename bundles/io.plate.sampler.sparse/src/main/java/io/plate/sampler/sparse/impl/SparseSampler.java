package io.plate.sampler.sparse.impl;

import io.plate.api.data.Dataset;
import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import io.plate.api.sample.Cancellation;
import io.plate.api.sample.ChainRunner;
import io.plate.api.sample.Checkpoints;
import io.plate.api.sample.Distributions;
import io.plate.api.sample.Posterior;
import io.plate.api.sample.ProgressListener;
import io.plate.api.sample.RunSettings;
import io.plate.api.sample.Sampler;
import java.util.List;

/**
 * A sparse-prior sampler service: what {@code sparse.collapsed} and {@code sparse.dirichlet} share (the
 * parameters and the run around the chains, {@link SparseRun}); each names itself and its chain. Both
 * chains save their state, so every run can be checkpointed and resumed.
 */
abstract class SparseSampler<C extends SparseChain> implements Sampler {
    private final String name;
    private final String description;
    private final SparseRun.ChainMaker<C> maker;
    private final ChainRunner runner;
    private final Distributions distributions;

    SparseSampler(String name, String description, SparseRun.ChainMaker<C> maker, ChainRunner runner,
            Distributions distributions) {
        this.name = name;
        this.description = description;
        this.maker = maker;
        this.runner = runner;
        this.distributions = distributions;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final List<ParamSpec> parameters() {
        return SparseRun.parameters();
    }

    @Override
    public final Posterior run(Dataset data, Params params, RunSettings settings, ProgressListener listener,
            Cancellation cancellation) {
        return run(data, params, settings, listener, cancellation, null);
    }

    @Override
    public final Posterior run(Dataset data, Params params, RunSettings settings, ProgressListener listener,
            Cancellation cancellation, Checkpoints checkpoints) {
        return SparseRun.run(name, maker, data, params, settings, listener, cancellation, checkpoints, runner,
                distributions);
    }
}
