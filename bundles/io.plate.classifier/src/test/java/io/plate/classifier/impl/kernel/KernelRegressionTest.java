package io.plate.classifier.impl.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.data.NumericColumn;
import io.plate.api.learn.Model;
import io.plate.api.learn.ModelFormatException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Nadaraya–Watson against its formula evaluated directly; leave-one-out against brute force. */
class KernelRegressionTest {
    private final KernelRegressionLearner learner = new KernelRegressionLearner();

    static Dataset regression(double[][] x, double[] y) {
        Dataset d = Fixtures.numeric("reg", x, null);
        return d.toBuilder("reg").target(NumericColumn.of("y", y)).build();
    }

    /** f(q) = Σ k(x_i − q) y_i / Σ k(x_i − q), Gaussian k with bandwidth h, skipping row {@code skip}. */
    static double formula(double[][] x, double[] y, double h, double[] q, int skip) {
        double num = 0;
        double den = 0;
        for (int i = 0; i < x.length; i++) {
            if (i == skip) {
                continue;
            }
            double d2 = 0;
            for (int d = 0; d < q.length; d++) {
                d2 += (x[i][d] - q[d]) * (x[i][d] - q[d]);
            }
            double k = Math.exp(-d2 / (2 * h * h));
            num += k * y[i];
            den += k;
        }
        return num / den;
    }

    private static final double[][] xs = KernelRegressionTestData.x();
    private static final double[] ys = KernelRegressionTestData.y();

    @Test
    void fixedBandwidthEqualsTheFormula() {
        Model m = learner.fit(regression(xs, ys), learner.params(Map.of("bandwidth", "0.35")), 1);
        assertTrue(m.isRegression());
        assertTrue(m.classes().isEmpty());
        double[][] q = {{0, 1}, {1.5, 0.2}, {-1.9, 1.9}, {0.3, 0.3}};
        double[] pred = m.predict(Fixtures.numeric("q", q, null));
        for (int r = 0; r < q.length; r++) {
            assertEquals(formula(xs, ys, 0.35, q[r], -1), pred[r], 1e-9);
        }
    }

    /**
     * Nadaraya–Watson with the leave-one-out bandwidth is equivariant: features scaled by c give the same
     * predictions, a target scaled by c predictions scaled by c. With features of order 1e-170 or 1e299 the
     * squared distances underflowed or overflowed (every prediction NaN); with a target of order 1e299 the
     * squared errors overflowed, every grid value tied at infinity and the smallest bandwidth was taken.
     */
    @Test
    void predictionsFollowTheScaleOfFeaturesAndTarget() {
        double[][] q = {{0, 1}, {1.5, 0.2}, {-1.9, 1.9}, {0.3, 0.3}};
        double[] expected = learner.fit(regression(xs, ys), learner.params(Map.of()), 1)
                .predict(Fixtures.numeric("q", q, null));
        for (double c : new double[] {1e-170, 1e299}) {
            double[] pred = learner.fit(regression(Fixtures.times(xs, c), ys), learner.params(Map.of()), 1)
                    .predict(Fixtures.numeric("q", Fixtures.times(q, c), null));
            assertArrayEquals(expected, pred, 1e-9, "features times " + c);
        }
        double[] bigY = ys.clone();
        for (int i = 0; i < bigY.length; i++) {
            bigY[i] *= 1e299;
        }
        double[] pred = learner.fit(regression(xs, bigY), learner.params(Map.of()), 1)
                .predict(Fixtures.numeric("q", q, null));
        for (int r = 0; r < q.length; r++) {
            assertEquals(expected[r], pred[r] / 1e299, 1e-9, "target times 1e299, row " + r);
        }
    }

