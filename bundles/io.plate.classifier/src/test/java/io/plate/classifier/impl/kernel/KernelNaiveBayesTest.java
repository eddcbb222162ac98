package io.plate.classifier.impl.kernel;

import com.fasterxml.jackson.databind.JsonNode;
import io.plate.api.PlateException;
import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.data.NumericColumn;
import io.plate.api.data.SparseMatrix;
import io.plate.api.learn.Model;
import io.plate.api.learn.ModelFormatException;
import io.plate.classifier.impl.nb.KernelLikelihood;
import io.plate.classifier.impl.nb.KernelNaiveBayesLearner;
import io.plate.classifier.impl.nb.NaiveBayesModel;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class KernelNaiveBayesTest {
    private final KernelNaiveBayesLearner learner = new KernelNaiveBayesLearner();

    private static Dataset fixtureTrain(JsonNode fx) {
        double[][] a = Fixtures.matrix(fx.get("train").get("a"));
        double[][] b = Fixtures.matrix(fx.get("train").get("b"));
        double[][] x = new double[a.length + b.length][];
        String[] y = new String[x.length];
        for (int i = 0; i < x.length; i++) {
            // interleave so that class order in the file does not matter
            x[i] = i < a.length ? a[i] : b[i - a.length];
            y[i] = i < a.length ? "a" : "b";
        }
        return Fixtures.numeric("kde", x, y);
    }

    @Test
    void fixedBandwidthPosteriorIsPriorTimesScikitLearnMarginals() {
        JsonNode fx = Fixtures.json("kde_marginals.json");
        Dataset train = fixtureTrain(fx);
        double[][] q = Fixtures.matrix(fx.get("queries"));
        Model m = learner.fit(train, learner.params(Map.of("bandwidth", "0.6")), 1);
        double[][] lp = m.predictLogProba(Fixtures.numeric("q", q, null));
        double na = fx.get("train").get("a").size();
        double nb = fx.get("train").get("b").size();
        for (int r = 0; r < q.length; r++) {
            double ja = Math.log(na / (na + nb));
            double jb = Math.log(nb / (na + nb));
            for (int f = 0; f < 2; f++) {
                ja += fx.get("logDensity1d").get("a").get(f).get(r).doubleValue();
                jb += fx.get("logDensity1d").get("b").get(f).get(r).doubleValue();
            }
            double mx = Math.max(ja, jb);
            double norm = mx + Math.log(Math.exp(ja - mx) + Math.exp(jb - mx));
            assertEquals(ja - norm, lp[r][0], 1e-8 * Math.max(1, Math.abs(ja - norm)), "row " + r);
            assertEquals(jb - norm, lp[r][1], 1e-8 * Math.max(1, Math.abs(jb - norm)), "row " + r);
        }
    }

    @Test
    void ruleOfThumbBandwidthsEqualNumpy() {
        JsonNode fx = Fixtures.json("kde_marginals.json");
        Dataset train = fixtureTrain(fx);
        for (String rule : new String[] {"silverman", "scott"}) {
            NaiveBayesModel m = (NaiveBayesModel) learner.fit(train,
                    learner.params(Map.of("bandwidth", rule)), 1);
            for (int k = 0; k < 2; k++) {
                double[] expected = Fixtures.doubles(fx.get(rule).get(k == 0 ? "a" : "b"));
                for (int f = 0; f < 2; f++) {
                    assertEquals(expected[f], numeric(m).marginal(f, k).bandwidth(), 1e-12, rule + " " + k + " " + f);
                }
            }
        }
    }

    @Test
    void featureScopeSharesTheRuleOverAllClassesAndWekaRuleIsRangeOverRootN() {
        JsonNode fx = Fixtures.json("kde_marginals.json");
        Dataset train = fixtureTrain(fx);
        NaiveBayesModel m = (NaiveBayesModel) learner.fit(train,
                learner.params(Map.of("bandwidth_scope", "feature")), 1);
        double[] expected = Fixtures.doubles(fx.get("silvermanPooled"));
        for (int f = 0; f < 2; f++) {
            for (int k = 0; k < 2; k++) {
                assertEquals(expected[f], numeric(m).marginal(f, k).bandwidth(), 1e-12);
            }
        }
        NaiveBayesModel w = (NaiveBayesModel) learner.fit(train, learner.params(Map.of("bandwidth", "weka")), 1);
        double[][] a = Fixtures.matrix(fx.get("train").get("a"));
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (double[] row : a) {
            lo = Math.min(lo, row[1]);
            hi = Math.max(hi, row[1]);
        }
        assertEquals((hi - lo) / Math.sqrt(a.length), numeric(w).marginal(1, 0).bandwidth(), 1e-12);
    }

    @Test
    void discreteFeatureGetsThePrecisionFloor() {
        // class x: the feature is always 3 (rule gives 0); distinct values {0,2,3,5,8}: mean gap 8/4 = 2
        double[][] x = {{3}, {3}, {3}, {3}, {0}, {8}, {2}, {5}};
        String[] y = {"x", "x", "x", "x", "y", "y", "y", "y"};
        NaiveBayesModel m = (NaiveBayesModel) learner.fit(Fixtures.numeric("d", x, y),
                learner.params(Map.of()), 1);
        assertEquals((8.0 - 0.0) / 4 / 6, numeric(m).marginal(0, 0).bandwidth(), 1e-15);
        // log density at the value: log N(0; 0, h)
        double h = 2.0 / 6;
        assertEquals(-Math.log(h * Math.sqrt(2 * Math.PI)), numeric(m).marginal(0, 0).logDensity(3), 1e-12);
    }

    @Test
    void categoricalAndCountBlocksFollowTheirFormulas() {
        // 5 rows, classes p/q; categorical 'colour' with levels blue, green, red (green never used)
        int[] colour = {0, 2, 2, CategoricalColumn.MISSING, 0};
        String[] y = {"p", "p", "q", "q", "q"};
        SparseMatrix counts = SparseMatrix.ofCounts(List.of("w0", "w1", "w2"), new int[] {0, 2, 3, 4, 5, 7},
                new int[] {0, 1, 2, 0, 1, 1, 2}, new int[] {2, 1, 3, 1, 1, 4, 2}, true);
        Dataset train = Dataset.builder("mixed")
                .categorical(CategoricalColumn.of("colour", List.of("blue", "green", "red"), colour))
                .numeric(NumericColumn.of("v", new double[] {0.1, 0.4, 1.9, 2.2, Double.NaN}))
                .sparse(counts).labels(Fixtures.labels("class", y)).build();
        double alpha = 0.5;
        double h = 0.3;
        Model m = learner.fit(train, learner.params(Map.of("alpha", "0.5", "bandwidth", "0.3")), 1);
        // score: colour = red, v = 1.0, counts w0:1, w2:2
        Dataset row = Dataset.builder("row")
                .categorical(CategoricalColumn.of("colour", List.of("red"), new int[] {0}))
                .numeric(NumericColumn.of("v", new double[] {1.0}))
                .sparse(SparseMatrix.ofCounts(List.of("w0", "w1", "w2"), new int[] {0, 2}, new int[] {0, 2},
                        new int[] {1, 2}, true))
                .build();
        // class p: rows 0,1. colour: red 1 of 2 (blue 1). v: {0.1, 0.4}. counts: w0 2, w1 1, w2 3 (total 6)
        // class q: rows 2,3,4. colour: red 1 of 2 non-missing (blue 1). v: {1.9, 2.2}. counts: w0 1, w1 5, w2 2 (8)
        double cp = Math.log(2.0 / 5) + Math.log((1 + alpha) / (2 + 3 * alpha))
                + Math.log((phi((1.0 - 0.1) / h) + phi((1.0 - 0.4) / h)) / (2 * h))
                + 1 * Math.log((2 + alpha) / (6 + 3 * alpha)) + 2 * Math.log((3 + alpha) / (6 + 3 * alpha));
        double cq = Math.log(3.0 / 5) + Math.log((1 + alpha) / (2 + 3 * alpha))
                + Math.log((phi((1.0 - 1.9) / h) + phi((1.0 - 2.2) / h)) / (2 * h))
                + 1 * Math.log((1 + alpha) / (8 + 3 * alpha)) + 2 * Math.log((2 + alpha) / (8 + 3 * alpha));
        double pp = 1 / (1 + Math.exp(cq - cp));
        double[][] lp = m.predictLogProba(row);
        assertEquals(pp, Math.exp(lp[0][0]), 1e-12);
        assertEquals(1 - pp, Math.exp(lp[0][1]), 1e-12);
    }

    private static double phi(double u) {
        return Math.exp(-0.5 * u * u) / Math.sqrt(2 * Math.PI);
    }

    /**
     * The rule-of-thumb bandwidths and the precision floor scale with a feature, so scaling every feature
     * by c leaves the probabilities as they are. With c = 1e-170 the squared distances underflowed and with
     * c = 1e299 they overflowed: "no class has a finite likelihood" for every row.
     */
    @Test
    void probabilitiesDoNotDependOnTheFeaturesScale() {
        double[][] x = {{0.2, 1.0}, {0.9, 1.3}, {-0.4, 0.7}, {1.1, 2.0}, {2.0, -1.0}, {2.4, -0.2}, {1.7, -0.8},
            {3.0, 0.3}};
        String[] y = {"a", "a", "a", "a", "b", "b", "b", "b"};
        double[][] q = {{0.5, 1.0}, {2.0, 0.0}, {1.2, 0.4}, {9.0, -5.0}};
        for (String rule : new String[] {"silverman", "weka"}) {
            Map<String, String> given = Map.of("bandwidth", rule);
            double[][] expected = Fixtures.exp(learner.fit(Fixtures.numeric("t", x, y), learner.params(given), 1)
                    .predictLogProba(Fixtures.numeric("q", q, null)));
            for (double c : new double[] {1e-170, 1e299}) {
                Model m = learner.fit(Fixtures.numeric("t", Fixtures.times(x, c), y), learner.params(given), 1);
                double[][] p = Fixtures.exp(m.predictLogProba(Fixtures.numeric("q", Fixtures.times(q, c), null)));
                for (int r = 0; r < q.length; r++) {
                    assertArrayEquals(expected[r], p[r], 1e-9, rule + " scale " + c + " row " + r);
                }
            }
        }
    }

    /** The model's description names its blocks (it printed LidstoneCategorical@1b2c3d for an empty one). */
    @Test
    void theDescriptionNamesTheBlocksTheModelHas() {
        Dataset numeric = Fixtures.numeric("n", new double[][] {{0.1, 1}, {0.4, 2}, {1.9, 3}, {2.2, 5}},
                new String[] {"p", "p", "q", "q"});
        String text = learner.fit(numeric, learner.params(Map.of()), 1).toString();
        assertTrue(text.startsWith("nb.kernel model: 2 classes, 2 numeric (kernel) ("), text);
        SparseMatrix counts = SparseMatrix.ofCounts(List.of("w0", "w1", "w2"), new int[] {0, 2, 3, 4},
                new int[] {0, 1, 2, 0}, new int[] {2, 1, 3, 1}, true);
        Dataset mixed = Dataset.builder("m")
                .categorical(CategoricalColumn.of("colour", List.of("blue", "red"), new int[] {0, 1, 1}))
                .sparse(counts).labels(Fixtures.labels("class", new String[] {"p", "q", "q"})).build();
        text = learner.fit(mixed, learner.params(Map.of()), 1).toString();
        assertTrue(text.startsWith("nb.kernel model: 2 classes, 1 categorical, 3 words ("), text);
    }

    @Test
    void explanationTermsAddUpToThePosterior() {
        int[] colour = {0, 1, 1, 0, CategoricalColumn.MISSING};
        Dataset train = Dataset.builder("t")
                .categorical(CategoricalColumn.of("colour", List.of("blue", "red"), colour))
                .numeric(NumericColumn.of("v", new double[] {0.1, 0.4, 1.9, 2.2, 1.0}))
                .labels(Fixtures.labels("class", new String[] {"p", "p", "q", "q", "q"})).build();
        NaiveBayesModel m = (NaiveBayesModel) learner.fit(train, learner.params(Map.of()), 1);
        io.plate.api.learn.Explanation e = m.explain(train, 4);
        assertEquals(1, e.terms().size()); // colour is missing in row 5
        assertEquals("v", e.terms().get(0).feature());
        double[] expected = m.predictLogProba(train)[4];
        assertArrayEquals(expected, e.logProba(), 1e-12);
        assertEquals(numeric(m).marginal(0, 1).logDensity(1.0), e.terms().get(0).perClass()[1], 0);
        assertTrue(m.tellingFeatures(3).isEmpty());
        assertThrows(PlateException.class, () -> m.explain(train, 5));
    }

    @Test
    void unseenLevelsWordsAndMissingValuesAreSkipped() {
        int[] colour = {0, 1, 1, 0};
        Dataset train = Dataset.builder("t")
                .categorical(CategoricalColumn.of("colour", List.of("blue", "red"), colour))
                .numeric(NumericColumn.of("v", new double[] {0.1, 0.4, 1.9, 2.2}))
                .labels(Fixtures.labels("class", new String[] {"p", "p", "q", "q"})).build();
        Model m = learner.fit(train, learner.params(Map.of()), 1);
        Dataset unseen = Dataset.builder("u")
                .categorical(CategoricalColumn.of("colour", List.of("purple", "blue"), new int[] {0, CategoricalColumn.MISSING}))
                .numeric(NumericColumn.of("v", new double[] {1.0, 1.0})).build();
        Dataset numericOnly = Dataset.builder("n")
                .categorical(CategoricalColumn.of("colour", List.of("blue"), new int[] {CategoricalColumn.MISSING}))
                .numeric(NumericColumn.of("v", new double[] {1.0})).build();
        double[][] a = m.predictLogProba(unseen);
        double[][] b = m.predictLogProba(numericOnly);
        assertArrayEquals(b[0], a[0], 0);
        assertArrayEquals(b[0], a[1], 0);
        Dataset allMissing = Dataset.builder("m")
                .categorical(CategoricalColumn.of("colour", List.of("blue"), new int[] {CategoricalColumn.MISSING}))
                .numeric(NumericColumn.of("v", new double[] {Double.NaN})).build();
        double[] prior = m.predictLogProba(allMissing)[0];
        assertEquals(Math.log(0.5), prior[0], 1e-15);
    }

    @Test
    void modelFileRoundTripsAndIsValidatedStrictly() {
        JsonNode fx = Fixtures.json("kde_marginals.json");
        Dataset train = fixtureTrain(fx);
        Model m = learner.fit(train, learner.params(Map.of()), 3);
        Model back = Fixtures.roundTrip(learner, m);
        Dataset q = Fixtures.numeric("q", Fixtures.matrix(fx.get("queries")), null);
        double[][] a = m.predictLogProba(q);
        double[][] b = back.predictLogProba(q);
        for (int r = 0; r < a.length; r++) {
            assertArrayEquals(a[r], b[r], 0);
        }
        assertEquals(m.provenance(), back.provenance());
        String text = Fixtures.text(m);
        assertTrue(text.contains("\"format\" : \"plate-model\""));
        ModelFormatException v = assertThrows(ModelFormatException.class,
                () -> learner.readModel(Fixtures.stream(text.replace("\"version\" : 1", "\"version\" : 2"))));
        assertTrue(v.getMessage().contains("version"), v.getMessage());
        ModelFormatException nf = assertThrows(ModelFormatException.class, () -> learner.readModel(
                Fixtures.stream(text.replaceFirst("\"bandwidth\" : [0-9.eE-]+", "\"bandwidth\" : 1e999"))));
        assertTrue(nf.getMessage().contains("numeric[0].classes[0].bandwidth"), nf.getMessage());
        ModelFormatException dim = assertThrows(ModelFormatException.class, () -> learner.readModel(
                Fixtures.stream(text.replaceFirst("\"logPrior\" : \\[ ([^,]+),", "\"logPrior\" : [ $1, -1.0,"))));
        assertTrue(dim.getMessage().contains("logPrior"), dim.getMessage());
    }

    @Test
    void tabulatedModelsRoundTripExactlyAndAgreeWithTheDirectSum() {
        org.apache.commons.rng.UniformRandomProvider rng =
                org.apache.commons.rng.simple.RandomSource.XO_RO_SHI_RO_128_PP.create(23L);
        double[][] x = new double[600][2];
        String[] y = new String[600];
        for (int i = 0; i < x.length; i++) {
            y[i] = i % 2 == 0 ? "even" : "odd";
            x[i][0] = (i % 2) * 2 + 3 * rng.nextDouble();
            x[i][1] = rng.nextDouble() * (i % 2 == 0 ? 1 : 4);
        }
        Dataset train = Fixtures.numeric("cont", x, y);
        NaiveBayesModel table = (NaiveBayesModel) learner.fit(train, learner.params(Map.of()), 1);
        NaiveBayesModel direct = (NaiveBayesModel) learner.fit(train,
                learner.params(Map.of("grid", "0")), 1);
        assertTrue(numeric(table).marginal(0, 0).tabulated());
        Model back = Fixtures.roundTrip(learner, table);
        double[][] a = table.predictLogProba(train);
        double[][] b = back.predictLogProba(train);
        double[][] c = direct.predictLogProba(train);
        for (int r = 0; r < a.length; r++) {
            assertArrayEquals(a[r], b[r], 0);
            // two features, each within about 1e-6 in log density: posteriors within 4e-6 in log
            assertArrayEquals(c[r], a[r], 4e-6);
        }
    }

    @Test
    void badParametersAndDataAreClearErrors() {
        assertTrue(assertThrows(PlateException.class, () -> learner.fit(Fixtures.numeric("d", new double[][] {{1}},
                new String[] {"a"}), learner.params(Map.of("bandwidth", "wide")), 1)).getMessage().contains("bandwidth"));
        assertTrue(assertThrows(PlateException.class, () -> learner.fit(Fixtures.numeric("d", new double[][] {{1}},
                null), learner.params(Map.of()), 1)).getMessage().contains("no class labels"));
    }

    /** The kernel block of an nb.kernel model (its first block). */
    private static KernelLikelihood numeric(NaiveBayesModel m) {
        return (KernelLikelihood) m.blocks().get(0);
    }
}
