package io.plate.classifier.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.data.Dataset;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.classifier.impl.kernel.KernelClassifierLearner;
import io.plate.classifier.impl.kernel.KernelRegressionLearner;
import io.plate.classifier.impl.nb.BernoulliNaiveBayes;
import io.plate.classifier.impl.nb.CategoricalNaiveBayes;
import io.plate.classifier.impl.nb.ComplementNaiveBayes;
import io.plate.classifier.impl.nb.DirichletNaiveBayes;
import io.plate.classifier.impl.nb.GaussianNaiveBayes;
import io.plate.classifier.impl.nb.KernelNaiveBayesLearner;
import io.plate.classifier.impl.nb.MixedNaiveBayes;
import io.plate.classifier.impl.nb.MultinomialNaiveBayes;
import io.plate.classifier.impl.perceptron.PerceptronLearner;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A learner that leaves columns out says so in the model it returns (nb.gaussian and a categorical column). */
class IgnoredColumnsTest {
    private static Dataset mixed() {
        return Tiny.data("mixed").numeric(Tiny.num("x", 1, 2, 3, 4)).categorical(Tiny.cat("colour", "r", "g", "r", "g"))
                .labels(Tiny.cat("y", "a", "b", "a", "b")).build();
    }

    @Test
    void gaussianSaysItIgnoresTheCategoricalColumn() {
        Learner g = new GaussianNaiveBayes();
        String shown = g.fit(mixed(), g.params(Map.of()), 1).toString();
        assertTrue(shown.contains("ignores 1 categorical column (colour)"), shown);
        Learner c = new CategoricalNaiveBayes();
        String cat = c.fit(mixed(), c.params(Map.of()), 1).toString();
        assertTrue(cat.contains("ignores 1 numeric column (x)"), cat);
    }

    @Test
    void aLearnerThatUsesEveryColumnSaysNothing() {
        Learner m = new MixedNaiveBayes();
        assertFalse(m.fit(mixed(), m.params(Map.of()), 1).toString().contains("ignores"));
        Learner g = new GaussianNaiveBayes();
        Dataset numeric = Tiny.data("n").numeric(Tiny.num("x", 1, 2, 3, 4)).labels(Tiny.cat("y", "a", "b", "a", "b")).build();
        assertFalse(g.fit(numeric, g.params(Map.of()), 1).toString().contains("ignores"));
        // without word counts the count learners read the numeric columns as counts: they use them
        for (Learner counts : new Learner[] {new MultinomialNaiveBayes(), new BernoulliNaiveBayes(), new ComplementNaiveBayes()}) {
            String shown = counts.fit(mixed(), counts.params(Map.of()), 1).toString();
            assertFalse(shown.contains("numeric column"), shown);
            assertTrue(shown.contains("ignores 1 categorical column (colour)"), shown);
        }
    }

    /**
     * The column named by weight= is used, as the rows' weights: not among the ignored columns, among the
     * columns the model names for plate:predict, and said on the model's line (an ARFF file's {w} imports as
     * such a column).
     */
    @Test
    void theWeightColumnIsUsedNotIgnored() {
        Dataset d = Tiny.data("w").categorical(Tiny.cat("a", "x", "y", "x")).numeric(Tiny.num("weight", 2, 0.5, 1))
                .labels(Tiny.cat("class", "p", "q", "q")).build();
        Learner c = new CategoricalNaiveBayes();
        Model m = c.fit(d, c.params(Map.of("weight", "weight")), 1);
        String shown = m.toString();
        assertFalse(shown.contains("ignores"), shown);
        assertTrue(shown.endsWith("\nweights its training rows by column 'weight'"), shown);
        assertEquals(Optional.of(List.of("a", "weight")), m.columns());
        // another numeric column is still ignored, and named alone
        Dataset more = Tiny.data("w2").categorical(Tiny.cat("a", "x", "y", "x")).numeric(Tiny.num("weight", 2, 0.5, 1))
                .numeric(Tiny.num("z", 1, 2, 3)).labels(Tiny.cat("class", "p", "q", "q")).build();
        String both = c.fit(more, c.params(Map.of("weight", "weight")), 1).toString();
        assertTrue(both.contains("\nignores 1 numeric column (z) of the data"), both);
    }

