package io.plate.sampler.mixture.impl;

import io.plate.api.sample.ChainRunner;
import io.plate.api.sample.Distributions;
import io.plate.api.sample.Sampler;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * {@code mixture.dp-gaussian}: Dirichlet-process mixture of Gaussians (full or diagonal covariances),
 * Neal's Algorithm 3 with Student-t predictives, split–merge moves and a resampled concentration.
 */
@Component(service = Sampler.class, property = Sampler.NAME + "=" + DpGaussianMixtureSampler.NAME)
public final class DpGaussianMixtureSampler extends DirichletProcessSampler<NumericData> {
    public static final String NAME = "mixture.dp-gaussian";

    @Activate
    public DpGaussianMixtureSampler(@Reference ChainRunner runner,
            @Reference(policyOption = ReferencePolicyOption.GREEDY) Distributions distributions) {
        super(NAME, "Dirichlet-process Gaussian mixture (number of clusters inferred), collapsed Gibbs with split-merge",
                MixtureModel.gaussian(), runner, distributions);
    }
}
