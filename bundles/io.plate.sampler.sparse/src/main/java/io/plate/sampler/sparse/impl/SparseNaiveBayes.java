package io.plate.sampler.sparse.impl;

import io.plate.api.Plate;
import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.api.learn.ModelFormatException;
import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import io.plate.api.learn.Provenance;
import io.plate.api.sample.Distributions;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * {@code nb.sparse}: naive Bayes whose per-class categorical distributions carry the sparse
 * (spike-and-slab Dirichlet) prior. A new row is classified with the posterior predictive
 * P(y | x, data) ∝ P(y | data) Π_i E[θ_{y,i}(x_i) | data]; this is exact because, given the class, the
 * features' parameters are independent a posteriori. E[θ | data] is computed exactly by default
 * ({@link ExactPosterior}) or averaged over the draws of a {@code sparse.collapsed} chain
 * ({@code predictive=sampled}). The class probabilities are the Dirichlet({@code classPrior}) predictive
 * (N_y + c) / (N + C c). Missing values and levels the model never saw are left out of the product
 * (a level unseen in training but declared in the training data's level table is a known category).
 */
@Component(service = Learner.class, property = Learner.NAME + "=" + SparseNaiveBayes.NAME)
public final class SparseNaiveBayes implements Learner {
    public static final String NAME = "nb.sparse";
    static final String PREDICTIVE = "predictive";
    static final String ITERATIONS = "iterations";
    static final String BURN_IN = "burn_in";
    static final String CLASS_PRIOR = "class_prior";
    static final String INTERVAL = "interval";
    static final String INTERVAL_DRAWS = "interval_draws";

    private final Distributions distributions;

    @Activate
    public SparseNaiveBayes(@Reference(policyOption = ReferencePolicyOption.GREEDY) Distributions distributions) {
        this.distributions = distributions;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "categorical naive Bayes with the sparse (spike-and-slab Dirichlet) prior, posterior predictive";
    }

    @Override
    public List<ParamSpec> parameters() {
        List<ParamSpec> specs = new ArrayList<>(Hyperparameters.specs());
        specs.add(ParamSpec.choice(PREDICTIVE, "exact", List.of("exact", "sampled"),
                "E[theta | data] exactly, or averaged over a sparse.collapsed chain's draws"));
        specs.add(ParamSpec.integer(ITERATIONS, "2000", 1, Integer.MAX_VALUE, "sweeps of the chain (predictive=sampled)"));
        specs.add(ParamSpec.integer(BURN_IN, "500", 0, Integer.MAX_VALUE, "burn-in sweeps (predictive=sampled)"));
        specs.add(ParamSpec.positive(CLASS_PRIOR, "1", "one Dirichlet concentration c on the class proportions,"
                + " P(y) = (N_y + c) / (N + C c), not a list of probabilities as other learners' class_prior"));
        specs.add(new ParamSpec(INTERVAL, io.plate.api.learn.ParamType.DOUBLE, "0.9", 0, 1, true, List.of(),
                "level of the credible intervals of classProbabilityIntervals, in (0, 1]"));
        specs.add(ParamSpec.integer(INTERVAL_DRAWS, "200", 10, 100_000, "exact posterior draws per interval"));
        return List.copyOf(specs);
    }

    @Override
    public Model fit(Dataset data, Params params, long seed) {
        if (data.labels().isEmpty()) {
            throw new PlateException("nb.sparse needs class labels; dataset '" + data.name() + "' has none");
        }
        Hyperparameters hyper = Hyperparameters.from(params);
        CountTable table = CountTable.of(data, null, Hyperparameters.excluded(params));
        SparseModel model = new SparseModel(table, hyper);
        double[] predictive;
        if (params.getString(PREDICTIVE).equals("exact")) {
            predictive = ExactPosterior.of(model).predictive();
        } else {
            int iterations = params.getInt(ITERATIONS);
            int burnIn = params.getInt(BURN_IN);
            if (burnIn >= iterations) {
                throw new PlateException("parameter 'burnIn' = " + burnIn + " must be below 'iterations' = " + iterations);
            }
            UniformRandomProvider rng = distributions.stream(seed, 0);
            CollapsedChain chain = CollapsedChain.start(model, distributions, rng);
            for (int it = 1; it <= iterations; it++) {
                chain.sweep(rng);
                if (it > burnIn) {
                    chain.keep(it);
                }
            }
            ThetaMoments m = chain.moments();
            predictive = new double[model.slots];
            for (int s = 0; s < predictive.length; s++) {
                predictive[s] = m.thetaMean(s);
            }
        }
        Provenance provenance = Provenance.of(this, params.asMap(), seed, data);
        return SparseNaiveBayesModel.create(provenance, table, hyper, predictive, params.getDouble(CLASS_PRIOR),
                params.getDouble(INTERVAL), params.getInt(INTERVAL_DRAWS), distributions).ignored(CountTable.ignored(data, Hyperparameters.excluded(params)));
    }

    @Override
    public Model readModel(InputStream in) throws IOException, ModelFormatException {
        return SparseModelFile.read(in, parameters(), distributions);
    }
}
