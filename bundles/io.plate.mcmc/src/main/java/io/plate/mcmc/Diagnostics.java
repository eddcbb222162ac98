package io.plate.mcmc;

import io.plate.api.sample.SummaryDiagnostic;
import io.plate.api.sample.Trace;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.math3.complex.Complex;
import org.apache.commons.math3.special.Erf;
import org.apache.commons.math3.transform.DftNormalization;
import org.apache.commons.math3.transform.FastFourierTransformer;
import org.apache.commons.math3.transform.TransformType;

/**
 * Convergence diagnostics of Vehtari, Gelman, Simpson, Carpenter and Bürkner (2021), "Rank-normalization,
 * folding, and localization: an improved R-hat for assessing convergence of MCMC", Bayesian Analysis
 * 16(2), as pure functions over {@code draws[chain][draw]}.
 *
 * <p>The definitions follow the paper and its reference implementation in ArviZ ({@code rhat(method="rank")},
 * {@code ess(method="bulk")}, {@code ess(method="tail")}): chains are split in halves (the middle draw of
 * an odd-length chain is dropped), values are rank-normalised over all draws ({@code Φ⁻¹((r − 3/8)/(S + 1/4))}
 * with average ranks for ties), autocorrelations use Geyer's initial positive and monotone sequences.
 * Every chain must have the same number of draws. Results are NaN when a figure is undefined: fewer than
 * four draws per chain, a non-finite draw, or (for R-hat) a single chain or all draws equal. R-hat is
 * +Infinity when the (split) chains are each constant but not all at one value: they disagree, and
 * no variation within them can ever make up for it.
 */
public final class Diagnostics {
    /** Fewest draws per chain for any diagnostic (as in ArviZ). */
    public static final int MIN_DRAWS = 4;

    private Diagnostics() {
    }

    /**
     * Rank-normalised split R-hat: the larger of the bulk R-hat (split, rank-normalised draws) and the
     * tail R-hat (the same on draws folded about their median).
     */
    public static double splitRhat(double[][] draws) {
        draws = roundingAsOne(draws);
        int n = check(draws);
        if (draws.length < 2 || n < MIN_DRAWS || !finite(draws)) {
            return Double.NaN;
        }
        double bulk = rhat(zScale(split(draws)));
        double median = median(draws);
        double[][] folded = new double[draws.length][n];
        for (int c = 0; c < draws.length; c++) {
            for (int d = 0; d < n; d++) {
                folded[c][d] = Math.abs(draws[c][d] - median);
            }
        }
        double tail = rhat(zScale(split(folded)));
        if (bulk == Double.POSITIVE_INFINITY || tail == Double.POSITIVE_INFINITY) {
            // e.g. chains constant at 19 and 20: the folded draws are all equal (tail NaN), the bulk is not
            return Double.POSITIVE_INFINITY;
        }
        if (Double.isNaN(bulk) || Double.isNaN(tail)) {
            return Double.NaN;
        }
        return Math.max(bulk, tail);
    }

    /** Bulk effective sample size: the ESS of the split, rank-normalised draws. */
    public static double essBulk(double[][] draws) {
        draws = roundingAsOne(draws);
        int n = check(draws);
        if (n < MIN_DRAWS || !finite(draws)) {
            return Double.NaN;
        }
        return ess(zScale(split(draws)));
    }

    /** Tail effective sample size: the smaller ESS of the indicators of the 5% and 95% quantiles, split. */
    public static double essTail(double[][] draws) {
        draws = roundingAsOne(draws);
        int n = check(draws);
        if (n < MIN_DRAWS || !finite(draws)) {
            return Double.NaN;
        }
        return Math.min(essQuantile(draws, 0.05), essQuantile(draws, 0.95));
    }

    /** ESS of the indicator {@code draw <= quantile(prob)} over split chains. */
    public static double essQuantile(double[][] draws, double prob) {
        if (!(prob >= 0 && prob <= 1)) {
            throw new IllegalArgumentException("prob must be in [0, 1], got " + prob);
        }
        int n = check(draws);
        if (n < MIN_DRAWS || !finite(draws)) {
            return Double.NaN;
        }
        double q = quantile(draws, prob);
        double[][] ind = new double[draws.length][n];
        for (int c = 0; c < draws.length; c++) {
            for (int d = 0; d < n; d++) {
                ind[c][d] = draws[c][d] <= q ? 1 : 0;
            }
        }
        return ess(split(ind));
    }

