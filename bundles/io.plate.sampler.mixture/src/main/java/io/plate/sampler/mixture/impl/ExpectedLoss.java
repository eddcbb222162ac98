package io.plate.sampler.mixture.impl;

import io.plate.api.sample.Clustering.Loss;
import java.util.List;

/**
 * The posterior expected loss of a partition against a set of stored draws, without the n × n
 * similarity matrix. Both losses are sums of one function f over the counts of a contingency table
 * (Wade and Ghahramani 2018, eqs. 6 and 11): with n_k the sizes of c, m_l those of a draw d and n_kl the
 * rows in cluster k of c and l of d,
 *
 * <pre>
 *   VI(c, d)     = (1/n) [Σ f(n_k) + Σ f(m_l) − 2 Σ f(n_kl)],  f(x) = x log x
 *   Binder(c, d) = (1/2) [Σ f(n_k) + Σ f(m_l) − 2 Σ f(n_kl)],  f(x) = x²   (row pairs on which c, d disagree)
 * </pre>
 *
 * so one draw costs O(n + K_c K_d). Draws are partitions labelled {@code 0..K_d−1}.
 */
final class ExpectedLoss {
    private final Loss loss;
    private final int rows;
    private final List<int[]> draws;
    private final int[] drawClusters;
    /** Per draw, Σ f(m_l) over its cluster sizes. */
    private final double[] drawTerms;
    private final double[] f;
    private final double meanDrawTerm;

    ExpectedLoss(Loss loss, List<int[]> draws, int rows) {
        if (draws.isEmpty()) {
            throw new IllegalArgumentException("no stored draws to estimate a partition from");
        }
        this.loss = loss;
        this.rows = rows;
        this.draws = List.copyOf(draws);
        this.f = new double[rows + 2];
        for (int x = 1; x < f.length; x++) {
            f[x] = loss == Loss.VI ? x * Math.log(x) : (double) x * x;
        }
        this.drawClusters = new int[this.draws.size()];
        this.drawTerms = new double[this.draws.size()];
        double b = 0;
        for (int m = 0; m < drawClusters.length; m++) {
            int[] d = this.draws.get(m);
            if (d.length != rows) {
                throw new IllegalArgumentException("draw " + m + " has " + d.length + " rows, expected " + rows);
            }
            int k = labels(d);
            drawClusters[m] = k;
            drawTerms[m] = sizeTerm(d, k);
            b += drawTerms[m];
        }
        this.meanDrawTerm = b / drawClusters.length;
    }

    /** One more than the largest label. */
    static int labels(int[] partition) {
        int k = 0;
        for (int l : partition) {
            if (l < 0) {
                throw new IllegalArgumentException("negative cluster label " + l);
            }
            k = Math.max(k, l + 1);
        }
        return k;
    }

    private double sizeTerm(int[] c, int k) {
        int[] sizes = new int[k];
        for (int l : c) {
            sizes[l]++;
        }
        double s = 0;
        for (int m : sizes) {
            s += f[m];
        }
        return s;
    }

    Loss loss() {
        return loss;
    }

    int rows() {
        return rows;
    }

    List<int[]> draws() {
        return draws;
    }

    int drawClusters(int m) {
        return drawClusters[m];
    }

    /** f(x) for x in 0..rows + 1. */
    double[] f() {
        return f;
    }

    /**
     * The posterior expected loss of {@code c} (VI in nats, Binder in row pairs), averaged over the draws;
     * at least 0.
     */
    double of(int[] c) {
        double[] cross = crossTerms(c);
        double sum = 0;
        for (double x : cross) {
            sum += x;
        }
        return scale(bracket(sizeTerm(c, labels(c)), meanDrawTerm, 2 * sum / cross.length));
    }

    /**
     * {@code a + b − c}, the bracket of a loss; 0 where it is below the rounding of its terms: they cancel when a
     * partition equals the draws, leaving a residue (1e-13, or below 0) that is no loss.
     */
    private static double bracket(double a, double b, double c) {
        double v = a + b - c;
        return v <= 1e-12 * (Math.abs(a) + Math.abs(b) + Math.abs(c)) ? 0 : v;
    }

    /** The loss between {@code c} and each draw, in draw order (each at least 0). */
    double[] distances(int[] c) {
        double a = sizeTerm(c, labels(c));
        double[] out = crossTerms(c);
        for (int m = 0; m < out.length; m++) {
            out[m] = scale(bracket(a, drawTerms[m], 2 * out[m]));
        }
        return out;
    }

    /** Per draw, Σ f(n_kl) over the contingency table of {@code c} against it. */
    private double[] crossTerms(int[] c) {
        int kc = labels(c);
        double[] out = new double[drawClusters.length];
        int[] table = new int[0];
        for (int m = 0; m < drawClusters.length; m++) {
            int[] d = draws.get(m);
            int kd = drawClusters[m];
            int cells = Math.multiplyExact(kc, kd);
            if (table.length < cells) {
                table = new int[cells];
            } else {
                java.util.Arrays.fill(table, 0, cells, 0);
            }
            for (int r = 0; r < rows; r++) {
                table[c[r] * kd + d[r]]++;
            }
            double cross = 0;
            for (int i = 0; i < cells; i++) {
                cross += f[table[i]];
            }
            out[m] = cross;
        }
        return out;
    }

    /** The loss from the bracket Σ f(n_k) + Σ f(m_l) − 2 Σ f(n_kl). */
    double scale(double bracket) {
        return loss == Loss.VI ? bracket / rows : bracket / 2;
    }
}
