package io.plate.sampler.mixture.impl;

import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import io.plate.api.sample.ChainRunner;
import io.plate.api.sample.Distributions;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;

/** The Dirichlet-process form of the generic sampler: the DP parameters and {@link DirichletProcessChain}. */
abstract class DirichletProcessSampler<D> extends MixtureSampler<D> {
    DirichletProcessSampler(String name, String description, MixtureModel<D> model, ChainRunner runner,
            Distributions distributions) {
        super(name, description, model, runner, distributions);
    }

    /** The DP parameters, then the model's. */
    @Override
    public final List<ParamSpec> parameters() {
        List<ParamSpec> p = dpParameters();
        p.addAll(model.parameters());
        return p;
    }

    @Override
    final long bytesPerCluster(D shared, Params params) {
        return model.components().apply(shared, params).bytesPerSlot() + 12; // and a log weight and a fixed count
    }

    /** What {@link DirichletProcessChain} starts with; it grows by doubling when clusters appear. */
    @Override
    final int startSlots(int k) {
        return Math.max(4, 2 * k + 1);
    }

    @Override
    final MixtureChain chain(D shared, Params params, ChainSettings settings, UniformRandomProvider rng) {
        return new DirichletProcessChain(model.components().apply(shared, params), params.getDouble(ALPHA),
                params.getDouble("alpha_shape"), params.getDouble("alpha_rate"), params.getInt(SPLIT_MERGE),
                params.getInt(LAUNCH_SCANS), settings, distributions, rng);
    }

    @Override
    boolean isDirichletProcess() {
        return true;
    }
}
