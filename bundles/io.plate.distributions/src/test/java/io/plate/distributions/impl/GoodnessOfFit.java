package io.plate.distributions.impl;

import java.util.function.DoubleUnaryOperator;
import java.util.function.IntToDoubleFunction;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;

/**
 * Pearson chi-square goodness-of-fit tests against reference distributions from Commons Math.
 *
 * <p>Continuous: each draw x is mapped through the reference CDF (probability integral transform),
 * u = F(x), and u is binned into {@code bins} equiprobable bins; under the null every bin expects n/bins
 * draws. Discrete: one bin per value, with the tails merged until every bin expects at least 5.
 * The test fails when the p-value is below {@link #ALPHA}: a false-failure rate of 1e-4 per test. Every
 * test uses a fixed seed, so the suite is deterministic; the rate says how likely a correct sampler was
 * to be refused for the seed we fixed.
 */
final class GoodnessOfFit {
    static final double ALPHA = 1e-4;

    private GoodnessOfFit() {
    }

    /** p-value of the chi-square test of continuous draws against the CDF {@code cdf}. */
    static double continuous(double[] draws, DoubleUnaryOperator cdf, int bins) {
        long[] observed = new long[bins];
        for (double x : draws) {
            double u = cdf.applyAsDouble(x);
            if (!(u >= 0 && u <= 1)) {
                throw new AssertionError("CDF out of [0, 1] at x = " + x + ": " + u);
            }
            int b = (int) Math.min(bins - 1, Math.floor(u * bins));
            observed[b]++;
        }
        double expected = (double) draws.length / bins;
        double chi2 = 0;
        for (long o : observed) {
            chi2 += (o - expected) * (o - expected) / expected;
        }
        return 1 - new ChiSquaredDistribution(bins - 1).cumulativeProbability(chi2);
    }

    /** p-value of the chi-square test of integer draws against the pmf on {@code [min, max]}. */
    static double discrete(int[] draws, IntToDoubleFunction pmf, int min, int max) {
        int n = draws.length;
        int k = max - min + 1;
        long[] counts = new long[k];
        for (int x : draws) {
            if (x < min || x > max) {
                throw new AssertionError("draw " + x + " outside the support [" + min + ", " + max + "]");
            }
            counts[x - min]++;
        }
        double[] expected = new double[k];
        for (int i = 0; i < k; i++) {
            expected[i] = n * pmf.applyAsDouble(min + i);
        }
        // merge adjacent values, left to right, until each bin expects >= 5; the remainder joins the last bin
        java.util.List<double[]> bins = new java.util.ArrayList<>();
        double e = 0;
        double o = 0;
        for (int i = 0; i < k; i++) {
            e += expected[i];
            o += counts[i];
            if (e >= 5) {
                bins.add(new double[] {e, o});
                e = 0;
                o = 0;
            }
        }
        if (e > 0 || o > 0) {
            if (bins.isEmpty()) {
                bins.add(new double[] {e, o});
            } else {
                double[] lastBin = bins.get(bins.size() - 1);
                lastBin[0] += e;
                lastBin[1] += o;
            }
        }
        if (bins.size() < 2) {
            // one value carries (nearly) all the mass: every draw must be that value
            return o == n || bins.get(0)[1] == n ? 1.0 : 0.0;
        }
        double chi2 = 0;
        for (double[] b : bins) {
            if (b[0] == 0) {
                if (b[1] > 0) {
                    return 0.0;
                }
                continue;
            }
            chi2 += (b[1] - b[0]) * (b[1] - b[0]) / b[0];
        }
        return 1 - new ChiSquaredDistribution(bins.size() - 1).cumulativeProbability(chi2);
    }
}
