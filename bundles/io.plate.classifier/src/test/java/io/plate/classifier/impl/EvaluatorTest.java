package io.plate.classifier.impl;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.plate.api.data.Dataset;
import io.plate.api.learn.EvaluationReport;
import io.plate.api.learn.EvaluationSettings;
import io.plate.api.learn.Learner;
import io.plate.classifier.impl.nb.CategoricalNaiveBayes;
import io.plate.classifier.impl.nb.GaussianNaiveBayes;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Cross-validation reproduces scikit-learn's 10-fold accuracy within 0.01 (different folds) and the JSON
 * has the contract's fields (folds and metrics: api StratifiedFoldsAndMetricsTest).
 */
class EvaluatorTest {
    private final CrossValidationEvaluator evaluator = new CrossValidationEvaluator();

    @Test
    void tenFoldAccuracyMatchesScikitLearn() {
        // sklearn_nb.py --model categorical --train mushroom.csv --cv 10  -> accuracy=0.9552 ('?' as a level)
        Learner cat = new CategoricalNaiveBayes();
        Dataset mushroom = SharedData.categoricalCsv("mushroom/mushroom.csv", Set.of(), false, true);
        EvaluationReport m = evaluator.evaluate(cat, mushroom, cat.params(Map.of()),
                EvaluationSettings.crossValidation(10, 1));
        assertEquals(0.9552, m.accuracy(), 0.01);
        assertEquals(10, m.perFold().size());
        assertEquals(8124, Arrays.stream(m.confusion()).flatMapToLong(Arrays::stream).sum());
        // sklearn_nb.py --model gaussian --train iris.csv --cv 10  -> accuracy=0.9533
        Learner g = new GaussianNaiveBayes();
        EvaluationReport i = evaluator.evaluate(g, SharedData.numericCsv("iris/iris.csv", false), g.params(Map.of()),
                EvaluationSettings.crossValidation(10, 1));
        assertEquals(0.9533, i.accuracy(), 0.01);
    }

    @Test
    void aFailureInAFoldNamesTheDatasetTheUserGave() {
        Dataset d = Tiny.data("votes").categorical(Tiny.cat("f", "a", "b", "a", "b", "a", "b"))
                .labels(Tiny.cat("y", "p", "q", "p", "q", "p", "q")).build();
        Learner gaussian = new GaussianNaiveBayes();
        io.plate.api.PlateException e = org.junit.jupiter.api.Assertions.assertThrows(io.plate.api.PlateException.class,
                () -> evaluator.evaluate(gaussian, d, gaussian.params(Map.of()), EvaluationSettings.crossValidation(3, 1)));
        assertTrue(e.getMessage().contains("'votes'") && !e.getMessage().contains("fold"), e.getMessage());
        // a test set without a single label has nothing to score against (it printed accuracy NaN)
        Dataset unlabelled = Tiny.data("new").categorical(Tiny.cat("f", "a", "b")).labels(Tiny.cat("y", new String[] {null, null})).build();
        Learner cat = new CategoricalNaiveBayes();
        io.plate.api.PlateException none = org.junit.jupiter.api.Assertions.assertThrows(io.plate.api.PlateException.class,
                () -> evaluator.evaluate(cat, d, cat.params(Map.of()), EvaluationSettings.holdout(unlabelled, 1)));
        assertEquals("test dataset 'new' has no labelled rows to score against; plate:predict gives its predictions",
                none.getMessage());
    }

