package io.plate.distributions.numerics;

/**
 * The Cholesky factor {@code L} (lower triangular, {@code A = L Lᵀ}) of a symmetric positive-definite
 * matrix, with what the Gaussian and Student-t densities and samplers need: the log determinant,
 * {@code L z}, triangular solves and Mahalanobis distances. Immutable; the methods that take an output
 * array allocate nothing, so they can run in inner loops. Safe from any thread.
 */
public final class CholeskyFactor {
    private final int n;
    /** Row-major lower triangle, row i at offset i*(i+1)/2. */
    private final double[] l;
    private final double logDeterminant;

    private CholeskyFactor(int n, double[] l) {
        this.n = n;
        this.l = l;
        double ld = 0;
        for (int i = 0; i < n; i++) {
            ld += Math.log(l[index(i, i)]);
        }
        this.logDeterminant = 2 * ld;
    }

    private static int index(int i, int j) {
        return i * (i + 1) / 2 + j;
    }

    /**
     * Factorises {@code a} (square, symmetric within a relative 1e-10, positive definite).
     *
     * @param name the parameter's name for error messages (e.g. {@code "covariance"})
     * @throws IllegalArgumentException naming {@code name} when {@code a} is not square, not
     *         symmetric, not finite or not positive definite
     */
    public static CholeskyFactor of(String name, double[][] a) {
        int n = a.length;
        if (n == 0) {
            throw new IllegalArgumentException(name + " must be a non-empty square matrix, got 0 rows");
        }
        for (int i = 0; i < n; i++) {
            if (a[i] == null || a[i].length != n) {
                throw new IllegalArgumentException(name + " must be square: row " + i + " has "
                        + (a[i] == null ? "no" : String.valueOf(a[i].length)) + " entries, expected " + n);
            }
            for (int j = 0; j < n; j++) {
                double v = a[i][j];
                if (!Double.isFinite(v)) {
                    throw new IllegalArgumentException(name + "[" + i + "][" + j + "] must be finite, got " + v);
                }
            }
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < i; j++) {
                double x = a[i][j];
                double y = a[j][i];
                if (Math.abs(x - y) > 1e-10 * Math.max(1.0, Math.max(Math.abs(x), Math.abs(y)))) {
                    throw new IllegalArgumentException(name + " must be symmetric: " + name + "[" + i + "][" + j
                            + "] = " + x + " but " + name + "[" + j + "][" + i + "] = " + y);
                }
            }
        }
        double[] l = new double[n * (n + 1) / 2];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= i; j++) {
                double s = a[i][j];
                for (int k = 0; k < j; k++) {
                    s -= l[index(i, k)] * l[index(j, k)];
                }
                if (i == j) {
                    if (!(s > 0)) {
                        throw new IllegalArgumentException(name + " must be positive definite: pivot " + i
                                + " is " + s);
                    }
                    l[index(i, i)] = Math.sqrt(s);
                } else {
                    l[index(i, j)] = s / l[index(j, j)];
                }
            }
        }
        return new CholeskyFactor(n, l);
    }

    /** The matrix dimension. */
    public int dimension() {
        return n;
    }

    /** log det A = 2 Σ log L_ii. */
    public double logDeterminant() {
        return logDeterminant;
    }

    /** L_ij (0 above the diagonal). */
    public double get(int i, int j) {
        return j > i ? 0.0 : l[index(i, j)];
    }

    /** A new copy of L as a full matrix. */
    public double[][] lower() {
        double[][] m = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= i; j++) {
                m[i][j] = l[index(i, j)];
            }
        }
        return m;
    }

    /** {@code out = shift + L z}; {@code out} may not be {@code z}. Allocates nothing. */
    public void multiplyLower(double[] z, double[] shift, double[] out) {
        for (int i = 0; i < n; i++) {
            double s = shift == null ? 0.0 : shift[i];
            int row = i * (i + 1) / 2;
            for (int k = 0; k <= i; k++) {
                s += l[row + k] * z[k];
            }
            out[i] = s;
        }
    }

    /** Solves {@code L y = b} by forward substitution into {@code out} (may be {@code b}). */
    public void solveLower(double[] b, double[] out) {
        for (int i = 0; i < n; i++) {
            double s = b[i];
            int row = i * (i + 1) / 2;
            for (int k = 0; k < i; k++) {
                s -= l[row + k] * out[k];
            }
            out[i] = s / l[row + i];
        }
    }

    /**
     * The squared Mahalanobis distance {@code (x − mean)ᵀ A⁻¹ (x − mean)}, using {@code work} (length ≥
     * dimension) as scratch space; allocates nothing.
     */
    public double mahalanobisSquared(double[] x, double[] mean, double[] work) {
        double q = 0;
        for (int i = 0; i < n; i++) {
            double s = x[i] - mean[i];
            int row = i * (i + 1) / 2;
            for (int k = 0; k < i; k++) {
                s -= l[row + k] * work[k];
            }
            double y = s / l[row + i];
            work[i] = y;
            q += y * y;
        }
        return q;
    }

    /** A new matrix A⁻¹ = L⁻ᵀ L⁻¹. */
    public double[][] inverse() {
        // M = L^-1 (lower), column by column
        double[][] m = new double[n][n];
        for (int c = 0; c < n; c++) {
            for (int i = c; i < n; i++) {
                double s = i == c ? 1.0 : 0.0;
                int row = i * (i + 1) / 2;
                for (int k = c; k < i; k++) {
                    s -= l[row + k] * m[k][c];
                }
                m[i][c] = s / l[row + i];
            }
        }
        double[][] inv = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= i; j++) {
                double s = 0;
                for (int k = i; k < n; k++) {
                    s += m[k][i] * m[k][j];
                }
                inv[i][j] = s;
                inv[j][i] = s;
            }
        }
        return inv;
    }
}
