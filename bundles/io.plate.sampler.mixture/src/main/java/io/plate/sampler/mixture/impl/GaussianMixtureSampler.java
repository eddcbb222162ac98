package io.plate.sampler.mixture.impl;

import io.plate.api.data.Dataset;
import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import io.plate.api.sample.ChainRunner;
import io.plate.api.sample.Distributions;
import io.plate.api.sample.Sampler;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
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
public final class GaussianMixtureSampler extends MixtureSampler {
    public static final String NAME = "mixture.gaussian";

    @Activate
    public GaussianMixtureSampler(@Reference ChainRunner runner,
            @Reference(policyOption = ReferencePolicyOption.GREEDY) Distributions distributions) {
        super(runner, distributions);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "finite Gaussian mixture (full or diagonal covariance), collapsed Gibbs with Student-t predictives";
    }

    @Override
    public List<ParamSpec> parameters() {
        List<ParamSpec> p = new ArrayList<>(finiteParameters("2"));
        p.addAll(GaussianPriors.parameters());
        return p;
    }

    private record Data(NumericData numeric) implements Prepared {
    }

    @Override
    Prepared prepare(Dataset data, Params params) {
        NumericData n = NumericData.of(data);
        GaussianPriors.components(n, params); // checks the priors once
        return new Data(n);
    }

    @Override
    long bytesPerCluster(Prepared prepared, Params params) {
        return GaussianPriors.components(((Data) prepared).numeric(), params).bytesPerSlot() + 8;
    }

    @Override
    MixtureChain chain(Prepared prepared, Params params, ChainSettings settings, UniformRandomProvider rng) {
        Components c = GaussianPriors.components(((Data) prepared).numeric(), params);
        return finiteChain(c, params, settings, rng);
    }
}
