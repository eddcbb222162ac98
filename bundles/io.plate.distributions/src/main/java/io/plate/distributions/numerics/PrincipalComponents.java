package io.plate.distributions.numerics;

import java.util.Arrays;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.EigenDecomposition;

/**
 * Principal component scores of standardised columns: each column is centred on its mean and divided
 * by its sample standard deviation (two passes, divisor n - 1; a constant column is divided by 1), the
 * correlation matrix is taken over the rows with no missing value (NaN), and every row is projected on
 * the eigenvectors of the largest eigenvalues. A row with a missing value gets NaN scores. The sign of
 * each component is the eigen-solver's.
 */
public final class PrincipalComponents {
    private PrincipalComponents() {
    }

    /**
     * Scores {@code [component][row]} of the first {@code k} principal components of {@code columns}
     * ({@code [column][row]}, all of one length, NaN = missing).
     *
     * @throws IllegalArgumentException when {@code k} is not in 1..number of columns, or lengths differ
     */
    public static double[][] scores(double[][] columns, int k) {
        int p = columns.length;
        if (k < 1 || k > p) {
            throw new IllegalArgumentException(k + " components of " + p + " columns");
        }
        int n = columns[0].length;
        double[] mean = new double[p];
        double[] sd = new double[p];
        for (int j = 0; j < p; j++) {
            if (columns[j].length != n) {
                throw new IllegalArgumentException("column " + j + " has " + columns[j].length + " rows, column 0 has "
                        + n);
            }
            int m = 0;
            double s = 0;
            for (double v : columns[j]) {
                if (!Double.isNaN(v)) {
                    m++;
                    s += v;
                }
            }
            mean[j] = m == 0 ? 0 : s / m;
            double ss = 0;
            for (double v : columns[j]) {
                if (!Double.isNaN(v)) {
                    ss += (v - mean[j]) * (v - mean[j]);
                }
            }
            double var = m < 2 ? 0 : ss / (m - 1);
            sd[j] = var > 0 ? Math.sqrt(var) : 1;
        }
        double[][] cov = new double[p][p];
        int used = 0;
        double[] z = new double[p];
        for (int r = 0; r < n; r++) {
            if (!standardised(columns, r, mean, sd, z)) {
                continue;
            }
            used++;
            for (int a = 0; a < p; a++) {
                for (int b = a; b < p; b++) {
                    cov[a][b] += z[a] * z[b];
                }
            }
        }
        for (int a = 0; a < p; a++) {
            for (int b = a; b < p; b++) {
                cov[a][b] /= Math.max(1, used - 1);
                cov[b][a] = cov[a][b];
            }
        }
        EigenDecomposition eig = new EigenDecomposition(new Array2DRowRealMatrix(cov, false));
        double[] ev = eig.getRealEigenvalues();
        Integer[] order = new Integer[p];
        for (int i = 0; i < p; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(ev[b], ev[a])); // largest first; ties keep index order
        double[][] out = new double[k][n];
        for (int c = 0; c < k; c++) {
            double[] v = eig.getEigenvector(order[c]).toArray();
            for (int r = 0; r < n; r++) {
                double s = 0;
                for (int j = 0; j < p; j++) {
                    s += v[j] * (columns[j][r] - mean[j]) / sd[j];
                }
                out[c][r] = s;
            }
        }
        return out;
    }

    private static boolean standardised(double[][] columns, int r, double[] mean, double[] sd, double[] z) {
        for (int j = 0; j < columns.length; j++) {
            z[j] = (columns[j][r] - mean[j]) / sd[j];
            if (Double.isNaN(z[j])) {
                return false;
            }
        }
        return true;
    }
}
