package io.plate.classifier.impl.kernel;

import io.plate.classifier.impl.RowProgress;
import io.plate.classifier.impl.Standardizer;

/**
 * Chooses the Nadaraya–Watson bandwidth by leave-one-out cross-validation: for each h of a grid, the
 * mean squared error of predicting every y_i from the other rows,
 * CV(h) = (1/n) Σ_i (y_i − Σ_{l≠i} k_h(x_l − x_i) y_l / Σ_{l≠i} k_h(x_l − x_i))², and the h with the
 * smallest CV wins (the smaller h on a tie).
 *
 * <p>Grid: h_j = s · 2^(j/2) for j = −8, …, 6 (15 values from s/16 to 8s), around the scale
 * s = n^(−1/(p+4)) · √(mean_d sd_d²) (Scott's factor times the root-mean-square feature sd).
 * Each row's weights are anchored at its nearest neighbour, so no h underflows to 0/0. One pass over all
 * pairs serves every grid value: O(n² (p + 15)) time, O(n) extra memory; as h² doubles along the grid, a
 * pair's 15 weights take one exp and 14 squarings (relative error below 1e-12).
 */
final class LeaveOneOutBandwidth {
    static final int LOW = -8;
    static final int HIGH = 6;

    private final double[] grid;
    private final double[] mse;
    private final int best;

    private LeaveOneOutBandwidth(double[] grid, double[] mse, int best) {
        this.grid = grid;
        this.mse = mse;
        this.best = best;
    }

    /** The grid around scale {@code s}. */
    private static double[] grid(double s) {
        double[] g = new double[HIGH - LOW + 1];
        for (int j = LOW; j <= HIGH; j++) {
            g[j - LOW] = s * Math.pow(2, j / 2.0);
        }
        return g;
    }

    /**
     * Leave-one-out over complete rows, on the grid around {@code scale}: {@code x} row-major (n × p), {@code y} n
     * targets; {@code progress} is told each row left out.
     */
    static LeaveOneOutBandwidth select(double[] x, double[] y, int p, double scale, RowProgress progress) {
        double[] grid = grid(scale);
        int n = y.length;
        int g = grid.length;
        // distances in units of a power of two near the grid's middle, errors in one near the largest |y|
        // (exact scalings): squares of values near 1e±300 neither overflow nor vanish
        double unit = Standardizer.powerOfTwoNear(grid[g / 2]);
        double largest = 0;
        for (double v : y) {
            largest = Math.max(largest, Math.abs(v));
        }
        double yUnit = Standardizer.powerOfTwoNear(largest);
        double[] inv2h2 = new double[g];
        for (int j = 0; j < g; j++) {
            double h = grid[j] / unit;
            inv2h2[j] = 1.0 / (2 * h * h);
        }
        double[] d2 = new double[n];
        double[] num = new double[g];
        double[] den = new double[g];
        double[] sse = new double[g];
        for (int i = 0; i < n; i++) {
            double min = Double.POSITIVE_INFINITY;
            for (int l = 0; l < n; l++) {
                if (l == i) {
                    continue;
                }
                double s = 0;
                for (int d = 0; d < p; d++) {
                    double u = (x[i * p + d] - x[l * p + d]) / unit;
                    s += u * u;
                }
                d2[l] = s;
                if (s < min) {
                    min = s;
                }
            }
            java.util.Arrays.fill(num, 0);
            java.util.Arrays.fill(den, 0);
            for (int l = 0; l < n; l++) {
                if (l == i) {
                    continue;
                }
                // h² doubles from one grid value to the next, so a weight is the square of the next one's:
                // one exp per pair for the widest h, then a multiplication per grid value
                double w = Math.exp(-(d2[l] - min) * inv2h2[g - 1]);
                double yl = y[l];
                for (int j = g - 1; j >= 0; j--) {
                    num[j] += w * yl;
                    den[j] += w;
                    w *= w;
                }
            }
            for (int j = 0; j < g; j++) {
                double e = (y[i] - num[j] / den[j]) / yUnit;
                sse[j] += e * e;
            }
            progress.done(i + 1);
        }
        int best = 0;
        for (int j = 0; j < g; j++) {
            sse[j] /= n;
            if (sse[j] < sse[best]) {
                best = j;
            }
        }
        for (int j = 0; j < g; j++) {
            sse[j] = sse[j] * yUnit * yUnit;
        }
        return new LeaveOneOutBandwidth(grid, sse, best);
    }

    double bandwidth() {
        return grid[best];
    }

    double[] grid() {
        return grid.clone();
    }

    double[] mse() {
        return mse.clone();
    }
}
