package io.plate.sampler.mixture.impl;

import io.plate.api.sample.ChainRunner;
import io.plate.api.sample.Distributions;
import io.plate.api.sample.Sampler;
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
public final class DpMultinomialMixtureSampler extends DirichletProcessSampler<MultinomialCorpus> {
    public static final String NAME = "mixture.dp-multinomial";

    @Activate
    public DpMultinomialMixtureSampler(@Reference ChainRunner runner,
            @Reference(policyOption = ReferencePolicyOption.GREEDY) Distributions distributions) {
        super(NAME, "Dirichlet-process mixture of multinomials for counts (number of clusters inferred), collapsed Gibbs",
                MixtureModel.multinomial(), runner, distributions);
    }
}
