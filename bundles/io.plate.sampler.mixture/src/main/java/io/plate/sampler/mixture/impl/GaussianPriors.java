package io.plate.sampler.mixture.impl;

import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import java.util.List;

/**
 * The Gaussian mixtures' parameters and data-dependent default priors. The prior mean of every
 * cluster is the data mean (weight κ0), and the prior mean of every cluster's precision is the inverse
 * of {@code prior_scale} times the data covariance, with prior_scale = K^(−2/d) unless given, so that
 * K clusters of that size would fill the data's volume (Fraley and Raftery 2007 use the same scaling).
 */
final class GaussianPriors {
    static final String COVARIANCE = "covariance";

    private GaussianPriors() {
    }

    static List<ParamSpec> parameters() {
        return List.of(
                ParamSpec.choice(COVARIANCE, "full", List.of("full", "diag"),
                        "full (Normal-Inverse-Wishart) or diag (Normal-Gamma per column) components"),
                ParamSpec.positive("kappa0", "0.01", "prior pseudo-count of each cluster mean (centred on the data mean)"),
                new ParamSpec("nu0", io.plate.api.learn.ParamType.DOUBLE, null, 0, Double.POSITIVE_INFINITY, true,
                        List.of(), "prior degrees of freedom of each covariance (default d + 2 full, 3 diag)"),
                new ParamSpec("prior_scale", io.plate.api.learn.ParamType.DOUBLE, null, 0, Double.POSITIVE_INFINITY,
                        true, List.of(), "prior cluster covariance as a fraction of the data covariance "
                        + "(default k^(-2/d))"));
    }

    static Components components(NumericData data, Params params, int expectedClusters) {
        boolean full = params.getString(COVARIANCE).equals("full");
        double nu0 = params.find("nu0").map(Double::parseDouble).orElse(full ? data.dims + 2.0 : 3.0);
        double scale = params.find("prior_scale").map(Double::parseDouble)
                .orElse(Math.pow(Math.max(1, expectedClusters), -2.0 / data.dims));
        double kappa0 = params.getDouble("kappa0");
        return full ? FullGaussianComponents.withDefaults(data, kappa0, nu0, scale)
                : DiagonalGaussianComponents.withDefaults(data, kappa0, nu0, scale);
    }
}