    /**
     * The classic potential scale reduction over the chains as given (no splitting, no ranks):
     * {@code sqrt(((n − 1)/n · W + B/n) / W)}; +Infinity when every chain is constant (W = 0) but
     * the chains' values differ (B > 0), NaN when all draws are equal.
     */
    public static double rhat(double[][] draws) {
        int n = check(draws);
        int m = draws.length;
        if (n < 2 || m < 2) {
            return Double.NaN;
        }
        double[] means = new double[m];
        double w = 0;
        for (int c = 0; c < m; c++) {
            means[c] = mean(draws[c]);
            w += variance(draws[c], means[c]);
        }
        w /= m;
        if (constant(draws)) {
            // W = 0 exactly (a computed mean of equal values may be off in its last bit, W would not be 0)
            return sameValue(draws) ? Double.NaN : Double.POSITIVE_INFINITY;
        }
        double b = n * variance(means, mean(means));
        if (!(w > 0)) {
            return Double.NaN;
        }
        return Math.sqrt((b / w + n - 1) / n);
    }

    /**
     * Effective sample size of the chains as given (no splitting): {@code m·n / τ̂} with the integrated
     * autocorrelation time τ̂ from the multi-chain autocorrelation estimate truncated by Geyer's initial
     * positive sequence and made monotone. Constant draws give {@code m·n}.
     */
    public static double ess(double[][] draws) {
        int n = check(draws);
        int m = draws.length;
        if (n < MIN_DRAWS || !finite(draws)) {
            return Double.NaN;
        }
        double[] range = range(draws);
        if (range[1] - range[0] < 1e-15) {
            return (double) m * n;
        }
        Autocovariance acov = new Autocovariance(draws);
        double[] chainMeans = new double[m];
        for (int c = 0; c < m; c++) {
            chainMeans[c] = acov.mean(c);
        }
        double meanVar = acov.meanAt(0) * n / (n - 1.0);
        double varPlus = meanVar * (n - 1.0) / n;
        if (m > 1) {
            varPlus += variance(chainMeans, mean(chainMeans));
        }
        double[] rho = new double[n];
        double rhoEven = 1.0;
        rho[0] = rhoEven;
        double rhoOdd = 1.0 - (meanVar - acov.meanAt(1)) / varPlus;
        rho[1] = rhoOdd;
        int t = 1;
        while (t < n - 3 && rhoEven + rhoOdd > 0.0) {
            rhoEven = 1.0 - (meanVar - acov.meanAt(t + 1)) / varPlus;
            rhoOdd = 1.0 - (meanVar - acov.meanAt(t + 2)) / varPlus;
            if (rhoEven + rhoOdd >= 0) {
                rho[t + 1] = rhoEven;
                rho[t + 2] = rhoOdd;
            }
            t += 2;
        }
        int maxT = t - 2;
        if (rhoEven > 0) {
            rho[maxT + 1] = rhoEven;
        }
        t = 1;
        while (t <= maxT - 2) {
            if (rho[t + 1] + rho[t + 2] > rho[t - 1] + rho[t]) {
                rho[t + 1] = (rho[t - 1] + rho[t]) / 2.0;
                rho[t + 2] = rho[t + 1];
            }
            t += 2;
        }
        double total = (double) m * n;
        double sum = 0;
        for (int k = 0; k <= maxT; k++) {
            sum += rho[k];
        }
        double tau = -1.0 + 2.0 * sum + (maxT + 1 < n ? rho[maxT + 1] : 0.0);
        tau = Math.max(tau, 1.0 / Math.log10(total));
        double ess = total / tau;
        return Double.isFinite(ess) ? ess : Double.NaN;
    }

    /**
     * Diagnostics of every summary of a trace. Mean and sd use every kept draw of every chain; R-hat
     * and ESS use the chains that kept draws, each cut to the shortest such chain's length (chains of a
     * cancelled run may have kept different numbers of draws).
     */
    public static List<SummaryDiagnostic> summarize(Trace trace) {
        List<SummaryDiagnostic> out = new ArrayList<>();
        for (int s = 0; s < trace.summaryNames().size(); s++) {
            double[][] all = trace.series(s);
            out.add(summarize(trace.summaryNames().get(s), all));
        }
        return out;
    }

