package io.plate.sampler.sparse.impl;

import io.plate.api.data.Dataset;
import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import io.plate.api.sample.Cancellation;
import io.plate.api.sample.ChainRunner;
import io.plate.api.sample.Distributions;
import io.plate.api.sample.Posterior;
import io.plate.api.sample.ProgressListener;
import io.plate.api.sample.RunSettings;
import io.plate.api.sample.Sampler;
import java.util.List;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/** The {@code sparse.collapsed} sampler service; see {@link CollapsedChain} for the sweep. */
@Component(service = Sampler.class, property = Sampler.NAME + "=" + CollapsedSampler.NAME)
public final class CollapsedSampler implements Sampler {
    public static final String NAME = "sparse.collapsed";

    private final ChainRunner runner;
    private final Distributions distributions;

    @Activate
    public CollapsedSampler(@Reference ChainRunner runner,
            @Reference(policyOption = ReferencePolicyOption.GREEDY) Distributions distributions) {
        this.runner = runner;
        this.distributions = distributions;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "spike-and-slab Dirichlet naive Bayes: collapsed Gibbs over (Z, p), mu integrated out, any number of categories";
    }

    @Override
    public List<ParamSpec> parameters() {
        return SparseRun.parameters();
    }

    @Override
    public Posterior run(Dataset data, Params params, RunSettings settings, ProgressListener listener,
            Cancellation cancellation) {
        return SparseRun.run(NAME, CollapsedChain::start, data, params, settings, listener, cancellation, runner,
                distributions);
    }
}
