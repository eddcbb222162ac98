package io.plate.api.sample;

/** One draw of (mean, precision) from a Normal-Gamma distribution. */
public record NormalGammaDraw(double mean, double precision) {
}
