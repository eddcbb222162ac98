package io.plate.sampler.mixture.impl;

import io.plate.api.sample.ChainRunner;
import io.plate.api.sample.Distributions;
import io.plate.api.sample.Sampler;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * {@code mixture.dp-categorical}: Dirichlet-process latent class model over categorical columns,
 * Neal's Algorithm 3 with split–merge moves and a resampled concentration.
 */
@Component(service = Sampler.class, property = Sampler.NAME + "=" + DpCategoricalMixtureSampler.NAME)
public final class DpCategoricalMixtureSampler extends DirichletProcessSampler<CategoricalTable> {
    public static final String NAME = "mixture.dp-categorical";

    @Activate
    public DpCategoricalMixtureSampler(@Reference ChainRunner runner,
            @Reference(policyOption = ReferencePolicyOption.GREEDY) Distributions distributions) {
        super(NAME, "Dirichlet-process latent class model over categorical columns (number of clusters inferred)",
                MixtureModel.categorical(), runner, distributions);
    }
}
