package io.plate.classifier.impl.kernel;

import java.util.Arrays;

/**
 * A one-dimensional Gaussian kernel density estimate f̂(x) = (1/W) Σ_i c_i φ((x − v_i)/h)/h over distinct
 * sorted training values v_i with multiplicities c_i (W = Σ c_i), evaluated in log space with a cut-off.
 *
 * <p>Evaluation finds the nearest value v* (binary search; distance d₀) and sums only the kernels whose
 * squared distance d² satisfies d² − d₀² ≤ h²(k² + 2 ln W), scanning outwards from x. Each neglected
 * term is at most e^(−k²/2)/W times the largest term, so together they are at most e^(−k²/2) times the
 * kept sum: the returned log density is low by at most log(1 + e^(−k²/2)) ≤ e^(−k²/2), never high
 * (k = 6: 1.5·10⁻⁸). Anchoring the sum at the nearest value keeps it finite far from the data.
 * Ties are stored once, so discrete-valued features cost as many kernels as distinct values.
 */
public final class KernelMarginal {
    private static final double HALF_LOG_2PI = 0.5 * Math.log(2 * Math.PI);

    private final double[] values;
    private final double[] counts;
    private final double bandwidth;
    private final double invTwoH2;
    private final double cutoff2;
    private final double logNorm;
    private final double total;

    /**
     * @param values    distinct values, strictly increasing, finite
     * @param counts    their multiplicities (> 0)
     * @param bandwidth h > 0
     * @param cutoff    k, the number of bandwidths (beyond the nearest value) inside which kernels are kept
     */
    public KernelMarginal(double[] values, double[] counts, double bandwidth, double cutoff) {
        if (values.length == 0 || values.length != counts.length) {
            throw new IllegalArgumentException("need as many counts as values, and at least one value");
        }
        if (!(bandwidth > 0) || Double.isInfinite(bandwidth)) {
            throw new IllegalArgumentException("bandwidth must be a finite number > 0, got " + bandwidth);
        }
        if (!(cutoff > 0)) {
            throw new IllegalArgumentException("cutoff must be > 0, got " + cutoff);
        }
        double w = 0;
        for (int i = 0; i < values.length; i++) {
            if (!Double.isFinite(values[i]) || (i > 0 && !(values[i] > values[i - 1]))) {
                throw new IllegalArgumentException("values must be finite and strictly increasing at index " + i);
            }
            if (!(counts[i] > 0) || Double.isInfinite(counts[i])) {
                throw new IllegalArgumentException("counts must be finite and > 0, got " + counts[i]);
            }
            w += counts[i];
        }
        this.values = values.clone();
        this.counts = counts.clone();
        this.bandwidth = bandwidth;
        this.total = w;
        this.invTwoH2 = 1.0 / (2 * bandwidth * bandwidth);
        this.cutoff2 = bandwidth * bandwidth * (cutoff * cutoff + 2 * Math.log(Math.max(w, 1.0)));
        this.logNorm = -Math.log(w) - Math.log(bandwidth) - HALF_LOG_2PI;
    }

    /** log f̂(x), with the cut-off described in the class comment. */
    public double logDensity(double x) {
        double[] v = values;
        int pos = Arrays.binarySearch(v, x);
        int right = pos >= 0 ? pos : -pos - 1; // first index with v >= x
        int left = right - 1;
        double dl = left >= 0 ? x - v[left] : Double.POSITIVE_INFINITY;
        double dr = right < v.length ? v[right] - x : Double.POSITIVE_INFINITY;
        double d0 = Math.min(dl, dr);
        double d02 = d0 * d0;
        double limit = d02 + cutoff2;
        double sum = 0;
        for (int i = left; i >= 0; i--) {
            double d = x - v[i];
            double d2 = d * d;
            if (d2 > limit) {
                break;
            }
            sum += counts[i] * Math.exp(-(d2 - d02) * invTwoH2);
        }
        for (int i = right; i < v.length; i++) {
            double d = v[i] - x;
            double d2 = d * d;
            if (d2 > limit) {
                break;
            }
            sum += counts[i] * Math.exp(-(d2 - d02) * invTwoH2);
        }
        return -d02 * invTwoH2 + Math.log(sum) + logNorm;
    }

    public double bandwidth() {
        return bandwidth;
    }

    /** Total weight W (number of training values). */
    public double total() {
        return total;
    }

    /** A copy of the distinct values. */
    public double[] values() {
        return values.clone();
    }

    /** A copy of the multiplicities. */
    public double[] counts() {
        return counts.clone();
    }
}
