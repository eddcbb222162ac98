package io.plate.classifier.impl;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Explainable;
import io.plate.api.learn.Explanation;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.api.learn.UnseenLevels;
import io.plate.classifier.impl.nb.CategoricalNaiveBayes;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import static io.plate.classifier.impl.Tiny.cat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Hand-computed cases of the categorical model: the Lidstone denominator N_yi + α·K_i, declared but
 * unused levels, missing values skipped in counts and in the likelihood, unseen levels skipped, and
 * a test set imported on its own (different level order) scored by level text.
 */
class SmoothingAndMissingTest {
    private final Learner learner = new CategoricalNaiveBayes();

    // f1: a a b b a; f2: x y x ? y; class: P P N N N
    private Dataset train() {
        return Tiny.data("train").categorical(cat("f1", "a", "a", "b", "b", "a"))
                .categorical(cat("f2", "x", "y", "x", null, "y"))
                .labels(cat("class", "P", "P", "N", "N", "N")).build();
    }

    private double probabilityOfP(Model m, Dataset test, int row) {
        int p = m.classes().indexOf("P");
        return Math.exp(m.predictLogProba(test)[row][p]);
    }

    @Test
    void lidstoneWithMissingAndUnseenLevels() {
        Model m = learner.fit(train(), learner.params(Map.of()), 0);
        assertEquals(List.of("N", "P"), m.classes());
        // test set with its own level tables, in another order, with a level 'c' never seen in training
        Dataset test = Tiny.data("test")
                .categorical(cat("f1", List.of("c", "b", "a"), "a", "b", "c"))
                .categorical(cat("f2", List.of("y", "x"), "x", null, "y"))
                .labels(cat("class", "P", "N", "N")).build();
        // P: prior 2/5; f1: a (2+1)/(2+2), b (0+1)/(2+2); f2 (N_P,f2 = 2): x (1+1)/(2+2), y (1+1)/(2+2)
        // N: prior 3/5; f1: a (1+1)/(3+2), b (2+1)/(3+2); f2 (N_N,f2 = 2, one missing): x 2/4, y 2/4
        // row 0 (a, x): P 0.4*0.75*0.5 = 0.15, N 0.6*0.4*0.5 = 0.12
        assertEquals(0.15 / 0.27, probabilityOfP(m, test, 0), 1e-12);
        // row 1 (b, missing): P 0.4*0.25 = 0.1, N 0.6*0.6 = 0.36
        assertEquals(0.1 / 0.46, probabilityOfP(m, test, 1), 1e-12);
        // row 2 (unseen c, y): f1 skipped; P 0.4*0.5 = 0.2, N 0.6*0.5 = 0.3
        assertEquals(0.2 / 0.5, probabilityOfP(m, test, 2), 1e-12);
    }

    @Test
    void aNumericTestColumnIsMatchedByLevelText() {
        Dataset d = Tiny.data("d").categorical(cat("doors", "2", "4", "2", "4", "4"))
                .labels(cat("class", "P", "P", "N", "N", "N")).build();
        Model m = learner.fit(d, learner.params(Map.of()), 0);
        // the test file held only numbers in that column, so it was imported as numeric
        Dataset test = Tiny.data("t").numeric(Tiny.num("doors", 4.0, 3.0, Double.NaN)).build();
        // codes 2 and 4: K = 5 (largest code + 1). 4: P 0.4 * (1+1)/(2+5), N 0.6 * (2+1)/(3+5);
        // 3 (a code training never saw, one of the 5): P 0.4 * 1/7, N 0.6 * 1/8; missing: prior only
        assertEquals(0.4 * 2 / 7 / (0.4 * 2 / 7 + 0.6 * 3 / 8), probabilityOfP(m, test, 0), 1e-12);
        assertEquals(0.4 / 7 / (0.4 / 7 + 0.6 / 8), probabilityOfP(m, test, 1), 1e-12);
        assertEquals(0.4, probabilityOfP(m, test, 2), 1e-12);
    }

