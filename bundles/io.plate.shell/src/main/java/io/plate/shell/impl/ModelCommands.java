package io.plate.shell.impl;

import io.plate.api.PlateException;
import io.plate.api.ServicePreference;
import io.plate.api.data.Dataset;
import io.plate.api.learn.EvaluationReport;
import io.plate.api.learn.EvaluationSettings;
import io.plate.api.learn.Evaluator;
import io.plate.api.learn.Explainable;
import io.plate.api.learn.Explanation;
import io.plate.api.learn.FeatureWeight;
import io.plate.api.learn.FoldReport;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Metrics;
import io.plate.api.learn.Model;
import io.plate.api.learn.ModelStore;
import io.plate.api.learn.Params;
import java.io.BufferedWriter;
import io.plate.api.io.AtomicFiles;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.felix.service.command.Descriptor;
import org.apache.felix.service.command.Parameter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * Models from the shell: {@code plate:train}, {@code plate:predict}, {@code plate:evaluate},
 * {@code plate:save}, {@code plate:load}, {@code plate:explain} and {@code plate:models}. Learners, the
 * evaluator and the model store are dynamic, greedy references: a learner bundle installed while the
 * shell runs is usable at the next command. Models are kept in the {@link Workspace} by name.
 */
@Component(service = ModelCommands.class, property = {
        "osgi.command.scope=plate",
        "osgi.command.function=train",
        "osgi.command.function=predict",
        "osgi.command.function=evaluate",
        "osgi.command.function=save",
        "osgi.command.function=load",
        "osgi.command.function=explain",
        "osgi.command.function=models" })
public final class ModelCommands {
    /** Rows shown by {@code plate:predict} without {@code --out}. */
    static final int SHOWN_ROWS = 10;

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private final List<Map.Entry<Map<String, Object>, Learner>> learners = new CopyOnWriteArrayList<>();

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile Evaluator evaluator;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile ModelStore store;

    private final Workspace workspace;
    private final ShellDefaults defaults;

    @Activate
    public ModelCommands(@Reference Workspace workspace, @Reference ShellDefaults defaults) {
        this.workspace = workspace;
        this.defaults = defaults;
    }

    /** For tests and embedding: commands over fixed services. */
    static ModelCommands of(Workspace workspace, ShellDefaults defaults, List<Learner> learners, Evaluator evaluator,
            ModelStore store) {
        ModelCommands c = new ModelCommands(workspace, defaults);
        for (Learner l : learners) {
            c.learners.add(Map.entry(Map.of(Learner.NAME, l.name()), l));
        }
        c.evaluator = evaluator;
        c.store = store;
        return c;
    }

    // ---------------------------------------------------------------------------------------- train

    @Descriptor("fit a model and keep it under --name (default: DATASET.LEARNER)")
    public Model train(
            @Descriptor("seed passed to the learner (default: the shell's seed, see plate:config)")
            @Parameter(names = {"-s", "--seed"}, absentValue = "") String seed,
            @Descriptor("name to keep the model under")
            @Parameter(names = {"-n", "--name"}, absentValue = "") String name,
            @Descriptor("learner name, e.g. nb.multinomial (see plate:learners)") String learner,
            @Descriptor("name of a loaded dataset") String dataset,
            @Descriptor("learner parameters as key=value (plate:params LEARNER lists them with defaults)") String... params) {
        Learner l = learner(learner);
        Params p = l.params(Args.keyValues(Arrays.asList(params)));
        long s = seed.isEmpty() ? defaults.seed() : Args.parseLong("--seed", seed);
        Dataset d = workspace.dataset(dataset);
        String kept = name.isEmpty() ? dataset + "." + learner : name;
        Model m = withAdvice(l, d, () -> l.fit(d, p, s));
        workspace.putModel(kept, m);
        return m;
    }

    // -------------------------------------------------------------------------------------- predict

