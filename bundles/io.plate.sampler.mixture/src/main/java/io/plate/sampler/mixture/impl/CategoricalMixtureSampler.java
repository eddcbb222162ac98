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
 * {@code mixture.categorical}: latent class analysis (unsupervised categorical naive Bayes), a finite
 * mixture whose components are products of categorical distributions with Dirichlet(β) priors,
 * collapsed Gibbs ({@link FiniteMixtureChain} over {@link CategoricalComponents}).
 */
@Component(service = Sampler.class, property = Sampler.NAME + "=" + CategoricalMixtureSampler.NAME)
public final class CategoricalMixtureSampler extends MixtureSampler {
    public static final String NAME = "mixture.categorical";

    @Activate
    public CategoricalMixtureSampler(@Reference ChainRunner runner,
            @Reference(policyOption = ReferencePolicyOption.GREEDY) Distributions distributions) {
        super(runner, distributions);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "latent class analysis: finite mixture over categorical columns, collapsed Gibbs";
    }

    @Override
    public List<ParamSpec> parameters() {
        List<ParamSpec> p = new ArrayList<>(finiteParameters("2"));
        p.add(ParamSpec.positive("beta", "1.0", "symmetric Dirichlet prior of each column's level probabilities"));
        return p;
    }

    private record Data(Dataset dataset) implements Prepared {
    }

    @Override
    Prepared prepare(Dataset data, Params params) {
        CategoricalComponents.of(data, params.getDouble("beta"));
        return new Data(data);
    }

    @Override
    long bytesPerCluster(Prepared prepared, Params params) {
        return CategoricalComponents.of(((Data) prepared).dataset(), params.getDouble("beta")).bytesPerSlot() + 8;
    }

    @Override
    MixtureChain chain(Prepared prepared, Params params, ChainSettings settings, UniformRandomProvider rng) {
        return finiteChain(CategoricalComponents.of(((Data) prepared).dataset(), params.getDouble("beta")), params,
                settings, rng);
    }
}
