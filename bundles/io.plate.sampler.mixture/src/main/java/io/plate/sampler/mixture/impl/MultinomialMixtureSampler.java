package io.plate.sampler.mixture.impl;

import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import io.plate.api.sample.ChainRunner;
import io.plate.api.sample.Distributions;
import io.plate.api.sample.Sampler;
import java.util.List;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * {@code mixture.multinomial}: unsupervised multinomial naive Bayes over count data (text), a finite
 * mixture of multinomials with Dirichlet priors. Uncollapsed by default (every variable instantiated, parallel
 * over documents; {@link UncollapsedMultinomialChain}); {@code collapsed=true} integrates θ and π out and
 * uses the whole-document Dirichlet-multinomial predictive ({@link MultinomialComponents}). Both read
 * the one {@link MultinomialCorpus} of the run.
 */
@Component(service = Sampler.class, property = Sampler.NAME + "=" + MultinomialMixtureSampler.NAME)
public final class MultinomialMixtureSampler extends MixtureSampler<MultinomialCorpus> {
    public static final String NAME = "mixture.multinomial";
    private final BlockRunner blocks; // where the uncollapsed z-step runs; null = this machine's threads

    @Activate
    public MultinomialMixtureSampler(@Reference ChainRunner runner,
            @Reference(policyOption = ReferencePolicyOption.GREEDY) Distributions distributions) {
        this(runner, distributions, null);
    }

    /** The same sampler whose uncollapsed chains sample their z-step blocks on {@code blocks} (Plate on Spark). */
    public MultinomialMixtureSampler(ChainRunner runner, Distributions distributions, BlockRunner blocks) {
        super(NAME, "finite mixture of multinomials for counts (unsupervised multinomial naive Bayes), Gibbs",
                MixtureModel.multinomial(), runner, distributions);
        this.blocks = blocks;
    }

    /**
     * Five initialisations per chain: on 20 Newsgroups (K = 20, three seeds) five gave NMI 0.336–0.401, one
     * 0.052–0.339 (docs/mixtures.md, the text table), for 50 sweeps more per chain.
     */
    @Override
    String defaultRestarts() {
        return "5";
    }

    @Override
    public List<ParamSpec> parameters() {
        List<ParamSpec> p = super.parameters();
        p.add(ParamSpec.bool(COLLAPSED, "false",
                "integrate theta and pi out (Dirichlet-multinomial predictive) instead of sampling them"));
        p.add(ParamSpec.bool("parallel", "true", "uncollapsed: sample documents in parallel (exact given theta, pi)"));
        return p;
    }

    /** On a {@link BlockRunner}, collapsed=true is refused: the collapsed chain runs on one machine only. */
    @Override
    public Params params(Map<String, String> given) {
        return blocks == null ? super.params(given) : paramsOnBlocks(given);
    }

    @Override
    long bytesPerCluster(MultinomialCorpus corpus, Params params) {
        if (params.getBoolean(COLLAPSED)) {
            return super.bytesPerCluster(corpus, params);
        }
        // θ (double) and word counts (int) per word, a log weight per document, and the cluster's scalars;
        // with split–merge moves, the collapsed statistics they work on
        long moves = params.getInt(SPLIT_MERGE) > 0 ? super.bytesPerCluster(corpus, params) : 0;
        return 12L * corpus.vocabularySize() + 8L * corpus.rows() + 40 + moves;
    }

    @Override
    MixtureChain chain(MultinomialCorpus corpus, Params params, ChainSettings settings, UniformRandomProvider rng) {
        if (params.getBoolean(COLLAPSED)) {
            if (blocks != null) {
                throw collapsedOnBlocks(true);
            }
            return super.chain(corpus, params, settings, rng);
        }
        UncollapsedMultinomialChain c = new UncollapsedMultinomialChain(corpus, params.getDouble(ALPHA),
                params.getDouble(MixtureModel.BETA), params.getBoolean("parallel"), params.getInt(SPLIT_MERGE),
                params.getInt(LAUNCH_SCANS), settings, distributions, rng);
        if (blocks != null) {
            c.runBlocksOn(blocks);
        }
        return c;
    }
}
