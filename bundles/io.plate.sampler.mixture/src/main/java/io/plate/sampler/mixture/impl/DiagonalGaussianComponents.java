package io.plate.sampler.mixture.impl;

import io.plate.distributions.numerics.SpecialFunctions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * "Naive" Gaussian components: within a cluster the columns are independent normals, each with its
 * own Normal-Gamma(μ0_j, κ0, a0, b0_j) prior on (mean, precision), integrated out. The predictive of
 * one value is a Student-t with 2a_n degrees of freedom, location μ_n and squared scale
 * b_n(κ_n + 1)/(a_n κ_n); a row's predictive is the product over its columns (missing values are
 * left out). Statistics are kept centred on μ0 (sums of y = x − μ0 and y²) so that large offsets do
 * not cancel. Each slot caches the Student-t constants of every column and refreshes them when the
 * slot changes; a row that returns to the slot it just left gets the constants saved when it left.
 */
public final class DiagonalGaussianComponents implements Components {
    private static final double LOG_PI = Math.log(Math.PI);
    private static final double LOG_2PI = Math.log(2 * Math.PI);

    private final NumericData data;
    private final int d;
    private final double[] mu0;
    private final double kappa0;
    private final double a0;
    private final double[] b0;
    private int capacity;
    private int[] count; // [k * d + j]
    private double[] sum; // Σ y
    private double[] sumSq; // Σ y²
    private int[] sizes;
    // cached predictive constants per [k * d + j]
    private double[] loc;
    private double[] nuScale2;
    private double[] halfNuPlus1;
    private double[] logNorm;
    private final double[] gammaTerm; // log Γ((ν+1)/2) − log Γ(ν/2) − ½ log(νπ) for ν = 2a0 + n
    // the constants of the slot the last removed row left, while that row may come back (see add)
    private int undoRow = -1;
    private int undoSlot;
    private final double[] undo; // loc, nuScale2, halfNuPlus1, logNorm of the slot's d columns

    /**
     * Default priors: μ0 the data mean, a0 = nu0 / 2, and b0_j = a0 · scale · var_j, so that the prior
     * mean of column j's precision is 1 / (scale · var_j).
     *
     * @param kappa0 prior pseudo-count of the means
     * @param nu0    prior degrees of freedom of each precision (shape a0 = nu0 / 2)
     * @param scale  prior variance as a fraction of the data variance
     */
    static DiagonalGaussianComponents withDefaults(NumericData data, double kappa0, double nu0, double scale) {
        return withDefaults(data, kappa0, nu0, scale, String.valueOf(scale));
    }

    /** As {@link #withDefaults(NumericData, double, double, double)}, naming prior_scale as the user typed it. */
    static DiagonalGaussianComponents withDefaults(NumericData data, double kappa0, double nu0, double scale,
            String scaleTyped) {
        if (!(nu0 > 0)) {
            throw new IllegalArgumentException("nu0 must be > 0, got " + nu0);
        }
        if (!(scale > 0)) {
            throw new IllegalArgumentException("prior_scale must be > 0, got " + scale);
        }
        double a0 = nu0 / 2;
        double[] b0 = new double[data.dims];
        for (int j = 0; j < data.dims; j++) {
            b0[j] = a0 * scale * data.covariance[j][j];
            if (!(b0[j] > 0) || Double.isInfinite(b0[j])) {
                throw new io.plate.api.PlateException("parameter 'prior_scale' = '" + scaleTyped + "': makes the prior"
                        + " scale b0 = nu0 / 2 * prior_scale * variance of column '" + data.names.get(j) + "' " + b0[j]
                        + " (nu0 = " + nu0 + ", variance " + data.covariance[j][j] + "); use a prior_scale nearer 1");
            }
        }
        return new DiagonalGaussianComponents(data, data.mean, kappa0, a0, b0);
    }

