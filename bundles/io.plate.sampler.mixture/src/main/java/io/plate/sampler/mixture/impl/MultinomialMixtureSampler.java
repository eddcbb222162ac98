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
 * {@code mixture.multinomial}: unsupervised multinomial naive Bayes over count data (text), a finite
 * mixture of multinomials with Dirichlet priors. Uncollapsed by default (every variable instantiated, parallel
 * over documents; {@link UncollapsedMultinomialChain}); {@code collapsed=true} integrates θ and π out and
 * uses the whole-document Dirichlet-multinomial predictive ({@link MultinomialComponents}).
 */
@Component(service = Sampler.class, property = Sampler.NAME + "=" + MultinomialMixtureSampler.NAME)
public final class MultinomialMixtureSampler extends MixtureSampler {
    public static final String NAME = "mixture.multinomial";

    @Activate
    public MultinomialMixtureSampler(@Reference ChainRunner runner,
            @Reference(policyOption = ReferencePolicyOption.GREEDY) Distributions distributions) {
        super(runner, distributions);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "finite mixture of multinomials for counts (unsupervised multinomial naive Bayes), Gibbs";
    }

    @Override
    public List<ParamSpec> parameters() {
        List<ParamSpec> p = new ArrayList<>(finiteParameters("2"));
        p.add(ParamSpec.positive("beta", "0.3", "symmetric Dirichlet prior of each cluster's word distribution"));
        p.add(ParamSpec.bool("collapsed", "false",
                "integrate theta and pi out (Dirichlet-multinomial predictive) instead of sampling them"));
        p.add(ParamSpec.bool("parallel", "true", "uncollapsed: sample documents in parallel (exact given theta, pi)"));
        return p;
    }

    private record Data(Dataset dataset) implements Prepared {
    }

    @Override
    Prepared prepare(Dataset data, Params params) {
        MultinomialComponents.of(data, params.getDouble("beta")); // checks the data once, with a clear message
        return new Data(data);
    }

    @Override
    long bytesPerCluster(Prepared prepared, Params params) {
        Dataset data = ((Data) prepared).dataset();
        MultinomialComponents c = MultinomialComponents.of(data, params.getDouble("beta"));
        if (params.getBoolean("collapsed")) {
            return c.bytesPerSlot() + 8;
        }
        // θ (double) and word counts (int) per word, a log weight per document, and the cluster's scalars
        return 12L * c.vocabularySize() + 8L * data.rows() + 40;
    }

    @Override
    MixtureChain chain(Prepared prepared, Params params, ChainSettings settings, UniformRandomProvider rng) {
        MultinomialComponents c = MultinomialComponents.of(((Data) prepared).dataset(), params.getDouble("beta"));
        if (params.getBoolean("collapsed")) {
            return finiteChain(c, params, settings, rng);
        }
        return new UncollapsedMultinomialChain(c, params.getDouble(ALPHA), params.getDouble("beta"),
                params.getBoolean("parallel"), settings, distributions, rng);
    }
}
