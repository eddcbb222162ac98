package io.plate.classifier.impl.kernel;

import io.plate.api.PlateException;
import io.plate.classifier.impl.Standardizer;
import java.util.Arrays;

/**
 * A bandwidth choice: Silverman's rule of thumb, Scott's rule, or a fixed number, parsed from the
 * {@code bandwidth} parameter ({@code silverman|scott|weka|<number > 0>}).
 *
 * <p>One-dimensional rules (for the marginals of {@code nb.kernel}), with σ̂ the sample standard deviation
 * (n − 1 denominator) and IQR the interquartile range of the n values:
 * <ul>
 * <li>Silverman (1986, eq. 3.31): h = 0.9 · min(σ̂, IQR/1.34) · n^(−1/5) (the positive one of the two
 * when the other is 0);</li>
 * <li>Scott (1992), the normal reference rule: h = 1.06 · σ̂ · n^(−1/5);</li>
 * <li>Weka's {@code KernelEstimator}: h = range / √n (wider than the two above for skewed,
 * zero-inflated features; {@code nb.kernel} only).</li>
 * </ul>
 * Multivariate factors (for {@code kde} and {@code kernel.regression}, as scipy's {@code gaussian_kde}):
 * Scott n^(−1/(p+4)), Silverman (n(p+2)/4)^(−1/(p+4)), multiplied by each feature's standard deviation.
 */
public final class Bandwidth {
    public enum Rule { SILVERMAN, SCOTT, WEKA, FIXED }

    private final Rule rule;
    private final double value;

    private Bandwidth(Rule rule, double value) {
        this.rule = rule;
        this.value = value;
    }

    /** Parses the parameter text of a one-dimensional use ({@code nb.kernel}: every rule). */
    public static Bandwidth parse(String text) {
        return parse(text, true);
    }

    /**
     * Parses the parameter text; a bad value is a {@link PlateException} naming the parameter.
     *
     * @param allowWeka whether the one-dimensional {@code weka} rule is allowed (not for multivariate kernels)
     */
    public static Bandwidth parse(String text, boolean allowWeka) {
        String t = text.trim();
        if (t.equalsIgnoreCase("silverman")) {
            return new Bandwidth(Rule.SILVERMAN, Double.NaN);
        }
        if (t.equalsIgnoreCase("scott")) {
            return new Bandwidth(Rule.SCOTT, Double.NaN);
        }
        if (allowWeka && t.equalsIgnoreCase("weka")) {
            return new Bandwidth(Rule.WEKA, Double.NaN);
        }
        double h;
        try {
            h = Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw new PlateException("parameter 'bandwidth' = '" + text + "': expected silverman, scott, " + (allowWeka ? "weka " : "")
                    + "or a number > 0");
        }
        if (!(h > 0) || Double.isInfinite(h)) {
            throw new PlateException("parameter 'bandwidth' = '" + text + "': must be a finite number > 0");
        }
        return new Bandwidth(Rule.FIXED, h);
    }

    public Rule rule() {
        return rule;
    }

    public boolean isFixed() {
        return rule == Rule.FIXED;
    }

    /** The fixed value (only for {@link Rule#FIXED}). */
    public double value() {
        return value;
    }

    /**
     * The one-dimensional rule-of-thumb bandwidth of {@code sorted} values with multiplicities
     * {@code counts} (total n); 0 when the values have no spread.
     */
    public double oneDimensional(double[] sorted, double[] counts) {
        if (rule == Rule.FIXED) {
            return value;
        }
        double n = 0;
        double mean = 0;
        // values times a power of two near the largest magnitude (exact): squares neither overflow nor underflow
        double scale = sorted.length == 0 ? 1
                : Standardizer.powerOfTwoNear(Math.max(Math.abs(sorted[0]), Math.abs(sorted[sorted.length - 1])));
        for (int i = 0; i < sorted.length; i++) {
            n += counts[i];
            mean += counts[i] * (sorted[i] / scale);
        }
        if (n < 2) {
            return 0;
        }
        mean /= n;
        double ss = 0;
        for (int i = 0; i < sorted.length; i++) {
            double d = sorted[i] / scale - mean;
            ss += counts[i] * d * d;
        }
        if (rule == Rule.WEKA) {
            return (sorted[sorted.length - 1] - sorted[0]) / Math.sqrt(n);
        }
        double sd = Math.sqrt(ss / (n - 1)) * scale;
        double nf = Math.pow(n, -0.2);
        if (rule == Rule.SCOTT) {
            return 1.06 * sd * nf;
        }
        double iqr = (quantile(sorted, counts, n, 0.75) - quantile(sorted, counts, n, 0.25)) / 1.34;
        double spread = sd > 0 && iqr > 0 ? Math.min(sd, iqr) : Math.max(sd, iqr);
        return 0.9 * spread * nf;
    }

    /** The multivariate factor for {@code n} points in {@code p} dimensions (times a feature's sd gives h). */
    public double factor(double n, int p) {
        if (rule == Rule.WEKA) {
            throw new IllegalStateException("the weka rule is one-dimensional");
        }
        if (rule == Rule.SCOTT) {
            return Math.pow(n, -1.0 / (p + 4));
        }
        if (rule == Rule.SILVERMAN) {
            return Math.pow(n * (p + 2) / 4.0, -1.0 / (p + 4));
        }
        return value;
    }

    /** Linear-interpolation quantile (numpy's default) of the expanded sample. */
    static double quantile(double[] sorted, double[] counts, double n, double q) {
        double pos = q * (n - 1);
        long lo = (long) Math.floor(pos);
        double frac = pos - lo;
        double a = at(sorted, counts, lo);
        double b = frac > 0 ? at(sorted, counts, lo + 1) : a;
        return a + frac * (b - a);
    }

    private static double at(double[] sorted, double[] counts, long index) {
        double seen = 0;
        for (int i = 0; i < sorted.length; i++) {
            seen += counts[i];
            if (index < seen) {
                return sorted[i];
            }
        }
        return sorted[sorted.length - 1];
    }

    @Override
    public String toString() {
        return rule == Rule.FIXED ? Double.toString(value) : rule.name().toLowerCase(java.util.Locale.ROOT);
    }

    /** Distinct sorted values of {@code v} (NaN dropped) and their multiplicities, as two arrays. */
    public static double[][] distinct(double[] v, int count) {
        double[] s = Arrays.copyOf(v, count);
        Arrays.sort(s);
        int m = 0;
        double[] vals = new double[count];
        double[] cnt = new double[count];
        for (int i = 0; i < count; i++) {
            if (m > 0 && vals[m - 1] == s[i]) {
                cnt[m - 1]++;
            } else {
                vals[m] = s[i];
                cnt[m] = 1;
                m++;
            }
        }
        return new double[][] {Arrays.copyOf(vals, m), Arrays.copyOf(cnt, m)};
    }
}