    /**
     * Diagnostics of one summary given per chain (chains may differ in length; see {@link #summarize(Trace)}).
     * Draws that differ only by rounding (within {@link #ROUNDING} of their magnitude) have sd 0.
     */
    public static SummaryDiagnostic summarize(String name, double[][] series) {
        double sum = 0;
        long count = 0;
        for (double[] chain : series) {
            for (double v : chain) {
                sum += v;
                count++;
            }
        }
        double mean = count > 0 ? sum / count : Double.NaN;
        double ss = 0;
        for (double[] chain : series) {
            for (double v : chain) {
                ss += (v - mean) * (v - mean);
            }
        }
        // draws one value up to rounding (a log joint summed in different orders) are constant: sd 0, as for
        // exactly equal draws, so that no ESS warning takes rounding noise for a summary that varies
        // exactly equal draws too: their mean, rounded, differs from them, which made sd 1.8e-12 for a constant log joint
        double[] range = range(series);
        double sd = count < 2 ? Double.NaN : range[0] == range[1] || roundingAsOne(series) != series ? 0.0
                : Math.sqrt(ss / (count - 1));
        double[][] rect = rectangular(series);
        if (rect.length == 0) {
            return new SummaryDiagnostic(name, mean, sd, Double.NaN, Double.NaN, Double.NaN);
        }
        return new SummaryDiagnostic(name, mean, sd, splitRhat(rect), essBulk(rect), essTail(rect));
    }

    /** The chains with at least one draw, each cut to the shortest one's length. */
    public static double[][] rectangular(double[][] series) {
        int shortest = Integer.MAX_VALUE;
        int used = 0;
        for (double[] chain : series) {
            if (chain.length > 0) {
                shortest = Math.min(shortest, chain.length);
                used++;
            }
        }
        double[][] out = new double[used][];
        int k = 0;
        for (double[] chain : series) {
            if (chain.length > 0) {
                out[k++] = Arrays.copyOf(chain, shortest);
            }
        }
        return out;
    }

    // --- building blocks ------------------------------------------------------------------------------

    /** Splits each chain into its first and last {@code n/2} draws (the middle draw of an odd chain dropped). */
    public static double[][] split(double[][] draws) {
        int n = check(draws);
        int half = n / 2;
        double[][] out = new double[2 * draws.length][];
        for (int c = 0; c < draws.length; c++) {
            out[2 * c] = Arrays.copyOfRange(draws[c], 0, half);
            out[2 * c + 1] = Arrays.copyOfRange(draws[c], n - half, n);
        }
        return out;
    }

    /** Rank-normalises all draws together: {@code Φ⁻¹((rank − 3/8) / (S + 1/4))}, average ranks for ties. */
    public static double[][] zScale(double[][] draws) {
        int n = check(draws);
        int m = draws.length;
        int size = m * n;
        double[] flat = new double[size];
        for (int c = 0; c < m; c++) {
            System.arraycopy(draws[c], 0, flat, c * n, n);
        }
        double[] sorted = flat.clone();
        Arrays.sort(sorted);
        double[] rank = new double[size];
        for (int i = 0; i < size; i++) {
            int first = lowerBound(sorted, flat[i]);
            int last = upperBound(sorted, flat[i]) - 1;
            rank[i] = (first + last) / 2.0 + 1.0; // 1-based average rank of the ties
        }
        double[][] out = new double[m][n];
        for (int c = 0; c < m; c++) {
            for (int d = 0; d < n; d++) {
                double u = (rank[c * n + d] - 0.375) / (size + 0.25);
                out[c][d] = Math.sqrt(2.0) * Erf.erfInv(2.0 * u - 1.0);
            }
        }
        return out;
    }

