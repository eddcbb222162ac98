package io.plate.sampler.mixture.impl;

import io.plate.api.PlateException;
import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import java.util.List;

/**
 * The Gaussian mixtures' parameters and data-dependent default priors. The prior mean of every
 * cluster is the data mean (weight κ0 = 0.01), and the prior mean of every cluster's precision is the
 * inverse of {@code prior_scale} times the data covariance, with prior_scale = {@value #DEFAULT_SCALE} unless
 * given, and ν0 = d + 2 (full) or 3 (diag) prior degrees of freedom, so the data soon outweigh the prior.
 * The scale was first chosen on three validation datasets and the DP's recovery of three known clusters
 * (docs/mixtures.md, "Choosing the prior scale"); the defaults study of docs/mixtures.md ("Default priors",
 * bench/mixture_defaults.py) then kept this prior against scikit-learn's empirical-Bayes one
 * (κ0 = 1, ν0 = d, Ψ0 = data covariance: {@code kappa0=1 nu0=d prior_scale=1/d}) and against
 * κ0 = 1, Ψ0 = data covariance with ν0 = d + 2 ({@code kappa0=1 prior_scale=1/(d+2)}): neither was better by
 * the point estimate's ARI, and both were worse by held-out density (with covariance=diag the
 * empirical-Bayes priors' partitions were better by ARI and their densities still worse).
 */
final class GaussianPriors {
    static final String COVARIANCE = "covariance";
    static final double DEFAULT_SCALE = 0.1;

    private GaussianPriors() {
    }

    /** The range of kappa0 in which a cluster's scale matrix stays finite and positive definite. */
    static final double KAPPA0_MIN = 1e-12;
    static final double KAPPA0_MAX = 1e12;

    static List<ParamSpec> parameters() {
        return List.of(
                ParamSpec.choice(COVARIANCE, "full", List.of("full", "diag"),
                        "full (Normal-Inverse-Wishart) or diag (Normal-Gamma per column) components"),
                // beyond these the Normal-Inverse-Wishart update (kappa0 * mu0 mu0', kappa0 / kappa_n) leaves the doubles
                new ParamSpec("kappa0", io.plate.api.learn.ParamType.DOUBLE, "0.01", KAPPA0_MIN, KAPPA0_MAX, false,
                        List.of(), "prior pseudo-count of each cluster mean (centred on the data mean)"),
                new ParamSpec("nu0", io.plate.api.learn.ParamType.DOUBLE, null, 0, Double.POSITIVE_INFINITY, true,
                        List.of(), "prior degrees of freedom of each covariance (default d + 2 full, 3 diag; above d - 1 full)"),
                ParamSpec.positive("prior_scale", Double.toString(DEFAULT_SCALE), "prior cluster covariance as a "
                        + "fraction of the data covariance: the prior mean of each cluster's precision is (prior_scale * "
                        + "data covariance)^-1 (scikit-learn's BayesianGaussianMixture prior: kappa0=1 nu0=d "
                        + "prior_scale=1/d)"));
    }

    /**
     * The run's rows followed by those of {@code rows} ({@link NumericData#withRows}). A full-covariance run refuses a
     * missing value in them: its predictive has no marginal over the columns present (covariance=diag leaves it out).
     */
    static NumericData withRows(NumericData training, io.plate.api.data.Dataset rows, Params params) {
        NumericData all = training.withRows(rows);
        String missing = params.getString(COVARIANCE).equals("full") ? all.firstMissing(training.rows) : null;
        if (missing != null) {
            throw new PlateException("dataset '" + rows.name() + "', " + missing + ": a missing value, which a"
                    + " full-covariance run cannot leave out of its clusters' predictive; fill it in, or cluster with"
                    + " covariance=diag, which leaves missing values out");
        }
        return all;
    }

    static Components components(NumericData data, Params params) {
        boolean full = params.getString(COVARIANCE).equals("full");
        double nu0 = params.find("nu0").map(Double::parseDouble).orElse(full ? data.dims + 2.0 : 3.0);
        if (full && !(nu0 > data.dims - 1)) { // the Inverse-Wishart's bound, which depends on the data's columns
            throw new PlateException("parameter 'nu0' = '" + params.getString("nu0") + "': must be > " + (data.dims - 1)
                    + " (d - 1 for covariance=full, with d = " + data.dims + " numeric columns)");
        }
        double scale = params.getDouble("prior_scale");
        double kappa0 = params.getDouble("kappa0");
        return full ? FullGaussianComponents.withDefaults(data, kappa0, nu0, scale, params.getString("prior_scale"))
                : DiagonalGaussianComponents.withDefaults(data, kappa0, nu0, scale, params.getString("prior_scale"));
    }
}
