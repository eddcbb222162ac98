package io.plate.classifier.impl.perceptron;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.plate.api.PlateException;
import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.data.NumericColumn;
import io.plate.api.learn.Model;
import io.plate.api.learn.ModelFormatException;
import io.plate.classifier.impl.kernel.Fixtures;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The perceptron against scikit-learn's {@code Perceptron} (fixtures made by
 * {@code src/test/python/kernel/make_fixtures.py}) and against hand-worked updates.
 */
class PerceptronTest {
    private final PerceptronLearner learner = new PerceptronLearner();

    private static Dataset fromFixture(JsonNode fx) {
        double[][] x = Fixtures.matrix(fx.get("x"));
        String[] y = new String[x.length];
        for (int i = 0; i < y.length; i++) {
            y[i] = fx.get("y").get(i).asText();
        }
        return Fixtures.numeric(fx.get("x").size() + " rows", x, y);
    }

    private static Map<String, String> sklearnSettings() {
        return Map.of("rule", "classic", "learning_rate", "1", "epochs", "50", "shuffle", "false",
                "standardize", "false");
    }

    @Test
    void classicRuleMatchesScikitLearnOnSeparableData() {
        JsonNode fx = Fixtures.json("perceptron_binary.json");
        PerceptronModel m = (PerceptronModel) learner.fit(fromFixture(fx), learner.params(sklearnSettings()), 1);
        assertEquals(1, m.units());
        double[] coef = Fixtures.doubles(fx.get("coef").get(0));
        double[] w = m.weights(0);
        assertArrayEquals(new double[] {coef[0], coef[1], fx.get("intercept").get(0).doubleValue()}, w, 1e-12);
        double[] pred = m.predict(fromFixture(fx));
        for (int r = 0; r < pred.length; r++) {
            assertEquals(fx.get("predict").get(r).asText(), m.classes().get((int) pred[r]));
        }
        // uncalibrated logistic link: P(pos) = σ(wᵀx + b) with scikit-learn's weights
        double[][] lp = m.predictLogProba(fromFixture(fx));
        double[][] x = Fixtures.matrix(fx.get("x"));
        for (int r = 0; r < x.length; r++) {
            double a = coef[0] * x[r][0] + coef[1] * x[r][1] + fx.get("intercept").get(0).doubleValue();
            assertEquals(1 / (1 + Math.exp(-a)), Math.exp(lp[r][1]), 1e-12);
            assertEquals(1 / (1 + Math.exp(a)), Math.exp(lp[r][0]), 1e-12);
        }
    }

    @Test
    void oneVersusRestMatchesScikitLearn() {
        JsonNode fx = Fixtures.json("perceptron_ovr.json");
        PerceptronModel m = (PerceptronModel) learner.fit(fromFixture(fx), learner.params(sklearnSettings()), 1);
        assertEquals(3, m.units());
        for (int k = 0; k < 3; k++) {
            double[] coef = Fixtures.doubles(fx.get("coef").get(k));
            assertArrayEquals(new double[] {coef[0], coef[1], fx.get("intercept").get(k).doubleValue()}, m.weights(k),
                    1e-9, "class " + k);
        }
        double[] pred = m.predict(fromFixture(fx));
        for (int r = 0; r < pred.length; r++) {
            assertEquals(fx.get("predict").get(r).asText(), m.classes().get((int) pred[r]), "row " + r);
        }
        // softmax of the one-versus-rest scores, from scikit-learn's weights; its argmax is the prediction
        double[][] x = Fixtures.matrix(fx.get("x"));
        double[][] lp = m.predictLogProba(fromFixture(fx));
        for (int r = 0; r < x.length; r++) {
            double[] e = new double[3];
            double sum = 0;
            for (int k = 0; k < 3; k++) {
                double[] c = Fixtures.doubles(fx.get("coef").get(k));
                e[k] = Math.exp(c[0] * x[r][0] + c[1] * x[r][1] + fx.get("intercept").get(k).doubleValue());
                sum += e[k];
            }
            int best = 0;
            for (int k = 0; k < 3; k++) {
                assertEquals(e[k] / sum, Math.exp(lp[r][k]), 1e-9, "row " + r + " class " + k);
                best = lp[r][k] > lp[r][best] ? k : best;
            }
            assertEquals((int) pred[r], best, "row " + r);
        }
    }

    private static Dataset twoPoints() {
        return Fixtures.numeric("two", new double[][] {{1}, {-1}}, new String[] {"pos", "neg"});
    }

    @Test
    void classicAveragingByHand() {
        // bias folded: x1 = (1, 1) y=+1, x2 = (-1, 1) y=-1 ("neg" is class 0, "pos" class 1).
        // epoch 1: w=0, x1 score 0 -> mistake, w=(1,1); x2 score 0 -> mistake, w=(2,0). epoch 2: no mistake.
        // averaged over the 4 visits: ((1,1) + (2,0) + (2,0) + (2,0)) / 4 = (1.75, 0.25)
        Map<String, String> p = new HashMap<>(sklearnSettings());
        PerceptronModel plain = (PerceptronModel) learner.fit(twoPoints(), learner.params(p), 1);
        assertArrayEquals(new double[] {2, 0}, plain.weights(0), 0);
        p.put("average", "true");
        PerceptronModel avg = (PerceptronModel) learner.fit(twoPoints(), learner.params(p), 1);
        assertArrayEquals(new double[] {1.75, 0.25}, avg.weights(0), 1e-15);
    }

