package io.plate.classifier.impl;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.classifier.impl.nb.BernoulliNaiveBayes;
import io.plate.classifier.impl.nb.CategoricalNaiveBayes;
import io.plate.classifier.impl.nb.ComplementNaiveBayes;
import io.plate.classifier.impl.nb.DirichletNaiveBayes;
import io.plate.classifier.impl.nb.GaussianNaiveBayes;
import io.plate.classifier.impl.nb.MixedNaiveBayes;
import io.plate.classifier.impl.nb.MultinomialNaiveBayes;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import static io.plate.classifier.impl.Tiny.cat;
import static io.plate.classifier.impl.Tiny.num;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two identities that hold for sufficient statistics and need no reference numbers: a row of weight 2
 * is the same as the row twice, and a model updated with more rows equals one fitted on all rows (also
 * when the new rows bring new levels and words).
 */
class WeightsAndUpdatesTest {
    private static void assertSamePredictions(Model a, Model b, Dataset test) {
        assertEquals(a.classes(), b.classes());
        double[][] x = a.predictLogProba(test);
        double[][] y = b.predictLogProba(test);
        for (int r = 0; r < x.length; r++) {
            for (int k = 0; k < x[r].length; k++) {
                assertEquals(Math.exp(x[r][k]), Math.exp(y[r][k]), 1e-12, "row " + r + ", class " + k);
            }
        }
    }

    private static Dataset mixedData(int[] rows, boolean weighted) {
        String[] f1 = {"a", "b", "a", "c", "b", "a", "c", "a"};
        String[] f2 = {"x", "x", "y", null, "y", "x", "y", "y"};
        double[] h = {1.0, 2.5, 0.3, 4.0, Double.NaN, 2.0, 3.3, 1.7};
        String[] d = {"good cheap good", "bad", "cheap fast", "slow bad bad", "fast good", "good", "bad slow",
            "cheap cheap"};
        String[] y = {"P", "N", "P", "N", "P", "P", "N", "N"};
        String[] sf1 = new String[rows.length];
        String[] sf2 = new String[rows.length];
        double[] sh = new double[rows.length];
        String[] sd = new String[rows.length];
        String[] sy = new String[rows.length];
        double[] w = new double[rows.length];
        for (int i = 0; i < rows.length; i++) {
            sf1[i] = f1[rows[i]];
            sf2[i] = f2[rows[i]];
            sh[i] = h[rows[i]];
            sd[i] = d[rows[i]];
            sy[i] = y[rows[i]];
            w[i] = weighted ? 1 + (rows[i] % 2) : 1;
        }
        Dataset.Builder b = Tiny.data("d").categorical(cat("f1", sf1)).categorical(cat("f2", sf2))
                .numeric(num("h", sh)).sparse(Tiny.words(sd)).labels(cat("class", sy));
        if (weighted) {
            b.numeric(num("w", w));
        }
        return b.build();
    }

    private static int[] all() {
        return IntStream.range(0, 8).toArray();
    }

    /** Row i once with weight 1 + i % 2, or (unweighted) odd rows twice. */
    private static int[] duplicated() {
        return IntStream.range(0, 8).flatMap(i -> i % 2 == 1 ? IntStream.of(i, i) : IntStream.of(i)).toArray();
    }

    @Test
    void weightTwoEqualsTheRowTwice() {
        Dataset test = mixedData(all(), false);
        for (Learner l : List.of(new CategoricalNaiveBayes(), new GaussianNaiveBayes(), new MultinomialNaiveBayes(),
                new ComplementNaiveBayes(), new BernoulliNaiveBayes(), new MixedNaiveBayes(),
                new DirichletNaiveBayes())) {
            Model weighted = l.fit(mixedData(all(), true), l.params(Map.of("weight", "w")), 0);
            Model twice = l.fit(mixedData(duplicated(), false), l.params(Map.of()), 0);
            assertSamePredictions(weighted, twice, test);
        }
    }

    @Test
    void updateEqualsFitOnAllRows() {
        Dataset test = mixedData(all(), false);
        // the first part lacks level 'c', words 'slow' and 'fast'
        int[] first = {0, 1, 2, 5};
        int[] second = {3, 4, 6, 7};
        for (Learner l : List.of(new CategoricalNaiveBayes(), new GaussianNaiveBayes(), new MultinomialNaiveBayes(),
                new ComplementNaiveBayes(), new BernoulliNaiveBayes(), new MixedNaiveBayes(),
                new DirichletNaiveBayes())) {
            Model whole = l.fit(mixedData(new int[] {0, 1, 2, 5, 3, 4, 6, 7}, false), l.params(Map.of()), 0);
            Model part = l.fit(mixedData(first, false), l.params(Map.of()), 0);
            assertTrue(part.supportsUpdate());
            Model updated = part.update(mixedData(second, false));
            assertSamePredictions(whole, updated, test);
        }
    }

    @Test
    void updateRefusesAnUnknownClass() {
        Learner l = new MultinomialNaiveBayes();
        Model m = l.fit(mixedData(all(), false), l.params(Map.of()), 0);
        Dataset other = Tiny.data("o").sparse(Tiny.words("good")).labels(cat("class", "Q")).build();
        PlateException e = assertThrows(PlateException.class, () -> m.update(other));
        assertTrue(e.getMessage().contains("'Q'"), e.getMessage());
    }

    @Test
    void negativeWeightsAndMissingWeightColumnAreRefused() {
        Learner l = new CategoricalNaiveBayes();
        Dataset d = Tiny.data("d").categorical(cat("f", "a", "b")).numeric(num("w", 1, -1))
                .labels(cat("class", "P", "N")).build();
        assertThrows(PlateException.class, () -> l.fit(d, l.params(Map.of("weight", "w")), 0));
        assertThrows(PlateException.class, () -> l.fit(d, l.params(Map.of("weight", "nope")), 0));
    }

    @Test
    void halfWeightsEqualTwiceTheSmoothing() {
        // with every weight 0.5: (0.5 N_kw + a) / (0.5 N_k + a V) = (N_kw + 2a) / (N_k + 2a V), priors unchanged
        Dataset test = mixedData(all(), false);
        Dataset d = mixedData(all(), false);
        double[] half = new double[d.rows()];
        java.util.Arrays.fill(half, 0.5);
        Dataset weighted = d.toBuilder("w").numeric(num("half", half)).build();
        for (Learner l : List.of(new MultinomialNaiveBayes(), new CategoricalNaiveBayes())) {
            Model a = l.fit(weighted, l.params(Map.of("alpha", "0.3", "weight", "half")), 0);
            Model b = l.fit(d, l.params(Map.of("alpha", "0.6")), 0);
            assertSamePredictions(a, b, test);
        }
    }
}
