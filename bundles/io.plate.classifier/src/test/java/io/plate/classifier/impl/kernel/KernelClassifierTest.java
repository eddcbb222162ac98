package io.plate.classifier.impl.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Model;
import io.plate.api.learn.ModelFormatException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code kde} against the class-prior-times-KDE formula evaluated directly, and scikit-learn's 2-D KernelDensity. */
class KernelClassifierTest {
    private final KernelClassifierLearner learner = new KernelClassifierLearner();

    private static final double[][] X = {{0.2, 1.0, -0.5}, {0.9, 1.3, 0.1}, {-0.4, 0.7, 0.0}, {1.1, 2.0, 0.4},
        {2.0, -1.0, 1.5}, {2.4, -0.2, 1.1}, {1.7, -0.8, 2.0}, {3.0, 0.3, 1.0}, {2.2, 0.1, 0.9},
        {-1.0, 3.0, -2.0}, {-1.5, 2.4, -1.1}};
    private static final String[] Y = {"a", "a", "a", "a", "b", "b", "b", "b", "b", "c", "c"};
    private static final double[][] Q = {{0.5, 1.0, 0.0}, {2.0, 0.0, 1.0}, {-1.2, 2.5, -1.5}, {1.0, 0.5, 0.5},
        {0.0, 0.0, 0.0}};

    /** P(j|x) = π_j f_j(x) / Σ_k π_k f_k(x), f_j(x) = (1/n_j) Σ_i Π_d φ((x_d − x_id)/h_d)/h_d, no logs. */
    static double[] formula(double[][] x, String[] y, String[] classes, double[] h, double[] q) {
        double[] joint = new double[classes.length];
        double total = 0;
        for (int j = 0; j < classes.length; j++) {
            int nj = 0;
            double sum = 0;
            for (int i = 0; i < x.length; i++) {
                if (!y[i].equals(classes[j])) {
                    continue;
                }
                nj++;
                double k = 1;
                for (int d = 0; d < q.length; d++) {
                    double u = (q[d] - x[i][d]) / h[d];
                    k *= Math.exp(-0.5 * u * u) / (Math.sqrt(2 * Math.PI) * h[d]);
                }
                sum += k;
            }
            joint[j] = ((double) nj / x.length) * sum / nj;
            total += joint[j];
        }
        for (int j = 0; j < joint.length; j++) {
            joint[j] /= total;
        }
        return joint;
    }

    private void assertMatchesFormula(Model m, double[][] x, double[] h) {
        double[][] p = Fixtures.exp(m.predictLogProba(Fixtures.numeric("q", Q, null)));
        for (int r = 0; r < Q.length; r++) {
            double[] expected = formula(x, Y, new String[] {"a", "b", "c"}, h, Q[r]);
            assertArrayEquals(expected, p[r], 1e-9, "row " + r);
        }
    }

    /**
     * A kde model has no online update: asked for one through the Java API it says so in a PlateException, as every
     * caller's mistake is (it was an UnsupportedOperationException), naming the model type.
     */
    @Test
    void updateIsRefusedWithAPlateException() {
        Dataset train = Fixtures.numeric("t", X, Y);
        Model m = learner.fit(train, learner.params(Map.of()), 1);
        assertEquals(false, m.supportsUpdate());
        PlateException e = assertThrows(PlateException.class, () -> m.update(train));
        assertEquals("kde does not support online updates (supportsUpdate() is false): fit it again on all the rows",
                e.getMessage());
    }

    @Test
    void productAndRadialKernelsWithFixedBandwidthEqualTheFormula() {
        Dataset train = Fixtures.numeric("t", X, Y);
        for (String kernel : new String[] {"product", "radial"}) {
            Model m = learner.fit(train, learner.params(Map.of("bandwidth", "0.8", "kernel", kernel)), 1);
            assertMatchesFormula(m, X, new double[] {0.8, 0.8, 0.8});
        }
    }

