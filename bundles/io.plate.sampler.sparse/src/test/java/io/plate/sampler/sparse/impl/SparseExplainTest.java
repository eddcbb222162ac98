package io.plate.sampler.sparse.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Explainable;
import io.plate.api.learn.Explanation;
import io.plate.api.learn.Model;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code plate:explain} on nb.sparse: the explained terms are what the model's own prediction sums, for the
 * exact and the sampled predictive, and a missing or unseen value is left out as prediction leaves it out.
 */
class SparseExplainTest {
    static final SparseNaiveBayes LEARNER = SparseNaiveBayesTest.LEARNER;
    static final String[] HEADER = SparseNaiveBayesTest.HEADER;
    /** A full row, a missing shape, an unseen colour (purple), both missing. */
    static final String[][] TEST = {{"green", "round", "no"}, {"red", null, "yes"}, {"purple", "square", "no"},
        {null, null, "no"}};

    @Test
    void termsSumToTheLogOddsOfTheExactPrediction() {
        Model m = LEARNER.fit(SparseNaiveBayesTest.train(), LEARNER.params(Map.of("alpha", "0.5", "a", "2", "b", "0.7")), 1L);
        assertTermsSumToThePrediction(m);
        // the terms themselves against the brute-force E[θ] (classes no, yes; colour levels red, green, blue)
        Explanation e = ((Explainable) m).explain(Datasets.of("t", HEADER, TEST), 0);
        double[] al = {0.5, 0.5, 0.5};
        double noGreen = ExactPosteriorTest.bruteForce(new int[] {0, 0, 3}, al, 2, 0.7)[0][1];
        double yesGreen = ExactPosteriorTest.bruteForce(new int[] {3, 1, 0}, al, 2, 0.7)[0][1];
        Explanation.Term colour = e.terms().get(0);
        assertEquals("colour", colour.feature());
        assertEquals("green", colour.value());
        assertArrayEquals(new double[] {Math.log(noGreen), Math.log(yesGreen)}, colour.perClass(), 1e-10);
        assertArrayEquals(new double[] {Math.log(4.0 / 9), Math.log(5.0 / 9)}, e.prior(), 1e-12);
    }

    @Test
    void termsSumToTheLogOddsOfTheSampledPrediction() {
        Model m = LEARNER.fit(SparseNaiveBayesTest.train(), LEARNER.params(Map.of("predictive", "sampled",
                "iterations", "2000", "burnIn", "200")), 3L);
        assertTermsSumToThePrediction(m);
    }

    /** The unseen colour (purple, row 3) is counted as the models of the classifier bundle count one. */
    @Test
    void theUnseenLevelIsCounted() {
        Model m = LEARNER.fit(SparseNaiveBayesTest.train(), LEARNER.params(Map.of()), 1L);
        assertEquals(List.of(new io.plate.api.learn.UnseenLevels("colour", 1, List.of("purple"))),
                m.unseenLevels(Datasets.of("t", HEADER, TEST)));
    }

    @Test
    void aRowOutsideTheDatasetIsAClearError() {
        Model m = LEARNER.fit(SparseNaiveBayesTest.train(), LEARNER.params(Map.of()), 1L);
        Dataset test = Datasets.of("t", HEADER, TEST);
        PlateException e = assertThrows(PlateException.class, () -> ((Explainable) m).explain(test, 4));
        assertTrue(e.getMessage().contains("row 5") && e.getMessage().contains("'t'"), e.getMessage());
        assertEquals(List.of(), ((Explainable) m).tellingFeatures(5));
    }

    /**
     * For every row of {@link #TEST}: the explanation's probabilities are the model's, prior + terms give
     * log P(no|x) − log P(yes|x) of that prediction, and only present, known values have a term.
     */
    private static void assertTermsSumToThePrediction(Model m) {
        Dataset test = Datasets.of("t", HEADER, TEST);
        double[][] lp = m.predictLogProba(test);
        List<List<String>> explained = List.of(List.of("colour", "shape"), List.of("colour"), List.of("shape"), List.of());
        for (int r = 0; r < TEST.length; r++) {
            Explanation e = ((Explainable) m).explain(test, r);
            assertEquals(m.classes(), e.classes());
            assertArrayEquals(lp[r], e.logProba(), 1e-12, "row " + r);
            double odds = e.prior()[0] - e.prior()[1];
            for (Explanation.Term t : e.terms()) {
                odds += t.logOdds(0, 1);
            }
            assertEquals(lp[r][0] - lp[r][1], odds, 1e-10, "row " + r);
            assertEquals(explained.get(r), e.terms().stream().map(Explanation.Term::feature).toList(), "row " + r);
        }
    }
}
