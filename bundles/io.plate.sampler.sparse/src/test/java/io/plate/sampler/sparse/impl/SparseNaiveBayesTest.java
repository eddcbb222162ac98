package io.plate.sampler.sparse.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Model;
import io.plate.api.learn.ModelFormatException;
import io.plate.api.learn.Params;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SparseNaiveBayesTest {
    static final TestDistributions DIST = new TestDistributions();
    static final SparseNaiveBayes LEARNER = new SparseNaiveBayes(DIST);

    static final String[] HEADER = {"colour", "shape", "label"};
    static final String[][] ROWS = {
        {"red", "round", "yes"}, {"red", "round", "yes"}, {"red", "square", "yes"}, {"green", null, "yes"},
        {"blue", "square", "no"}, {"blue", "square", "no"}, {"blue", "round", "no"}};

    static Dataset train() {
        return Datasets.of("toy", HEADER, ROWS);
    }

    /**
     * The predictive probabilities against an independent computation: class prior (N_y + 1)/(N + 2) and
     * per feature the brute-force E[θ] of {@link ExactPosteriorTest#bruteForce}.
     */
    @Test
    void exactPredictiveMatchesBruteForce() {
        Params p = LEARNER.params(Map.of("alpha", "0.5", "a", "2", "b", "0.7"));
        Model m = LEARNER.fit(train(), p, 1L);
        assertEquals(List.of("no", "yes"), m.classes());
        assertEquals(java.util.Optional.of(List.of("colour", "shape")), m.columns()); // what plate:predict compares
        Dataset test = Datasets.of("t", HEADER, new String[][] {{"green", "round", "no"}, {"red", null, "yes"}});
        double[][] lp = m.predictLogProba(test);
        // colour levels in training order: red, green, blue; shape: round, square
        double[] al = {0.5, 0.5, 0.5};
        double[] noColour = ExactPosteriorTest.bruteForce(new int[] {0, 0, 3}, al, 2, 0.7)[0];
        double[] yesColour = ExactPosteriorTest.bruteForce(new int[] {3, 1, 0}, al, 2, 0.7)[0];
        double[] noShape = ExactPosteriorTest.bruteForce(new int[] {1, 2}, new double[] {0.5, 0.5}, 2, 0.7)[0];
        double[] yesShape = ExactPosteriorTest.bruteForce(new int[] {2, 1}, new double[] {0.5, 0.5}, 2, 0.7)[0];
        double no = (3 + 1.0) / (7 + 2) * noColour[1] * noShape[0];
        double yes = (4 + 1.0) / (7 + 2) * yesColour[1] * yesShape[0];
        assertEquals(Math.log(no / (no + yes)), lp[0][0], 1e-10);
        assertEquals(Math.log(yes / (no + yes)), lp[0][1], 1e-10);
        double no2 = (3 + 1.0) / 9 * noColour[0];
        double yes2 = (4 + 1.0) / 9 * yesColour[0];
        assertEquals(Math.log(yes2 / (no2 + yes2)), lp[1][1], 1e-10);
        assertArrayEquals(new double[] {1, 1}, m.predict(test));
    }

    /**
     * A model of a view (plate:split's training part, a fold) knows only the levels its rows use: the
     * held-out row's own colour (purple) is not a category, so the model equals the one of the same rows on
     * their own, which {@link #exactPredictiveMatchesBruteForce} checks against the brute-force predictive.
     */
    /** {@link #train()} with a numeric column and word counts beside its categorical ones. */
    static Dataset withOtherKinds() {
        int n = ROWS.length;
        int[] start = new int[n + 1];
        int[] cols = new int[n];
        int[] counts = new int[n];
        for (int r = 0; r < n; r++) {
            start[r + 1] = r + 1;
            cols[r] = r % 2;
            counts[r] = 1 + r;
        }
        return train().toBuilder("mixed")
                .numeric(io.plate.api.data.NumericColumn.of("size", new double[] {1.5, 2.25, 0.5, 7, 3, 3.5, 9}))
                .sparse(io.plate.api.data.SparseMatrix.ofCounts(List.of("w1", "w2"), start, cols, counts, true))
                .build();
    }

    /**
     * nb.sparse leaves numeric columns and word counts out and says so, as nb.categorical does: the model is
     * the one of the categorical columns alone (checked against brute force above). It refused such data,
     * advising --categorical all, which makes every distinct number a level.
     */
    @Test
    void numericColumnsAndWordCountsAreLeftOutAndSaid() {
        Params p = LEARNER.params(Map.of("alpha", "0.5", "a", "2", "b", "0.7"));
        Model m = LEARNER.fit(withOtherKinds(), p, 1L);
        Model alone = LEARNER.fit(train(), p, 1L);
        Dataset test = Datasets.of("t", HEADER, new String[][] {{"green", "round", "no"}, {"red", null, "yes"}});
        assertArrayEquals(alone.predictLogProba(test)[0], m.predictLogProba(test)[0], 0);
        assertArrayEquals(alone.predictLogProba(test)[1], m.predictLogProba(test)[1], 0);
        assertTrue(m.toString().endsWith("\nignores 1 numeric column (size) and the word counts of the data (the sparse"
                + " prior models categorical columns; a column of levels written as numbers is imported as one with"
                + " --categorical NAME)"), m.toString());
        assertTrue(!alone.toString().contains("ignores"), alone.toString());
        // counts in the singular and plural: the toy data have 2 features and 2 classes
        assertTrue(alone.toString().startsWith("nb.sparse model: 2 classes [no, yes], 2 features, "), alone.toString());
        Model one = LEARNER.fit(Datasets.of("one", new String[] {"colour", "label"}, new String[][] {{"red", "yes"},
                {"blue", "no"}}), p, 1L);
        assertTrue(one.toString().startsWith("nb.sparse model: 2 classes [no, yes], 1 feature, "), one.toString());
        Dataset numbersOnly = Dataset.builder("n").numeric(io.plate.api.data.NumericColumn.of("size", new double[] {1, 2}))
                .labels(io.plate.api.data.CategoricalColumn.of("label", List.of("a", "b"), new int[] {0, 1})).build();
        PlateException none = assertThrows(PlateException.class, () -> LEARNER.fit(numbersOnly, p, 1L));
        assertEquals("dataset 'n' has no categorical features, the only kind the sparse prior models; it has 1 numeric"
                + " column (size): a column of levels written as numbers is imported as one with --categorical NAME,"
                + " measurements are for other learners and samplers", none.getMessage());
        // a text corpus: word counts alone, told which models read them (it was told about levels written as numbers)
        Dataset words = Dataset.builder("sms").sparse(io.plate.api.data.SparseMatrix.ofCounts(List.of("free", "win"),
                new int[] {0, 1, 2}, new int[] {0, 1}, new int[] {1, 2}, true))
                .labels(io.plate.api.data.CategoricalColumn.of("label", List.of("ham", "spam"), new int[] {0, 1})).build();
        PlateException text = assertThrows(PlateException.class, () -> LEARNER.fit(words, p, 1L));
        assertEquals("dataset 'sms' has no categorical features, the only kind the sparse prior models; it has the word"
                + " counts: word counts are modelled by nb.multinomial, nb.complement and nb.bernoulli (plate:train) and by"
                + " mixture.multinomial (plate:cluster)", text.getMessage());
    }

    /**
     * nb.sparse's class_prior is one concentration where the other learners take a probability per class: a
     * list says so (it said "expected a number").
     */
    @Test
    void aListOfClassPriorsIsToldClassPriorIsOneConcentration() {
        PlateException e = assertThrows(PlateException.class, () -> LEARNER.params(Map.of("class_prior", "0.5,0.5")));
        assertEquals("parameter 'class_prior' = '0.5,0.5': expected one number, not a list (class_prior: one Dirichlet"
                + " concentration c on the class proportions, P(y) = (N_y + c) / (N + C c), not a list of probabilities"
                + " as other learners' class_prior)", e.getMessage());
    }

    /** The summary prints the parameters in one order, by name (it followed Map.copyOf's, which changes per JVM). */
    @Test
    void theSummaryListsTheParametersByName() {
        String shown = LEARNER.fit(train(), LEARNER.params(Map.of()), 1L).toString();
        String inner = shown.substring(shown.lastIndexOf('{') + 1, shown.lastIndexOf('}'));
        List<String> keys = new java.util.ArrayList<>();
        for (String kv : inner.split(", ")) {
            keys.add(kv.substring(0, kv.indexOf('=')));
        }
        assertTrue(keys.size() > 3, shown);
        assertEquals(new java.util.ArrayList<>(new java.util.TreeSet<>(keys)), keys, shown);
    }

    /**
     * A categorical column with no category to learn — a CSV column left empty, or one whose only value is in a
     * fold's held-out rows — is left out and said so: the model is the one of the other columns (checked against
     * brute force above). It failed with "feature 'tag' … has no levels", and in a fold with "a feature without
     * categories"; nb.categorical fits such data.
     */
    @Test
    void aColumnWithNoValueToLearnFromIsLeftOutAndSaid() {
        String[] header = {"colour", "shape", "tag", "label"};
        String[][] rows = new String[ROWS.length + 1][];
        for (int r = 0; r < ROWS.length; r++) {
            rows[r] = new String[] {ROWS[r][0], ROWS[r][1], null, ROWS[r][2]};
        }
        rows[ROWS.length] = new String[] {"red", "round", "x", "no"};
        Params p = LEARNER.params(Map.of("alpha", "0.5", "a", "2", "b", "0.7"));
        Model alone = LEARNER.fit(train(), p, 1L);
        Dataset test = Datasets.of("t", HEADER, new String[][] {{"green", "round", "no"}, {"red", null, "yes"}});
        Dataset empty = Datasets.of("empty", header, java.util.Arrays.copyOf(rows, ROWS.length)); // tag: no level at all
        Dataset fold = Datasets.of("all", header, rows).select(new int[] {0, 1, 2, 3, 4, 5, 6}, "fold"); // x held out
        for (Dataset d : List.of(empty, fold)) {
            Model m = LEARNER.fit(d, p, 1L);
            for (int r = 0; r < 2; r++) {
                assertArrayEquals(alone.predictLogProba(test)[r], m.predictLogProba(test)[r], 1e-12, d.name());
            }
            assertTrue(m.toString().endsWith("\nignores 1 categorical column (tag) with no value to learn from"), m.toString());
        }
        Dataset onlyTag = Datasets.of("only", new String[] {"tag", "label"}, new String[][] {{null, "a"}, {null, "b"}});
        PlateException none = assertThrows(PlateException.class, () -> LEARNER.fit(onlyTag, p, 1L));
        assertEquals("dataset 'only' has no categorical feature with a value to learn from: 1 categorical column (tag)"
                + " with no value in any of its rows", none.getMessage());
    }

    @Test
    void aLevelOnlyHeldOutRowsUseIsNotACategory() {
        String[][] rows = java.util.Arrays.copyOf(ROWS, ROWS.length + 1);
        rows[ROWS.length] = new String[] {"purple", "round", "no"};
        Dataset all = Datasets.of("all", HEADER, rows);
        Params p = LEARNER.params(Map.of("alpha", "0.5", "a", "2", "b", "0.7"));
        Model view = LEARNER.fit(all.select(new int[] {0, 1, 2, 3, 4, 5, 6}), p, 1L);
        Model alone = LEARNER.fit(train(), p, 1L);
        Dataset test = Datasets.of("t", HEADER, new String[][] {{"green", "round", "no"}, {"purple", "square", "no"}});
        double[][] a = alone.predictLogProba(test);
        double[][] v = view.predictLogProba(test);
        for (int r = 0; r < a.length; r++) {
            assertArrayEquals(a[r], v[r], 1e-12, "row " + r);
        }
    }

    /**
     * Classes are the labels the training rows have, in scikit-learn's order as for every learner (by
     * value when all are numbers): a class only the held-out rows of a view have is not one (it got a
     * probability of 0.14 without a training row), and 2, 10, 100 are not sorted as text (10, 100, 2).
     */
    @Test
    void classesAreTheTrainingRowsLabelsInScikitLearnsOrder() {
        String[][] rows = {{"red", "round", "10"}, {"red", "square", "100"}, {"blue", "square", "2"},
            {"blue", "round", "2"}, {"green", "round", "7"}};
        Dataset all = Datasets.of("all", HEADER, rows);
        Model m = LEARNER.fit(all.select(new int[] {0, 1, 2, 3}), LEARNER.params(Map.of()), 1L);
        assertEquals(List.of("2", "10", "100"), m.classes());
        Model alone = LEARNER.fit(Datasets.of("alone", HEADER, java.util.Arrays.copyOf(rows, 4)),
                LEARNER.params(Map.of()), 1L);
        Dataset test = Datasets.of("t", HEADER, new String[][] {{"red", "round", "2"}});
        assertArrayEquals(alone.predictLogProba(test)[0], m.predictLogProba(test)[0], 1e-12);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            m.writeJson(out);
            Model back = LEARNER.readModel(new ByteArrayInputStream(out.toByteArray()));
            assertEquals(m.classes(), back.classes());
            assertArrayEquals(m.predictLogProba(test)[0], back.predictLogProba(test)[0], 0.0);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void sampledPredictiveIsCloseToExact() {
        Model exact = LEARNER.fit(train(), LEARNER.params(Map.of()), 1L);
        Model sampled = LEARNER.fit(train(), LEARNER.params(Map.of("predictive", "sampled", "iterations", "20000",
                "burnIn", "500")), 1L);
        double[][] e = exact.predictLogProba(train());
        double[][] s = sampled.predictLogProba(train());
        for (int r = 0; r < e.length; r++) {
            for (int y = 0; y < 2; y++) {
                assertEquals(Math.exp(e[r][y]), Math.exp(s[r][y]), 0.02);
            }
        }
    }

    @Test
    void unseenLevelsAreLeftOutAndMissingFeaturesAreAnError() {
        Model m = LEARNER.fit(train(), LEARNER.params(Map.of()), 1L);
        Dataset unseen = Datasets.of("u", HEADER, new String[][] {{"purple", "round", "no"}});
        Dataset onlyShape = Datasets.of("u", HEADER, new String[][] {{null, "round", "no"}});
        assertArrayEquals(onlyShape.rows() == 1 ? m.predictLogProba(onlyShape)[0] : null, m.predictLogProba(unseen)[0]);
        Dataset noShape = Datasets.of("v", new String[] {"colour", "label"}, new String[][] {{"red", "yes"}});
        PlateException e = assertThrows(PlateException.class, () -> m.predictLogProba(noShape));
        assertTrue(e.getMessage().contains("shape"), e.getMessage());
        assertThrows(PlateException.class, () -> LEARNER.fit(train().withoutLabels(), LEARNER.params(Map.of()), 1));
        // an excluded column is not a feature: data without it can be scored
        Model colourOnly = LEARNER.fit(train(), LEARNER.params(Map.of("exclude", "shape")), 1L);
        assertEquals(1, colourOnly.predictLogProba(noShape).length);
        PlateException typo = assertThrows(PlateException.class,
                () -> LEARNER.fit(train(), LEARNER.params(Map.of("exclude", "shap")), 1L));
        assertTrue(typo.getMessage().contains("shap"), typo.getMessage());
    }

    @Test
    void modelFileRoundTripsAndIsReadStrictly() throws IOException {
        Model m = LEARNER.fit(train(), LEARNER.params(Map.of("alpha", "0.3", "sharedP", "true")), 9L);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        m.writeJson(out);
        String json = out.toString(StandardCharsets.UTF_8);
        assertTrue(json.contains("\"format\" : \"plate-model\"") && json.contains("\"type\" : \"nb.sparse\""), json);
        Model back = LEARNER.readModel(new ByteArrayInputStream(out.toByteArray()));
        assertEquals(m.classes(), back.classes());
        assertEquals(m.provenance().params(), back.provenance().params());
        assertEquals(9L, back.provenance().seed());
        double[][] a = m.predictLogProba(train());
        double[][] b = back.predictLogProba(train());
        for (int r = 0; r < a.length; r++) {
            assertArrayEquals(a[r], b[r], 0);
        }
        assertRejected(json.replace("\"version\" : 1", "\"version\" : 2"), "version");
        assertRejected(json.replace("\"classRows\" : [ 3", "\"classRows\" : [ -3"), "classRows");
        assertRejected(json.replace("\"classPrior\" : 1.0", "\"classPrior\" : \"NaN\""), "classPrior");
        assertRejected(json.replace("\"classes\"", "\"extra\" : 1, \"classes\""), "extra");
        assertRejected(json.replace("\"levels\" : [ \"red\", \"green\", \"blue\" ]", "\"levels\" : [ \"red\", \"green\" ]"),
                "values per row");
        assertRejected("{\"format\": \"plate-model\"", "JSON");
    }

    private static void assertRejected(String json, String mention) {
        ModelFormatException e = assertThrows(ModelFormatException.class,
                () -> LEARNER.readModel(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8))));
        assertTrue(e.getMessage().contains(mention), e.getMessage());
    }

    @Test
    void credibleIntervalsBracketTheProbabilities() {
        SparseNaiveBayesModel m = (SparseNaiveBayesModel) LEARNER.fit(train(), LEARNER.params(Map.of("interval", "0.9",
                "intervalDraws", "400")), 3L);
        SparseNaiveBayesModel.ClassIntervals ci = m.classProbabilityIntervals(train());
        for (int r = 0; r < train().rows(); r++) {
            for (int y = 0; y < 2; y++) {
                assertTrue(ci.lower()[r][y] <= ci.probability()[r][y] + 0.05
                        && ci.probability()[r][y] <= ci.upper()[r][y] + 0.05, ci.toString());
                assertTrue(ci.upper()[r][y] - ci.lower()[r][y] > 0.01, ci.toString());
            }
        }
        // reproducible from the model's seed
        assertArrayEquals(ci.lower()[0], m.classProbabilityIntervals(train()).lower()[0], 0);
    }

    /** The intervals' listing is a table whose columns line up (it was the one listing the renderer did not make). */
    @Test
    void classProbabilityIntervalsAreAnAlignedTable() {
        SparseNaiveBayesModel.ClassIntervals ci = new SparseNaiveBayesModel.ClassIntervals(List.of("a", "b"), 0.9,
                new double[][] {{0.25, 0.75}}, new double[][] {{0.1, 0.5}}, new double[][] {{0.5, 0.9}});
        assertEquals("row      a  90% interval        b  90% interval\n"
                + "---  -----  --------------  -----  --------------\n"
                + "  1  0.250  [0.100, 0.500]  0.750  [0.500, 0.900]\n", ci.toString());
    }
}