    /** What each model reads, for plate:predict to name a scored dataset's other columns; word models do not say. */
    @Test
    void eachModelNamesTheColumnsItReads() {
        Dataset d = Tiny.data("mixed").numeric(Tiny.num("x", 1, 2, 3, 4, 5, 6)).numeric(Tiny.num("w", 3, 1, 4, 1, 5, 9))
                .categorical(Tiny.cat("colour", "r", "g", "r", "g", "r", "g"))
                .labels(Tiny.cat("y", "a", "b", "a", "b", "a", "b")).build();
        Map<Learner, List<String>> expected = new LinkedHashMap<>();
        expected.put(new GaussianNaiveBayes(), List.of("x", "w"));
        expected.put(new CategoricalNaiveBayes(), List.of("colour"));
        expected.put(new MixedNaiveBayes(), List.of("colour", "x", "w"));
        expected.put(new DirichletNaiveBayes(), List.of("colour", "x", "w"));
        expected.put(new KernelNaiveBayesLearner(), List.of("x", "w", "colour")); // Weka's -K: kernels and Lidstone levels
        expected.put(new KernelClassifierLearner(), List.of("x", "w"));
        expected.put(new PerceptronLearner(), List.of("x", "w", "colour"));
        for (Map.Entry<Learner, List<String>> e : expected.entrySet()) {
            Learner l = e.getKey();
            Model m = l.fit(d, l.params(Map.of()), 1);
            assertEquals(Optional.of(e.getValue()), m.columns(), l.name());
        }
        for (Learner counts : new Learner[] {new MultinomialNaiveBayes(), new BernoulliNaiveBayes(), new ComplementNaiveBayes()}) {
            assertEquals(Optional.empty(), counts.fit(d, counts.params(Map.of()), 1).columns(), counts.name());
        }
        Learner r = new KernelRegressionLearner();
        Dataset reg = Tiny.data("r").numeric(Tiny.num("x", 1, 2, 3, 4, 5, 6)).categorical(Tiny.cat("c", "r", "g", "r", "g", "r", "g"))
                .target(Tiny.num("t", 2, 4, 6, 8, 10, 12)).build();
        assertEquals(Optional.of(List.of("x")), r.fit(reg, r.params(Map.of()), 1).columns());
    }

    @Test
    void aColumnTheImportTookAsTheLabelIsNamedWithTheFix() {
        // new data whose columns are in another order: the importer took the model's feature x as the class
        Learner g = new GaussianNaiveBayes();
        io.plate.api.learn.Model m = g.fit(mixed(), g.params(Map.of()), 1);
        Dataset reordered = Tiny.data("rev").categorical(Tiny.cat("colour", "r", "g"))
                .labels(Tiny.cat("x", "1", "2")).build();
        io.plate.api.PlateException e = org.junit.jupiter.api.Assertions.assertThrows(io.plate.api.PlateException.class,
                () -> m.predictLogProba(reordered));
        assertTrue(e.getMessage().contains("has no numeric column 'x' that the model uses: 'x' is the dataset's class column;"
                + " import it again with --label COLUMN"), e.getMessage());
        Dataset other = Tiny.data("o").numeric(Tiny.num("z", 1, 2)).labels(Tiny.cat("y", "a", "b")).build();
        e = org.junit.jupiter.api.Assertions.assertThrows(io.plate.api.PlateException.class, () -> m.predictLogProba(other));
        assertTrue(e.getMessage().endsWith("has no numeric column 'x' that the model uses"), e.getMessage());
    }

    /** A classifier given a numeric target (classes written as numbers, imported with the defaults) says how. */
    @Test
    void aNumericTargetIsNamedWithTheFix() {
        Learner g = new GaussianNaiveBayes();
        Dataset d = Tiny.data("r").numeric(Tiny.num("x", 1, 2, 3)).target(Tiny.num("class", 0, 1, 2)).build();
        io.plate.api.PlateException e = org.junit.jupiter.api.Assertions.assertThrows(io.plate.api.PlateException.class,
                () -> g.fit(d, g.params(Map.of()), 1));
        assertEquals("dataset 'r' has a numeric target 'class' (3 values: 0, 1, 2), not class labels: make that column "
                + "categorical at import to use its values as classes, or predict it with a regression learner "
                + "(kernel.regression)", e.getMessage());
        double[] many = new double[30];
        for (int i = 0; i < many.length; i++) {
            many[i] = 0.5 * i;
        }
        Dataset q = Tiny.data("q").numeric(Tiny.num("x", many)).target(Tiny.num("y", many)).build();
        e = org.junit.jupiter.api.Assertions.assertThrows(io.plate.api.PlateException.class, () -> g.fit(q, g.params(Map.of()), 1));
        assertTrue(e.getMessage().startsWith("dataset 'q' has a numeric target 'y' (30 distinct values), not class labels"),
                e.getMessage());
    }

    @Test
    void aNumericColumnTheImportTookAsCategoricalIsNamedWithTheFix() {
        // a test file with a typo in x ('1.2x'): the importer made x categorical, so no numeric x is found
        Learner g = new GaussianNaiveBayes();
        io.plate.api.learn.Model m = g.fit(mixed(), g.params(Map.of()), 1);
        Dataset typo = Tiny.data("typo").categorical(Tiny.cat("x", "1.5", "1.2x")).build();
        io.plate.api.PlateException e = org.junit.jupiter.api.Assertions.assertThrows(io.plate.api.PlateException.class,
                () -> m.predictLogProba(typo));
        assertTrue(e.getMessage().endsWith("has no numeric column 'x' that the model uses: the import read 'x' as "
                + "categorical, as a value in it is not a number; import it again with --numeric x to be told which"),
                e.getMessage());
    }