    @Test
    void aNumericTestColumnOfCodesIsMatchedByItsWrittenText() {
        Dataset d = Tiny.data("d").categorical(cat("code", "007", "010", "007", "010", "010"))
                .labels(cat("class", "P", "P", "N", "N", "N")).build();
        Model m = learner.fit(d, learner.params(Map.of()), 0);
        // the test file's codes were all digits, read as numbers 10, 7, NaN with their text kept (the importer)
        Dataset test = Tiny.data("t").numeric(io.plate.api.data.NumericColumn.of("code", new double[] {10, 7, Double.NaN},
                cat("code", "010", "007", null))).build();
        // 010: P 0.4 * (1+1)/(2+2) = 0.2, N 0.6 * (2+1)/(3+2) = 0.36; 007: P 0.4 * 2/4 = 0.2, N 0.6 * 2/5 = 0.24
        assertEquals(0.2 / 0.56, probabilityOfP(m, test, 0), 1e-12);
        assertEquals(0.2 / 0.44, probabilityOfP(m, test, 1), 1e-12);
        assertEquals(0.4, probabilityOfP(m, test, 2), 1e-12);
    }

    /**
     * A fold of an ARFF dataset knows every declared level, as Weka's folds share their file's header: a level
     * only held-out rows use is a category with no count, scored α / (N_yi + α·K_i), as the same training rows
     * in an ARFF file of their own score it. Before, the fold left it out (K one less) and skipped it.
     */
    @Test
    void aFoldOfAnArffDatasetKnowsEveryDeclaredLevel() {
        List<String> levels = List.of("a", "b", "z");
        String[] f1 = {"a", "a", "b", "b", "a", "z"};
        String[] y = {"P", "P", "N", "N", "N", "P"};
        int[] codes = new int[f1.length];
        for (int i = 0; i < f1.length; i++) {
            codes[i] = levels.indexOf(f1[i]);
        }
        Dataset all = Tiny.data("d").categorical(io.plate.api.data.CategoricalColumn.declared("f1", levels, codes))
                .labels(cat("class", y)).metadata("format", "arff").build();
        Model fold = learner.fit(all.select(new int[] {0, 1, 2, 3, 4}), learner.params(Map.of("alpha", "0.5")), 0);
        Dataset q = Tiny.data("q").categorical(cat("f1", "z", "a")).build();
        // K = 3 declared levels. z: P 0.4 * 0.5/(2+1.5), N 0.6 * 0.5/(3+1.5); a: P 0.4 * 2.5/3.5, N 0.6 * 1.5/4.5
        double pz = 0.4 * 0.5 / 3.5;
        double nz = 0.6 * 0.5 / 4.5;
        assertEquals(pz / (pz + nz), probabilityOfP(fold, q, 0), 1e-12);
        double pa = 0.4 * 2.5 / 3.5;
        double na = 0.6 * 1.5 / 4.5;
        assertEquals(pa / (pa + na), probabilityOfP(fold, q, 1), 1e-12);
        assertEquals(List.of(), fold.unseenLevels(q));
        // a CSV's fold (levels read from the rows) still leaves z out: K = 2, z adds no term
        Dataset csv = Tiny.data("c").categorical(cat("f1", levels, f1)).labels(cat("class", y)).build();
        Model csvFold = learner.fit(csv.select(new int[] {0, 1, 2, 3, 4}), learner.params(Map.of("alpha", "0.5")), 0);
        assertEquals(0.4, probabilityOfP(csvFold, q, 0), 1e-12);
        assertEquals(1, csvFold.unseenLevels(q).size());
    }

    @Test
    void declaredUnusedLevelsAndMinCategoriesWidenTheDenominator() {
        // f1 declares a third level 'z' that never occurs: K_1 = 3
        Dataset d = Tiny.data("d").categorical(cat("f1", List.of("a", "b", "z"), "a", "a", "b", "b", "a"))
                .labels(cat("class", "P", "P", "N", "N", "N")).build();
        Model m = learner.fit(d, learner.params(Map.of("alpha", "0.5")), 0);
        Dataset q = Tiny.data("q").categorical(cat("f1", "a")).build();
        // P: 0.4 * (2+0.5)/(2+1.5) ; N: 0.6 * (1+0.5)/(3+1.5)
        double p = 0.4 * 2.5 / 3.5;
        double n = 0.6 * 1.5 / 4.5;
        assertEquals(p / (p + n), probabilityOfP(m, q, 0), 1e-12);
        // min_categories = 5 replaces K_1 = 3
        Model m5 = learner.fit(d, learner.params(Map.of("alpha", "0.5", "min_categories", "5")), 0);
        double p5 = 0.4 * 2.5 / 4.5;
        double n5 = 0.6 * 1.5 / 5.5;
        assertEquals(p5 / (p5 + n5), probabilityOfP(m5, q, 0), 1e-12);
    }