    @Descriptor("score a dataset with a model: the most probable class and each class's probability per row")
    public Predictions predict(
            @Descriptor("write the predictions CSV here: header predicted,<classes…>, one row per input row")
            @Parameter(names = {"-o", "--out"}, absentValue = "") String out,
            @Descriptor("name of a model (see plate:models)") String model,
            @Descriptor("name of a loaded dataset; levels and words are matched to the model's by text") String dataset)
            throws IOException {
        Model m = workspace.model(model);
        Dataset d = workspace.dataset(dataset);
        Predictions p = Predictions.of(model, m, d);
        if (!out.isEmpty()) {
            Path file = defaults.output(out);
            p.writeCsv(file);
            p.written = file;
        }
        return p;
    }

    /** What {@code plate:predict} returns: per row the predicted class and the class probabilities. */
    public static final class Predictions {
        private final String model;
        private final String dataset;
        private final List<String> classes;
        private final double[][] probabilities; // rows x classes; empty rows for regression
        private final double[] predicted; // class index, or regression value
        private final List<String> truth; // may be null
        private final io.plate.api.data.NumericColumn target; // known numeric targets, may be null
        private Path written;

        private Predictions(String model, String dataset, List<String> classes, double[][] probabilities,
                double[] predicted, List<String> truth, io.plate.api.data.NumericColumn target) {
            this.model = model;
            this.dataset = dataset;
            this.classes = classes;
            this.probabilities = probabilities;
            this.predicted = predicted;
            this.truth = truth;
            this.target = target;
        }

        static Predictions of(String name, Model m, Dataset d) {
            List<String> truth = d.labels().map(l -> {
                List<String> t = new ArrayList<>(d.rows());
                for (int r = 0; r < d.rows(); r++) {
                    t.add(l.level(r));
                }
                return t;
            }).orElse(null);
            if (m.isRegression()) {
                return new Predictions(name, d.name(), List.of(), new double[d.rows()][0], m.predict(d), truth,
                        d.target().orElse(null));
            }
            double[][] lp = m.predictLogProba(d);
            double[] best = new double[lp.length];
            for (int r = 0; r < lp.length; r++) {
                int b = 0;
                for (int c = 1; c < lp[r].length; c++) {
                    if (lp[r][c] > lp[r][b]) {
                        b = c;
                    }
                }
                best[r] = b;
                for (int c = 0; c < lp[r].length; c++) {
                    lp[r][c] = Math.exp(lp[r][c]);
                }
            }
            return new Predictions(name, d.name(), m.classes(), lp, best, truth, null);
        }

        public List<String> classes() {
            return classes;
        }

        public int rows() {
            return predicted.length;
        }

        /** The predicted class of row {@code r} (0-based), or the predicted value of a regression. */
        public String predicted(int r) {
            return classes.isEmpty() ? Double.toString(predicted[r]) : classes.get((int) predicted[r]);
        }

        /** A copy of row {@code r}'s class probabilities. */
        public double[] probabilities(int r) {
            return probabilities[r].clone();
        }

        /** Writes the predictions CSV of the command-line contract. */
        public void writeCsv(Path file) throws IOException {
            try {
                AtomicFiles.write(file, o -> writeCsv(new BufferedWriter(new java.io.OutputStreamWriter(o,
                        StandardCharsets.UTF_8))));
            } catch (IOException e) {
                throw new PlateException("cannot write predictions to " + file + ": " + e.getMessage(), e);
            }
        }

        private void writeCsv(BufferedWriter w) throws IOException {
            {
                StringBuilder h = new StringBuilder("predicted");
                for (String c : classes) {
                    h.append(',').append(csv(c));
                }
                w.write(h.toString());
                w.newLine();
                StringBuilder line = new StringBuilder();
                for (int r = 0; r < predicted.length; r++) {
                    line.setLength(0);
                    line.append(csv(predicted(r)));
                    for (double p : probabilities[r]) {
                        line.append(',').append(Double.toString(p));
                    }
                    w.write(line.toString());
                    w.newLine();
                }
                w.flush();
            }
        }