    /**
     * class_prior gives one value per class of the dataset, but a class of one row is missing from the training
     * part of the fold that tests it (at any --folds): the refusal names that fold and class and says what
     * works; it said only "has 3 values but the data has 2 classes (give one per class …)".
     */
    @Test
    void aFoldWhoseTrainingPartLacksAClassSaysSoWhenClassPriorDoesNotFit() {
        Dataset d = Tiny.data("w").categorical(Tiny.cat("f", "x", "y", "x", "y", "x", "y", "x"))
                .labels(Tiny.cat("class", "a", "b", "a", "b", "a", "b", "rare")).build();
        Learner cat = new CategoricalNaiveBayes();
        io.plate.api.PlateException e = org.junit.jupiter.api.Assertions.assertThrows(io.plate.api.PlateException.class,
                () -> evaluator.evaluate(cat, d, cat.params(Map.of("class_prior", "0.45,0.45,0.1")),
                        EvaluationSettings.crossValidation(3, 1)));
        assertTrue(e.getMessage().matches("fold [123] of 3: its training part has no row of class 'rare' \\(1 row in 'w'\\):"
                + " parameter 'class_prior' has 3 values but the training rows have 2 classes \\(a, b\\);"
                + " a class of one row is missing from one fold's training part whatever --folds: drop that class's row,"
                + " or evaluate on a --test dataset"), e.getMessage());
        // training on all rows, the same values fit; two values are refused there, with the classes to give them for
        evaluator.evaluate(cat, d, cat.params(Map.of("class_prior", "0.45,0.45,0.1")), EvaluationSettings.holdout(d, 1));
        io.plate.api.PlateException two = org.junit.jupiter.api.Assertions.assertThrows(io.plate.api.PlateException.class,
                () -> cat.fit(d, cat.params(Map.of("class_prior", "0.5,0.5")), 1));
        assertEquals("parameter 'class_prior' has 2 values but the training rows have 3 classes (a, b, rare);"
                + " give one per class, in that order", two.getMessage());
    }

    /** Counts of one read in the singular: "1 class", "1 value", "1 word" (they said "1 classes", "1 values"). */
    @Test
    void countsOfOneAreSingular() {
        Dataset one = Tiny.data("o").sparse(Tiny.words("hello", "hello")).labels(Tiny.cat("class", "a", "a")).build();
        Learner multinomial = new io.plate.classifier.impl.nb.MultinomialNaiveBayes();
        assertTrue(multinomial.fit(one, multinomial.params(Map.of()), 1).toString()
                .startsWith("nb.multinomial model: 1 class, 1 word ("));
        Dataset two = Tiny.data("t").categorical(Tiny.cat("f", "x", "y")).labels(Tiny.cat("class", "a", "b")).build();
        Learner cat = new CategoricalNaiveBayes();
        io.plate.api.PlateException e = org.junit.jupiter.api.Assertions.assertThrows(io.plate.api.PlateException.class,
                () -> cat.fit(two, cat.params(Map.of("class_prior", "1")), 1));
        assertEquals("parameter 'class_prior' has 1 value but the training rows have 2 classes (a, b);"
                + " give one per class, in that order", e.getMessage());
        Dataset oneClass = Tiny.data("c").categorical(Tiny.cat("f", "x")).labels(Tiny.cat("class", "a")).build();
        io.plate.api.PlateException e1 = org.junit.jupiter.api.Assertions.assertThrows(io.plate.api.PlateException.class,
                () -> cat.fit(oneClass, cat.params(Map.of("class_prior", "1,1")), 1));
        assertTrue(e1.getMessage().startsWith("parameter 'class_prior' has 2 values but the training rows have 1 class (a);"),
                e1.getMessage());
    }

    /**
     * A test set none of whose classes the training data has is refused (it scored accuracy 0 and the clip's
     * log-loss, 36.04, without comment), naming both sets' classes and label columns.
     */
    @Test
    void aTestSetSharingNoClassWithTheTrainingDataIsRefused() {
        Learner cat = new CategoricalNaiveBayes();
        Dataset train = Tiny.data("news").categorical(Tiny.cat("f", "a", "b", "a", "b"))
                .labels(Tiny.cat("newsgroup", "sci.space", "rec.autos", "sci.space", "rec.autos")).build();
        Dataset other = Tiny.data("reviews").categorical(Tiny.cat("f", "a", "b", "a"))
                .labels(Tiny.cat("label", "pos", "neg", null)).build();
        io.plate.api.PlateException e = org.junit.jupiter.api.Assertions.assertThrows(io.plate.api.PlateException.class,
                () -> evaluator.evaluate(cat, train, cat.params(Map.of()), EvaluationSettings.holdout(other, 1)));
        assertEquals("test dataset 'reviews' shares no class with 'news': its classes neg, pos (label column 'label')"
                + " are none of the training data's rec.autos, sci.space (label column 'newsgroup')", e.getMessage());
    }

