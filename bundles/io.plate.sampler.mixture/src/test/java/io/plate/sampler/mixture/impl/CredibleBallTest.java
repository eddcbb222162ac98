package io.plate.sampler.mixture.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.plate.api.sample.Clustering;
import io.plate.api.sample.Clustering.Loss;
import io.plate.distributions.impl.FastDistributions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/**
 * The credible ball against Wade and Ghahramani's definitions, with every distance computed by the
 * textbook formulas of {@link PartitionSearchTest} (VI from entropies and mutual information; Binder as
 * the number of row pairs two partitions disagree on), not by the contingency tables the code uses.
 */
class CredibleBallTest {
    static double binder(int[] c, int[] d) {
        int pairs = 0;
        for (int i = 0; i < c.length; i++) {
            for (int j = i + 1; j < c.length; j++) {
                pairs += (c[i] == c[j]) != (d[i] == d[j]) ? 1 : 0;
            }
        }
        return pairs;
    }

    static double distance(Loss loss, int[] c, int[] d) {
        return loss == Loss.VI ? PartitionSearchTest.vi(c, d) : binder(c, d);
    }

    static int clusters(int[] p) {
        return (int) Arrays.stream(p).distinct().count();
    }

    @Test
    void drawsThatAllEqualTheEstimateGiveABallOfRadiusZero() {
        int[] c = {0, 0, 1, 1, 2};
        List<int[]> draws = Collections.nCopies(40, c);
        CredibleBall ball = CredibleBall.of(new ExpectedLoss(Loss.VI, draws, 5), c, 0.95);
        assertEquals(0, ball.summary().radius());
        for (Clustering.CredibleBall.Bound b : List.of(ball.summary().horizontal(), ball.summary().upper(),
                ball.summary().lower())) {
            assertEquals(new Clustering.CredibleBall.Bound(3, 0), b);
        }
        assertArrayEquals(c, ball.upper());
    }

    /** 20 draws, 18 of them the estimate: a 95% ball must hold 19, so it reaches the nearer of the two others. */
    @Test
    void theRadiusIsTheSmallestThatHoldsTheLevel() {
        int[] c = {0, 0, 0, 1, 1, 1};
        int[] near = {0, 0, 0, 1, 1, 2}; // one row split off: 3 clusters
        int[] far = {0, 0, 0, 0, 0, 0};
        List<int[]> draws = new ArrayList<>(Collections.nCopies(18, c));
        draws.add(far);
        draws.add(near);
        CredibleBall ball = CredibleBall.of(new ExpectedLoss(Loss.VI, draws, 6), c, 0.95);
        assertEquals(PartitionSearchTest.vi(c, near), ball.summary().radius(), 1e-12);
        assertArrayEquals(near, ball.horizontal());
        assertArrayEquals(c, ball.upper()); // fewest clusters in the ball: the estimate's 2
        assertArrayEquals(near, ball.lower()); // most: 3
        // at level 1 the ball holds every draw, and the single cluster is the upper bound
        CredibleBall all = CredibleBall.of(new ExpectedLoss(Loss.VI, draws, 6), c, 1.0);
        assertEquals(PartitionSearchTest.vi(c, far), all.summary().radius(), 1e-12);
        assertArrayEquals(far, all.upper());
        assertEquals(1, all.summary().upper().clusters());
        assertEquals(Math.log(2), all.summary().upper().distance(), 1e-12); // H(c) = ln 2, H(far) = 0, I = 0
    }

    @Test
    void matchesTheDefinitionsOnRandomPosteriors() {
        UniformRandomProvider rng = new FastDistributions().stream(5, 0);
        for (int trial = 0; trial < 60; trial++) {
            int n = 4 + rng.nextInt(9);
            List<int[]> draws = PartitionSearchTest.posterior(n, 20 + rng.nextInt(200), rng);
            int[] c = draws.get(rng.nextInt(draws.size()));
            double level = trial % 3 == 0 ? 0.95 : 0.5 + 0.5 * rng.nextDouble();
            for (Loss loss : Loss.values()) {
                CredibleBall ball = CredibleBall.of(new ExpectedLoss(loss, draws, n), c, level);
                double[] d = new double[draws.size()];
                for (int m = 0; m < d.length; m++) {
                    d[m] = distance(loss, c, draws.get(m));
                }
                double[] sorted = d.clone();
                Arrays.sort(sorted);
                // the smallest ε with (draws within ε) / M ≥ level
                double radius = Double.NaN;
                for (double eps : sorted) {
                    int within = 0;
                    for (double x : d) {
                        within += x <= eps + 1e-9 ? 1 : 0;
                    }
                    if (within >= level * d.length - 1e-9) {
                        radius = eps;
                        break;
                    }
                }
                String what = loss + " trial " + trial;
                assertEquals(radius, ball.summary().radius(), 1e-9, what);
                double farthest = -1;
                int fewest = Integer.MAX_VALUE;
                int most = 0;
                for (int m = 0; m < d.length; m++) {
                    if (d[m] <= radius + 1e-9) {
                        farthest = Math.max(farthest, d[m]);
                        fewest = Math.min(fewest, clusters(draws.get(m)));
                        most = Math.max(most, clusters(draws.get(m)));
                    }
                }
                double upper = -1;
                double lower = -1;
                for (int m = 0; m < d.length; m++) {
                    if (d[m] <= radius + 1e-9) {
                        int k = clusters(draws.get(m));
                        upper = k == fewest ? Math.max(upper, d[m]) : upper;
                        lower = k == most ? Math.max(lower, d[m]) : lower;
                    }
                }
                assertEquals(farthest, ball.summary().horizontal().distance(), 1e-9, what);
                assertEquals(farthest, distance(loss, c, ball.horizontal()), 1e-9, what);
                assertEquals(fewest, ball.summary().upper().clusters(), what);
                assertEquals(upper, ball.summary().upper().distance(), 1e-9, what);
                assertEquals(fewest, clusters(ball.upper()), what);
                assertEquals(most, ball.summary().lower().clusters(), what);
                assertEquals(lower, ball.summary().lower().distance(), 1e-9, what);
                assertEquals(lower, distance(loss, c, ball.lower()), 1e-9, what);
            }
        }
    }

    @Test
    void refusesALevelOutsideZeroToOne() {
        List<int[]> draws = List.of(new int[] {0, 1});
        ExpectedLoss loss = new ExpectedLoss(Loss.VI, draws, 2);
        assertThrows(IllegalArgumentException.class, () -> CredibleBall.of(loss, draws.get(0), 0));
        assertThrows(IllegalArgumentException.class, () -> CredibleBall.of(loss, draws.get(0), 1.5));
    }
}