    /**
     * While min_categories leaves room beyond the levels seen (here 3 against a, b), a level never seen is one of
     * the categories with no count, as in scikit-learn's CategoricalNB: α / (N_yi + α·K_i). Every such level is
     * (scikit-learn raises on more of them than the room). Before, min_categories only widened the denominator
     * and the level was dropped.
     */
    @Test
    void aLevelNeverSeenIsAZeroCountCategoryWhileMinCategoriesLeavesRoom() throws java.io.IOException {
        Dataset d = Tiny.data("d").categorical(cat("f1", "a", "a", "b", "b", "a"))
                .labels(cat("class", "P", "P", "N", "N", "N")).build();
        Dataset q = Tiny.data("q").categorical(cat("f1", "c", "d", null)).build();
        Model m3 = learner.fit(d, learner.params(Map.of("alpha", "0.5", "min_categories", "3")), 0);
        // P: 0.4 * 0.5/(2+1.5) ; N: 0.6 * 0.5/(3+1.5)
        double p = 0.4 * 0.5 / 3.5;
        double n = 0.6 * 0.5 / 4.5;
        assertEquals(p / (p + n), probabilityOfP(m3, q, 0), 1e-12);
        assertEquals(p / (p + n), probabilityOfP(m3, q, 1), 1e-12, "a second unseen level is scored the same");
        assertEquals(0.4, probabilityOfP(m3, q, 2), 1e-12, "a missing value adds no term");
        assertEquals(List.of(), m3.unseenLevels(q));
        Explanation e = ((Explainable) m3).explain(q, 0);
        assertEquals(List.of(), e.skipped());
        assertEquals(1, e.terms().size());
        assertEquals("c", e.terms().get(0).value());
        // classes N, P
        assertEquals(Math.log(0.5 / 4.5), e.terms().get(0).perClass()[0], 1e-12);
        assertEquals(Math.log(0.5 / 3.5), e.terms().get(0).perClass()[1], 1e-12);
        // a model read back from its file keeps the room (min_categories is one of its parameters)
        java.io.ByteArrayOutputStream file = new java.io.ByteArrayOutputStream();
        m3.writeJson(file);
        Model read = learner.readModel(new java.io.ByteArrayInputStream(file.toByteArray()));
        assertEquals(p / (p + n), probabilityOfP(read, q, 0), 1e-12);
    }