    @Test
    void holdoutAndJson() throws IOException {
        Learner cat = new CategoricalNaiveBayes();
        Dataset train = Tiny.data("train").categorical(Tiny.cat("f", "a", "a", "b", "b", "a"))
                .labels(Tiny.cat("class", "P", "P", "N", "N", "N")).build();
        // the test set has a class the model never saw (Q) and a level it never saw (c)
        Dataset test = Tiny.data("test").categorical(Tiny.cat("f", "a", "b", "c"))
                .labels(Tiny.cat("class", "P", "N", "Q")).build();
        EvaluationReport r = evaluator.evaluate(cat, train, cat.params(Map.of()),
                EvaluationSettings.holdout(test, 3));
        assertEquals(0, r.folds());
        assertEquals(java.util.List.of("N", "P", "Q"), r.classes());
        // row 0 (a): P 0.4*3/4 = 0.3 vs N 0.6*2/5 = 0.24 -> P, p(P) = 0.3/0.54
        // row 1 (b): P 0.4*1/4 = 0.1 vs N 0.6*3/5 = 0.36 -> N, p(N) = 0.36/0.46
        // row 2 (c unseen, class Q unknown): prior only -> N, p(Q) = 0 -> clipped
        assertEquals(2 / 3.0, r.accuracy(), 1e-12);
        assertEquals(java.util.List.of(new io.plate.api.learn.UnseenLevels("f", 1, java.util.List.of("c"))),
                r.perFold().get(0).unseenLevels(), "the test cell the model has no term for");
        double loss = (-Math.log(0.3 / 0.54) - Math.log(0.36 / 0.46) - Math.log(Math.ulp(1.0))) / 3;
        assertEquals(loss, r.logLoss(), 1e-12);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        evaluator.writeJson(r, out);
        JsonNode json = new ObjectMapper().readTree(out.toByteArray());
        for (String field : new String[] {"accuracy", "logLoss", "macroF1", "confusion", "classes", "folds", "seed",
            "learner", "params", "fitSeconds", "predictSeconds", "perFold"}) {
            assertTrue(json.has(field), field + " in " + json);
        }
        assertEquals(1, json.get("confusion").get(0).get(0).asInt());
        assertEquals(1, json.get("confusion").get(1).get(1).asInt());
        assertEquals(1, json.get("confusion").get(2).get(0).asInt());
        assertEquals("nb.categorical", json.get("learner").asText());
        assertEquals("1.0", json.get("params").get("alpha").asText());
        assertEquals(3, json.get("seed").asInt());
        assertEquals(1, json.get("perFold").size());
    }

