package io.plate.shell.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.PlateException;
import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.data.Importer;
import io.plate.api.data.NumericColumn;
import io.plate.api.learn.EvaluationReport;
import io.plate.api.learn.EvaluationSettings;
import io.plate.api.learn.Evaluator;
import io.plate.api.learn.Explainable;
import io.plate.api.learn.Explanation;
import io.plate.api.learn.FeatureWeight;
import io.plate.api.learn.FoldReport;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.api.learn.ModelStore;
import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import io.plate.api.learn.Provenance;
import io.plate.api.learn.UnseenLevels;
import io.plate.mcmc.ProgressPrinter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The model commands over stand-in services: names and defaults, the predictions CSV (probabilities read
 * back to the same double), option checks, and the log-odds rendering of plate:explain.
 */
class ModelCommandsTest {
    @TempDir
    Path dir;

    private static ShellDefaults defaults(Path out) {
        ShellDefaults.Config c = (ShellDefaults.Config) Proxy.newProxyInstance(ModelCommandsTest.class.getClassLoader(),
                new Class<?>[] {ShellDefaults.Config.class}, (p, m, a) -> m.getName().equals("output_folder")
                        ? out.toString() : m.getDefaultValue());
        return new ShellDefaults(c);
    }

    /** A model whose probabilities are fixed awkward doubles per row: p(c) ∝ (r + 1)^(c + 1) / 3. */
    static class FixedModel implements Model, Explainable {
        private final Map<String, String> params;
        private final long seed;
        private final String dataSummary; // as a learner's: the training data's import summary, "NAME: R rows, …"
        private final Map<String, String> dataImport; // as a model file keeps them

        FixedModel(Map<String, String> params, long seed) {
            this(params, seed, "data");
        }

        FixedModel(Map<String, String> params, long seed, String dataSummary) {
            this(params, seed, dataSummary, Map.of());
        }

        FixedModel(Map<String, String> params, long seed, String dataSummary, Map<String, String> dataImport) {
            this.params = params;
            this.seed = seed;
            this.dataSummary = dataSummary;
            this.dataImport = dataImport;
        }

        @Override
        public String type() {
            return "test.fixed";
        }

        @Override
        public List<String> classes() {
            return List.of("a", "b,c", "d");
        }

        @Override
        public double[][] predictLogProba(Dataset data) {
            double[][] out = new double[data.rows()][3];
            for (int r = 0; r < out.length; r++) {
                double s = 0;
                for (int c = 0; c < 3; c++) {
                    out[r][c] = Math.pow(r + 1, c + 1) / 3.0;
                    s += out[r][c];
                }
                for (int c = 0; c < 3; c++) {
                    out[r][c] = Math.log(out[r][c] / s);
                }
            }
            return out;
        }

        @Override
        public Provenance provenance() {
            return new Provenance("test.fixed", params, seed, dataSummary, "0", "now", dataImport);
        }