    /** Explicit Normal-Gamma(mu0_j, kappa0, a0, b0_j) priors, b0 a rate. */
    DiagonalGaussianComponents(NumericData data, double[] mu0, double kappa0, double a0, double[] b0) {
        if (!(kappa0 > 0)) {
            throw new IllegalArgumentException("kappa0 must be > 0, got " + kappa0);
        }
        if (!(a0 > 0)) {
            throw new IllegalArgumentException("a0 must be > 0, got " + a0);
        }
        if (mu0.length != data.dims || b0.length != data.dims) {
            throw new IllegalArgumentException("priors of dimension " + mu0.length + "/" + b0.length + " for "
                    + data.dims + " columns");
        }
        for (int j = 0; j < data.dims; j++) {
            if (!(b0[j] > 0) || Double.isInfinite(b0[j])) {
                throw new IllegalArgumentException("b0 must be > 0, got " + b0[j] + " for column " + j);
            }
        }
        this.data = data;
        this.d = data.dims;
        this.mu0 = mu0.clone();
        this.kappa0 = kappa0;
        this.a0 = a0;
        this.b0 = b0.clone();
        this.gammaTerm = new double[data.rows + 1];
        this.undo = new double[4 * d];
        for (int n = 0; n <= data.rows; n++) {
            double nu = 2 * a0 + n;
            gammaTerm[n] = SpecialFunctions.logGamma(0.5 * (nu + 1)) - SpecialFunctions.logGamma(0.5 * nu)
                    - 0.5 * (Math.log(nu) + LOG_PI);
        }
        this.count = new int[0];
        this.sum = new double[0];
        this.sumSq = new double[0];
        this.sizes = new int[0];
        this.loc = new double[0];
        this.nuScale2 = new double[0];
        this.halfNuPlus1 = new double[0];
        this.logNorm = new double[0];
    }

    // the prior, for the uncollapsed chain over the same model (GaussianParameterStep)
    NumericData data() {
        return data;
    }

    double[] mu0() {
        return mu0.clone();
    }

    double kappa0() {
        return kappa0;
    }

    double a0() {
        return a0;
    }

    double[] b0() {
        return b0.clone();
    }

    @Override
    public int rows() {
        return data.rows;
    }

    @Override
    public long bytesPerSlot() {
        return 52L * d + 4; // count (int) and six double arrays of d per slot, and the size
    }

    @Override
    public int capacity() {
        return capacity;
    }

    @Override
    public void ensureCapacity(int slots) {
        if (slots <= capacity) {
            return;
        }
        int old = capacity;
        count = Arrays.copyOf(count, slots * d);
        sum = Arrays.copyOf(sum, slots * d);
        sumSq = Arrays.copyOf(sumSq, slots * d);
        sizes = Arrays.copyOf(sizes, slots);
        loc = Arrays.copyOf(loc, slots * d);
        nuScale2 = Arrays.copyOf(nuScale2, slots * d);
        halfNuPlus1 = Arrays.copyOf(halfNuPlus1, slots * d);
        logNorm = Arrays.copyOf(logNorm, slots * d);
        capacity = slots;
        for (int k = old; k < slots; k++) {
            for (int j = 0; j < d; j++) {
                refresh(k, j);
            }
        }
    }

    @Override
    public void clearAll() {
        undoRow = -1;
        Arrays.fill(count, 0);
        Arrays.fill(sum, 0);
        Arrays.fill(sumSq, 0);
        Arrays.fill(sizes, 0);
        for (int k = 0; k < capacity; k++) {
            for (int j = 0; j < d; j++) {
                refresh(k, j);
            }
        }
    }

    @Override
    public void add(int row, int k) {
        boolean back = row == undoRow && k == undoSlot;
        undoRow = -1;
        change(row, k, 1, !back);
        if (back) { // most rows of a sweep return to the slot they left: its constants as they were
            int kb = k * d;
            System.arraycopy(undo, 0, loc, kb, d);
            System.arraycopy(undo, d, nuScale2, kb, d);
            System.arraycopy(undo, 2 * d, halfNuPlus1, kb, d);
            System.arraycopy(undo, 3 * d, logNorm, kb, d);
        }
    }

    @Override
    public void remove(int row, int k) {
        if (sizes[k] <= 0) {
            throw new IllegalStateException("row " + row + " removed from empty cluster slot " + k);
        }
        int kb = k * d;
        System.arraycopy(loc, kb, undo, 0, d);
        System.arraycopy(nuScale2, kb, undo, d, d);
        System.arraycopy(halfNuPlus1, kb, undo, 2 * d, d);
        System.arraycopy(logNorm, kb, undo, 3 * d, d);
        undoRow = row;
        undoSlot = k;
        change(row, k, -1, true);
    }