    /**
     * Cross-validation counts, per fold, the held-out cells whose level the fold's model never saw: levels z and w
     * are each used by one row, so whichever fold holds that row out trains without it, and the folds count 2
     * cells between them, in the report and in the JSON (nb.categorical and the perceptron alike).
     */
    @Test
    void crossValidationCountsEachFoldsUnseenLevels() throws IOException {
        Dataset d = Tiny.data("d").categorical(Tiny.cat("f", "a", "a", "b", "b", "a", "b", "z", "w"))
                .labels(Tiny.cat("class", "P", "P", "N", "N", "P", "N", "P", "N")).build();
        for (Learner l : new Learner[] {new CategoricalNaiveBayes(), new io.plate.classifier.impl.perceptron.PerceptronLearner()}) {
            EvaluationReport r = evaluator.evaluate(l, d, l.params(Map.of()), EvaluationSettings.crossValidation(2, 5));
            java.util.List<io.plate.api.learn.UnseenLevels> unseen = r.perFold().stream()
                    .flatMap(f -> f.unseenLevels().stream()).toList();
            assertEquals(2, unseen.stream().mapToInt(io.plate.api.learn.UnseenLevels::rows).sum(), l.name() + ": " + unseen);
            assertEquals(Set.of("w", "z"), unseen.stream().flatMap(u -> u.levels().stream())
                    .collect(java.util.stream.Collectors.toSet()), l.name());
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            evaluator.writeJson(r, out);
            JsonNode json = new ObjectMapper().readTree(out.toByteArray());
            assertEquals(2, json.get("unseenLevelCells").asInt(), l.name());
            int perFold = 0;
            for (JsonNode f : json.get("perFold")) {
                for (JsonNode u : f.get("unseenLevels")) {
                    assertEquals("f", u.get("column").asText());
                    perFold += u.get("rows").asInt();
                }
            }
            assertEquals(2, perFold, l.name() + ": " + json.get("perFold"));
        }
    }

    /**
     * The folds' fits report on one line: a fit that reports half its pass and then all of it (in units of two per
     * row) shows as rows of every fold's training rows together (12 rows, 3 folds of 4: 8 training rows a fold).
     */
    @Test
    void theFoldsFitsReportTheirRowsAsOnePass() {
        Learner halves = new MeanLearner() {
            @Override
            public io.plate.api.learn.Model fit(Dataset data, io.plate.api.learn.Params params, long seed,
                    io.plate.api.sample.ProgressListener progress) {
                long units = 2L * data.rows();
                progress.progress(new io.plate.api.sample.Progress(units / 2, units, 1, 1, 1, Double.NaN, Double.NaN));
                progress.progress(new io.plate.api.sample.Progress(units, units, 1, 1, 0, Double.NaN, Double.NaN));
                return fit(data, params, seed);
            }
        };
        Dataset d = Tiny.data("d").numeric(Tiny.num("x", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12))
                .target(Tiny.num("y", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)).build();
        java.util.List<io.plate.api.sample.Progress> seen = new java.util.ArrayList<>();
        evaluator.evaluate(halves, d, halves.params(Map.of()), EvaluationSettings.crossValidation(3, 1), seen::add);
        assertEquals(java.util.List.of(4L, 8L, 12L, 16L, 20L, 24L), seen.stream().map(p -> p.iteration()).toList());
        assertTrue(seen.stream().allMatch(p -> p.iterations() == 24), seen.toString());
        // a holdout is one fit of the training rows
        seen.clear();
        evaluator.evaluate(halves, d, halves.params(Map.of()), EvaluationSettings.holdout(d, 1), seen::add);
        assertEquals(java.util.List.of(6L, 12L), seen.stream().map(p -> p.iteration()).toList());
        // the classification path passes the fits' reports on too: 12 labelled rows, 3 folds
        Dataset labelled = Tiny.data("c").numeric(Tiny.num("x", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12))
                .labels(Tiny.cat("y", "a", "b", "a", "b", "a", "b", "a", "b", "a", "b", "a", "b")).build();
        Learner gaussian = new GaussianNaiveBayes();
        Learner reporting = new Learner() {
            public String name() { return gaussian.name(); }
            public String description() { return ""; }
            public java.util.List<io.plate.api.learn.ParamSpec> parameters() { return gaussian.parameters(); }
            public io.plate.api.learn.Model fit(Dataset data, io.plate.api.learn.Params params, long seed) {
                return gaussian.fit(data, params, seed);
            }
            public io.plate.api.learn.Model fit(Dataset data, io.plate.api.learn.Params params, long seed,
                    io.plate.api.sample.ProgressListener progress) {
                progress.progress(new io.plate.api.sample.Progress(data.rows(), data.rows(), 1, 1, 0, Double.NaN, Double.NaN));
                return fit(data, params, seed);
            }
            public io.plate.api.learn.Model readModel(java.io.InputStream in) { throw new UnsupportedOperationException(); }
        };
        seen.clear();
        evaluator.evaluate(reporting, labelled, reporting.params(Map.of()), EvaluationSettings.crossValidation(3, 1), seen::add);
        assertEquals(java.util.List.of(8L, 16L, 24L), seen.stream().map(p -> p.iteration()).toList());
    }

