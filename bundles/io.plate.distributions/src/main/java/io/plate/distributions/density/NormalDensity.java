package io.plate.distributions.density;

import io.plate.distributions.impl.Checks;

/** Normal(mean, sd). */
public final class NormalDensity {
    private static final double HALF_LOG_2PI = 0.5 * Math.log(2 * Math.PI);
    private final double mean;
    private final double sd;
    private final double logNormalizer;
    private final double inverseSd;

    private NormalDensity(double mean, double sd) {
        this.mean = mean;
        this.sd = sd;
        this.inverseSd = 1.0 / sd;
        this.logNormalizer = HALF_LOG_2PI + Math.log(sd);
    }

    public static NormalDensity of(double mean, double sd) {
        return new NormalDensity(Checks.finite("mean", mean), Checks.positive("sd", sd));
    }

    public double logDensity(double x) {
        double z = (x - mean) * inverseSd;
        return -0.5 * z * z - logNormalizer;
    }

    public double mean() {
        return mean;
    }

    public double sd() {
        return sd;
    }

    public double variance() {
        return sd * sd;
    }
}
