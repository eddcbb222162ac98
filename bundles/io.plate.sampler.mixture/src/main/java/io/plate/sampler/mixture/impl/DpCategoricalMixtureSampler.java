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
 * {@code mixture.dp-categorical}: Dirichlet-process latent class model over categorical columns,
 * Neal's Algorithm 3 with split–merge moves and a resampled concentration.
 */
@Component(service = Sampler.class, property = Sampler.NAME + "=" + DpCategoricalMixtureSampler.NAME)
public final class DpCategoricalMixtureSampler extends DirichletProcessSampler {
    public static final String NAME = "mixture.dp-categorical";

    @Activate
    public DpCategoricalMixtureSampler(@Reference ChainRunner runner,
            @Reference(policyOption = ReferencePolicyOption.GREEDY) Distributions distributions) {
        super(runner, distributions);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Dirichlet-process latent class model over categorical columns (number of clusters inferred)";
    }

    @Override
    public List<ParamSpec> parameters() {
        List<ParamSpec> p = new ArrayList<>(dpParameters());
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
    Components components(Prepared prepared, Params params) {
        return CategoricalComponents.of(((Data) prepared).dataset(), params.getDouble("beta"));
    }
}