    /** A regression learner that predicts the training mean of the target. */
    private static class MeanLearner implements Learner {
        @Override
        public String name() {
            return "test.mean";
        }

        @Override
        public String description() {
            return "mean";
        }

        @Override
        public java.util.List<io.plate.api.learn.ParamSpec> parameters() {
            return java.util.List.of();
        }

        @Override
        public io.plate.api.learn.Model fit(Dataset data, io.plate.api.learn.Params params, long seed) {
            double mean = Arrays.stream(data.target().orElseThrow().values()).average().orElseThrow();
            return new io.plate.api.learn.Model() {
                @Override
                public String type() {
                    return "test.mean";
                }

                @Override
                public java.util.List<String> classes() {
                    return java.util.List.of();
                }

                @Override
                public double[][] predictLogProba(Dataset d) {
                    throw new UnsupportedOperationException();
                }

                @Override
                public double[] predict(Dataset d) {
                    double[] out = new double[d.rows()];
                    Arrays.fill(out, mean);
                    return out;
                }

                @Override
                public io.plate.api.learn.Provenance provenance() {
                    return new io.plate.api.learn.Provenance("test.mean", Map.of(), seed, "", "", "");
                }

                @Override
                public void writeJson(java.io.OutputStream out) {
                }
            };
        }

        @Override
        public io.plate.api.learn.Model readModel(java.io.InputStream in) {
            throw new UnsupportedOperationException();
        }
    }

    @Test
    void regressionHoldoutGivesRmseAndR2() throws IOException {
        Learner mean = new MeanLearner();
        Dataset train = Tiny.data("train").numeric(Tiny.num("x", 0, 0, 0)).target(Tiny.num("y", 1, 2, 3)).build();
        Dataset test = Tiny.data("test").numeric(Tiny.num("x", 0, 0)).target(Tiny.num("y", 1, 5)).build();
        EvaluationReport r = evaluator.evaluate(mean, train, mean.params(Map.of()), EvaluationSettings.holdout(test, 1));
        assertTrue(r.isRegression());
        // predictions 2, 2 against 1, 5: RMSE sqrt((1 + 9) / 2); R^2 = 1 - 10 / ((1-3)^2 + (5-3)^2) = 1 - 10/8
        assertEquals(Math.sqrt(5), r.rmse(), 1e-12);
        assertEquals(1 - 10.0 / 8, r.r2(), 1e-12);
        assertEquals((1 + 3) / 2.0, r.mae(), 1e-12); // |2 - 1| and |2 - 5|
        EvaluationReport cv = evaluator.evaluate(mean, Tiny.data("d").numeric(Tiny.num("x", 0, 0, 0, 0))
                .target(Tiny.num("y", 1, 2, 3, 4)).build(), mean.params(Map.of()), EvaluationSettings.crossValidation(2, 1));
        assertEquals(2, cv.perFold().size());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        evaluator.writeJson(r, out);
        JsonNode json = new ObjectMapper().readTree(out.toByteArray());
        assertEquals(Math.sqrt(5), json.get("rmse").asDouble(), 1e-12);
        assertEquals(2.0, json.get("mae").asDouble(), 1e-12);
        assertTrue(json.get("accuracy").isNull());
    }
}
