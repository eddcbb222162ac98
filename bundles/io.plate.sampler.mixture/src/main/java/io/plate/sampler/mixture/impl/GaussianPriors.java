package io.plate.sampler.mixture.impl;

import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import java.util.List;

/**
 * The Gaussian mixtures' parameters and data-dependent default priors. The prior mean of every
 * cluster is the data mean (weight κ0 = 1, one pseudo-row, as scikit-learn's BayesianGaussianMixture);
 * the prior mean of every cluster's precision is the inverse of {@code prior_scale} times the data
 * covariance, with ν0 = d + 2 (full) or 3 (diag) degrees of freedom, the fewest for which the prior mean
 * of a cluster's covariance exists, and prior_scale = 1/ν0 unless given, so that this mean is the data
 * covariance (Ψ0 = Σ_data, scikit-learn's covariance prior). Chosen by the study of docs/mixtures.md
 * ("Default priors", bench/mixture_defaults.py) over Plate's earlier κ0 = 0.01, prior_scale = 0.1 and
 * scikit-learn's ν0 = d, on data they were not tuned on; the earlier prior is
 * {@code kappa0=0.01 prior_scale=0.1}.
 */
final class GaussianPriors {
    static final String COVARIANCE = "covariance";

    private GaussianPriors() {
    }

    static List<ParamSpec> parameters() {
        return List.of(
                ParamSpec.choice(COVARIANCE, "full", List.of("full", "diag"),
                        "full (Normal-Inverse-Wishart) or diag (Normal-Gamma per column) components"),
                ParamSpec.positive("kappa0", "1", "prior pseudo-count of each cluster mean (centred on the data mean)"),
                new ParamSpec("nu0", io.plate.api.learn.ParamType.DOUBLE, null, 0, Double.POSITIVE_INFINITY, true,
                        List.of(), "prior degrees of freedom of each covariance (default d + 2 full, 3 diag)"),
                new ParamSpec("prior_scale", io.plate.api.learn.ParamType.DOUBLE, null, 0, Double.POSITIVE_INFINITY,
                        true, List.of(), "prior cluster covariance as a fraction of the data covariance: the prior "
                        + "mean of each cluster's precision is (prior_scale * data covariance)^-1 (default 1/nu0: "
                        + "the prior scale matrix is the data covariance, and with the default nu0 so is the prior "
                        + "mean of each cluster's covariance; 0.1 with kappa0=0.01 is Plate's earlier prior)"));
    }

    static Components components(NumericData data, Params params) {
        boolean full = params.getString(COVARIANCE).equals("full");
        double nu0 = params.find("nu0").map(Double::parseDouble).orElse(full ? data.dims + 2.0 : 3.0);
        double scale = params.find("prior_scale").map(Double::parseDouble).orElse(1 / nu0);
        double kappa0 = params.getDouble("kappa0");
        return full ? FullGaussianComponents.withDefaults(data, kappa0, nu0, scale)
                : DiagonalGaussianComponents.withDefaults(data, kappa0, nu0, scale);
    }
}
