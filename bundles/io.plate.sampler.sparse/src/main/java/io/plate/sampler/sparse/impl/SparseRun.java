package io.plate.sampler.sparse.impl;

import io.plate.api.BundleOrigin;
import io.plate.api.data.Dataset;
import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import io.plate.api.sample.Cancellation;
import io.plate.api.sample.ChainFactory;
import io.plate.api.sample.ChainRun;
import io.plate.api.sample.ChainRunner;
import io.plate.api.sample.Checkpoints;
import io.plate.api.sample.Distributions;
import io.plate.api.sample.Posterior;
import io.plate.api.sample.ProgressListener;
import io.plate.api.sample.RunSettings;
import io.plate.api.sample.Table;
import io.plate.mcmc.SamplerPosterior;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What both sparse samplers do around their chains: parse the parameters, count the data, run the
 * chains through the {@link ChainRunner}, pool the kept θ moments and make the {@link Posterior} with
 * its {@code theta} table ({@code class,feature,category,theta_mean,theta_sd,active_prob}). With
 * {@link Checkpoints}, the runner saves (or resumes) every chain, each a {@link io.plate.api.sample.RestorableChain};
 * the checkpoints carry the sampler's name, every parameter and the data's size, so that those of another
 * run are refused.
 */
final class SparseRun {
    static final String GROUP = "group";

    private SparseRun() {
    }

    static List<ParamSpec> parameters() {
        List<ParamSpec> specs = new ArrayList<>(Hyperparameters.specs());
        specs.add(ParamSpec.text(GROUP, null,
                "categorical column that defines groups k: one model per (class, group)"));
        return List.copyOf(specs);
    }

    /** Makes a chain of one sampler for a model. */
    interface ChainMaker<C extends SparseChain> {
        C start(SparseModel model, Distributions dist, org.apache.commons.rng.UniformRandomProvider rng);
    }

    static <C extends SparseChain> Posterior run(String sampler, ChainMaker<C> maker, Dataset data, Params params,
            RunSettings settings, ProgressListener listener, Cancellation cancellation, Checkpoints checkpoints,
            ChainRunner runner, Distributions dist) {
        Hyperparameters hyper = Hyperparameters.from(params);
        CountTable table = CountTable.of(data, params.find(GROUP).orElse(null), Hyperparameters.excluded(params));
        SparseModel model = new SparseModel(table, hyper);
        ChainFactory<C> factory = (c, rng) -> maker.start(model, dist, rng);
        ChainRun<C> run = runner.run(factory, settings, listener, cancellation,
                checkpoints == null ? null : checkpoints.describing(sampler, data, params));
        ThetaMoments pooled = new ThetaMoments(model.slots, model.pGroups);
        for (C chain : run.chains()) {
            pooled.merge(chain.moments());
        }
        SamplerPosterior.Builder b = SamplerPosterior.builder(sampler, data.name()).params(params.asMap())
                .run(run, settings).table("theta", thetaTable(model, pooled)).bundle(BundleOrigin.of(SparseRun.class));
        b.fact("distributions", dist.provider());
        String ignored = CountTable.ignored(data, Hyperparameters.excluded(params), params.find(GROUP).orElse(null));
        if (!ignored.isEmpty()) {
            b.fact(SamplerPosterior.IGNORES, ignored);
        }
        b.fact("classes", table.classes());
        b.fact("features", table.features().size());
        b.fact("cells", table.cells());
        b.fact("categories", table.slots());
        b.fact("pCount", model.pGroups); // how many p's: one per cell, or per feature with shared_p (pMean gives them)
        Map<String, Object> pMeans = new LinkedHashMap<>();
        if (pooled.draws > 0) {
            for (int g = 0; g < model.pGroups; g++) {
                pMeans.put(pGroupName(model, g), pooled.pMean(g));
            }
        }
        b.fact("pMean", pMeans);
        return b.build();
    }

    static String pGroupName(SparseModel model, int g) {
        CountTable t = model.table;
        int c = model.groupCells[model.groupStart[g]];
        String feature = t.features().get(t.featureOf(c));
        if (model.hyper.sharedP()) {
            return feature;
        }
        return cellLabel(t, c) + "/" + feature;
    }

    static String cellLabel(CountTable t, int c) {
        String cls = t.classes().get(t.classOf(c));
        return t.groups().size() > 1 ? cls + "|" + t.groups().get(t.groupOf(c)) : cls;
    }

    static Table thetaTable(SparseModel model, ThetaMoments m) {
        CountTable t = model.table;
        List<List<String>> rows = new ArrayList<>(model.slots);
        for (int c = 0; c < model.cells; c++) {
            String cls = cellLabel(t, c);
            int i = t.featureOf(c);
            String feature = t.features().get(i);
            List<String> levels = t.levels(i);
            for (int j = 0; j < levels.size(); j++) {
                int s = model.offset[c] + j;
                boolean any = m.draws > 0;
                rows.add(List.of(cls, feature, levels.get(j), any ? Double.toString(m.thetaMean(s)) : "NaN",
                        any ? Double.toString(m.thetaSd(s)) : "NaN",
                        any ? Double.toString(m.activeProbability(s)) : "NaN"));
            }
        }
        return new Table(List.of("class", "feature", "category", "theta_mean", "theta_sd", "active_prob"), rows);
    }
}