    @Test
    void scottBandwidthIsPerFeatureForProductAndPooledForRadial() {
        Dataset train = Fixtures.numeric("t", X, Y);
        int n = X.length;
        int p = 3;
        double[] sd = new double[p];
        for (int d = 0; d < p; d++) {
            double mean = 0;
            for (double[] row : X) {
                mean += row[d] / n;
            }
            double ss = 0;
            for (double[] row : X) {
                ss += (row[d] - mean) * (row[d] - mean);
            }
            sd[d] = Math.sqrt(ss / (n - 1));
        }
        double factor = Math.pow(n, -1.0 / (p + 4));
        double[] hProduct = {factor * sd[0], factor * sd[1], factor * sd[2]};
        assertMatchesFormula(learner.fit(train, learner.params(Map.of("kernel", "product")), 1), X, hProduct);
        double rms = Math.sqrt((sd[0] * sd[0] + sd[1] * sd[1] + sd[2] * sd[2]) / 3);
        double[] hRadial = {factor * rms, factor * rms, factor * rms};
        assertMatchesFormula(learner.fit(train, learner.params(Map.of("kernel", "radial")), 1), X, hRadial);
    }

    /**
     * The rule-of-thumb bandwidths scale with the features, so scaling every feature by c leaves the
     * probabilities as they are (the kernel's log-normaliser moves every class alike). With c = 1e-170 the
     * squared deviations underflowed: the sds were 0, the bandwidths fell back to 1 and every row got its
     * class prior (the majority class); with c = 1e299 they overflowed and no row could be scored.
     */
    @Test
    void probabilitiesDoNotDependOnTheFeaturesScale() {
        for (String kernel : new String[] {"product", "radial"}) {
            for (String standardize : new String[] {"false", "true"}) {
                Map<String, String> given = Map.of("kernel", kernel, "standardize", standardize);
                double[][] expected = Fixtures.exp(learner.fit(Fixtures.numeric("t", X, Y), learner.params(given), 1)
                        .predictLogProba(Fixtures.numeric("q", Q, null)));
                for (double c : new double[] {1e-170, 1e299}) {
                    Model m = learner.fit(Fixtures.numeric("t", Fixtures.times(X, c), Y), learner.params(given), 1);
                    double[][] p = Fixtures.exp(m.predictLogProba(Fixtures.numeric("q", Fixtures.times(Q, c), null)));
                    for (int r = 0; r < Q.length; r++) {
                        assertArrayEquals(expected[r], p[r], 1e-9, kernel + " standardize=" + standardize
                                + " scale " + c + " row " + r);
                    }
                }
            }
        }
    }

    @Test
    void standardizedFeaturesEqualTheFormulaOnStandardizedData() {
        int n = X.length;
        double[][] z = new double[n][3];
        double[] mean = new double[3];
        double[] sd = new double[3];
        for (int d = 0; d < 3; d++) {
            for (double[] row : X) {
                mean[d] += row[d] / n;
            }
            for (double[] row : X) {
                sd[d] += (row[d] - mean[d]) * (row[d] - mean[d]) / n;
            }
            sd[d] = Math.sqrt(sd[d]);
            for (int r = 0; r < n; r++) {
                z[r][d] = (X[r][d] - mean[d]) / sd[d];
            }
        }
        Model m = learner.fit(Fixtures.numeric("t", X, Y),
                learner.params(Map.of("bandwidth", "0.5", "standardize", "true")), 1);
        double[][] p = Fixtures.exp(m.predictLogProba(Fixtures.numeric("q", Q, null)));
        for (int r = 0; r < Q.length; r++) {
            double[] zq = new double[3];
            for (int d = 0; d < 3; d++) {
                zq[d] = (Q[r][d] - mean[d]) / sd[d];
            }
            assertArrayEquals(formula(z, Y, new String[] {"a", "b", "c"}, new double[] {0.5, 0.5, 0.5}, zq), p[r], 1e-9);
        }
    }