    /** First index whose value is not below {@code x}. */
    private static int lowerBound(double[] sorted, double x) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] < x) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** First index whose value is above {@code x}. */
    private static int upperBound(double[] sorted, double x) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] <= x) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Median of all draws (the mean of the two middle values for an even count). */
    public static double median(double[][] draws) {
        return quantile(draws, 0.5);
    }

    /** Quantile of all draws with linear interpolation between order statistics (NumPy's default). */
    public static double quantile(double[][] draws, double prob) {
        int n = check(draws);
        double[] flat = new double[draws.length * n];
        for (int c = 0; c < draws.length; c++) {
            System.arraycopy(draws[c], 0, flat, c * n, n);
        }
        return new Selection(flat, false).quantiles(prob)[0];
    }

    /**
     * Quantiles of {@code x} at each of {@code probs}, as {@link #quantileOfSorted} gives them on a sorted copy (to
     * the bit: NaN last and -0.0 before 0.0, as {@link Arrays#sort(double[])} orders them), found by selection in
     * expected linear time instead of a sort; {@code x} is reordered. Probability 0 gives the least value and 1 the
     * greatest, also where one is infinite (which {@code quantileOfSorted} makes NaN). For summaries of many values in a command: the calling thread's interrupt (Ctrl-C) is seen.
     *
     * @throws java.util.concurrent.CancellationException when the calling thread is interrupted meanwhile
     */
    public static double[] quantiles(double[] x, double... probs) {
        return new Selection(x, true).quantiles(probs);
    }

    /**
     * Quantile of sorted values with linear interpolation between order statistics (type 7: NumPy's and
     * R's default).
     */
    public static double quantileOfSorted(double[] sorted, double prob) {
        double h = (sorted.length - 1) * prob;
        int lo = (int) Math.floor(h);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
    }

    /** Arithmetic mean of {@code x} (NaN when empty). */
    public static double mean(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v;
        }
        return s / x.length;
    }

    /** Sample standard deviation (divisor n - 1, two passes); 0 for fewer than two values. */
    public static double sd(double[] x) {
        return x.length < 2 ? 0.0 : Math.sqrt(variance(x, mean(x)));
    }

    /**
     * Split R-hat of growing prefixes of the chains, about {@code points} of them evenly spaced up to the
     * shortest chain's length: {@code {lengths, rhats}}, only where R-hat is defined (not NaN; +Infinity
     * where the chains are constant at different values); both empty with fewer than two chains or
     * {@link #MIN_DRAWS} draws.
     */
    public static double[][] runningSplitRhat(double[][] chains, int points) {
        int n = Integer.MAX_VALUE;
        for (double[] c : chains) {
            n = Math.min(n, c.length);
        }
        List<double[]> pts = new ArrayList<>();
        if (chains.length >= 2 && n >= MIN_DRAWS) {
            int step = Math.max(1, n / points);
            for (int m = Math.max(MIN_DRAWS, step); m <= n; m += step) {
                double[][] prefix = new double[chains.length][];
                for (int c = 0; c < chains.length; c++) {
                    prefix[c] = Arrays.copyOf(chains[c], m);
                }
                double r = splitRhat(prefix);
                if (!Double.isNaN(r)) {
                    pts.add(new double[] {m, r});
                }
            }
        }
        double[][] out = new double[2][pts.size()];
        for (int i = 0; i < pts.size(); i++) {
            out[0][i] = pts.get(i)[0];
            out[1][i] = pts.get(i)[1];
        }
        return out;
    }

    private static int check(double[][] draws) {
        if (draws.length == 0) {
            throw new IllegalArgumentException("no chains");
        }
        int n = draws[0].length;
        for (int c = 1; c < draws.length; c++) {
            if (draws[c].length != n) {
                throw new IllegalArgumentException("chain " + c + " has " + draws[c].length + " draws, chain 0 has " + n);
            }
        }
        return n;
    }

    /** Whether every chain holds one value only. */
    private static boolean constant(double[][] draws) {
        for (double[] chain : draws) {
            for (double v : chain) {
                if (v != chain[0]) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Whether every chain holds one value only, the same in all chains. */
    private static boolean sameValue(double[][] draws) {
        for (double[] chain : draws) {
            if (chain[0] != draws[0][0]) {
                return false;
            }
        }
        return constant(draws);
    }

    private static boolean finite(double[][] draws) {
        for (double[] chain : draws) {
            for (double v : chain) {
                if (!Double.isFinite(v)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The least and greatest of {@code draws}. */
    private static double[] range(double[][] draws) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (double[] chain : draws) {
            for (double v : chain) {
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
        }
        return new double[] {lo, hi};
    }

    /** Relative spread below which draws are one value up to floating-point rounding. */
    static final double ROUNDING = 1e-9;

    /**
     * {@code draws}, or one value in their shape when they differ only by rounding (within {@link #ROUNDING}
     * of their magnitude): ranks would make that noise a full spread, and chains at one value an infinite
     * R-hat. Non-finite draws are left to the callers' checks.
     */
    private static double[][] roundingAsOne(double[][] draws) {
        double[] range = range(draws);
        double lo = range[0];
        double hi = range[1];
        if (!(hi - lo > 0) || !Double.isFinite(hi - lo)
                || hi - lo > ROUNDING * Math.max(1, Math.max(Math.abs(lo), Math.abs(hi)))) {
            return draws;
        }
        double[][] one = new double[draws.length][];
        for (int c = 0; c < draws.length; c++) {
            one[c] = new double[draws[c].length];
            java.util.Arrays.fill(one[c], lo);
        }
        return one;
    }

    /** Sample variance with denominator {@code n − 1}. */
    private static double variance(double[] x, double mean) {
        double s = 0;
        for (double v : x) {
            s += (v - mean) * (v - mean);
        }
        return s / (x.length - 1);
    }

    /**
     * Per-chain autocovariances {@code (1/n) Σ (x_i − x̄)(x_{i+t} − x̄)}: for short chains summed lag by lag
     * as the Geyer sums ask for them, for long ones all lags at once by FFT (as ArviZ does), so that a
     * chain that never mixes costs O(n log n), not O(n²).
     */
    private static final class Autocovariance {
        private static final int FFT_FROM = 512;
        private final double[][] centred;
        private final double[] means;
        private final double[] byLag; // mean over chains per lag, when computed by FFT

        Autocovariance(double[][] draws) {
            centred = new double[draws.length][];
            means = new double[draws.length];
            for (int c = 0; c < draws.length; c++) {
                means[c] = Diagnostics.mean(draws[c]);
                centred[c] = new double[draws[c].length];
                for (int d = 0; d < draws[c].length; d++) {
                    centred[c][d] = draws[c][d] - means[c];
                }
            }
            int n = draws[0].length;
            byLag = n >= FFT_FROM ? fft(centred, n) : null;
        }

        private static double[] fft(double[][] centred, int n) {
            int size = Integer.highestOneBit(2 * n - 1) << 1;
            FastFourierTransformer t = new FastFourierTransformer(DftNormalization.STANDARD);
            double[] out = new double[n];
            double[] padded = new double[size];
            for (double[] x : centred) {
                Arrays.fill(padded, 0);
                System.arraycopy(x, 0, padded, 0, n);
                Complex[] f = t.transform(padded, TransformType.FORWARD);
                for (int k = 0; k < f.length; k++) {
                    double re = f[k].getReal();
                    double im = f[k].getImaginary();
                    f[k] = new Complex(re * re + im * im, 0);
                }
                Complex[] back = t.transform(f, TransformType.INVERSE);
                for (int lag = 0; lag < n; lag++) {
                    out[lag] += back[lag].getReal() / n;
                }
            }
            for (int lag = 0; lag < n; lag++) {
                out[lag] /= centred.length;
            }
            return out;
        }

        double mean(int c) {
            return means[c];
        }

        /** Mean over chains of the autocovariance at {@code lag}. */
        double meanAt(int lag) {
            if (byLag != null) {
                return byLag[lag];
            }
            double total = 0;
            for (double[] x : centred) {
                int n = x.length;
                double s = 0;
                for (int i = 0; i + lag < n; i++) {
                    s += x[i] * x[i + lag];
                }
                total += s / n;
            }
            return total / centred.length;
        }
    }

    /**
     * Order statistics of an array by selection (Hoare's partition about a median of three, recursing only into the
     * parts that hold a wanted rank; a sort of the part past a depth limit), reordering the array in place.
     */
    private static final class Selection {
        /** Parts this short are sorted by insertion. */
        private static final int SHORT = 24;
        /** Swaps between two looks at the interrupt flag. */
        private static final int CHECK_EVERY = 1 << 16;

        private final double[] a;
        private final boolean interruptible;
        private int steps;

        Selection(double[] a, boolean interruptible) {
            this.a = a;
            this.interruptible = interruptible;
        }

        double[] quantiles(double... probs) {
            if (a.length == 0) {
                throw new IllegalArgumentException("no values to take quantiles of");
            }
            int n = a.length;
            int numbers = nansLast(); // Arrays.sort puts NaN last; the partitions compare numbers only
            int[] ranks = new int[2 * probs.length];
            for (int i = 0; i < probs.length; i++) {
                int lo = (int) Math.floor((n - 1) * probs[i]);
                ranks[2 * i] = lo;
                ranks[2 * i + 1] = Math.min(lo + 1, n - 1);
            }
            int[] wanted = Arrays.stream(ranks).filter(r -> r < numbers).sorted().distinct().toArray();
            int depth = 2 * (32 - Integer.numberOfLeadingZeros(numbers)) + 8;
            select(0, numbers, wanted, 0, wanted.length, depth);
            boolean zero = false;
            for (int r : wanted) {
                zero |= a[r] == 0;
            }
            long[] zeros = zero ? negativesAndNegativeZeros(numbers) : null;
            double[] out = new double[probs.length];
            for (int i = 0; i < probs.length; i++) {
                double h = (n - 1) * probs[i];
                int lo = ranks[2 * i];
                double low = value(lo, zeros);
                // 0 and 1: the least and greatest themselves (0 × ∞ would make an infinite one NaN)
                out[i] = probs[i] == 0 || probs[i] == 1 ? low : low + (h - lo) * (value(ranks[2 * i + 1], zeros) - low);
            }
            return out;
        }

        /** The value of rank {@code r}: -0.0 for the ranks the sort gives the negative zeros, NaN past the numbers. */
        private double value(int r, long[] zeros) {
            double v = a[r];
            if (v == 0 && zeros != null) {
                return r < zeros[0] + zeros[1] ? -0.0 : 0.0;
            }
            return v;
        }

        /** Moves NaNs to the end; returns how many values are not NaN. */
        private int nansLast() {
            int end = a.length;
            for (int i = 0; i < end; i++) {
                check(i);
                if (Double.isNaN(a[i])) {
                    end--;
                    double t = a[i];
                    a[i] = a[end];
                    a[end] = t;
                    i--;
                }
            }
            return end;
        }

        /** How many of the first {@code n} values are below zero, and how many are -0.0. */
        private long[] negativesAndNegativeZeros(int n) {
            long below = 0;
            long negativeZeros = 0;
            for (int i = 0; i < n; i++) {
                check(i);
                double v = a[i];
                if (v < 0) {
                    below++;
                } else if (v == 0 && Double.doubleToRawLongBits(v) != 0) {
                    negativeZeros++;
                }
            }
            return new long[] {below, negativeZeros};
        }

        /** Puts ranks {@code wanted[rFrom..rTo)} (sorted, within {@code [from, to)}) in place. */
        private void select(int from, int to, int[] wanted, int rFrom, int rTo, int depth) {
            while (rFrom < rTo) {
                if (to - from <= SHORT) {
                    insertionSort(from, to);
                    return;
                }
                if (depth-- == 0) {
                    Arrays.sort(a, from, to);
                    return;
                }
                if (to - from > CHECK_EVERY) {
                    check(0);
                }
                int mid = (from + to) >>> 1;
                double p = medianOfThree(a[from], a[mid], a[to - 1]);
                int i = from;
                int j = to - 1;
                while (i <= j) {
                    while (a[i] < p) {
                        i++;
                    }
                    while (a[j] > p) {
                        j--;
                    }
                    if (i <= j) {
                        double t = a[i];
                        a[i] = a[j];
                        a[j] = t;
                        i++;
                        j--;
                        check(++steps);
                    }
                }
                // [from, j] <= p <= [i, to); between them, values equal to p, each at its rank
                int leftEnd = rFrom;
                while (leftEnd < rTo && wanted[leftEnd] <= j) {
                    leftEnd++;
                }
                int rightStart = leftEnd;
                while (rightStart < rTo && wanted[rightStart] < i) {
                    rightStart++;
                }
                if (leftEnd - rFrom < rTo - rightStart) {
                    select(from, j + 1, wanted, rFrom, leftEnd, depth);
                    from = i;
                    rFrom = rightStart;
                } else {
                    select(i, to, wanted, rightStart, rTo, depth);
                    to = j + 1;
                    rTo = leftEnd;
                }
            }
        }

        private void insertionSort(int from, int to) {
            for (int i = from + 1; i < to; i++) {
                double v = a[i];
                int j = i - 1;
                while (j >= from && a[j] > v) {
                    a[j + 1] = a[j];
                    j--;
                }
                a[j + 1] = v;
            }
        }

        private static double medianOfThree(double x, double y, double z) {
            return x < y ? (y < z ? y : Math.max(x, z)) : (x < z ? x : Math.max(y, z));
        }

        /** Every {@link #CHECK_EVERY} steps, fails when the thread is interrupted (if this selection may be). */
        private void check(int step) {
            if (interruptible && (step & (CHECK_EVERY - 1)) == 0 && Thread.currentThread().isInterrupted()) {
                throw new java.util.concurrent.CancellationException("interrupted (Ctrl-C or a signal)");
            }
        }
    }
}
