package io.plate.sampler.mixture.impl;

import io.plate.api.sample.ChainRunner;
import io.plate.api.sample.Distributions;
import io.plate.api.sample.Sampler;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * {@code mixture.gaussian}: finite mixture of Gaussians over the numeric columns, collapsed Gibbs with
 * Student-t predictives: full covariances under a Normal-Inverse-Wishart prior
 * ({@link FullGaussianComponents}) or diagonal ones under Normal-Gamma priors
 * ({@link DiagonalGaussianComponents}, {@code covariance=diag}).
 */
@Component(service = Sampler.class, property = Sampler.NAME + "=" + GaussianMixtureSampler.NAME)
public final class GaussianMixtureSampler extends MixtureSampler<NumericData> {
    public static final String NAME = "mixture.gaussian";

    @Activate
    public GaussianMixtureSampler(@Reference ChainRunner runner,
            @Reference(policyOption = ReferencePolicyOption.GREEDY) Distributions distributions) {
        super(NAME, "finite Gaussian mixture (full or diagonal covariance), collapsed Gibbs with Student-t predictives",
                MixtureModel.gaussian(), runner, distributions);
    }
}
