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
