package io.plate.sampler.mixture.impl;

import io.plate.api.data.Dataset;
import io.plate.api.data.FeatureKind;
import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import java.util.List;
import java.util.function.BiFunction;

/**
 * What one component model brings to the generic {@link MixtureSampler}: its own parameters, the
 * read-only data {@code D} built once per run from the dataset and shared by every chain (checked as it
 * is built), and the fresh per-chain {@link Components} over that data.
 *
 * @param kind the columns the model clusters on (the others are left out, and the run says so)
 * @param parameters the model's parameters, after the sampler's common ones
 * @param prepare reads the dataset into the shared data, with a clear message when it does not fit
 * @param components one chain's empty statistics over the shared data
 * @param withRows the shared data's rows followed by another dataset's, read in the run's columns and with the run's
 *                 priors, for {@link MixturePredictor}
 */
record MixtureModel<D>(FeatureKind kind, List<ParamSpec> parameters, BiFunction<Dataset, Params, D> prepare,
        BiFunction<D, Params, Components> components, RowsReader<D> withRows) {
    static final String BETA = "beta";

    /** Reads new rows after the training rows; what it finds (unseen levels, known words) goes to {@code found}. */
    @FunctionalInterface
    interface RowsReader<D> {
        D read(D training, Dataset rows, Params params, RowsRead found);
    }

    MixtureModel {
        parameters = List.copyOf(parameters);
    }

    /** Multinomial components over a shared {@link MultinomialCorpus}. */
    static MixtureModel<MultinomialCorpus> multinomial() {
        return new MixtureModel<>(FeatureKind.SPARSE,
                List.of(ParamSpec.positive(BETA, "0.3", "symmetric Dirichlet prior of each cluster's word distribution")),
                (data, params) -> MultinomialCorpus.of(data),
                (corpus, params) -> new MultinomialComponents(corpus, params.getDouble(BETA)),
                (corpus, rows, params, found) -> corpus.withRows(rows, found));
    }

    /** Latent-class components over a shared {@link CategoricalTable}. */
    static MixtureModel<CategoricalTable> categorical() {
        return new MixtureModel<>(FeatureKind.CATEGORICAL,
                List.of(ParamSpec.positive(BETA, "1.0", "symmetric Dirichlet prior of each column's level probabilities")),
                (data, params) -> CategoricalTable.of(data),
                (table, params) -> new CategoricalComponents(table, params.getDouble(BETA)),
                (table, rows, params, found) -> table.withRows(rows, found.unseen));
    }

    /** Full or diagonal Gaussian components over shared {@link NumericData}, priors from {@link GaussianPriors}. */
    static MixtureModel<NumericData> gaussian() {
        return new MixtureModel<>(FeatureKind.NUMERIC, GaussianPriors.parameters(), (data, params) -> {
            NumericData n = NumericData.of(data);
            GaussianPriors.components(n, params); // checks the priors once, before any chain starts
            return n;
        }, GaussianPriors::components, (numeric, rows, params, found) -> GaussianPriors.withRows(numeric, rows, params));
    }
}