        /** A value for people: six significant digits, no trailing zeros ({@code 151.234}, not {@code 151.23412345678}). */
        static String value(double v) {
            if (!Double.isFinite(v)) {
                return Double.toString(v);
            }
            if (v != 0 && (Math.abs(v) >= 1e7 || Math.abs(v) < 1e-4)) {
                return String.format(Locale.ROOT, "%.5e", v);
            }
            String t = new java.math.BigDecimal(v).round(new java.math.MathContext(6)).stripTrailingZeros()
                    .toPlainString();
            return t.equals("-0") ? "0" : t;
        }

        static String csv(String s) {
            if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
                return s;
            }
            return '"' + s.replace("\"", "\"\"") + '"';
        }

        @Override
        public String toString() {
            StringBuilder s = new StringBuilder();
            s.append(model).append(" on ").append(dataset).append(": ").append(rows()).append(" rows");
            if (written != null) {
                s.append(", written to ").append(written);
            }
            s.append('\n');
            if (!classes.isEmpty()) {
                long[] counts = new long[classes.size()];
                List<String> labels = new ArrayList<>(predicted.length);
                for (int r = 0; r < predicted.length; r++) {
                    counts[(int) predicted[r]]++;
                    labels.add(predicted(r));
                }
                s.append("predicted:");
                for (int c = 0; c < counts.length; c++) {
                    s.append(c == 0 ? " " : ", ").append(classes.get(c)).append(' ').append(counts[c]);
                }
                s.append('\n');
                if (truth != null && rows() > 0) {
                    double accuracy = Metrics.accuracy(truth, labels);
                    s.append(String.format(Locale.ROOT, "accuracy against the dataset's labels: %.4f (%d of %d)%n",
                            accuracy, Math.round(accuracy * rows()), rows()));
                }
            }
            if (classes.isEmpty() && target != null && rows() > 0) {
                double[] t = new double[rows()];
                double[] p = new double[rows()];
                int n = 0;
                for (int r = 0; r < rows(); r++) {
                    if (!Double.isNaN(target.value(r))) {
                        t[n] = target.value(r);
                        p[n++] = predicted[r];
                    }
                }
                if (n > 0) {
                    t = Arrays.copyOf(t, n);
                    p = Arrays.copyOf(p, n);
                    s.append(String.format(Locale.ROOT, "against the dataset's target '%s': RMSE %s, MAE %s (%d rows)%n",
                            target.name(), value(Metrics.rmse(t, p)), value(Metrics.mae(t, p)), n));
                }
            }
            if (written == null && rows() > 0) {
                List<String> header = new ArrayList<>(List.of("row", "predicted"));
                if (truth != null) {
                    header.add("label");
                } else if (target != null) {
                    header.add(target.name());
                }
                int shownClasses = Math.min(classes.size(), 6);
                header.addAll(classes.subList(0, shownClasses));
                TextTable t = new TextTable(header.toArray(new String[0]));
                for (int r = 0; r < Math.min(SHOWN_ROWS, rows()); r++) {
                    List<Object> cells = new ArrayList<>(List.of(r + 1,
                            classes.isEmpty() ? value(predicted[r]) : predicted(r)));
                    if (truth != null) {
                        cells.add(truth.get(r) == null ? "?" : truth.get(r));
                    } else if (target != null) {
                        cells.add(Double.isNaN(target.value(r)) ? "?" : value(target.value(r)));
                    }
                    for (int c = 0; c < shownClasses; c++) {
                        cells.add(String.format(Locale.ROOT, "%.4f", probabilities[r][c]));
                    }
                    t.row(cells.toArray());
                }
                s.append(t);
                if (rows() > SHOWN_ROWS || shownClasses < classes.size()) {
                    s.append("(first ").append(Math.min(SHOWN_ROWS, rows())).append(" rows")
                            .append(shownClasses < classes.size() ? ", first " + shownClasses + " classes" : "")
                            .append("; --out FILE.csv writes all)\n");
                }
            }
            return s.toString();
        }
    }

    // ------------------------------------------------------------------------------------- evaluate

    @Descriptor("k-fold cross-validation of a learner on a dataset, stratified by class (plain k-fold with RMSE,"
            + " MAE and R² for a numeric target), or a holdout with --test")
    public Evaluation evaluate(
            @Descriptor("number of folds (default 10)")
            @Parameter(names = {"-k", "--folds"}, absentValue = "") String folds,
            @Descriptor("evaluate on this loaded dataset instead of cross-validating")
            @Parameter(names = {"-t", "--test"}, absentValue = "") String test,
            @Descriptor("seed of the fold assignment, also passed to the learner (default: the shell's seed)")
            @Parameter(names = {"-s", "--seed"}, absentValue = "") String seed,
            @Descriptor("write the evaluation JSON here")
            @Parameter(names = {"-o", "--out"}, absentValue = "") String out,
            @Descriptor("learner name (see plate:learners)") String learner,
            @Descriptor("name of a loaded dataset") String dataset,
            @Descriptor("learner parameters as key=value (plate:params LEARNER lists them with defaults)") String... params) throws IOException {
        if (!folds.isEmpty() && !test.isEmpty()) {
            throw new PlateException("give either --folds K or --test DATASET, not both");
        }
        Learner l = learner(learner);
        Params p = l.params(Args.keyValues(Arrays.asList(params)));
        long s = seed.isEmpty() ? defaults.seed() : Args.parseLong("--seed", seed);
        Dataset d = workspace.dataset(dataset);
        EvaluationSettings settings;
        if (!test.isEmpty()) {
            settings = EvaluationSettings.holdout(workspace.dataset(test), s);
        } else {
            int k = folds.isEmpty() ? 10 : Args.parseInt("--folds", folds);
            if (k < 2) {
                throw new PlateException("--folds " + k + ": need at least 2 folds");
            }
            settings = EvaluationSettings.crossValidation(k, s);
        }
        Evaluator e = evaluator;
        if (e == null) {
            throw new PlateException("no Evaluator service is installed (it comes with the plate-classifier feature)");
        }
        EvaluationReport report = withAdvice(l, d, () -> e.evaluate(l, d, p, settings));
        String ignores = ignores(l, d, p, s);
        Path written = null;
        if (!out.isEmpty()) {
            written = defaults.output(out);
            try {
                AtomicFiles.write(written, o -> e.writeJson(report, o));
            } catch (IOException ex) {
                throw new PlateException("cannot write " + written + ": " + ex.getMessage(), ex);
            }
        }
        Evaluation result = new Evaluation(report, written);
        result.ignores = ignores;
        return result;
    }

    /**
     * What the learner's model leaves out of {@code d} ("ignores 1 categorical column (sex) …", the line its
     * model prints), or "" — found by one more fit, made only when the data have more than one kind of column.
     */
    private static String ignores(Learner l, Dataset d, Params p, long seed) {
        int kinds = (d.categorical().isEmpty() ? 0 : 1) + (d.numeric().isEmpty() ? 0 : 1)
                + (d.sparse().isPresent() ? 1 : 0);
        if (kinds < 2) {
            return "";
        }
        for (String line : l.fit(d, p, seed).toString().split("\n")) {
            if (line.startsWith("ignores ")) {
                return line;
            }
        }
        return "";
    }

    /** What {@code plate:evaluate} returns: the report, printed for people. */
    public static final class Evaluation {
        private final EvaluationReport report;
        private final Path written;
        private String ignores = "";

        Evaluation(EvaluationReport report, Path written) {
            this.report = report;
            this.written = written;
        }

        public EvaluationReport report() {
            return report;
        }

        @Override
        public String toString() {
            EvaluationReport r = report;
            StringBuilder s = new StringBuilder();
            s.append(r.learner());
            if (!r.params().isEmpty()) {
                s.append(' ').append(new java.util.TreeMap<>(r.params()).toString());
            }
            s.append(" on ").append(r.dataset()).append(": ")
                    .append(r.folds() > 0 ? r.folds() + (r.isRegression() ? "-fold cross-validation"
                            : "-fold stratified cross-validation") : "holdout")
                    .append(", seed ").append(r.seed()).append('\n');
            if (r.isRegression()) {
                s.append(String.format(Locale.ROOT, "RMSE %.6g   MAE %.6g   R² %.4f%n", r.rmse(), r.mae(), r.r2()));
            } else {
                s.append(String.format(Locale.ROOT, "accuracy %.4f   log-loss %.4f   macro-F1 %.4f%n", r.accuracy(),
                        r.logLoss(), r.macroF1()));
            }
            if (!ignores.isEmpty()) {
                s.append(r.learner()).append(' ').append(ignores).append('\n');
            }
            s.append(String.format(Locale.ROOT, "fit %.3f s, predict %.3f s%n", r.fitSeconds(), r.predictSeconds()));
            if (!r.isRegression()) {
                s.append("\nconfusion (rows = true class, columns = predicted):\n");
                // many classes: number the columns and name the rows "number name"
                boolean numbered = r.classes().size() > 6;
                List<String> header = new ArrayList<>();
                header.add("");
                for (int i = 0; i < r.classes().size(); i++) {
                    header.add(numbered ? Integer.toString(i + 1) : r.classes().get(i));
                }
                TextTable t = new TextTable(header.toArray(new String[0]));
                long[][] c = r.confusion();
                for (int i = 0; i < c.length; i++) {
                    Object[] cells = new Object[c.length + 1];
                    cells[0] = numbered ? (i + 1) + " " + r.classes().get(i) : r.classes().get(i);
                    for (int j = 0; j < c.length; j++) {
                        cells[j + 1] = c[i][j];
                    }
                    t.row(cells);
                }
                s.append(t);
            }
            if (r.perFold().size() > 1 || r.folds() > 0) {
                s.append('\n');
                TextTable f = r.isRegression()
                        ? new TextTable("fold", "train", "test", "RMSE", "MAE", "R²", "fit s", "predict s")
                        : new TextTable("fold", "train", "test", "accuracy", "log-loss", "macro-F1", "fit s",
                                "predict s");
                for (FoldReport x : r.perFold()) {
                    if (r.isRegression()) {
                        f.row(x.fold(), x.trainRows(), x.testRows(), fmt(x.rmse()), fmt(x.mae()), fmt(x.r2()),
                                secs(x.fitSeconds()), secs(x.predictSeconds()));
                    } else {
                        f.row(x.fold(), x.trainRows(), x.testRows(), fmt(x.accuracy()), fmt(x.logLoss()),
                                fmt(x.macroF1()), secs(x.fitSeconds()), secs(x.predictSeconds()));
                    }
                }
                s.append(f);
            }
            if (written != null) {
                s.append("written to ").append(written).append('\n');
            }
            return s.toString();
        }

        private static String fmt(double v) {
            return String.format(Locale.ROOT, "%.4f", v);
        }

        private static String secs(double v) {
            return String.format(Locale.ROOT, "%.4f", v);
        }
    }

    /**
     * Runs a fit or evaluation; when a classifier refuses a dataset that has a numeric target and no
     * labels, says so in the user's terms (its message would name an internal fold such as
     * {@code d.fold1.train} and advise {@code --label}, which a regression dataset already has).
     */
    static <T> T withAdvice(Learner l, Dataset d, java.util.function.Supplier<T> work) {
        try {
            return work.get();
        } catch (PlateException ex) {
            if (d.labels().isEmpty() && d.target().isPresent()
                    && String.valueOf(ex.getMessage()).contains("no class labels")) {
                String t = d.target().get().name();
                throw new PlateException(l.name() + " is a classifier and '" + d.name() + "' has a numeric target '" + t
                        + "': use a regression learner (see plate:learners, e.g. kernel.regression), or import the"
                        + " file again with --categorical " + t + " to treat its values as classes", ex);
            }
            throw ex;
        }
    }

    // ---------------------------------------------------------------------------------- save / load

    @Descriptor("save a model as a JSON model file (written atomically)")
    public String save(@Descriptor("name of a model (see plate:models)") String model,
            @Descriptor("the file to write") String file) {
        Model m = workspace.model(model);
        Path path = defaults.output(file).toAbsolutePath();
        if (Files.isDirectory(path)) {
            throw new PlateException("cannot save model '" + model + "' to " + file + ": it is a folder; give a file"
                    + " name, e.g. " + Path.of(file).resolve(model + ".json"));
        }
        try {
            modelStore().save(m, path);
            return "saved model '" + model + "' (" + m.type() + ") to " + path + " (" + Files.size(path) + " bytes)";
        } catch (IOException e) {
            throw new PlateException("cannot save model '" + model + "' to " + file + ": " + e.getMessage(), e);
        }
    }

    @Descriptor("load a model file and keep it under --name (default: the file name without .json)")
    public Model load(
            @Descriptor("name to keep the model under")
            @Parameter(names = {"-n", "--name"}, absentValue = "") String name,
            @Descriptor("a model file written by plate:save") String file) {
        Path path = Paths.get(file);
        if (!Files.isRegularFile(path) && Files.isRegularFile(defaults.output(file))) {
            path = defaults.output(file); // where plate:save put it under the output folder
        }
        if (!Files.isRegularFile(path)) {
            throw new PlateException("no model file " + file);
        }
        Model m;
        try {
            m = modelStore().load(path);
        } catch (IOException e) {
            throw new PlateException("cannot read " + path + ": " + e, e);
        }
        String base = path.getFileName().toString();
        String kept = name.isEmpty() ? (base.endsWith(".json") ? base.substring(0, base.length() - 5) : base) : name;
        workspace.putModel(kept, m);
        return m;
    }

    @Descriptor("list the models kept in this shell")
    public String models() {
        Map<String, Model> all = workspace.models();
        if (all.isEmpty()) {
            return "no models (use plate:train or plate:load)\n";
        }
        TextTable t = new TextTable("name", "type", "classes", "trained on");
        for (Map.Entry<String, Model> e : all.entrySet()) {
            Model m = e.getValue();
            t.row(e.getKey(), m.type(), m.isRegression() ? "(regression)" : m.classes().size(),
                    m.provenance().dataSummary());
        }
        return t.toString();
    }

    // ------------------------------------------------------------------------------------- explain

    @Descriptor("explain one prediction: the prior and each feature's part of the log-odds of the two most "
            + "probable classes; for word-count models also the most telling words of each class")
    public String explain(
            @Descriptor("row to explain, 1-based (default 1)")
            @Parameter(names = {"-r", "--row"}, absentValue = "1") String row,
            @Descriptor("how many features (and words per class) to show (default 10)")
            @Parameter(names = {"-n", "--top"}, absentValue = "10") String top,
            @Descriptor("name of a model (see plate:models)") String model,
            @Descriptor("name of a loaded dataset") String dataset) {
        Model m = workspace.model(model);
        if (!(m instanceof Explainable)) {
            throw new PlateException("model '" + model + "' (" + m.type() + ") cannot explain its predictions");
        }
        Dataset d = workspace.dataset(dataset);
        int r = Args.parseInt("--row", row);
        int n = Args.parseInt("--top", top);
        if (r < 1 || r > d.rows()) {
            throw new PlateException("--row " + r + ": dataset '" + dataset + "' has rows 1.." + d.rows());
        }
        if (n < 1) {
            throw new PlateException("--top " + n + ": must be at least 1");
        }
        Explainable x = (Explainable) m;
        return render(x.explain(d, r - 1), x.tellingFeatures(n), r, n, d.labels().map(l -> l.level(r - 1)));
    }

    /** The explanation as text: the log-odds decomposition of the top two classes and the telling words. */
    static String render(Explanation e, List<List<FeatureWeight>> telling, int row, int top, Optional<String> truth) {
        List<String> classes = e.classes();
        double[] lp = e.logProba();
        Integer[] order = new Integer[classes.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble((Integer i) -> -lp[i]));
        StringBuilder s = new StringBuilder();
        s.append("row ").append(row).append(": predicted ").append(classes.get(order[0]))
                .append(String.format(Locale.ROOT, " (p = %.4f)", Math.exp(lp[order[0]])));
        truth.ifPresent(t -> s.append(", label ").append(t == null ? "?" : t));
        s.append('\n');
        if (classes.size() >= 2) {
            int j = order[0];
            int k = order[1];
            String cj = classes.get(j);
            String ck = classes.get(k);
            s.append(String.format(Locale.ROOT, "log P(%s|x) / P(%s|x) = %.4f%n", cj, ck, lp[j] - lp[k]));
            double[] prior = e.prior();
            List<Explanation.Term> terms = new ArrayList<>(e.terms());
            terms.sort(Comparator.comparingDouble((Explanation.Term t) -> -Math.abs(t.logOdds(j, k))));
            TextTable t = new TextTable("term", "value", "log-odds", "for");
            t.row("prior", "", String.format(Locale.ROOT, "%+.4f", prior[j] - prior[k]),
                    prior[j] >= prior[k] ? cj : ck);
            double rest = 0;
            int shown = 0;
            for (Explanation.Term term : terms) {
                double v = term.logOdds(j, k);
                if (shown < top) {
                    t.row(term.feature(), term.value(), String.format(Locale.ROOT, "%+.4f", v), v >= 0 ? cj : ck);
                    shown++;
                } else {
                    rest += v;
                }
            }
            if (terms.size() > shown) {
                t.row("(" + (terms.size() - shown) + " more)", "", String.format(Locale.ROOT, "%+.4f", rest),
                        rest >= 0 ? cj : ck);
            }
            s.append(t);
            if (classes.size() > 2) {
                s.append("(all classes: ");
                for (int i = 0; i < order.length && i < 5; i++) {
                    s.append(i == 0 ? "" : ", ").append(classes.get(order[i]))
                            .append(String.format(Locale.ROOT, " %.4f", Math.exp(lp[order[i]])));
                }
                s.append(order.length > 5 ? ", …)\n" : ")\n");
            }
        }
        if (!telling.isEmpty()) {
            s.append("\nmost telling words per class (log-odds of one occurrence against the other classes):\n");
            for (int c = 0; c < telling.size() && c < classes.size(); c++) {
                StringBuilder line = new StringBuilder();
                for (FeatureWeight w : telling.get(c)) {
                    line.append(line.length() == 0 ? "" : ", ").append(w.feature())
                            .append(String.format(Locale.ROOT, " %.2f", w.weight()));
                }
                s.append("  ").append(classes.get(c)).append(": ").append(line).append('\n');
            }
        }
        return s.toString();
    }

    // -------------------------------------------------------------------------------------- helpers

    private ModelStore modelStore() {
        ModelStore s = store;
        if (s == null) {
            throw new PlateException("no ModelStore service is installed (it comes with the plate-classifier feature)");
        }
        return s;
    }

    /** The installed learner whose {@code plate.learner} property is {@code name}, best-ranked first. */
    Learner learner(String name) {
        List<Map.Entry<Map<String, Object>, Learner>> bound = new ArrayList<>(learners);
        return ServicePreference.bound(bound, Learner.NAME, name).orElseThrow(() -> {
            TreeSet<String> installed = new TreeSet<>();
            bound.forEach(e -> installed.add(String.valueOf(e.getKey().get(Learner.NAME))));
            return new PlateException("no learner named '" + name + "'"
                    + (installed.isEmpty() ? " (none installed)" : "; installed: " + String.join(", ", installed)));
        });
    }
}