    /**
     * Integer codes count K_i = largest code + 1, as scikit-learn's CategoricalNB: codes 1 and 3 make K = 4 (0 and 2
     * never seen), so code 2 is a category with no count. An ARFF header's levels keep Weka's rule, K = the declared
     * levels (here 2), and a model file keeps which rule its feature follows. Before, K counted the levels seen.
     */
    @Test
    void integerCodesCountUpToTheLargestCodeUnlessAnArffHeaderDeclaresThem() throws java.io.IOException {
        Dataset q = Tiny.data("q").categorical(cat("f1", "1", "2")).build();
        Dataset csv = Tiny.data("d").categorical(cat("f1", "1", "1", "3", "3", "1"))
                .labels(cat("class", "P", "P", "N", "N", "N")).build();
        Model codes = learner.fit(csv, learner.params(Map.of("alpha", "0.5")), 0);
        // code 1: P 0.4 * 2.5/(2 + 0.5*4), N 0.6 * 1.5/(3 + 0.5*4); code 2: P 0.4 * 0.5/4, N 0.6 * 0.5/5
        assertEquals(0.4 * 2.5 / 4 / (0.4 * 2.5 / 4 + 0.6 * 1.5 / 5), probabilityOfP(codes, q, 0), 1e-12);
        assertEquals(0.4 * 0.5 / 4 / (0.4 * 0.5 / 4 + 0.6 * 0.5 / 5), probabilityOfP(codes, q, 1), 1e-12);
        assertEquals(List.of(), codes.unseenLevels(q));
        Dataset arff = csv.toBuilder("a").metadata("format", "arff").build();
        Model declared = learner.fit(arff, learner.params(Map.of("alpha", "0.5")), 0);
        // K = 2: code 1: P 0.4 * 2.5/3, N 0.6 * 1.5/4; code 2 adds no term
        double p = 0.4 * 2.5 / 3;
        double n = 0.6 * 1.5 / 4;
        assertEquals(p / (p + n), probabilityOfP(declared, q, 0), 1e-12);
        assertEquals(0.4, probabilityOfP(declared, q, 1), 1e-12);
        java.io.ByteArrayOutputStream file = new java.io.ByteArrayOutputStream();
        declared.writeJson(file);
        Model read = learner.readModel(new java.io.ByteArrayInputStream(file.toByteArray()));
        assertEquals(p / (p + n), probabilityOfP(read, q, 0), 1e-12);
        // zero-padded codes are text: K counts the levels seen
        Dataset padded = Tiny.data("d").categorical(cat("f1", "01", "01", "03", "03", "01"))
                .labels(cat("class", "P", "P", "N", "N", "N")).build();
        Model text = learner.fit(padded, learner.params(Map.of("alpha", "0.5")), 0);
        Dataset q1 = Tiny.data("q").categorical(cat("f1", "01")).build();
        assertEquals(p / (p + n), probabilityOfP(text, q1, 0), 1e-12);
    }

    /** Without room (min_categories 2 is the levels seen) a level never seen adds no term, and the model names it. */
    @Test
    void aLevelNeverSeenWithoutRoomIsNamedAsAddingNoTerm() {
        Dataset d = Tiny.data("d").categorical(cat("f1", "a", "a", "b", "b", "a"))
                .labels(cat("class", "P", "P", "N", "N", "N")).build();
        Dataset q = Tiny.data("q").categorical(cat("f1", "c", "d", null)).build();
        Model m2 = learner.fit(d, learner.params(Map.of("alpha", "0.5", "min_categories", "2")), 0);
        assertEquals(0.4, probabilityOfP(m2, q, 0), 1e-12);
        assertEquals(List.of(new UnseenLevels("f1", 2, List.of("c", "d"))), m2.unseenLevels(q));
        Explanation skipped = ((Explainable) m2).explain(q, 1);
        assertEquals(List.of(), skipped.terms());
        assertEquals(List.of(new Explanation.Skipped("f1", "d", "not seen in training")), skipped.skipped());
        assertEquals(List.of(), ((Explainable) m2).explain(q, 2).skipped(), "a missing value is not an unseen level");
    }

    @Test
    void classPriorAndUniformPrior() {
        Dataset q = Tiny.data("q").categorical(cat("f1", "a")).categorical(cat("f2", "x")).build();
        Model uniform = learner.fit(train(), learner.params(Map.of("fit_prior", "false")), 0);
        double p = 0.5 * 0.75 * 0.5;
        double n = 0.5 * 0.4 * 0.5;
        assertEquals(p / (p + n), probabilityOfP(uniform, q, 0), 1e-12);
        // class_prior in sorted class order (N, P), normalised: 1,3 -> N 0.25, P 0.75
        Model given = learner.fit(train(), learner.params(Map.of("class_prior", "1,3")), 0);
        double gp = 0.75 * 0.75 * 0.5;
        double gn = 0.25 * 0.4 * 0.5;
        assertEquals(gp / (gp + gn), probabilityOfP(given, q, 0), 1e-12);
    }