    @Test
    void tanhBatchAndSgdStepsByHand() {
        // one batch epoch from w = 0: t = 0 for every row, so w = η/N Σ y x = 0.5/2 * ((1,1) - (-1,1)) = (0.5, 0)
        Map<String, String> p = new HashMap<>(Map.of("rule", "tanh", "epochs", "1", "standardize", "false",
                "learning_rate", "0.5"));
        assertArrayEquals(new double[] {0.5, 0}, ((PerceptronModel) learner.fit(twoPoints(), learner.params(p), 1))
                .weights(0), 1e-15);
        // two epochs: t = tanh(0.5 * x) = ±tanh(0.5); gradient sum = 2 (1 - t)(1 - t²) (1, 0)
        double t = Math.tanh(0.5);
        p.put("epochs", "2");
        assertArrayEquals(new double[] {0.5 + 0.5 / 2 * 2 * (1 - t) * (1 - t * t), 0},
                ((PerceptronModel) learner.fit(twoPoints(), learner.params(p), 1)).weights(0), 1e-15);
        // sgd, one epoch, η = 0.1: row 1 from 0: w = 0.1 * (1, 1); row 2: a = -0.1 + 0.1 = 0, t = 0,
        // w += 0.1 * (-1) * (-1, 1) = (0.2, 0)
        Map<String, String> s = Map.of("rule", "sgd", "epochs", "1", "standardize", "false", "learning_rate", "0.1");
        assertArrayEquals(new double[] {0.2, 0}, ((PerceptronModel) learner.fit(twoPoints(), learner.params(s), 1))
                .weights(0), 1e-15);
    }

    @Test
    void gradientRulesSeparateSeparableData() {
        JsonNode fx = Fixtures.json("perceptron_binary.json");
        Dataset d = fromFixture(fx);
        for (String rule : new String[] {"tanh", "sgd"}) {
            Model m = learner.fit(d, learner.params(Map.of("rule", rule, "epochs", "300", "shuffle", "true")), 5);
            double[] pred = m.predict(d);
            int wrong = 0;
            for (int r = 0; r < pred.length; r++) {
                wrong += fx.get("y").get(r).asText().equals(m.classes().get((int) pred[r])) ? 0 : 1;
            }
            assertTrue(wrong <= 1, rule + ": " + wrong + " training errors on separable data");
        }
    }

    @Test
    void shufflingIsReproducibleFromTheSeed() {
        Dataset d = fromFixture(Fixtures.json("perceptron_ovr.json"));
        Map<String, String> p = Map.of("rule", "sgd", "epochs", "3", "shuffle", "true");
        PerceptronModel a = (PerceptronModel) learner.fit(d, learner.params(p), 42);
        PerceptronModel b = (PerceptronModel) learner.fit(d, learner.params(p), 42);
        PerceptronModel c = (PerceptronModel) learner.fit(d, learner.params(p), 43);
        assertArrayEquals(a.weights(1), b.weights(1), 0);
        assertFalse(java.util.Arrays.equals(a.weights(1), c.weights(1)));
    }

    @Test
    void categoricalColumnsAreOneHotAndUnseenLevelsAreZero() {
        Dataset d = Dataset.builder("cat")
                .categorical(CategoricalColumn.of("shape", List.of("round", "square"), new int[] {0, 1, 0, 1}))
                .labels(Fixtures.labels("class", new String[] {"r", "s", "r", "s"})).build();
        PerceptronModel m = (PerceptronModel) learner.fit(d, learner.params(sklearnSettings()), 1);
        // x = (round, square, 1). row 1 (r=-1): score 0 -> w = (-1, 0, -1); row 2 (s=+1): score -1 -> w = (-1, 1, 0);
        // row 3: score -1 ok; row 4: score 1 ok; epoch 2 no mistakes
        assertArrayEquals(new double[] {-1, 1, 0}, m.weights(0), 0);
        Dataset unseen = Dataset.builder("u")
                .categorical(CategoricalColumn.of("shape", List.of("triangle"), new int[] {0})).build();
        assertEquals(Math.log(0.5), m.predictLogProba(unseen)[0][0], 1e-15);
        assertEquals(List.of(new io.plate.api.learn.UnseenLevels("shape", 1, List.of("triangle"))),
                m.unseenLevels(unseen), "the cell that is all zeros is counted");
    }

    @Test
    void modelFileRoundTripsAndRejectsBadWeights() {
        Dataset d = fromFixture(Fixtures.json("perceptron_ovr.json")).toBuilder("with missing")
                .numeric(NumericColumn.of("extra", new double[45])).build();
        Model m = learner.fit(d, learner.params(Map.of("rule", "sgd", "average", "true")), 3);
        Model back = Fixtures.roundTrip(learner, m);
        double[][] a = m.predictLogProba(d);
        double[][] b = back.predictLogProba(d);
        for (int r = 0; r < a.length; r++) {
            assertArrayEquals(a[r], b[r], 0);
        }
        String text = Fixtures.text(m);
        ModelFormatException e = assertThrows(ModelFormatException.class, () -> learner.readModel(
                Fixtures.stream(text.replaceFirst("\"weights\" : \\[ \\[ ", "\"weights\" : [ [ 0.5, "))));
        assertTrue(e.getMessage().contains("weights[0]"), e.getMessage());
        ModelFormatException nan = assertThrows(ModelFormatException.class, () -> learner.readModel(
                Fixtures.stream(text.replaceFirst("\"weights\" : \\[ \\[ ", "\"weights\" : [ [ \"NaN\", "))));
        assertTrue(nan.getMessage().contains("weights[0]"), nan.getMessage());
    }

    @Test
    void needsTwoClasses() {
        Dataset one = Fixtures.numeric("one", new double[][] {{1}, {2}}, new String[] {"a", "a"});
        assertThrows(PlateException.class, () -> learner.fit(one, learner.params(Map.of()), 1));
        assertThrows(PlateException.class, () -> learner.params(Map.of("rule", "hebbian")));
    }
}