    @Test
    void missingQueryValueIsMarginalisedOut() {
        Dataset train = Fixtures.numeric("t", X, Y);
        Model m = learner.fit(train, learner.params(Map.of("bandwidth", "0.8")), 1);
        double[][] q = {{0.5, Double.NaN, 0.0}};
        double[] p = Fixtures.exp(m.predictLogProba(Fixtures.numeric("q", q, null)))[0];
        double[][] x2 = new double[X.length][];
        for (int i = 0; i < X.length; i++) {
            x2[i] = new double[] {X[i][0], X[i][2]};
        }
        assertArrayEquals(formula(x2, Y, new String[] {"a", "b", "c"}, new double[] {0.8, 0.8}, new double[] {0.5, 0.0}),
                p, 1e-9);
    }

    @Test
    void matchesScikitLearnKernelDensityIncludingFarPoints() {
        JsonNode fx = Fixtures.json("kde_marginals.json");
        double[][] a = Fixtures.matrix(fx.get("train").get("a"));
        double[][] b = Fixtures.matrix(fx.get("train").get("b"));
        double[][] x = new double[a.length + b.length][];
        String[] y = new String[x.length];
        for (int i = 0; i < x.length; i++) {
            x[i] = i < a.length ? a[i] : b[i - a.length];
            y[i] = i < a.length ? "a" : "b";
        }
        Model m = learner.fit(Fixtures.numeric("t", x, y), learner.params(Map.of("bandwidth", "0.6")), 1);
        double[][] q = Fixtures.matrix(fx.get("queries"));
        double[][] lp = m.predictLogProba(Fixtures.numeric("q", q, null));
        for (int r = 0; r < q.length; r++) {
            double ja = Math.log((double) a.length / x.length) + fx.get("logDensity2d").get("a").get(r).doubleValue();
            double jb = Math.log((double) b.length / x.length) + fx.get("logDensity2d").get("b").get(r).doubleValue();
            double mx = Math.max(ja, jb);
            double norm = mx + Math.log(Math.exp(ja - mx) + Math.exp(jb - mx));
            assertEquals(ja - norm, lp[r][0], 1e-8 * Math.max(1, Math.abs(ja - norm)), "row " + r);
            assertEquals(jb - norm, lp[r][1], 1e-8 * Math.max(1, Math.abs(jb - norm)), "row " + r);
        }
    }

    @Test
    void modelFileRoundTripsAndRejectsBadFiles() {
        Model m = learner.fit(Fixtures.numeric("t", X, Y), learner.params(Map.of("standardize", "true")), 1);
        Model back = Fixtures.roundTrip(learner, m);
        Dataset q = Fixtures.numeric("q", Q, null);
        double[][] a = m.predictLogProba(q);
        double[][] b = back.predictLogProba(q);
        for (int r = 0; r < a.length; r++) {
            assertArrayEquals(a[r], b[r], 0);
        }
        String text = Fixtures.text(m);
        ModelFormatException e = assertThrows(ModelFormatException.class, () -> learner.readModel(
                Fixtures.stream(text.replaceFirst("\"bandwidth\" : \\[ ([^,]+),", "\"bandwidth\" : [ $1,"
                        .replace("$1,", "$1, 0.5,")))));
        assertTrue(e.getMessage().contains("bandwidth"), e.getMessage());
        ModelFormatException t = assertThrows(ModelFormatException.class,
                () -> learner.readModel(Fixtures.stream(text.replace("\"type\" : \"kde\"", "\"type\" : \"nb.kernel\""))));
        assertTrue(t.getMessage().contains("type"), t.getMessage());
    }

    @Test
    void needsNumericFeatures() {
        Dataset noNumeric = Dataset.builder("n").labels(Fixtures.labels("class", new String[] {"a", "b"})).build();
        assertThrows(PlateException.class, () -> learner.fit(noNumeric, learner.params(Map.of()), 1));
        Dataset train = Fixtures.numeric("t", X, Y);
        PlateException weka = assertThrows(PlateException.class,
                () -> learner.fit(train, learner.params(Map.of("bandwidth", "weka")), 1));
        assertTrue(weka.getMessage().contains("'bandwidth' = 'weka'"), weka.getMessage());
    }
}