    private void change(int row, int k, int sign, boolean refresh) {
        int rb = row * d;
        int kb = k * d;
        for (int j = 0; j < d; j++) {
            double v = data.x[rb + j];
            if (Double.isNaN(v)) {
                continue;
            }
            double y = v - mu0[j];
            count[kb + j] += sign;
            sum[kb + j] += sign * y;
            sumSq[kb + j] += sign * y * y;
            if (count[kb + j] == 0) {
                sum[kb + j] = 0; // drop rounding residue of an emptied slot
                sumSq[kb + j] = 0;
            }
            if (refresh) {
                refresh(k, j);
            }
        }
        sizes[k] += sign;
    }

    private void refresh(int k, int j) {
        int i = k * d + j;
        int n = count[i];
        double kn = kappa0 + n;
        double an = a0 + 0.5 * n;
        double mn = sum[i] / kn;
        double bn = bn(i, kn, mn);
        double nu = 2 * an;
        double s2 = bn * (kn + 1) / (an * kn);
        loc[i] = mu0[j] + mn;
        nuScale2[i] = nu * s2;
        halfNuPlus1[i] = 0.5 * (nu + 1);
        logNorm[i] = gammaTerm[n] - 0.5 * Math.log(s2);
    }

    private double bn(int i, double kn, double mn) {
        int j = i % d;
        // b0 + ½(Σy² − κn μn²) with the prior mean at 0 in centred coordinates
        return b0[j] + 0.5 * Math.max(0, sumSq[i] - kn * mn * mn);
    }

    @Override
    public int size(int k) {
        return sizes[k];
    }

    @Override
    public double logPredictive(int row, int k) {
        int rb = row * d;
        int kb = k * d;
        double s = 0;
        for (int j = 0; j < d; j++) {
            double v = data.x[rb + j];
            if (Double.isNaN(v)) {
                continue;
            }
            int i = kb + j;
            double z = v - loc[i];
            s += logNorm[i] - halfNuPlus1[i] * Math.log1p(z * z / nuScale2[i]);
        }
        return s;
    }

    /** log predictive density of an outside point (NaN entries left out) under slot {@code k}. */
    double logPredictiveOf(double[] x, int k) {
        int kb = k * d;
        double s = 0;
        for (int j = 0; j < d; j++) {
            if (Double.isNaN(x[j])) {
                continue;
            }
            int i = kb + j;
            double z = x[j] - loc[i];
            s += logNorm[i] - halfNuPlus1[i] * Math.log1p(z * z / nuScale2[i]);
        }
        return s;
    }

    @Override
    public double logMarginal(int k) {
        if (sizes[k] == 0) {
            return 0;
        }
        double s = 0;
        for (int j = 0; j < d; j++) {
            int i = k * d + j;
            int n = count[i];
            if (n == 0) {
                continue;
            }
            double kn = kappa0 + n;
            double an = a0 + 0.5 * n;
            double bn = bn(i, kn, sum[i] / kn);
            s += SpecialFunctions.logGamma(an) - SpecialFunctions.logGamma(a0) + a0 * Math.log(b0[j])
                    - an * Math.log(bn) + 0.5 * (Math.log(kappa0) - Math.log(kn)) - 0.5 * n * LOG_2PI;
        }
        return s;
    }

    @Override
    public List<String> parameterNames() {
        List<String> names = new ArrayList<>();
        for (String c : data.names) {
            names.add("mean." + c);
        }
        for (String c : data.names) {
            names.add("sd." + c);
        }
        return names;
    }

    /** Posterior mean of each column's mean, and the square root of the posterior mean variance. */
    @Override
    public List<String> describe(int k) {
        List<String> out = new ArrayList<>(2 * d);
        for (int j = 0; j < d; j++) {
            out.add(fmt(loc[k * d + j]));
        }
        for (int j = 0; j < d; j++) {
            int i = k * d + j;
            double kn = kappa0 + count[i];
            double an = a0 + 0.5 * count[i];
            double bn = bn(i, kn, sum[i] / kn);
            out.add(fmt(Math.sqrt(an > 1 ? bn / (an - 1) : bn / an)));
        }
        return out;
    }

    static String fmt(double v) {
        return String.format(Locale.ROOT, "%.6g", v);
    }

    @Override
    public double seedingDistance(int a, int b) {
        double s = 0;
        for (int j = 0; j < d; j++) {
            double u = data.x[a * d + j];
            double v = data.x[b * d + j];
            if (!Double.isNaN(u) && !Double.isNaN(v)) {
                s += (u - v) * (u - v) / data.covariance[j][j];
            }
        }
        return s;
    }
}