        @Override
        public void writeJson(OutputStream out) throws IOException {
            out.write("{}".getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public Explanation explain(Dataset data, int row) {
            return new Explanation(classes(), new double[] {-1, -2, -0.5},
                    List.of(new Explanation.Term("f1", "-1.341219714076669", new double[] {0.5, 0.1, 3.0}),
                            new Explanation.Term("f2", "y", new double[] {-1.0, 0.25, 0.0})),
                    new double[] {Math.log(0.2), Math.log(0.1), Math.log(0.7)});
        }

        @Override
        public List<List<FeatureWeight>> tellingFeatures(int top) {
            return List.of(List.of(new FeatureWeight("alpha", 2.0)), List.of(), List.of(new FeatureWeight("delta", 1.5)));
        }
    }

    static class FixedLearner implements Learner {
        @Override
        public String name() {
            return "test.fixed";
        }

        @Override
        public String description() {
            return "fixed";
        }

        @Override
        public List<ParamSpec> parameters() {
            return List.of(ParamSpec.positive("alpha", "1.0", "a"));
        }

        @Override
        public Model fit(Dataset data, Params params, long seed) {
            return new FixedModel(params.asMap(), seed, data.summary());
        }

        @Override
        public Model readModel(InputStream in) {
            return new FixedModel(Map.of(), 0);
        }
    }

    /** The model commands of one shell (train, predict, evaluate, explain, save/load), over fixed services. */
    private record ModelShell(TrainCommands training, PredictCommands prediction, EvaluateCommands evaluation,
            ExplainCommands explanation, ModelFileCommands files) {
        static ModelShell of(Workspace w, ShellDefaults defaults, List<Learner> learners, Evaluator e, ModelStore store) {
            Learners l = Learners.of(learners);
            return new ModelShell(new TrainCommands(w, defaults, l), new PredictCommands(w, defaults),
                    EvaluateCommands.of(w, defaults, l, e), new ExplainCommands(w), ModelFileCommands.of(w, defaults, store));
        }

        Model train(String seed, String name, String learner, String dataset, String... params) {
            return training.train(null, seed, name, learner, dataset, params);
        }

        PredictCommands.Predictions predict(String out, String model, String dataset) throws IOException {
            return (PredictCommands.Predictions) prediction.predict(null, out, model, dataset);
        }

        EvaluateCommands.Evaluation evaluate(String folds, String test, String seed, String out, String learner,
                String dataset, String... params) throws IOException {
            return evaluation.evaluate(null, folds, test, seed, out, learner, dataset, params);
        }

        String explain(String row, String top, String model, String dataset) {
            return explanation.explain(row, top, model, dataset);
        }

        String save(String model, String file) {
            return files.save(model, file);
        }

        Model load(String name, String file) {
            return files.load(name, file);
        }

        String models() {
            return files.models();
        }
    }

    private final Map<String, Path> saved = new HashMap<>();

    private ModelShell commands(Workspace w, Evaluator e) {
        return commands(w, e, defaults(dir));
    }

    private ModelShell commands(Workspace w, Evaluator e, ShellDefaults defaults) {
        ModelStore store = new ModelStore() {
            @Override
            public void save(Model model, Path file) throws IOException {
                try (OutputStream o = Files.newOutputStream(file)) {
                    model.writeJson(o);
                }
                saved.put(file.getFileName().toString(), file);
            }

            @Override
            public Model load(Path file) throws IOException {
                if (file.getFileName().toString().startsWith("locked")) {
                    throw new java.nio.file.AccessDeniedException(file.toString());
                }
                return new FixedModel(Map.of("loaded", "yes"), 0);
            }
        };
        return ModelShell.of(w, defaults, List.of(new FixedLearner()), e, store);
    }

    private static Dataset data(int rows) {
        double[] x = new double[rows];
        int[] codes = new int[rows];
        for (int r = 0; r < rows; r++) {
            x[r] = r;
            codes[r] = r % 3;
        }
        return Dataset.builder("d").numeric(NumericColumn.of("x", x))
                .labels(CategoricalColumn.of("class", List.of("a", "b,c", "d"), codes)).build();
    }

    @Test
    void trainingInterruptedMeanwhileKeepsNoModel() {
        Workspace w = new Workspace();
        w.putDataset("d", data(4));
        ModelShell c = commands(w, null);
        Thread.currentThread().interrupt(); // Ctrl-C (Gogo's job interrupt) while the learner fits
        try {
            PlateException e = assertThrows(PlateException.class, () -> c.train("", "", "test.fixed", "d"));
            assertTrue(e.getMessage().contains("interrupted; the model was not kept"), e.getMessage());
        } finally {
            Thread.interrupted();
        }
        assertTrue(w.models().isEmpty(), "nothing half-registered");
    }

    /** Training or loading under a name in use replaces that model, and says so as plate:import does for a dataset. */
    @Test
    void aTrainingOrALoadThatReplacesAModelSaysSo() throws Exception {
        Workspace w = new Workspace();
        w.putDataset("d", data(4));
        ModelShell c = commands(w, null);
        assertEquals("", Printed.stdout(() -> c.train("", "m", "test.fixed", "d")));
        assertEquals("warning: 'm' replaces the model of that name kept before (test.fixed): to keep both, train with"
                + " --name NAME\n", Printed.stdout(() -> c.train("7", "m", "test.fixed", "d")));
        Files.writeString(dir.resolve("m.json"), "{}");
        assertEquals("warning: 'm' replaces the model of that name kept before (test.fixed): to keep both, load with"
                + " --name NAME\n", Printed.stdout(() -> c.load("", "m.json")));
        assertEquals("", Printed.stdout(() -> c.load("other", "m.json")));
    }

    /** plate:train gives the learner a progress line to report a long fit to (kernel.regression's bandwidth search). */
    @Test
    void trainingGivesTheLearnerAProgressLine() {
        Workspace w = new Workspace();
        w.putDataset("d", data(4));
        List<io.plate.api.sample.ProgressListener> given = new java.util.ArrayList<>();
        Learner reporting = new FixedLearner() {
            @Override
            public Model fit(Dataset data, Params params, long seed, io.plate.api.sample.ProgressListener progress) {
                given.add(progress);
                progress.progress(new io.plate.api.sample.Progress(1, 4, 1, 10, 0.3, Double.NaN, Double.NaN));
                return fit(data, params, seed);
            }
        };
        ModelShell.of(w, defaults(dir), List.of(reporting), null, null).train("", "", "test.fixed", "d");
        assertEquals(1, given.size(), "the fit with a listener was called");
        assertTrue(given.get(0) instanceof ProgressPrinter, String.valueOf(given.get(0)));
    }

    /** plate:evaluate gives the evaluator a progress line for the folds' fits to report to, as plate:train does. */
    @Test
    void evaluationGivesTheFitsAProgressLine() throws IOException {
        Workspace w = new Workspace();
        w.putDataset("d", data(6));
        List<io.plate.api.sample.ProgressListener> given = new java.util.ArrayList<>();
        Evaluator e = new Evaluator() {
            @Override
            public EvaluationReport evaluate(Learner learner, Dataset data, Params params, EvaluationSettings s) {
                throw new AssertionError("the shell asks for the evaluation with a progress listener");
            }

            @Override
            public EvaluationReport evaluate(Learner learner, Dataset data, Params params, EvaluationSettings s,
                    io.plate.api.sample.ProgressListener progress) {
                given.add(progress);
                return new EvaluationReport("test.fixed", Map.of(), "d", 2, 1, List.of("a", "b"), 1, 0.1, 1,
                        new long[][] {{3, 0}, {0, 3}}, Double.NaN, Double.NaN, 0.01, 0.002, List.of());
            }

            @Override
            public void writeJson(EvaluationReport report, OutputStream out) {
            }
        };
        commands(w, e).evaluate("2", "", "", "", "test.fixed", "d");
        assertEquals(1, given.size());
        assertTrue(given.get(0) instanceof ProgressPrinter, String.valueOf(given.get(0)));
    }

    /**
     * ARFF instance weights ({@code Importer.WEIGHT_COLUMN}) weigh the rows as in Weka: a learner with a weight
     * parameter is given weight=COLUMN unless the user names one; any other learner fits without the column.
     */
    @Test
    void instanceWeightsWeighRowsAndAreNoFeature() {
        Workspace w = new Workspace();
        Dataset d = data(4).toBuilder("d").numeric(NumericColumn.of("weight", new double[] {2, 0.5, 1, 1}))
                .metadata(io.plate.api.data.Importer.WEIGHT_COLUMN, "weight").build();
        w.putDataset("d", d);
        Learner weighing = new FixedLearner() {
            @Override
            public List<ParamSpec> parameters() {
                return List.of(ParamSpec.positive("alpha", "1.0", "a"), ParamSpec.text("weight", null, "w"));
            }
        };
        ModelShell c = ModelShell.of(w, defaults(dir), List.of(weighing), null, null);
        assertEquals("weight", c.train("", "m", "test.fixed", "d").provenance().params().get("weight"));
        assertEquals("x", c.train("", "m", "test.fixed", "d", "weight=x").provenance().params().get("weight"), "as given");
        // a learner that cannot weigh rows sees one numeric feature, x, not the weights
        ModelShell plain = commands(w, null);
        String seen = plain.train("", "m", "test.fixed", "d").provenance().dataSummary();
        assertTrue(seen.contains("1 feature") && !seen.contains("2 features"), seen);
        // without the metadata the column is a feature as any other
        w.putDataset("e", data(4).toBuilder("e").numeric(NumericColumn.of("weight", new double[] {2, 0.5, 1, 1})).build());
        assertTrue(plain.train("", "m", "test.fixed", "e").provenance().dataSummary().contains("2 features"));
    }

    @Test
    void trainKeepsTheModelUnderItsDefaultNameAndValidates() {
        Workspace w = new Workspace();
        w.putDataset("d", data(4));
        ModelShell c = commands(w, null);
        Model m = c.train("", "", "test.fixed", "d", "alpha=0.5");
        assertSame(m, w.model("d.test.fixed"));
        assertEquals("0.5", m.provenance().params().get("alpha"));
        assertEquals(1L, m.provenance().seed(), "the shell's default seed");
        c.train("7", "mine", "test.fixed", "d");
        assertEquals(7L, w.model("mine").provenance().seed());
        PlateException unknown = assertThrows(PlateException.class, () -> c.train("", "", "nb.nope", "d"));
        assertTrue(unknown.getMessage().contains("test.fixed"), unknown.getMessage());
        assertThrows(PlateException.class, () -> c.train("", "", "test.fixed", "d", "alpha"));
        assertThrows(PlateException.class, () -> c.train("", "", "test.fixed", "d", "alpha=-1"));
        assertThrows(PlateException.class, () -> c.train("x", "", "test.fixed", "d"));
        assertThrows(PlateException.class, () -> c.train("", "", "test.fixed", "nodata"));
    }

    @Test
    void predictionNamesTheDatasetsColumnsTheModelDoesNotRead() throws IOException {
        Workspace w = new Workspace();
        Dataset d = data(5);
        w.putDataset("d", d);
        Dataset extra = Dataset.builder("e").numeric(NumericColumn.of("x", new double[5]))
                .numeric(NumericColumn.of("extra", new double[5]))
                .categorical(CategoricalColumn.of("colour", List.of("red"), new int[5])).build();
        w.putDataset("e", extra);
        w.putModel("reads-x", new FixedModel(Map.of(), 0) {
            @Override
            public Optional<List<String>> columns() {
                return Optional.of(List.of("x"));
            }
        });
        PredictCommands p = new PredictCommands(w, defaults(dir));
        PredictCommands.Predictions same = ((PredictCommands.Predictions) p.predict(null, "", "reads-x", "d"));
        assertEquals(List.of(), same.unusedColumns());
        assertFalse(same.toString().contains("not used"), same.toString());
        PredictCommands.Predictions more = ((PredictCommands.Predictions) p.predict(null, "", "reads-x", "e"));
        assertEquals(List.of("extra", "colour"), more.unusedColumns());
        assertTrue(more.toString().contains("not used: columns 'extra', 'colour', which the model was not trained on"),
                more.toString());
        w.putModel("silent", new FixedModel(Map.of(), 0)); // a model that does not say what it reads
        assertEquals(List.of(), ((PredictCommands.Predictions) p.predict(null, "", "silent", "e")).unusedColumns());
    }

    /**
     * Labels none of whose classes the model has: the predictions are still written, but no accuracy (it said
     * 0.0000 without comment); some unknown classes are named and the accuracy follows. evaluate --test names them too.
     */
    @Test
    void labelsOfClassesTheModelDoesNotHaveAreNamed() throws IOException {
        Workspace w = new Workspace();
        w.putDataset("d", data(4));
        w.putDataset("reviews", Dataset.builder("reviews").numeric(NumericColumn.of("x", new double[3]))
                .labels(CategoricalColumn.of("label", List.of("pos", "neg"), new int[] {0, 1, CategoricalColumn.MISSING})).build());
        w.putDataset("some", Dataset.builder("some").numeric(NumericColumn.of("x", new double[3]))
                .labels(CategoricalColumn.of("class", List.of("a", "q"), new int[] {0, 1, 1})).build());
        w.putModel("m", new FixedModel(Map.of(), 0));
        PredictCommands p = new PredictCommands(w, defaults(dir));
        String none = ((PredictCommands.Predictions) p.predict(null, "none.csv", "m", "reviews")).toString();
        assertTrue(none.contains("\nthe labels of 'reviews' (column 'label': neg, pos) share no class with the model;"
                + " no accuracy\n"), none);
        assertFalse(none.contains("accuracy against"), none);
        assertEquals(4, Files.readAllLines(dir.resolve("none.csv")).size());
        String some = ((PredictCommands.Predictions) p.predict(null, "", "m", "some")).toString();
        assertTrue(some.contains("\nwarning: 1 class of 'some' (column 'class') the model does not have: q (2 rows,"
                + " counted as wrong)\naccuracy against the dataset's labels: "), some);
        String all = ((PredictCommands.Predictions) p.predict(null, "", "m", "d")).toString();
        assertFalse(all.contains("warning") || all.contains("share no class"), all);
        Evaluator e = returning(new EvaluationReport("test.fixed", Map.of(), "d", 0, 3, List.of("a", "b,c", "d", "q"), 1,
                0, 1, new long[4][4], Double.NaN, Double.NaN, 0.01, 0.002, List.of()));
        String evaluated = commands(w, e).evaluate("", "some", "", "", "test.fixed", "d").toString();
        assertTrue(evaluated.contains("\nwarning: 1 class of 'some' (column 'class') the model does not have: q"), evaluated);
    }

    /** A model that names the scored dataset's cells whose level it never saw (as Model.unseenLevels does). */
    static final class UnseenLevelsModel extends FixedModel {
        private final List<UnseenLevels> unseen;

        UnseenLevelsModel(List<UnseenLevels> unseen) {
            super(Map.of(), 0);
            this.unseen = unseen;
        }

        @Override
        public List<UnseenLevels> unseenLevels(Dataset data) {
            return unseen;
        }
    }

    /**
     * Cells whose level the model never saw and that add no term are counted on one warning line, by column, with
     * at most three columns and three levels each; evaluate --test says it from its fold's report. They were dropped
     * without a word.
     */
    @Test
    void levelsTheModelNeverSawAreNamedOnOneLine() throws IOException {
        Workspace w = new Workspace();
        w.putDataset("d", data(4));
        w.putModel("m", new UnseenLevelsModel(List.of(new UnseenLevels("c2", 3, List.of("v9", "vNEW")),
                new UnseenLevels("f0", 1, List.of("4")))));
        w.putModel("none", new UnseenLevelsModel(List.of()));
        PredictCommands p = new PredictCommands(w, defaults(dir));
        String named = ((PredictCommands.Predictions) p.predict(null, "", "m", "d")).toString();
        assertTrue(named.contains("\nwarning: 4 cells of 'd' have a level the model never saw in training and add no"
                + " term: c2: 3 rows (levels v9, vNEW); f0: 1 row (level 4)\n"), named);
        assertFalse(((PredictCommands.Predictions) p.predict(null, "", "none", "d")).toString().contains("warning"));
        List<UnseenLevels> many = List.of(new UnseenLevels("a", 1, List.of("x")),
                new UnseenLevels("b", 5, List.of("p", "q", "r", "s", "t")), new UnseenLevels("c", 1, List.of("y")),
                new UnseenLevels("e", 2, List.of("z")));
        assertEquals("warning: 9 cells of 'd' have a level the model never saw in training and add no term: a: 1 row"
                + " (level x); b: 5 rows (levels p, q, r, … 2 more); c: 1 row (level y); … 1 more column",
                UnseenLevelsWarning.line("d", many));
        assertEquals("warning: 1 cell of 'd' has a level the model never saw in training and adds no term: a: 1 row"
                + " (level x)", UnseenLevelsWarning.line("d", many.subList(0, 1)));
        FoldReport holdout = new FoldReport(0, 4, 4, 1, 0, 1, Double.NaN, Double.NaN, 0.01, 0.002, Double.NaN,
                List.of(new UnseenLevels("c2", 3, List.of("v9"))));
        Evaluator e = returning(new EvaluationReport("test.fixed", Map.of(), "d", 0, 3, List.of("a", "b,c", "d"), 1,
                0, 1, new long[3][3], Double.NaN, Double.NaN, 0.01, 0.002, List.of(holdout)));
        String evaluated = commands(w, e).evaluate("", "d", "", "", "test.fixed", "d").toString();
        assertTrue(evaluated.contains("\nwarning: 3 cells of 'd' have a level the model never saw in training and add"
                + " no term: c2: 3 rows (level v9)\n"), evaluated);
    }

    /**
     * Cross-validation says the same line over its folds: each row is held out by one fold, so the folds' cells
     * add up per column (2 + 1 in c2, levels merged) whatever fold reported them. It said nothing.
     */
    @Test
    void crossValidationCountsTheUnseenLevelsOfEveryFold() throws IOException {
        Workspace w = new Workspace();
        w.putDataset("d", data(4));
        FoldReport one = new FoldReport(1, 2, 2, 1, 0, 1, Double.NaN, Double.NaN, 0.01, 0.002, Double.NaN,
                List.of(new UnseenLevels("c2", 2, List.of("v9", "vX"))));
        FoldReport two = new FoldReport(2, 2, 2, 1, 0, 1, Double.NaN, Double.NaN, 0.01, 0.002, Double.NaN,
                List.of(new UnseenLevels("c2", 1, List.of("v9")), new UnseenLevels("f0", 1, List.of("4"))));
        FoldReport none = new FoldReport(3, 2, 2, 1, 0, 1, Double.NaN, Double.NaN, 0.01, 0.002);
        Evaluator e = returning(new EvaluationReport("test.fixed", Map.of(), "d", 3, 3, List.of("a", "b,c", "d"), 1,
                0, 1, new long[3][3], Double.NaN, Double.NaN, 0.01, 0.002, List.of(one, two, none)));
        String evaluated = commands(w, e).evaluate("3", "", "", "", "test.fixed", "d").toString();
        assertTrue(evaluated.contains("\nwarning: 4 cells of 'd' have a level their fold's model never saw in training"
                + " and add no term: c2: 3 rows (levels v9, vX); f0: 1 row (level 4)\n"), evaluated);
        Evaluator quiet = returning(new EvaluationReport("test.fixed", Map.of(), "d", 3, 3, List.of("a", "b,c", "d"), 1,
                0, 1, new long[3][3], Double.NaN, Double.NaN, 0.01, 0.002, List.of(none)));
        assertFalse(commands(w, quiet).evaluate("3", "", "", "", "test.fixed", "d").toString().contains("never saw"));
    }

    /**
     * A test file that differs in tokenising and pruning names every difference on one line; nb.bernoulli at
     * binarize=0 reads counts and their 0/1 alike, so binary alone is no difference for it (it is for nb.multinomial).
     */
    @Test
    void everyImportDifferenceIsNamedAndBinaryDoesNotMatterToBernoulli() {
        Dataset train = text("tr", "none", "1-1", "1");
        Dataset both = text("te", "english", "1-1", "2");
        List<String> lines = TextImportMismatch.lines(train, both, "nb.multinomial", Map.of());
        assertEquals(List.of("warning: 'te' was tokenised otherwise than the training data (stop-words english where"
                + " 'tr' has none): its words are not those the model knows, and was imported with --min-df 2, which"
                + " keeps the words frequent in it alone and drops others the model knows; import it with the training"
                + " file's options and without --min-df, --max-df and --max-features; the model's vocabulary decides"
                + " which words count (as scikit-learn's transform)"), lines);
        Dataset binary = Dataset.builder("bin").metadata(train.metadata()).metadata("binary", "true")
                .numeric(NumericColumn.of("x", new double[] {0, 1, 2})).build();
        Dataset trBinary = Dataset.builder("trb").metadata(train.metadata()).metadata("binary", "true")
                .numeric(NumericColumn.of("x", new double[] {0, 1, 2})).build();
        assertEquals(List.of(), TextImportMismatch.lines(trBinary, train, "nb.bernoulli", Map.of("binarize", "0.0")));
        assertEquals(List.of(), TextImportMismatch.lines(train, binary, "nb.bernoulli", Map.of()));
        assertEquals(1, TextImportMismatch.lines(trBinary, train, "nb.bernoulli", Map.of("binarize", "1.5")).size());
        assertTrue(TextImportMismatch.lines(trBinary, train, "nb.multinomial", Map.of()).get(0)
                .contains("(binary false where 'trb' has true)"));
    }

    /**
     * A batch with none of a word model's words is scored as a text without words, with a line that says so and
     * what those scores are for the model's learner: the class prior for a multinomial (its likelihood of no words is
     * 1), the prior times every word's absence for Bernoulli, equal scores for complement (no prior, no words).
     */
    @Test
    void aBatchWithNoKnownWordIsScoredWithAWarning() {
        Dataset d = text("n", "none", "1-1", "1");
        String head = "warning: none of the 3 words of 'n' is one of the 19 words model 'm' was trained on: every row"
                + " gets the model's scores of a text without words";
        // the event model's own clause on what such a text scores (ForeignCountsTest checks each model's)
        assertEquals(head + " (the class prior)",
                PredictCommands.noKnownWords("m", d, new io.plate.api.learn.KnownWords(3, 0, 19, "(the class prior)")));
        assertEquals(head, PredictCommands.noKnownWords("m", d, new io.plate.api.learn.KnownWords(3, 0, 19)));
        assertTrue(PredictCommands.noKnownWords("m", d, new io.plate.api.learn.KnownWords(0, 0, 19))
                .startsWith("warning: 'n' has no words (an empty vocabulary): every row gets"));
        assertEquals("", PredictCommands.noKnownWords("m", d, new io.plate.api.learn.KnownWords(3, 1, 19)));
        assertEquals("", PredictCommands.noKnownWords("m", d, null));
    }

    /** A text import with the text importer's metadata: stop words, n-grams and --min-df as given. */
    private static Dataset text(String name, String stopWords, String ngram, String minDf) {
        return Dataset.builder(name).numeric(NumericColumn.of("x", new double[] {0, 1, 2}))
                .labels(CategoricalColumn.of("class", List.of("a", "b,c", "d"), new int[] {0, 1, 2}))
                .metadata("format", "text").metadata("tokens", "lowercase=true").metadata("stop-words", stopWords)
                .metadata("ngram", ngram).metadata("binary", "false").metadata("min-df", minDf)
                .metadata("max-df", "1.0").metadata("max-features", "0").build();
    }

    /**
     * A test file tokenised otherwise than the training file, or pruned by its own counts, is scored on other
     * words than scikit-learn's transform would give (20news: accuracy 0.6783 with --min-df 2 against 0.6890):
     * evaluate --test and predict say so; a test file imported as the docs say gets no warning.
     */
    @Test
    void aTestFileImportedOtherwiseThanTheTrainingFileIsWarnedAbout() throws IOException {
        Workspace w = new Workspace();
        w.putDataset("news", text("news", "english", "1-2", "2"));
        w.putDataset("pruned", text("pruned", "english", "1-2", "2"));
        w.putDataset("plain", text("plain", "none", "1-1", "1"));
        w.putDataset("right", text("right", "english", "1-2", "1"));
        Evaluator e = returning(new EvaluationReport("test.fixed", Map.of(), "news", 0, 3, List.of("a", "b,c", "d"), 1,
                0, 1, new long[3][3], Double.NaN, Double.NaN, 0.01, 0.002, List.of()));
        String pruned = commands(w, e).evaluate("", "pruned", "", "", "test.fixed", "news").toString();
        assertTrue(pruned.contains("\nwarning: 'pruned' was imported with --min-df 2, which keeps the words frequent in it"
                + " alone and drops others the model knows: import the file to score without --min-df, --max-df and"
                + " --max-features; the model's vocabulary decides which words count (as scikit-learn's transform)\n"),
                pruned);
        String plain = commands(w, e).evaluate("", "plain", "", "", "test.fixed", "news").toString();
        assertTrue(plain.contains("\nwarning: 'plain' was tokenised otherwise than the training data (stop-words none"
                + " where 'news' has english; ngram 1-1 where 'news' has 1-2): its words are not those the model knows;"
                + " import it with the training file's options\n"), plain);
        assertFalse(plain.contains("--min-df"), plain);
        String right = commands(w, e).evaluate("", "right", "", "", "test.fixed", "news").toString();
        assertFalse(right.contains("warning"), right);
        // predict: the training data by the model's provenance when loaded; scored on itself, nothing to say
        ModelShell c = commands(w, null);
        c.train("", "m", "test.fixed", "news");
        assertTrue(c.predict("", "m", "plain").toString().contains("\nwarning: 'plain' was tokenised otherwise"));
        assertFalse(c.predict("", "m", "news").toString().contains("warning"));
        w.putModel("loaded", new FixedModel(Map.of(), 0)); // a model from a file: its training data unknown
        assertTrue(c.predict("", "loaded", "pruned").toString().contains("drops others the model knows (if it is not"
                + " the training data)"));
        // a model file keeps its training data's tokenising options: a later session can still compare them
        w.putModel("saved", new FixedModel(Map.of(), 0, "news-train: 3 rows", Provenance.importOptions(w.dataset("news"))));
        String fromFile = c.predict("", "saved", "plain").toString();
        assertTrue(fromFile.contains("\nwarning: 'plain' was tokenised otherwise than the training data (stop-words none"
                + " where the model's training data has english; ngram 1-1 where the model's training data has 1-2)"),
                fromFile);
        assertFalse(c.predict("", "saved", "right").toString().contains("warning"));
    }

    @Test
    void predictionsCsvReadsBackToTheSameDoubles() throws IOException {
        Workspace w = new Workspace();
        Dataset d = data(25);
        w.putDataset("d", d);
        ModelShell c = commands(w, null);
        Model m = c.train("", "m", "test.fixed", "d");
        PredictCommands.Predictions p = c.predict("preds.csv", "m", "d");
        List<String> lines = Files.readAllLines(dir.resolve("preds.csv"));
        assertEquals("predicted,a,\"b,c\",d", lines.get(0));
        assertEquals(26, lines.size());
        double[][] lp = m.predictLogProba(d);
        for (int r = 0; r < 25; r++) {
            String line = lines.get(r + 1);
            String[] cells = line.substring(line.indexOf(',', line.startsWith("\"") ? line.indexOf('"', 1) : 0) + 1)
                    .split(",");
            assertEquals(3, cells.length, line);
            for (int k = 0; k < 3; k++) {
                assertEquals(Math.exp(lp[r][k]), Double.parseDouble(cells[k]), 0.0, "row " + r);
            }
        }
        assertEquals("a", p.predicted(0)); // row 1: all equal, first wins
        assertTrue(lines.get(2).startsWith("d,"), lines.get(2));
        String shown = c.predict("", "m", "d").toString();
        assertTrue(shown.contains("predicted: a 1, b,c 0, d 24"), shown);
        assertTrue(shown.contains("first 10 rows"), shown);
    }

    @Test
    void accuracyCountsOnlyLabelledRowsAndMatchesNumbersByValue() throws IOException {
        Workspace w = new Workspace();
        w.putDataset("d", data(3));
        ModelShell c = commands(w, null);
        c.train("", "m", "test.fixed", "d");
        // the model predicts a for row 1 and d for the others; rows 3 and 5 have no label
        int[] codes = {0, 2, CategoricalColumn.MISSING, 1, CategoricalColumn.MISSING};
        w.putDataset("q", Dataset.builder("q").numeric(NumericColumn.of("x", new double[5]))
                .labels(CategoricalColumn.of("class", List.of("a", "b,c", "d"), codes)).build());
        String shown = c.predict("", "m", "q").toString();
        assertTrue(shown.contains("accuracy against the dataset's labels: 0.6667 (2 of 3; 2 rows without a label left out)"),
                shown);
    }

    @Test
    void evaluateChecksOptionsAndPrintsTheReport() throws IOException {
        Workspace w = new Workspace();
        w.putDataset("d", data(6));
        EvaluationReport fixed = new EvaluationReport("test.fixed", Map.of("alpha", "1.0"), "d", 2, 3, List.of("a", "b"),
                0.75, 0.5, 0.7, new long[][] {{2, 1}, {0, 1}}, Double.NaN, Double.NaN, 0.01, 0.002,
                List.of(new FoldReport(1, 3, 2, 1, 0.4, 1, Double.NaN, Double.NaN, 0.005, 0.001),
                        new FoldReport(2, 2, 2, 0.5, 0.6, 0.4, Double.NaN, Double.NaN, 0.005, 0.001)));
        EvaluationSettings[] seen = new EvaluationSettings[1];
        Evaluator e = new Evaluator() {
            @Override
            public EvaluationReport evaluate(Learner learner, Dataset data, Params params, EvaluationSettings s) {
                seen[0] = s;
                return fixed;
            }

            @Override
            public void writeJson(EvaluationReport report, OutputStream out) throws IOException {
                out.write("{\"accuracy\": 0.75}".getBytes(StandardCharsets.UTF_8));
            }
        };
        ModelShell c = commands(w, e);
        String text = c.evaluate("", "", "", "eval.json", "test.fixed", "d").toString();
        assertEquals(10, seen[0].folds());
        assertTrue(text.contains("accuracy 0.7500") && text.contains("log-loss 0.5000"), text);
        assertTrue(text.contains("confusion"), text);
        assertTrue(Files.readString(dir.resolve("eval.json")).contains("accuracy"));
        c.evaluate("5", "", "9", "", "test.fixed", "d");
        assertEquals(5, seen[0].folds());
        assertEquals(9L, seen[0].seed());
        c.evaluate("", "d", "", "", "test.fixed", "d");
        assertTrue(seen[0].test().isPresent());
        assertThrows(PlateException.class, () -> c.evaluate("5", "d", "", "", "test.fixed", "d"));
        assertThrows(PlateException.class, () -> c.evaluate("1", "", "", "", "test.fixed", "d"));
        assertThrows(PlateException.class, () -> commands(w, null).evaluate("", "", "", "", "test.fixed", "d"));
        // seven classes named by numbers: each column is headed by its class's own name, never by a number that
        // reads as another class (#1 … #7 put "#1" over class "1" and "#3" over class "2")
        List<String> seven = List.of("1", "1.5", "2", "3", "4", "5", "12");
        EvaluationReport many = new EvaluationReport("test.fixed", Map.of(), "d", 2, 3, seven, 1, 0, 1, new long[7][7],
                Double.NaN, Double.NaN, 0.01, 0.002, List.of());
        Evaluator e7 = returning(many);
        String table = commands(w, e7).evaluate("", "", "", "", "test.fixed", "d").toString();
        assertTrue(table.contains("1  1.5  2  3  4  5  12\n") && !table.contains("#"), table);
    }

    /** An evaluator that returns {@code report} for any learner and data, and writes nothing. */
    private static Evaluator returning(EvaluationReport report) {
        return new Evaluator() {
            @Override
            public EvaluationReport evaluate(Learner learner, Dataset data, Params params, EvaluationSettings s) {
                return report;
            }

            @Override
            public void writeJson(EvaluationReport r, OutputStream out) {
            }
        };
    }

    /** A regression model predicting 2 for every row. */
    static final class ConstantModel extends FixedModel {
        ConstantModel() {
            super(Map.of(), 0);
        }

        @Override
        public List<String> classes() {
            return List.of();
        }

        @Override
        public boolean isRegression() {
            return true;
        }

        @Override
        public double[] predict(Dataset data) {
            double[] out = new double[data.rows()];
            java.util.Arrays.fill(out, 2.0 / 3.0);
            return out;
        }
    }

    private static Dataset regressionData() {
        return Dataset.builder("diabetes").numeric(NumericColumn.of("x", new double[] {0, 1, 2, 3}))
                .target(NumericColumn.of("y", new double[] {1, 2, 3, Double.NaN})).build();
    }

    @Test
    void predictOnKnownNumericTargetsPrintsRmseAndReadableValues() throws IOException {
        Workspace w = new Workspace();
        w.putDataset("diabetes", regressionData());
        w.putModel("m", new ConstantModel());
        String shown = commands(w, null).predict("", "m", "diabetes").toString();
        // predictions 2/3 against 1, 2, 3 (the fourth target is missing): errors 1/3, 4/3, 7/3
        double rmse = Math.sqrt((1.0 / 9 + 16.0 / 9 + 49.0 / 9) / 3);
        assertTrue(shown.contains("RMSE " + String.format(java.util.Locale.ROOT, "%.5f", rmse)), shown);
        // R² = 1 - SSE / SST with SST = 2 around the mean 2, SSE = 66/9
        assertTrue(shown.contains(String.format(java.util.Locale.ROOT, "MAE 1.33333, R² %.4f (3 rows; 1 row without a target left out)",
                1 - (66.0 / 9) / 2)), shown);
        assertTrue(shown.contains(" 0.666667 ") && !shown.contains("0.6666666"), "six significant digits:\n" + shown);
        assertEquals("151.234", PredictCommands.Predictions.value(151.23412345678));
        assertEquals("3", PredictCommands.Predictions.value(3.0));
    }

    @Test
    void aClassifierOnARegressionDatasetGetsTheRightAdvice() {
        Workspace w = new Workspace();
        w.putDataset("diabetes", regressionData());
        Learner classifier = new FixedLearner() {
            @Override
            public Model fit(Dataset data, Params params, long seed) {
                throw new PlateException("dataset '" + data.name() + "' has no class labels; import it with --label COLUMN");
            }
        };
        Evaluator folds = new Evaluator() {
            @Override
            public EvaluationReport evaluate(Learner learner, Dataset data, Params params, EvaluationSettings s) {
                learner.fit(data.select(new int[] {0, 1}, "diabetes.fold1.train"), params, 1); // fails, as a fold does
                throw new AssertionError("the classifier accepted a regression fold");
            }

            @Override
            public void writeJson(EvaluationReport report, OutputStream out) {
            }
        };
        ModelShell c = ModelShell.of(w, defaults(dir), List.of(classifier), folds, null);
        PlateException e = assertThrows(PlateException.class, () -> c.evaluate("", "", "", "", "test.fixed", "diabetes"));
        assertTrue(e.getMessage().contains("test.fixed is a classifier and 'diabetes' has a numeric target 'y'"),
                e.getMessage());
        assertTrue(!e.getMessage().contains("fold1") && !e.getMessage().contains("--label"), e.getMessage());
        assertTrue(e.getMessage().contains("with 3 values (1, 2, 3): import the file again with --categorical y"),
                e.getMessage());
        PlateException t = assertThrows(PlateException.class, () -> c.train("", "", "test.fixed", "diabetes"));
        assertTrue(t.getMessage().contains("regression learner"), t.getMessage());
        // many distinct values: a quantity, not classes written as numbers
        double[] y = new double[40];
        for (int i = 0; i < y.length; i++) {
            y[i] = 25 + 7.5 * i;
        }
        w.putDataset("many", Dataset.builder("many").numeric(NumericColumn.of("x", y)).target(NumericColumn.of("y", y)).build());
        PlateException m = assertThrows(PlateException.class, () -> c.train("", "", "test.fixed", "many"));
        assertTrue(m.getMessage().endsWith("'many' has a numeric target 'y' with 40 distinct values: use a regression "
                + "learner (kernel.regression; see plate:learners)"), m.getMessage());
        // the classifier's own wording for a target ("…, not class labels: …") is answered the same way
        Learner own = new FixedLearner() {
            @Override
            public Model fit(Dataset data, Params params, long seed) {
                throw new PlateException("dataset '" + data.name() + "' has a numeric target 'y' (40 distinct values), "
                        + "not class labels: make that column categorical at import");
            }
        };
        ModelShell c2 = ModelShell.of(w, defaults(dir), List.of(own), folds, null);
        PlateException o = assertThrows(PlateException.class, () -> c2.train("", "", "test.fixed", "many"));
        assertTrue(o.getMessage().startsWith("test.fixed is a classifier"), o.getMessage());
    }

    /**
     * A word learner on a CSV import whose free text became one categorical column is told the text import its
     * import advised (naming the label column), not only that the dataset has no word counts.
     */
    @Test
    void aWordLearnerOnFreeTextReadAsCategoriesIsToldTheTextImport() {
        Workspace w = new Workspace();
        String said = "column 'review' became one categorical feature with 60 levels in 60 rows, nearly one per row:"
                + " if it is free text, import its words with --format text --text-column review --delimiter , --label"
                + " sentiment (or leave it out with --ignore review)";
        w.putDataset("plain", Dataset.builder("plain")
                .categorical(CategoricalColumn.of("review", List.of("a b", "c d"), new int[] {0, 1}))
                .labels(CategoricalColumn.of("sentiment", List.of("neg", "pos"), new int[] {0, 1}))
                .metadata(Importer.WARNINGS, "another warning; " + said).build());
        Learner words = new FixedLearner() {
            @Override
            public Model fit(Dataset data, Params params, long seed) {
                throw new PlateException("nb.multinomial needs word counts (a text or LibSVM dataset) or numeric columns; '"
                        + data.name() + "' has neither");
            }
        };
        ModelShell c = ModelShell.of(w, defaults(dir), List.of(words), null, null);
        PlateException e = assertThrows(PlateException.class, () -> c.train("", "", "test.fixed", "plain"));
        assertEquals("nb.multinomial needs word counts (a text or LibSVM dataset) or numeric columns; 'plain' has neither;"
                + " its import said: " + said, e.getMessage());
    }

    /** A label column empty in every row (read as a numeric target of no value): not --categorical, which makes no class. */
    @Test
    void aClassifierOnAnEmptyTargetIsToldToImportWithNoLabelOrAnotherLabel() {
        Workspace w = new Workspace();
        double[] none = {Double.NaN, Double.NaN, Double.NaN};
        w.putDataset("empty", Dataset.builder("empty").numeric(NumericColumn.of("x", new double[] {1, 2, 3}))
                .target(NumericColumn.of("y", none)).build());
        Learner classifier = new FixedLearner() {
            @Override
            public Model fit(Dataset data, Params params, long seed) {
                throw new PlateException("dataset '" + data.name() + "' has no class labels; import it with --label COLUMN");
            }
        };
        ModelShell c = ModelShell.of(w, defaults(dir), List.of(classifier), null, null);
        PlateException e = assertThrows(PlateException.class, () -> c.train("", "", "test.fixed", "empty"));
        assertEquals("test.fixed is a classifier and 'empty' has a numeric target 'y' with no value in any row: for"
                + " unlabelled data import the file again with --no-label, or name the label column with --label COLUMN",
                e.getMessage());
    }

    @Test
    void evaluationSaysWhichColumnsTheLearnerIgnores() throws IOException {
        Workspace w = new Workspace();
        Dataset d = data(6);
        w.putDataset("d", d.toBuilder("d").categorical(CategoricalColumn.of("colour", List.of("r", "g"),
                new int[] {0, 1, 0, 1, 0, 1})).build());
        Learner numericOnly = new FixedLearner() {
            @Override
            public Model fit(Dataset data, Params params, long seed) {
                return new FixedModel(params.asMap(), seed) {
                    @Override
                    public String toString() {
                        return "test.fixed model\nignores 1 categorical column (colour) of the data";
                    }
                };
            }
        };
        EvaluationReport fixed = new EvaluationReport("test.fixed", Map.of(), "d", 2, 3, List.of("a", "b"), 0.75, 0.5,
                0.7, new long[][] {{2, 1}, {0, 1}}, Double.NaN, Double.NaN, 0.01, 0.002, List.of());
        Evaluator e = returning(fixed);
        String text = ModelShell.of(w, defaults(dir), List.of(numericOnly), e, null)
                .evaluate("", "", "", "", "test.fixed", "d").toString();
        assertTrue(text.contains("test.fixed ignores 1 categorical column (colour) of the data"), text);
        w.putDataset("n", data(6));
        String plain = ModelShell.of(w, defaults(dir), List.of(numericOnly), e, null)
                .evaluate("", "", "", "", "test.fixed", "n").toString();
        assertTrue(!plain.contains("ignores") && !plain.contains("left out"), "one kind of column, nothing to say:\n" + plain);
        // a missing number: a model may leave its row out, so the learner is asked; a row without a label is left out
        w.putDataset("gaps", Dataset.builder("gaps").numeric(NumericColumn.of("x", new double[] {0, 1, Double.NaN, 3, 4, 5}))
                .labels(CategoricalColumn.of("class", List.of("a", "b"), new int[] {0, 1, 0, CategoricalColumn.MISSING, 0, 1}))
                .build());
        String gaps = ModelShell.of(w, defaults(dir), List.of(numericOnly), e, null)
                .evaluate("", "", "", "", "test.fixed", "gaps").toString();
        assertTrue(gaps.contains("test.fixed ignores ") && gaps.contains("\n1 row without a label left out\n"), gaps);
    }

    @Test
    void aClassWithFewerRowsThanFoldsIsWarnedAboutAsScikitLearnDoes() {
        // classes a, b, c with 7, 3 and 2 rows (confusion row sums): StratifiedKFold(5) warns, (2) does not
        long[][] confusion = {{6, 1, 0}, {1, 2, 0}, {0, 1, 1}};
        String five = new EvaluateCommands.Evaluation(report(5, confusion), null).toString();
        assertTrue(five.contains("warning: 2 classes have fewer rows than the 5 folds; the least populated, 'c'"
                + " has 2 rows: some folds test none of it (give --folds 2 or fewer for every fold to have one)"),
                five);
        String three = new EvaluateCommands.Evaluation(report(3, confusion), null).toString();
        assertTrue(three.contains("warning: class 'c' has 2 rows, fewer than the 3 folds: some folds test none"),
                three);
        // one row: the fold that tests it trains without it, and no number of folds (2 at least) gives every fold one
        long[][] single = {{6, 1, 0}, {1, 2, 0}, {1, 0, 0}};
        String one = new EvaluateCommands.Evaluation(report(3, single), null).toString();
        assertTrue(one.contains("warning: class 'c' has 1 row, fewer than the 3 folds: some folds test none of it and"
                + " the one that does trains without it, so it is always predicted wrong; no --folds gives every fold"
                + " one (drop that class's row, or add rows of it)"), one);
        assertTrue(!one.contains("--folds 2 or fewer") && !one.contains("--folds 1"), one);
        for (int folds : new int[] {2, 0}) { // enough rows; a holdout has no folds
            String none = new EvaluateCommands.Evaluation(report(folds, confusion), null).toString();
            assertTrue(!none.contains("warning"), none);
        }
    }

    /**
     * Ten digit classes head their confusion columns themselves: numbered #1…#10, column "#1" was digit 0. Long
     * names are numbered, with a line saying which class each number is.
     */
    @Test
    void confusionColumnsAreHeadedByShortClassNamesElseNumberedWithALegend() {
        List<String> digits = List.of("0", "1", "2", "3", "4", "5", "6", "7", "8", "9");
        long[][] c = new long[10][10];
        for (int i = 0; i < 10; i++) {
            c[i][i] = 10 + i;
        }
        String text = new EvaluateCommands.Evaluation(report(digits, c), null).toString();
        List<String> lines = text.lines().toList();
        int at = lines.indexOf("confusion (rows = true class, columns = predicted):");
        assertEquals(List.of("0", "1", "2", "3", "4", "5", "6", "7", "8", "9"),
                List.of(lines.get(at + 1).strip().split(" +")), text);
        assertEquals(List.of("0", "10", "0", "0", "0", "0", "0", "0", "0", "0", "0"),
                List.of(lines.get(at + 3).strip().split(" +")), "row of digit 0, its count under column 0:\n" + text);
        assertTrue(!text.contains("#"), text);

        List<String> groups = List.of("alt.atheism", "comp.graphics", "misc.forsale", "rec.autos", "sci.crypt",
                "sci.med", "sci.space");
        String news = new EvaluateCommands.Evaluation(report(groups, new long[7][7]), null).toString();
        assertTrue(news.contains("\ncolumns: #1 alt.atheism, #2 comp.graphics, #3 misc.forsale, #4 rec.autos,"
                + " #5 sci.crypt, #6 sci.med, #7 sci.space\n"), news);
        assertTrue(news.contains("\n#1 alt.atheism ") && news.contains("\n#7 sci.space "), news);
        // six classes or fewer: the names, long or not
        String few = new EvaluateCommands.Evaluation(report(groups.subList(0, 6), new long[6][6]), null).toString();
        assertTrue(few.contains("alt.atheism  comp.graphics") && !few.contains("#") && !few.contains("columns:"), few);
    }

    private static EvaluationReport report(List<String> classes, long[][] confusion) {
        return new EvaluationReport("test.fixed", Map.of(), "d", 3, 3, classes, 0.75, 0.5, 0.7, confusion, Double.NaN,
                Double.NaN, 0.01, 0.002, List.of());
    }

    private static EvaluationReport report(int folds, long[][] confusion) {
        return new EvaluationReport("test.fixed", Map.of(), "d", folds, 3, List.of("a", "b", "c"), 0.75, 0.5, 0.7,
                confusion, Double.NaN, Double.NaN, 0.01, 0.002, List.of());
    }

    @Test
    void regressionEvaluationIsPlainKFoldWithRmseMaeAndR2() {
        Workspace w = new Workspace();
        w.putDataset("diabetes", regressionData());
        EvaluationReport report = new EvaluationReport("kernel.regression", Map.of(), "diabetes", 5, 1, List.of(),
                Double.NaN, Double.NaN, Double.NaN, new long[0][], 1.5, 0.25, 0.01, 0.002,
                List.of(new FoldReport(1, 3, 1, Double.NaN, Double.NaN, Double.NaN, 1.5, 0.25, 0.01, 0.002, 1.25)), 1.25);
        String text = new EvaluateCommands.Evaluation(report, null).toString();
        assertTrue(text.contains("5-fold cross-validation") && !text.contains("stratified"), text);
        assertTrue(text.contains("RMSE 1.50000   MAE 1.25000   R² 0.2500"), text);
        assertTrue(text.contains("MAE") && text.contains("1.2500"), text);
    }

    @Test
    void saveWritesUnderTheOutputFolderLikeEveryCommand() throws IOException {
        Workspace w = new Workspace();
        w.putDataset("d", data(4));
        ModelShell c = commands(w, null);
        c.train("", "m", "test.fixed", "d");
        String said = c.save("m", "m.json");
        assertTrue(Files.exists(dir.resolve("m.json")), "written under output.folder " + dir);
        assertTrue(said.contains(dir.resolve("m.json").toString()), said);
        c.load("", "m.json"); // read back from where it was written
        Files.createDirectories(dir.resolve("models"));
        PlateException folder = assertThrows(PlateException.class, () -> c.save("m", "models"));
        assertTrue(folder.getMessage().contains("to " + dir.resolve("models") + ": it is a folder"), folder.getMessage());
        assertTrue(!folder.getMessage().contains(".tmp"), folder.getMessage());
    }

    /**
     * An output that cannot be written fails before the work, in one line naming the path as given and the
     * reason, never a temporary's name: a file where a folder is needed, /proc (no new files, even for root).
     */
    @Test
    void unwritableOutputsFailFirstWithTheGivenPathAndTheReason() throws IOException {
        Workspace w = new Workspace();
        w.putDataset("d", data(6));
        Evaluator never = new Evaluator() {
            @Override
            public EvaluationReport evaluate(Learner learner, Dataset data, Params params, EvaluationSettings s) {
                throw new AssertionError("evaluated although --out cannot be written");
            }

            @Override
            public void writeJson(EvaluationReport report, OutputStream out) {
            }
        };
        ModelShell c = commands(w, never);
        c.train("", "m", "test.fixed", "d");
        Files.createDirectories(dir.resolve("t"));
        Files.writeString(dir.resolve("t/iris.csv"), "x\n");
        // named under the output folder (dir), as a success would name the file written
        String t = dir.resolve("t") + "/";
        assertEquals("cannot write predictions to " + t + "iris.csv/x.csv: not a folder: " + t + "iris.csv is a file",
                assertThrows(PlateException.class, () -> c.predict("t/iris.csv/x.csv", "m", "d")).getMessage());
        assertEquals("cannot save model 'm' to " + t + "iris.csv/m.json: not a folder: " + t + "iris.csv is a file",
                assertThrows(PlateException.class, () -> c.save("m", "t/iris.csv/m.json")).getMessage());
        assertEquals("cannot write the evaluation to " + t + "iris.csv/e.json: not a folder: " + t + "iris.csv is a file",
                assertThrows(PlateException.class, () -> c.evaluate("2", "", "", "t/iris.csv/e.json", "test.fixed", "d"))
                        .getMessage());
        if (Files.isDirectory(Path.of("/proc/self"))) {
            String proc = assertThrows(PlateException.class, () -> c.save("m", "/proc/x.json")).getMessage();
            assertEquals("cannot save model 'm' to /proc/x.json: cannot create files in /proc (no such folder there for"
                    + " new files)", proc);
        }
        assertEquals(List.of("iris.csv"), Files.list(dir.resolve("t")).map(p -> p.getFileName().toString()).toList());
    }

    /**
     * plate:save names the file as the user gave it under output.folder, as plate:predict does
     * ({@code written to out/p.csv}); it named the absolute path.
     */
    @Test
    void saveNamesTheFileAsGivenUnderTheOutputFolder() throws IOException {
        Workspace w = new Workspace();
        w.putDataset("d", data(3));
        Path folder = Path.of("").toAbsolutePath().relativize(dir); // a relative output.folder
        ModelShell c = commands(w, null, defaults(folder));
        c.train("", "m", "test.fixed", "d");
        String said = c.save("m", "m2.json");
        assertTrue(said.matches("saved model 'm' \\(\\S+\\) to " + java.util.regex.Pattern.quote(folder.resolve("m2.json").toString())
                + " \\(\\d+ bytes\\)"), said);
        assertTrue(Files.isRegularFile(dir.resolve("m2.json")));
    }

    /** plate:save never writes over the file a loaded dataset was imported from, and an empty name is refused as one. */
    @Test
    void saveRefusesADatasetsSourceFileAndAnEmptyName() throws IOException {
        Workspace w = new Workspace();
        Path csv = Files.writeString(dir.resolve("data.csv"), "x,class\n1,a\n");
        w.putDataset("data", data(3).toBuilder("data").source(csv.toString()).build());
        ModelShell c = commands(w, null, defaults(dir));
        c.train("", "m", "test.fixed", "data");
        PlateException e = assertThrows(PlateException.class, () -> c.save("m", "data.csv"));
        assertTrue(e.getMessage().contains("it is the file dataset 'data' was imported from"), e.getMessage());
        assertEquals("x,class\n1,a\n", Files.readString(csv), "the data file is left as it was");
        assertEquals("plate:save needs a file name: plate:save m m.json",
                assertThrows(PlateException.class, () -> c.save("m", "")).getMessage());
    }

    /** plate:save replaces a model file and an empty file, and refuses any other file, which it leaves as it was. */
    @Test
    void saveReplacesOnlyAModelFile() throws IOException {
        Workspace w = new Workspace();
        w.putDataset("d", data(3));
        ModelShell c = commands(w, null, defaults(dir));
        c.train("", "m", "test.fixed", "d");
        Path notes = Files.writeString(dir.resolve("notes.txt"), "my notes\n");
        assertEquals("cannot save model 'm' to " + notes + ": the file exists and is not a Plate model file; give another"
                + " name, e.g. m.json, or remove the file first", assertThrows(PlateException.class,
                        () -> c.save("m", notes.toString())).getMessage());
        assertEquals("my notes\n", Files.readString(notes));
        Path other = Files.writeString(dir.resolve("other.json"), "{\"format\": \"something-else\"}");
        assertThrows(PlateException.class, () -> c.save("m", other.toString()));
        Path model = Files.writeString(dir.resolve("old.json"), "{\"format\": \"plate-model\", \"version\": 1,"
                + " \"type\": \"nb.gaussian\"}");
        assertTrue(c.save("m", model.toString()).startsWith("saved model 'm'"));
        assertEquals("{}", Files.readString(model), "the model file is replaced by the test model's JSON");
        Path empty = Files.createFile(dir.resolve("empty.json"));
        assertTrue(c.save("m", empty.toString()).startsWith("saved model 'm'"));
    }

    /** A failed save names the path a success would have named: the file under the output folder, not the bare name. */
    @Test
    void aFailedSaveNamesTheFileUnderTheOutputFolder() throws IOException {
        Workspace w = new Workspace();
        w.putDataset("d", data(3));
        Path ro = Files.writeString(dir.resolve("ro"), "a file where a folder is needed");
        Path folder = Path.of("").toAbsolutePath().relativize(ro.resolve("sub"));
        ModelShell c = commands(w, null, defaults(folder));
        c.train("", "m", "test.fixed", "d");
        String said = assertThrows(PlateException.class, () -> c.save("m", "m.json")).getMessage();
        assertEquals("cannot save model 'm' to " + folder.resolve("m.json") + ": not a folder: " + folder.getParent()
                + " is a file", said);
    }

    /** A relative file name is named as the user gave it: no "./" before it when output.folder is the current one. */
    @Test
    void aRelativeFileIsNamedAsGivenUnderTheCurrentFolder() throws IOException {
        Workspace w = new Workspace();
        w.putDataset("d", data(3));
        ModelShell c = commands(w, null, defaults(Path.of(".")));
        c.train("", "m", "test.fixed", "d");
        String given = Path.of("").toAbsolutePath().relativize(dir.resolve("m4.json")).toString();
        String said = c.save("m", given);
        assertTrue(said.startsWith("saved model 'm' (test.fixed) to " + given + " ("), said);
        assertTrue(Files.isRegularFile(dir.resolve("m4.json")));
    }

    @Test
    void saveAndLoadKeepNames() throws IOException {
        Workspace w = new Workspace();
        w.putDataset("d", data(3));
        ModelShell c = commands(w, null);
        c.train("", "m", "test.fixed", "d");
        Path f = dir.resolve("m1.json");
        assertTrue(c.save("m", f.toString()).contains("saved model 'm'"));
        assertTrue(saved.containsKey("m1.json"));
        Model loaded = c.load("", f.toString());
        assertSame(loaded, w.model("m1"));
        c.load("other", f.toString());
        assertEquals("yes", w.model("other").provenance().params().get("loaded"));
        assertThrows(PlateException.class, () -> c.load("", dir.resolve("none.json").toString()));
        Files.writeString(dir.resolve("locked.json"), "{}");
        PlateException denied = assertThrows(PlateException.class, () -> c.load("", "locked.json"));
        assertEquals("cannot read locked.json: permission denied", denied.getMessage()); // no exception class
        assertThrows(PlateException.class, () -> c.save("nomodel", f.toString()));
        assertTrue(c.models().contains("m1"));
    }

    @Test
    void explainShowsTheLogOddsOfTheTopTwoClasses() {
        Workspace w = new Workspace();
        w.putDataset("d", data(3));
        ModelShell c = commands(w, null);
        c.train("", "m", "test.fixed", "d");
        String text = c.explain("2", "10", "m", "d");
        // top two classes: d (0.7), a (0.2); log-odds log(0.7/0.2)
        assertTrue(text.contains("predicted d (p = 0.7000), label b,c"), text);
        assertTrue(text.contains(String.format(java.util.Locale.ROOT, "log P(d|x) / P(a|x) = %.4f", Math.log(3.5))), text);
        // prior: -0.5 - (-1) = +0.5; f1: 3.0 - 0.5 = +2.5; f2: 0 - (-1) = +1.0, sorted by size
        assertTrue(text.indexOf("f1") < text.indexOf("f2"), text);
        assertTrue(text.contains(" -1.34122 ") && !text.contains("-1.341219"), "a value for people:\n" + text);
        assertTrue(text.contains("+2.5000") && text.contains("+1.0000") && text.contains("+0.5000"), text);
        assertTrue(text.contains("d: delta 1.50"), text);
        assertThrows(PlateException.class, () -> c.explain("4", "10", "m", "d"));
        assertThrows(PlateException.class, () -> c.explain("0", "10", "m", "d"));
        String rendered = ExplainCommands.render(new FixedModel(Map.of(), 0).explain(null, 0), List.of(), 1, 1,
                Optional.empty());
        assertTrue(rendered.contains("(1 more)"), rendered);
        assertFalse(rendered.contains("skipped"), rendered);
    }

    /**
     * A model without a prior (nb.complement: an empty prior) shows no prior row (it showed 'prior +0.0000'), and the
     * telling words are headed by what every model's weight is, not as log-odds, which complement weights are not.
     */
    @Test
    void explainOfAModelWithoutAPriorShowsNoPriorRow() {
        Explanation e = new FixedModel(Map.of(), 0).explain(null, 0);
        Explanation noPrior = new Explanation(e.classes(), new double[0], e.terms(), e.logProba());
        List<List<FeatureWeight>> telling = List.of(List.of(new FeatureWeight("w", 1.0)), List.of(), List.of());
        String rendered = ExplainCommands.render(noPrior, telling, 1, 10, Optional.empty());
        assertFalse(rendered.contains("prior"), rendered);
        assertTrue(rendered.contains("f1") && rendered.contains("f2"), rendered);
        assertTrue(rendered.contains("\nmost telling words per class (what the word adds to the class's score, less its"
                + " mean over the other classes):\n"), rendered);
        assertFalse(rendered.contains("log-odds of one occurrence"), rendered);
        assertTrue(ExplainCommands.render(e, List.of(), 1, 10, Optional.empty()).contains("prior"), "a prior is shown");
    }

    /** A feature that adds no term (a level never seen in training) is listed, so that the terms cover the row. */
    @Test
    void explainListsTheFeaturesThatAddNoTerm() {
        Explanation e = new FixedModel(Map.of(), 0).explain(null, 0);
        Explanation skipping = new Explanation(e.classes(), e.prior(), e.terms(), e.logProba(),
                List.of(new Explanation.Skipped("c2", "v9", "not seen in training")));
        String rendered = ExplainCommands.render(skipping, List.of(), 1, 10, Optional.empty());
        assertTrue(rendered.contains("\nskipped: c2 = v9: not seen in training, no term\n"), rendered);
    }
}
