package io.plate.sampler.mixture.impl;

import io.plate.api.sample.Clustering;
import java.util.Arrays;

/**
 * The credible ball of a point estimate (Wade and Ghahramani 2018, §3.2): the smallest ball around the
 * estimate, in the estimate's own loss, that holds {@code level} of the posterior, estimated from the
 * stored draws, and three draws that bound it. The horizontal bound is the draw in the ball farthest from
 * the estimate; the vertical upper bound the farthest of the draws in the ball with the fewest clusters,
 * the vertical lower bound the farthest of those with the most.
 *
 * @param summary    level, radius and the three bounds' clusters and distances
 * @param horizontal the horizontal bound's partition
 * @param upper      the vertical upper bound's partition
 * @param lower      the vertical lower bound's partition
 */
record CredibleBall(Clustering.CredibleBall summary, int[] horizontal, int[] upper, int[] lower) {
    /** The usual level, as for a 95% credible interval. */
    static final double LEVEL = 0.95;

    /** The ball of {@code estimate} over the draws of {@code loss}, holding {@code level} of them. */
    static CredibleBall of(ExpectedLoss loss, int[] estimate, double level) {
        if (!(level > 0 && level <= 1)) {
            throw new IllegalArgumentException("credible level must be in (0, 1], got " + level);
        }
        double[] d = loss.distances(estimate);
        double[] sorted = d.clone();
        Arrays.sort(sorted);
        // the smallest radius whose ball holds at least `level` of the draws
        int inside = (int) Math.ceil(level * d.length - 1e-9);
        double radius = sorted[Math.max(0, inside - 1)];
        int[] k = new int[d.length]; // draws are labelled 0..K−1: their number of clusters
        for (int m = 0; m < d.length; m++) {
            k[m] = loss.drawClusters(m);
        }
        int h = -1;
        int up = -1;
        int low = -1;
        // draws at the radius up to rounding are in the ball: equal losses from different tables may differ by an ulp
        double edge = radius + 1e-12 * (1 + radius);
        for (int m = 0; m < d.length; m++) {
            if (d[m] > edge) {
                continue;
            }
            if (h < 0 || d[m] > d[h]) {
                h = m;
            }
            if (up < 0 || k[m] < k[up] || (k[m] == k[up] && d[m] > d[up])) {
                up = m;
            }
            if (low < 0 || k[m] > k[low] || (k[m] == k[low] && d[m] > d[low])) {
                low = m;
            }
        }
        Clustering.CredibleBall summary = new Clustering.CredibleBall(level, radius,
                new Clustering.CredibleBall.Bound(k[h], d[h]), new Clustering.CredibleBall.Bound(k[up], d[up]),
                new Clustering.CredibleBall.Bound(k[low], d[low]));
        return new CredibleBall(summary, loss.draws().get(h), loss.draws().get(up), loss.draws().get(low));
    }
}
