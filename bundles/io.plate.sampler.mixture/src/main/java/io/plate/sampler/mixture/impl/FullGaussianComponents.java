package io.plate.sampler.mixture.impl;

import io.plate.api.PlateException;
import io.plate.distributions.numerics.SpecialFunctions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Full-covariance Gaussian components with a Normal-Inverse-Wishart(μ0, κ0, ν0, Ψ0) prior on each
 * cluster's (mean, covariance), integrated out. The predictive of a row is the multivariate Student-t
 * with ν_n − d + 1 degrees of freedom, location μ_n and scale matrix Ψ_n (κ_n + 1) / (κ_n (ν_n − d + 1))
 * (Murphy 2007, "Conjugate Bayesian analysis of the Gaussian distribution", §9). Statistics are sums
 * of y = x − μ0 and of y yᵀ; each slot caches the Cholesky factor of Ψ_n. Adding or removing a row
 * changes Ψ_n by a rank-one term, κ/(κ + 1) (y − μ)(y − μ)ᵀ, so the factor follows by a rank-one update
 * or downdate (O(d²)); it is refactored from the sums (O(d³)) after {@link #REFACTOR_AFTER} such steps,
 * when a downdate loses precision, and when the slot empties.
 */
public final class FullGaussianComponents implements Components {
    private static final double LOG_PI = Math.log(Math.PI);
    /** Rank-one steps after which a slot's factor is recomputed from its sums, so that rounding cannot pile up. */
    private static final int REFACTOR_AFTER = 64;
    /** A downdate whose new pivot keeps less than this share of the old pivot's square refactors instead. */
    private static final double DOWNDATE_MARGIN = 1e-8;

    private final NumericData data;
    private final int d;
    private final double[] mu0;
    private final double kappa0;
    private final double nu0;
    private final double[] psi0; // d*d
    private final double logDetPsi0;
    private final double logMvGammaNu0;
    private int capacity;
    private int[] sizes;
    private double[] sum; // [k*d + j]
    private double[] scatter; // [k*d*d + i*d + j]
    private boolean[] dirty;
    private int[] steps; // rank-one steps since the slot's factor was computed from its sums
    private double[] chol; // lower factor of Ψ_n, [k*d*d + i*d + j]
    private double[] loc; // [k*d + j] in centred coordinates
    private double[] df;
    private double[] logNorm;
    private double[] logDetPsiN;
    private double[] scale; // predictive scale = scale[k] · Ψ_n
    private double[] normBySize = new double[0]; // see normaliser(n)
    private final double[] work; // d
    private final double[] vector; // d, the rank-one step's vector
    // the state of the slot the last removed row left, while that row may come back (see add)
    private int undoRow = -1;
    private int undoSlot;
    private int undoSteps;
    private double undoLogDet;
    private final double[] undoChol; // d*d
    private final double[] matrix; // d*d

    /**
     * Default priors: μ0 the data mean and Ψ0 = nu0 · scale · (data covariance), so that the prior mean
     * of each cluster's precision matrix is the inverse of scale times the data covariance.
     */
    /**
     * Least nu0 · prior_scale: the prior scale matrix as a fraction of the data covariance. On iris a
     * fraction of 6e-14 made a small cluster's scale matrix lose positive definiteness mid-run, 6e-12 did
     * not (docs/mixtures.md); the margin is a hundredfold.
     */
    static final double MIN_RELATIVE_SCALE = 1e-10;

    static FullGaussianComponents withDefaults(NumericData data, double kappa0, double nu0, double scale) {
        return withDefaults(data, kappa0, nu0, scale, String.valueOf(scale));
    }

    /** As {@link #withDefaults(NumericData, double, double, double)}, naming prior_scale as the user typed it. */
    static FullGaussianComponents withDefaults(NumericData data, double kappa0, double nu0, double scale,
            String scaleTyped) {
        if (!(scale > 0)) {
            throw new IllegalArgumentException("prior_scale must be > 0, got " + scale);
        }
        requireComplete(data);
        if (data.rows <= data.dims) { // the covariance has rank below d whatever the columns: dropping one is no help
            throw new IllegalArgumentException("a full covariance needs more rows than columns; the data have " + data.rows
                    + " row" + (data.rows == 1 ? "" : "s") + " and " + data.dims + " columns: use covariance=diag, or"
                    + " fewer columns");
        }
        List<NumericData.Collinear> collinear = data.collinearColumns();
        if (!collinear.isEmpty()) {
            throw new IllegalArgumentException(collinearRefusal(collinear));
        }
        String what = "parameter 'prior_scale' = '" + scaleTyped + "': "; // in the form of every parameter's refusal
        if (!(nu0 * scale >= MIN_RELATIVE_SCALE)) {
            throw new io.plate.api.PlateException(what + "too small: nu0 * prior_scale = " + nu0 * scale + " is below "
                    + MIN_RELATIVE_SCALE + ", and the scale matrix of a cluster of few rows is then singular in floating"
                    + " point; use prior_scale >= " + String.format(java.util.Locale.ROOT, "%.2g", MIN_RELATIVE_SCALE / nu0 * 1.05));
        }
        int d = data.dims;
        double[][] psi0 = new double[d][d];
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                psi0[i][j] = nu0 * scale * data.covariance[i][j];
                if (!Double.isFinite(psi0[i][j])) {
                    throw new io.plate.api.PlateException(what + "too large: nu0 * prior_scale * the data covariance"
                            + " of columns " + data.names.get(i) + ", " + data.names.get(j) + " overflows");
                }
            }
        }
        return new FullGaussianComponents(data, data.mean, kappa0, nu0, psi0);
    }

    /**
     * "columns b (a linear function of a) and d (of a, c) make the data covariance singular: drop them
     * (import with --ignore b,d) or use covariance=diag": every column to drop with its fit, as the
     * refusal of constant columns names them all.
     */
    static String collinearRefusal(List<NumericData.Collinear> collinear) {
        List<String> named = new java.util.ArrayList<>();
        List<String> drop = new java.util.ArrayList<>();
        for (NumericData.Collinear c : collinear) {
            named.add(io.plate.api.text.Visible.listed(c.column()) + " (" + (named.isEmpty() ? "a linear function of " : "of ")
                    + String.join(", ", c.fit().stream().map(io.plate.api.text.Visible::listed).toList()) + ")");
            drop.add(c.column());
        }
        boolean one = named.size() == 1;
        String list = one ? named.get(0) : String.join(", ", named.subList(0, named.size() - 1)) + " and "
                + named.get(named.size() - 1);
        return (one ? "column " : "columns ") + list + (one ? " makes" : " make") + " the data covariance singular: drop "
                + (one ? "it" : "them") + " (import with --ignore " + io.plate.api.text.ShellWord.of(String.join(",", drop))
                + ") or use covariance=diag";
    }

    /** Explicit Normal-Inverse-Wishart(mu0, kappa0, nu0, psi0) prior. */
    FullGaussianComponents(NumericData data, double[] mu0, double kappa0, double nu0, double[][] psi0) {
        requireComplete(data);
        if (!(kappa0 > 0)) {
            throw new IllegalArgumentException("kappa0 must be > 0, got " + kappa0);
        }
        if (!(nu0 > data.dims - 1)) {
            throw new IllegalArgumentException("nu0 must be > d - 1 = " + (data.dims - 1) + ", got " + nu0);
        }
        this.data = data;
        this.d = data.dims;
        this.mu0 = mu0.clone();
        this.kappa0 = kappa0;
        this.nu0 = nu0;
        this.psi0 = new double[d * d];
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                this.psi0[i * d + j] = psi0Rows(psi0, i, j);
            }
        }
        this.work = new double[d];
        this.vector = new double[d];
        this.undoChol = new double[d * d];
        this.matrix = new double[d * d];
        System.arraycopy(this.psi0, 0, matrix, 0, d * d);
        this.logDetPsi0 = choleskyLogDet(matrix, d);
        this.logMvGammaNu0 = SpecialFunctions.logMultivariateGamma(d, nu0 / 2);
        this.sizes = new int[0];
        this.sum = new double[0];
        this.scatter = new double[0];
        this.dirty = new boolean[0];
        this.steps = new int[0];
        this.chol = new double[0];
        this.loc = new double[0];
        this.df = new double[0];
        this.logNorm = new double[0];
        this.logDetPsiN = new double[0];
        this.scale = new double[0];
    }

    private static void requireComplete(NumericData data) {
        if (data.anyMissing) {
            throw new PlateException("the full-covariance Gaussian mixture needs complete rows; " + data.missingValues()
                    + "; use covariance=diag, which leaves missing values out");
        }
    }

    private static double psi0Rows(double[][] psi0, int i, int j) {
        double v = psi0[i][j];
        if (!Double.isFinite(v) || v != psi0[j][i]) {
            throw new IllegalArgumentException("psi0 must be finite and symmetric, got " + v + " at (" + i + ", " + j
                    + ")");
        }
        return v;
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

    double nu0() {
        return nu0;
    }

    double[][] psi0() {
        double[][] out = new double[d][d];
        for (int i = 0; i < d; i++) {
            System.arraycopy(psi0, i * d, out[i], 0, d);
        }
        return out;
    }

    @Override
    public int rows() {
        return data.rows;
    }

    @Override
    public long bytesPerSlot() {
        return 16L * d * d + 16L * d + 29; // scatter and Cholesky factor, sum and location, scalars
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
        sizes = Arrays.copyOf(sizes, slots);
        sum = Arrays.copyOf(sum, slots * d);
        scatter = Arrays.copyOf(scatter, slots * d * d);
        dirty = Arrays.copyOf(dirty, slots);
        steps = Arrays.copyOf(steps, slots);
        chol = Arrays.copyOf(chol, slots * d * d);
        loc = Arrays.copyOf(loc, slots * d);
        df = Arrays.copyOf(df, slots);
        logNorm = Arrays.copyOf(logNorm, slots);
        logDetPsiN = Arrays.copyOf(logDetPsiN, slots);
        scale = Arrays.copyOf(scale, slots);
        capacity = slots;
        for (int k = old; k < slots; k++) {
            dirty[k] = true;
        }
    }

    @Override
    public void clearAll() {
        Arrays.fill(sizes, 0);
        Arrays.fill(sum, 0);
        Arrays.fill(scatter, 0);
        Arrays.fill(dirty, true);
        undoRow = -1;
    }

    @Override
    public void add(int row, int k) {
        if (row == undoRow && k == undoSlot) {
            // the row returns to the slot it just left, as most rows of a sweep do: the slot's factor is
            // the one saved before it left
            undoRow = -1;
            centre(row);
            accumulate(k, 1);
            restore(k);
            return;
        }
        undoRow = -1;
        change(row, k, 1);
    }

    @Override
    public void remove(int row, int k) {
        if (sizes[k] <= 0) {
            throw new IllegalStateException("row " + row + " removed from empty cluster slot " + k);
        }
        boolean saved = !dirty[k];
        if (saved) {
            save(k);
        }
        change(row, k, -1);
        undoRow = saved ? row : -1;
        undoSlot = k;
    }

    /** The slot's factor, for {@link #restore} when the row just removed comes back. */
    private void save(int k) {
        System.arraycopy(chol, k * d * d, undoChol, 0, d * d);
        undoLogDet = logDetPsiN[k];
        undoSteps = steps[k];
    }

    /** The saved factor back; the predictive's other terms follow from it and the slot's sums. */
    private void restore(int k) {
        System.arraycopy(undoChol, 0, chol, k * d * d, d * d);
        steps[k] = undoSteps;
        dirty[k] = false;
        finish(k, undoLogDet);
    }

    /** y = x_row − μ0 into {@link #work}. */
    private void centre(int row) {
        int rb = row * d;
        for (int i = 0; i < d; i++) {
            work[i] = data.x[rb + i] - mu0[i];
        }
    }

    /** Adds (sign 1) or takes away (−1) the centred row in {@link #work} to the slot's size and sums. */
    private void accumulate(int k, double sign) {
        int kb = k * d;
        int sb = k * d * d;
        for (int i = 0; i < d; i++) {
            double yi = sign * work[i];
            sum[kb + i] += yi;
            for (int j = 0; j <= i; j++) {
                scatter[sb + i * d + j] += yi * work[j];
            }
        }
        sizes[k] += (int) sign;
        if (sizes[k] == 0) {
            Arrays.fill(sum, kb, kb + d, 0);
            Arrays.fill(scatter, sb, sb + d * d, 0);
        }
    }

    private void change(int row, int k, double sign) {
        int kb = k * d;
        int sb = k * d * d;
        centre(row);
        // Ψ changes by ± c (y − μ)(y − μ)ᵀ with μ the location before the change: c = κ/(κ + 1) when a row
        // joins a slot of κ = κ0 + n, and κ/(κ − 1) when one leaves it
        double kappa = kappa0 + sizes[k];
        double c = sign > 0 ? kappa / (kappa + 1) : kappa / (kappa - 1);
        boolean stepped = !dirty[k] && sizes[k] + sign > 0 && steps[k] < REFACTOR_AFTER;
        if (stepped) {
            double root = Math.sqrt(c);
            for (int i = 0; i < d; i++) {
                vector[i] = root * (work[i] - loc[kb + i]);
            }
        }
        accumulate(k, sign);
        double ratio = stepped ? rankOne(sb, sign > 0) : Double.NaN;
        if (ratio > 0 && Double.isFinite(ratio)) {
            steps[k]++;
            finish(k, logDetPsiN[k] + 2 * Math.log(ratio));
        } else {
            dirty[k] = true;
        }
    }

    /**
     * L Lᵀ ± v vᵀ in place for the lower factor L at {@code chol[off..]} and v in {@link #vector} (which it
     * overwrites); returns the product of the new pivots over the old (so that log det changes by twice
     * its log, one logarithm for all pivots), or NaN, with the factor spoilt, when a downdate would leave
     * a pivot near zero.
     */
    private double rankOne(int off, boolean up) {
        double sign = up ? 1 : -1;
        double ratio = 1;
        for (int j = 0; j < d; j++) {
            double ljj = chol[off + j * d + j];
            double vj = vector[j];
            double r2 = ljj * ljj + sign * vj * vj;
            if (!(r2 > DOWNDATE_MARGIN * ljj * ljj)) {
                return Double.NaN;
            }
            double r = Math.sqrt(r2);
            double cos = r / ljj;
            ratio *= cos; // the product is sqrt(det ratio) = sqrt(1 ± vᵀ(LLᵀ)⁻¹v); 0 or ∞ refactors instead
            double sin = vj / ljj;
            double signedSin = sign * sin;
            double invCos = ljj / r;
            chol[off + j * d + j] = r;
            for (int i = j + 1; i < d; i++) {
                double lij = (chol[off + i * d + j] + signedSin * vector[i]) * invCos;
                chol[off + i * d + j] = lij;
                vector[i] = cos * vector[i] - sin * lij;
            }
        }
        return ratio;
    }

    /** The slot's factor of Ψ_n computed from its sums, then its predictive's terms. */
    private void refresh(int k) {
        int n = sizes[k];
        double kn = kappa0 + n;
        int kb = k * d;
        int sb = k * d * d;
        for (int i = 0; i < d; i++) {
            loc[kb + i] = sum[kb + i] / kn;
        }
        for (int i = 0; i < d; i++) {
            for (int j = 0; j <= i; j++) {
                chol[sb + i * d + j] = psi0[i * d + j] + scatter[sb + i * d + j] - kn * loc[kb + i] * loc[kb + j];
            }
        }
        double logDetPsi = choleskyLogDetInPlace(chol, sb, d, "the scale matrix of cluster slot " + k + " (" + n
                + " rows)");
        steps[k] = 0;
        dirty[k] = false;
        finish(k, logDetPsi);
    }

    /** Location, degrees of freedom and normaliser of the slot's predictive, given log det Ψ_n. */
    private void finish(int k, double logDetPsi) {
        int n = sizes[k];
        double kn = kappa0 + n;
        int kb = k * d;
        for (int i = 0; i < d; i++) {
            loc[kb + i] = sum[kb + i] / kn;
        }
        double dfk = nu0 + n - d + 1;
        df[k] = dfk;
        scale[k] = (kn + 1) / (kn * dfk);
        logNorm[k] = normaliser(n) - 0.5 * logDetPsi;
        logDetPsiN[k] = logDetPsi;
    }

    /**
     * The part of the predictive's log normaliser that depends on the slot's size n alone (log Γ terms,
     * the degrees of freedom and the scale factor's determinant), kept per n: a rank-one step needs it
     * for every change.
     */
    private double normaliser(int n) {
        if (n >= normBySize.length) {
            int from = normBySize.length;
            normBySize = Arrays.copyOf(normBySize, Math.max(n + 1, 2 * from));
            for (int m = from; m < normBySize.length; m++) {
                double kn = kappa0 + m;
                double dfk = nu0 + m - d + 1;
                double factor = (kn + 1) / (kn * dfk);
                normBySize[m] = SpecialFunctions.logGamma(0.5 * (dfk + d)) - SpecialFunctions.logGamma(0.5 * dfk)
                        - 0.5 * d * (Math.log(dfk) + LOG_PI) - 0.5 * d * Math.log(factor);
            }
        }
        return normBySize[n];
    }

    /**
     * Cholesky of the lower triangle of {@code a[off..]} in place (lower factor); returns log det.
     *
     * @param what the matrix, for the message when it is not positive definite
     */
    private static double choleskyLogDetInPlace(double[] a, int off, int d, String what) {
        double logDet = 0;
        for (int j = 0; j < d; j++) {
            double s = a[off + j * d + j];
            for (int p = 0; p < j; p++) {
                double l = a[off + j * d + p];
                s -= l * l;
            }
            if (!(s > 0)) {
                throw new SingularMatrixException(what + " is not positive definite in floating point (pivot " + j
                        + " = " + s + "); a larger prior_scale keeps it away from singular");
            }
            double ljj = Math.sqrt(s);
            a[off + j * d + j] = ljj;
            logDet += 2 * Math.log(ljj);
            for (int i = j + 1; i < d; i++) {
                double t = a[off + i * d + j];
                for (int p = 0; p < j; p++) {
                    t -= a[off + i * d + p] * a[off + j * d + p];
                }
                a[off + i * d + j] = t / ljj;
            }
        }
        return logDet;
    }

    private static double choleskyLogDet(double[] a, int d) {
        return choleskyLogDetInPlace(a, 0, d, "the prior scale matrix");
    }

    @Override
    public int size(int k) {
        return sizes[k];
    }

    @Override
    public double logPredictive(int row, int k) {
        int rb = row * d;
        for (int i = 0; i < d; i++) {
            work[i] = data.x[rb + i] - mu0[i];
        }
        return logPredictiveCentred(k);
    }

    /** log predictive density of an outside point {@code x} (complete) under slot {@code k}. */
    double logPredictiveOf(double[] x, int k) {
        for (int i = 0; i < d; i++) {
            work[i] = x[i] - mu0[i];
        }
        return logPredictiveCentred(k);
    }

    private double logPredictiveCentred(int k) {
        if (dirty[k]) {
            refresh(k);
        }
        int kb = k * d;
        int sb = k * d * d;
        // forward solve L u = (y - loc) with L Lᵀ = Ψ_n, accumulating |u|²; the predictive scale is scale · Ψ_n
        double q = 0;
        for (int i = 0; i < d; i++) {
            double t = work[i] - loc[kb + i];
            for (int p = 0; p < i; p++) {
                t -= chol[sb + i * d + p] * matrix[p];
            }
            double u = t / chol[sb + i * d + i];
            matrix[i] = u; // scratch
            q += u * u;
        }
        double dfk = df[k];
        return logNorm[k] - 0.5 * (dfk + d) * Math.log1p(q / (scale[k] * dfk));
    }

    @Override
    public double logMarginal(int k) {
        int n = sizes[k];
        if (n == 0) {
            return 0;
        }
        if (dirty[k]) {
            refresh(k);
        }
        double kn = kappa0 + n;
        double nun = nu0 + n;
        return -0.5 * n * d * LOG_PI + SpecialFunctions.logMultivariateGamma(d, nun / 2) - logMvGammaNu0
                + 0.5 * nu0 * logDetPsi0 - 0.5 * nun * logDetPsiN[k] + 0.5 * d * (Math.log(kappa0) - Math.log(kn));
    }

    @Override
    public List<String> parameterNames() {
        List<String> names = new ArrayList<>();
        for (String c : data.names) {
            names.add("mean." + c);
        }
        for (int i = 0; i < d; i++) {
            for (int j = 0; j <= i; j++) {
                names.add("cov." + data.names.get(i) + "." + data.names.get(j));
            }
        }
        return names;
    }

    /** Posterior mean of the mean and of the covariance Ψ_n / (ν_n − d − 1) (lower triangle). */
    @Override
    public List<String> describe(int k) {
        if (dirty[k]) {
            refresh(k);
        }
        int n = sizes[k];
        double kn = kappa0 + n;
        double nun = nu0 + n;
        int kb = k * d;
        int sb = k * d * d;
        List<String> out = new ArrayList<>();
        for (int i = 0; i < d; i++) {
            out.add(DiagonalGaussianComponents.fmt(mu0[i] + loc[kb + i]));
        }
        double denom = nun - d - 1 > 0 ? nun - d - 1 : nun;
        for (int i = 0; i < d; i++) {
            for (int j = 0; j <= i; j++) {
                double psi = psi0[i * d + j] + scatter[sb + i * d + j] - kn * loc[kb + i] * loc[kb + j];
                out.add(DiagonalGaussianComponents.fmt(psi / denom));
            }
        }
        return out;
    }

    @Override
    public double seedingDistance(int a, int b) {
        double s = 0;
        for (int j = 0; j < d; j++) {
            double u = data.x[a * d + j] - data.x[b * d + j];
            s += u * u / data.covariance[j][j];
        }
        return s;
    }
}