    /** kde and kernel.regression model numeric columns only: they say which columns and rows they leave out. */
    @Test
    void kernelModelsSayWhatTheyLeaveOut() {
        Dataset d = Tiny.data("k").numeric(Tiny.num("x", 1, 2, Double.NaN, 4, 5, 6))
                .categorical(Tiny.cat("colour", "r", "g", "r", "g", "r", "g"))
                .labels(Tiny.cat("y", "a", "b", "a", "b", "a", "b")).build();
        Learner kde = new KernelClassifierLearner();
        String shown = kde.fit(d, kde.params(Map.of()), 1).toString();
        assertTrue(shown.endsWith("\nignores 1 categorical column (colour) and 1 training row with a missing numeric "
                + "value (in the class prior only) of the data"), shown);
        Dataset r = Tiny.data("r").numeric(Tiny.num("x", 1, 2, Double.NaN, 4, 5, 6))
                .categorical(Tiny.cat("colour", "r", "g", "r", "g", "r", "g"))
                .target(Tiny.num("t", 1, 2, 3, Double.NaN, 5, 6)).build();
        Learner kr = new KernelRegressionLearner();
        String reg = kr.fit(r, kr.params(Map.of()), 1).toString();
        assertTrue(reg.endsWith("\nignores 1 categorical column (colour) and 2 training rows with a missing target or "
                + "feature value of the data"), reg);
        Dataset clean = Tiny.data("c").numeric(Tiny.num("x", 1, 2, 3, 4)).labels(Tiny.cat("y", "a", "b", "a", "b")).build();
        assertFalse(kde.fit(clean, kde.params(Map.of()), 1).toString().contains("ignores"));
    }

    /**
     * A LibSVM file read as counts (the default) has no numeric columns: numeric learners say how to get them; a
     * text import's word counts name the word-count learners instead (the LibSVM advice was wrong for them).
     */
    @Test
    void numericLearnersOnSparseValuesPointToValuesNumeric() {
        Dataset text = Tiny.data("sms").sparse(Tiny.words("1 2", "2 3", "1 3", "3 3")).labels(Tiny.cat("label", "a", "b", "a", "b"))
                .metadata("format", "text").build();
        Learner gaussian = new GaussianNaiveBayes();
        assertEquals("nb.gaussian needs numeric columns; dataset 'sms' has none (its values are the word counts of a text"
                + " import: use a word-count learner, nb.multinomial, nb.complement or nb.bernoulli)",
                org.junit.jupiter.api.Assertions.assertThrows(io.plate.api.PlateException.class,
                        () -> gaussian.fit(text, gaussian.params(Map.of()), 1)).getMessage());
        Dataset svm = Tiny.data("clf0").sparse(Tiny.words("1 2", "2 3", "1 3", "3 3")).labels(Tiny.cat("label", "a", "b", "a", "b"))
                .metadata("format", "libsvm").build();
        for (Learner l : new Learner[] {new GaussianNaiveBayes(), new KernelClassifierLearner()}) {
            io.plate.api.PlateException e = org.junit.jupiter.api.Assertions.assertThrows(io.plate.api.PlateException.class,
                    () -> l.fit(svm, l.params(Map.of()), 1));
            assertEquals(l.name() + " needs numeric columns; dataset 'clf0' has none (its values are a sparse block: "
                    + "import the LibSVM file again with --values numeric to read them as numeric columns)", e.getMessage());
        }
        Learner c = new CategoricalNaiveBayes();
        io.plate.api.PlateException e = org.junit.jupiter.api.Assertions.assertThrows(io.plate.api.PlateException.class,
                () -> c.fit(svm, c.params(Map.of()), 1));
        assertTrue(e.getMessage().contains("nb.multinomial or nb.bernoulli") && !e.getMessage().contains("--categorical"),
                e.getMessage());
        Dataset none = Tiny.data("cat").categorical(Tiny.cat("c", "x", "y")).labels(Tiny.cat("label", "a", "b")).build();
        Learner g = new GaussianNaiveBayes();
        e = org.junit.jupiter.api.Assertions.assertThrows(io.plate.api.PlateException.class, () -> g.fit(none, g.params(Map.of()), 1));
        assertEquals("nb.gaussian needs numeric columns; dataset 'cat' has none", e.getMessage());
    }

    /** A LibSVM test file read --values numeric whose last features are all zero lacks their columns: say --n-features. */
    @Test
    void aLibSvmFileShorterThanTheModelPointsToNFeatures() {
        Dataset train = Tiny.data("a_tr").metadata("format", "libsvm").numeric(Tiny.num("1", 1, 2, 3, 4))
                .numeric(Tiny.num("2", 0, 1, 0, 2)).labels(Tiny.cat("label", "a", "b", "a", "b")).build();
        Dataset test = Tiny.data("a_te").metadata("format", "libsvm").numeric(Tiny.num("1", 1, 2)).build();
        Learner g = new GaussianNaiveBayes();
        Model m = g.fit(train, g.params(Map.of()), 1);
        io.plate.api.PlateException e = org.junit.jupiter.api.Assertions.assertThrows(io.plate.api.PlateException.class,
                () -> m.predictLogProba(test));
        assertTrue(e.getMessage().endsWith("has no numeric column '2' that the model uses: a LibSVM file has no column past "
                + "its largest feature index (1 here); import it again with --n-features N, N the training file's number "
                + "of features, for the columns it leaves out as zeros"), e.getMessage());
    }
}
