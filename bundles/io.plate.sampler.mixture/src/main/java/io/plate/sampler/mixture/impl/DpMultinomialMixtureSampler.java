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
 * {@code mixture.dp-multinomial}: Dirichlet-process mixture of multinomials (the number of clusters is
 * inferred), Neal's Algorithm 3 with Dirichlet-multinomial predictives, split–merge moves and a
 * resampled concentration.
 */
@Component(service = Sampler.class, property = Sampler.NAME + "=" + DpMultinomialMixtureSampler.NAME)
public final class DpMultinomialMixtureSampler extends DirichletProcessSampler {
    public static final String NAME = "mixture.dp-multinomial";

    @Activate
    public DpMultinomialMixtureSampler(@Reference ChainRunner runner,
            @Reference(policyOption = ReferencePolicyOption.GREEDY) Distributions distributions) {
        super(runner, distributions);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Dirichlet-process mixture of multinomials for counts (number of clusters inferred), collapsed Gibbs";
    }

    @Override
    public List<ParamSpec> parameters() {
        List<ParamSpec> p = new ArrayList<>(dpParameters());
        p.add(ParamSpec.positive("beta", "0.3", "symmetric Dirichlet prior of each cluster's word distribution"));
        return p;
    }

    private record Data(Dataset dataset) implements Prepared {
    }

    @Override
    Prepared prepare(Dataset data, Params params) {
        MultinomialComponents.of(data, params.getDouble("beta"));
        return new Data(data);
    }

    @Override
    Components components(Prepared prepared, Params params) {
        return MultinomialComponents.of(((Data) prepared).dataset(), params.getDouble("beta"));
    }
}
