package io.plate.sampler.mixture.impl;

import io.plate.api.learn.Params;
import io.plate.api.sample.ChainRunner;
import io.plate.api.sample.Distributions;
import org.apache.commons.rng.UniformRandomProvider;

/** What the Dirichlet-process mixture services share: the DP parameters and {@link DirichletProcessChain}. */
abstract class DirichletProcessSampler extends MixtureSampler {
    DirichletProcessSampler(ChainRunner runner, Distributions distributions) {
        super(runner, distributions);
    }

    /** Fresh components for one chain. */
    abstract Components components(Prepared prepared, Params params);

    @Override
    final long bytesPerCluster(Prepared prepared, Params params) {
        return components(prepared, params).bytesPerSlot() + 12; // and a log weight and a fixed count
    }

    /** What {@link DirichletProcessChain} starts with; it grows by doubling when clusters appear. */
    @Override
    final int startSlots(int k) {
        return Math.max(4, 2 * k + 1);
    }

    @Override
    final MixtureChain chain(Prepared prepared, Params params, ChainSettings settings, UniformRandomProvider rng) {
        return new DirichletProcessChain(components(prepared, params), params.getDouble(ALPHA),
                params.getDouble("alpha_shape"), params.getDouble("alpha_rate"), params.getInt(SPLIT_MERGE),
                params.getInt(LAUNCH_SCANS), settings, distributions, rng);
    }

    @Override
    boolean isDirichletProcess() {
        return true;
    }
}
