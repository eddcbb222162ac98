package io.plate.sampler.sparse.impl;

import io.plate.api.sample.ChainRunner;
import io.plate.api.sample.Distributions;
import io.plate.api.sample.Sampler;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/** The {@code sparse.collapsed} sampler service; see {@link CollapsedChain} for the sweep. */
@Component(service = Sampler.class, property = Sampler.NAME + "=" + CollapsedSampler.NAME)
public final class CollapsedSampler extends SparseSampler<CollapsedChain> {
    public static final String NAME = "sparse.collapsed";

    @Activate
    public CollapsedSampler(@Reference ChainRunner runner,
            @Reference(policyOption = ReferencePolicyOption.GREEDY) Distributions distributions) {
        super(NAME, "spike-and-slab Dirichlet naive Bayes: collapsed Gibbs over (Z, p), mu integrated out, any number of categories", CollapsedChain::start, runner,
                distributions);
    }
}
