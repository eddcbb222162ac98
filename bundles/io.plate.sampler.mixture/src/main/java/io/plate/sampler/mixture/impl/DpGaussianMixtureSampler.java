package io.plate.sampler.mixture.impl;

import io.plate.api.data.Dataset;
import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import io.plate.api.sample.ChainRunner;
import io.plate.api.sample.Distributions;
import io.plate.api.sample.Sampler;
import java.util.ArrayList;
import java.util.List;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * {@code mixture.dp-gaussian}: Dirichlet-process mixture of Gaussians (full or diagonal covariances),
 * Neal's Algorithm 3 with Student-t predictives, split–merge moves and a resampled concentration.
 */
@Component(service = Sampler.class, property = Sampler.NAME + "=" + DpGaussianMixtureSampler.NAME)
public final class DpGaussianMixtureSampler extends DirichletProcessSampler {
    public static final String NAME = "mixture.dp-gaussian";

    @Activate
    public DpGaussianMixtureSampler(@Reference ChainRunner runner,
            @Reference(policyOption = ReferencePolicyOption.GREEDY) Distributions distributions) {
        super(runner, distributions);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Dirichlet-process Gaussian mixture (number of clusters inferred), collapsed Gibbs with split-merge";
    }

    @Override
    public List<ParamSpec> parameters() {
        List<ParamSpec> p = new ArrayList<>(dpParameters());
        p.addAll(GaussianPriors.parameters());
        return p;
    }

    private record Data(NumericData numeric) implements Prepared {
    }

    @Override
    Prepared prepare(Dataset data, Params params) {
        NumericData n = NumericData.of(data);
        GaussianPriors.components(n, params);
        return new Data(n);
    }

    @Override
    Components components(Prepared prepared, Params params) {
        return GaussianPriors.components(((Data) prepared).numeric(), params);
    }
}