    @Test
    void numberClassesAreOrderedByValueAndMatchedByValue() {
        // labels 10 and 2: scikit-learn's classes_ is [2, 10] (np.unique of ints), so class_prior 3,1 gives 2 0.75
        Dataset d = Tiny.data("d").categorical(cat("f1", "a", "a", "b", "b"))
                .labels(cat("class", "10", "10", "2", "2")).build();
        Model given = learner.fit(d, learner.params(Map.of("class_prior", "3,1")), 0);
        assertEquals(List.of("2", "10"), given.classes());
        Dataset q = Tiny.data("q").categorical(cat("f1", "a")).build();
        // P(a | 2) = (0 + 1)/(2 + 2), P(a | 10) = (2 + 1)/(2 + 2)
        double two = 0.75 * 0.25;
        double ten = 0.25 * 0.75;
        assertEquals(two / (two + ten), Math.exp(given.predictLogProba(q)[0][0]), 1e-12);
        // a test set that writes the classes as pandas does when the column also holds a NaN (2.0, 10.0)
        Dataset floats = Tiny.data("t").categorical(cat("f1", "a", "b")).labels(cat("class", "10.0", "2.0")).build();
        io.plate.api.learn.EvaluationReport r = new CrossValidationEvaluator().evaluate(learner, d,
                learner.params(Map.of()), io.plate.api.learn.EvaluationSettings.holdout(floats, 1));
        assertEquals(List.of("2", "10"), r.classes());
        assertEquals(1.0, r.accuracy(), 1e-12);
    }

    /**
     * scikit-learn's ComplementNB takes fit_prior and class_prior and reads them only when training has one
     * class (its docstring; _joint_log_likelihood adds class_log_prior_ only then): nb.complement says so
     * instead of "unknown parameter 'fit_prior'; known: alpha, norm, weight".
     */
    @Test
    void complementSaysWhyItHasNoPriorParameters() {
        Learner complement = new io.plate.classifier.impl.nb.ComplementNaiveBayes();
        String why = ": nb.complement leaves the class prior out of the decision, as scikit-learn's ComplementNB does"
                + " (it reads fit_prior and class_prior only when training has a single class, which every row then"
                + " gets whatever the prior); known: alpha, norm, weight";
        assertEquals("parameter 'fit_prior'" + why, assertThrows(PlateException.class,
                () -> complement.params(Map.of("fit_prior", "false"))).getMessage());
        assertEquals("parameter 'class_prior'" + why, assertThrows(PlateException.class,
                () -> complement.params(Map.of("classPrior", "0.5,0.5", "alpha", "0.5"))).getMessage());
        assertEquals("unknown parameter 'alhpa' (did you mean alpha?); known: alpha, norm, weight", assertThrows(PlateException.class,
                () -> complement.params(Map.of("alhpa", "1"))).getMessage());
        assertEquals(Map.of("alpha", "0.5", "norm", "false"), complement.params(Map.of("alpha", "0.5")).asMap());
    }

    @Test
    void badParametersAndDataFailWithMessages() {
        PlateException e = assertThrows(PlateException.class, () -> learner.params(Map.of("alpha", "-1")));
        assertTrue(e.getMessage().contains("alpha"), e.getMessage());
        assertThrows(PlateException.class, () -> learner.params(Map.of("alpha", "NaN")));
        assertThrows(PlateException.class, () -> learner.params(Map.of("alhpa", "1")));
        PlateException len = assertThrows(PlateException.class,
                () -> learner.fit(train(), learner.params(Map.of("class_prior", "1,2,3")), 0));
        assertTrue(len.getMessage().contains("class_prior"), len.getMessage());
        Dataset unlabelled = Tiny.data("u").categorical(cat("f1", "a")).build();
        assertThrows(PlateException.class, () -> learner.fit(unlabelled, learner.params(Map.of()), 0));
        Model m = learner.fit(train(), learner.params(Map.of()), 0);
        Dataset lacking = Tiny.data("l").categorical(cat("f1", "a")).build();
        PlateException missing = assertThrows(PlateException.class, () -> m.predictLogProba(lacking));
        assertTrue(missing.getMessage().contains("f2"), missing.getMessage());
        Dataset numericOnly = Tiny.data("n").numeric(Tiny.num("x", 1, 2)).labels(cat("c", "a", "b")).build();
        assertThrows(PlateException.class, () -> learner.fit(numericOnly, learner.params(Map.of()), 0));
    }
}