    /**
     * The leave-one-out search, O(n²), reports its rows through the learner's progress listener (it said nothing
     * for tens of seconds at 15,000 rows): the first row and the last at least, of the n complete rows, in order;
     * the model is the one fitted without a listener. An interrupted thread (Ctrl-C) stops it.
     */
    @Test
    void theBandwidthSearchReportsItsRowsAndStopsWhenInterrupted() {
        java.util.List<io.plate.api.sample.Progress> reports = new java.util.ArrayList<>();
        Model m = learner.fit(regression(xs, ys), learner.params(Map.of()), 1, reports::add);
        assertTrue(!reports.isEmpty(), "no progress reported");
        assertEquals(1, reports.get(0).iteration());
        assertEquals(xs.length, reports.get(reports.size() - 1).iteration());
        long before = 0;
        for (io.plate.api.sample.Progress p : reports) {
            assertEquals(xs.length, p.iterations());
            assertEquals(1, p.chains());
            assertTrue(p.iteration() > before, "rows done go up");
            before = p.iteration();
        }
        double[] q = m.predict(regression(xs, ys));
        assertArrayEquals(learner.fit(regression(xs, ys), learner.params(Map.of()), 1).predict(regression(xs, ys)), q, 0);
        Thread.currentThread().interrupt();
        try {
            org.junit.jupiter.api.Assertions.assertThrows(java.util.concurrent.CancellationException.class,
                    () -> learner.fit(regression(xs, ys), learner.params(Map.of()), 1));
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void leaveOneOutPicksTheGridMinimumOfBruteForceCv() {
        Model m = learner.fit(regression(xs, ys), learner.params(Map.of()), 1);
        int n = xs.length;
        int p = 2;
        // the documented grid: s * 2^(j/2), j = -8..6, s = n^(-1/(p+4)) * rms of the sample sds
        double ms = 0;
        for (int d = 0; d < p; d++) {
            double mean = 0;
            for (double[] row : xs) {
                mean += row[d] / n;
            }
            double ss = 0;
            for (double[] row : xs) {
                ss += (row[d] - mean) * (row[d] - mean);
            }
            ms += ss / (n - 1) / p;
        }
        double s = Math.pow(n, -1.0 / (p + 4)) * Math.sqrt(ms);
        double bestH = Double.NaN;
        double bestCv = Double.POSITIVE_INFINITY;
        double[] mse = ((KernelRegressionModel) m).looMse();
        for (int j = -8; j <= 6; j++) {
            double h = s * Math.pow(2, j / 2.0);
            double cv = 0;
            for (int i = 0; i < n; i++) {
                double e = ys[i] - formula(xs, ys, h, xs[i], i);
                cv += e * e / n;
            }
            // the whole curve, not only its minimum: the weights of the grid's bandwidths are computed by squaring
            assertEquals(cv, mse[j + 8], 1e-10 * cv, "h = " + h);
            if (cv < bestCv) {
                bestCv = cv;
                bestH = h;
            }
        }
        assertEquals(bestH, ((KernelRegressionModel) m).bandwidth(), 1e-12 * bestH);
        double[][] q = {{0.1, 0.9}, {-1.0, 0.5}};
        double[] pred = m.predict(Fixtures.numeric("q", q, null));
        for (int r = 0; r < q.length; r++) {
            assertEquals(formula(xs, ys, bestH, q[r], -1), pred[r], 1e-9);
        }
    }

    @Test
    void farFromTheDataItPredictsTheNearestTargetInsteadOfNaN() {
        Model m = learner.fit(regression(xs, ys), learner.params(Map.of("bandwidth", "0.05")), 1);
        double[] pred = m.predict(Fixtures.numeric("q", new double[][] {{500, 500}}, null));
        assertTrue(Double.isFinite(pred[0]));
    }

    @Test
    void isARegressionModel() {
        Model m = learner.fit(regression(xs, ys), learner.params(Map.of("bandwidth", "0.3")), 1);
        PlateException e = assertThrows(PlateException.class,
                () -> m.predictLogProba(Fixtures.numeric("q", new double[][] {{0, 0}}, null)));
        assertTrue(e.getMessage().contains("regression"), e.getMessage());
        PlateException noTarget = assertThrows(PlateException.class,
                () -> learner.fit(Fixtures.numeric("c", xs, null), learner.params(Map.of()), 1));
        assertTrue(noTarget.getMessage().contains("numeric target"), noTarget.getMessage());
    }

    @Test
    void modelFileRoundTripsAndRejectsWrongDimensions() {
        Model m = learner.fit(regression(xs, ys), learner.params(Map.of("standardize", "true")), 1);
        Model back = Fixtures.roundTrip(learner, m);
        Dataset q = Fixtures.numeric("q", new double[][] {{0.2, 0.4}, {1, 1}}, null);
        assertArrayEquals(m.predict(q), back.predict(q), 0);
        String text = Fixtures.text(m);
        ModelFormatException e = assertThrows(ModelFormatException.class, () -> learner.readModel(
                Fixtures.stream(text.replaceFirst("\"y\" : \\[ ", "\"y\" : [ 1.0, "))));
        assertTrue(e.getMessage().contains("points"), e.getMessage());
    }
}
