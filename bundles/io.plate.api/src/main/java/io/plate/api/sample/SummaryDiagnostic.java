package io.plate.api.sample;

/**
 * Convergence figures of one scalar summary over all chains.
 *
 * @param name    the summary's name
 * @param mean    mean over all kept draws
 * @param sd      standard deviation over all kept draws
 * @param rhat    split R-hat (rank-normalised, Vehtari et al. 2021); NaN when undefined, +Infinity when
 *                every (split) chain is constant but not all at one value
 * @param essBulk bulk effective sample size; NaN when undefined
 * @param essTail tail effective sample size; NaN when undefined
 */
public record SummaryDiagnostic(String name, double mean, double sd, double rhat, double essBulk, double essTail) {
}
