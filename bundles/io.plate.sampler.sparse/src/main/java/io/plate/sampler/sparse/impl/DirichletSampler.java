package io.plate.sampler.sparse.impl;

import io.plate.api.sample.ChainRunner;
import io.plate.api.sample.Distributions;
import io.plate.api.sample.Sampler;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/** The {@code sparse.dirichlet} sampler service; see {@link DirichletChain} for the sweep. */
@Component(service = Sampler.class, property = Sampler.NAME + "=" + DirichletSampler.NAME)
public final class DirichletSampler extends SparseSampler<DirichletChain> {
    public static final String NAME = "sparse.dirichlet";

    @Activate
    public DirichletSampler(@Reference ChainRunner runner,
            @Reference(policyOption = ReferencePolicyOption.GREEDY) Distributions distributions) {
        super(NAME, "spike-and-slab Dirichlet naive Bayes: Gibbs over (mu, Z, p), exact enumeration of Z", DirichletChain::start, runner,
                distributions);
    }
}
