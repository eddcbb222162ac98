package io.plate.classifier.impl.kernel;

import io.plate.classifier.impl.Standardizer;
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
 *
 * <p>A marginal with more than {@value #MIN_VALUES_FOR_TABLE} distinct values whose window holds more than
 * {@value #MIN_WINDOW_FOR_TABLE} of them on average (continuous data with a bandwidth that is not small
 * against the range) can instead be read from a table: log f̂ and its slope f̂'/f̂, both
 * computed as above, at nodes {@code h/grid} apart from v_min − 4h to v_max + 4h, joined by cubic Hermite
 * interpolation (error O((Δ/h)⁴), zero where one kernel dominates). The table is checked against the
 * cut-off evaluation at the midpoint of every interval, where the Hermite error peaks; if any midpoint is
 * off by more than {@value #TABLE_TOLERANCE} the spacing is halved (up to {@value #MAX_REFINEMENTS} times),
 * and a marginal whose table would pass {@value #MAX_NODES} nodes or never meets the tolerance is
 * evaluated directly. Outside the table's range evaluation is direct.
 */
public final class KernelMarginal {
    private static final double HALF_LOG_2PI = 0.5 * Math.log(2 * Math.PI);
    /** Marginals with at most this many distinct values are always evaluated directly. */
    public static final int MIN_VALUES_FOR_TABLE = 64;
    /** A table is built only when a direct evaluation would sum more kernels than this (on average). */
    public static final int MIN_WINDOW_FOR_TABLE = 32;
    /** Largest interpolation table (nodes). */
    public static final int MAX_NODES = 1 << 14;
    /** Largest difference in log density allowed at the interval midpoints. */
    public static final double TABLE_TOLERANCE = 1e-6;
    /** Largest number of table nodes per bandwidth. */
    public static final int MAX_GRID = 64;
    /** How many times the table spacing may be halved to meet the tolerance. */
    public static final int MAX_REFINEMENTS = 3;

    private final double[] values;
    /** The values divided by {@link #scale}, a power of two near the bandwidth: what the sums work on. */
    private final double[] scaled;
    private final double scale;
    private final double[] counts;
    private final double bandwidth;
    private final double invTwoH2;
    private final double cutoff2;
    private final double logNorm;
    private final double total;
    private final int grid;
    private final double tableLo;
    private final double tableStep;
    private final double[] tableLog; // null: evaluate directly
    private final double[] tableSlope;

    /**
     * @param values    distinct values, strictly increasing, finite
     * @param counts    their multiplicities (> 0)
     * @param bandwidth h > 0
     * @param cutoff    k, the number of bandwidths (beyond the nearest value) inside which kernels are kept
     */
    public KernelMarginal(double[] values, double[] counts, double bandwidth, double cutoff) {
        this(values, counts, bandwidth, cutoff, 0);
    }

    /**
     * @param grid nodes per bandwidth of the interpolation table (see the class comment); 0 = always direct
     */
    public KernelMarginal(double[] values, double[] counts, double bandwidth, double cutoff, int grid) {
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
        // in units of a power of two near h (exact): squared distances of values near 1e300 or 1e-300
        // would overflow or underflow; for 1 <= h < 2 the scale is 1 and nothing changes
        this.scale = Standardizer.powerOfTwoNear(bandwidth);
        this.scaled = scale == 1 ? this.values : new double[values.length];
        for (int i = 0; scale != 1 && i < values.length; i++) {
            scaled[i] = values[i] / scale;
        }
        double h = bandwidth / scale;
        this.invTwoH2 = 1.0 / (2 * h * h);
        this.cutoff2 = h * h * (cutoff * cutoff + 2 * Math.log(Math.max(w, 1.0)));
        this.logNorm = -Math.log(w) - Math.log(h) - HALF_LOG_2PI - Math.log(scale);
        if (grid < 0 || grid > MAX_GRID) {
            throw new IllegalArgumentException("grid must be in [0, " + MAX_GRID + "], got " + grid);
        }
        this.grid = grid;
        double lo = scaled[0] - 4 * h;
        double hi = scaled[values.length - 1] + 4 * h;
        double[][] table = grid > 0 && values.length > MIN_VALUES_FOR_TABLE && expectedWindow() > MIN_WINDOW_FOR_TABLE
                ? table(lo, hi, h, grid) : null;
        this.tableLo = lo;
        this.tableLog = table == null ? null : table[0];
        this.tableSlope = table == null ? null : table[1];
        this.tableStep = table == null ? Double.NaN : table[2][0];
    }

    /**
     * The number of kernels a direct evaluation sums, roughly: the distinct values times the share of
     * their range that the window (radius about √(k² + 2 ln W)·h each side) covers.
     */
    private double expectedWindow() {
        double reach = 2 * Math.sqrt(cutoff2);
        double span = scaled[scaled.length - 1] - scaled[0];
        return values.length * Math.min(1.0, reach / (span + reach));
    }

    /**
     * {log f̂, slope, {step}} at the nodes (in scaled units, h the scaled bandwidth), or null when no table
     * meets the tolerance within the limits.
     */
    private double[][] table(double lo, double hi, double h, int grid) {
        double[] ds = new double[2];
        for (int r = 0, g = grid; r <= MAX_REFINEMENTS; r++, g *= 2) {
            double step = h / g;
            double span = Math.ceil((hi - lo) / step);
            if (!(span + 1 <= MAX_NODES)) {
                return null;
            }
            int n = (int) span + 1;
            double[] lg = new double[n];
            double[] sl = new double[n];
            for (int i = 0; i < n; i++) {
                exact(lo + i * step, ds);
                lg[i] = ds[0];
                sl[i] = ds[1];
            }
            boolean ok = true;
            for (int i = 0; i + 1 < n && ok; i++) {
                double mid = hermite(lg[i], sl[i], lg[i + 1], sl[i + 1], step, 0.5);
                exact(lo + (i + 0.5) * step, ds);
                ok = Math.abs(mid - ds[0]) <= TABLE_TOLERANCE;
            }
            if (ok) {
                return new double[][] {lg, sl, {step}};
            }
        }
        return null;
    }

    private static double hermite(double g0, double s0, double g1, double s1, double step, double t) {
        double t2 = t * t;
        double t3 = t2 * t;
        return (2 * t3 - 3 * t2 + 1) * g0 + (t3 - 2 * t2 + t) * step * s0 + (-2 * t3 + 3 * t2) * g1
                + (t3 - t2) * step * s1;
    }

    /** log f̂(x): from the table when there is one and x is inside it, else by the cut-off sum. */
    public double logDensity(double x) {
        double xs = x / scale;
        if (tableLog != null) {
            double u = (xs - tableLo) / tableStep;
            if (u >= 0 && u < tableLog.length - 1) {
                int i = (int) u;
                return hermite(tableLog[i], tableSlope[i], tableLog[i + 1], tableSlope[i + 1], tableStep, u - i);
            }
        }
        return directScaled(xs);
    }

    /** True when this marginal is read from an interpolation table. */
    public boolean tabulated() {
        return tableLog != null;
    }

    /** Nodes per bandwidth asked for (0 = direct evaluation only). */
    public int grid() {
        return grid;
    }

    /** log f̂ and its slope at scaled x (slope per scaled unit) by the cut-off sum, into {@code out[0..1]}. */
    private void exact(double x, double[] out) {
        double[] v = scaled;
        int pos = Arrays.binarySearch(v, x);
        int right = pos >= 0 ? pos : -pos - 1;
        int left = right - 1;
        double dl = left >= 0 ? x - v[left] : Double.POSITIVE_INFINITY;
        double dr = right < v.length ? v[right] - x : Double.POSITIVE_INFINITY;
        double d0 = Math.min(dl, dr);
        double d02 = d0 * d0;
        double limit = d02 + cutoff2;
        double sum = 0;
        double moment = 0;
        for (int i = left; i >= 0; i--) {
            double d = v[i] - x;
            double d2 = d * d;
            if (d2 > limit) {
                break;
            }
            double t = counts[i] * Math.exp(-(d2 - d02) * invTwoH2);
            sum += t;
            moment += t * d;
        }
        for (int i = right; i < v.length; i++) {
            double d = v[i] - x;
            double d2 = d * d;
            if (d2 > limit) {
                break;
            }
            double t = counts[i] * Math.exp(-(d2 - d02) * invTwoH2);
            sum += t;
            moment += t * d;
        }
        out[0] = -d02 * invTwoH2 + Math.log(sum) + logNorm;
        out[1] = moment / sum * 2 * invTwoH2;
    }

    /** log f̂(x) by the cut-off sum (never the table). */
    public double directLogDensity(double x) {
        return directScaled(x / scale);
    }

    /** log f̂ at scaled x by the cut-off sum. */
    private double directScaled(double x) {
        double[] v = scaled;
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
