package io.plate.shell.impl;

import io.plate.api.PlateException;
import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.io.AtomicFiles;
import io.plate.api.learn.KnownWords;
import io.plate.api.learn.Metrics;
import io.plate.api.learn.Model;
import io.plate.api.sample.Cancellation;
import io.plate.api.sample.ClusterPredictions;
import io.plate.api.sample.ClusterPredictor;
import io.plate.api.sample.Posterior;
import io.plate.api.text.Plural;
import io.plate.api.text.TextTable;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.apache.felix.service.command.Parameter;
import org.osgi.service.component.ComponentServiceObjects;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * {@code plate:predict}: scores a dataset with a kept model; the result prints a summary (and the
 * accuracy against the dataset's labels, or RMSE, MAE and R² against its target) and can be written as CSV.
 * Given a run of plate:cluster kept in this shell, assigns the dataset's rows to the run's clusters
 * ({@link RunPredictions}).
 */
@Component(service = PredictCommands.class)
@PlateCommand({"predict"})
public final class PredictCommands {
    /** Rows shown by {@code plate:predict} without {@code --out}. */
    static final int SHOWN_ROWS = 10;

    private final Workspace workspace;
    private final ShellDefaults defaults;

    /**
     * plate:cluster's commands, whose mixture samplers rebuild the predictor of a run read back from its directory;
     * got only then, so that a model's predictions activate no sampler.
     */
    @Reference
    private ComponentServiceObjects<ClusterCommands> clusters;

    @Activate
    public PredictCommands(@Reference Workspace workspace, @Reference ShellDefaults defaults) {
        this.workspace = workspace;
        this.defaults = defaults;
    }

    @Descriptor("score a dataset with a model (the most probable class and each class's probability per row), or"
            + " assign its rows to the clusters of a run of plate:cluster, kept in this shell or written with --out (each cluster's"
            + " probability, and that of a cluster without training rows)")
    public Object predict(CommandSession session,
            @Descriptor("write the predictions CSV here: header predicted,<classes…> for a model, cluster,p_0,…,p_new"
                    + " for a run; one row per input row")
            @Parameter(names = {"-o", "--out"}, absentValue = "") String out,
            @Descriptor("name of a model (see plate:models), of a run of plate:cluster kept in this shell, or its run"
                    + " directory (--out; its dataset must be loaded under the run's dataset name)")
            String model,
            @Descriptor("name of a loaded dataset; columns, levels and words are matched to the model's or run's by"
                    + " text") String dataset)
            throws IOException {
        if (!workspace.models().containsKey(model) && !workspace.waiting().containsKey(model)) {
            Posterior run = workspace.runs().get(model);
            if (run != null) {
                return predictClusters(session, out, model, run, run.clusterPredictor(), workspace.dataset(dataset));
            }
            if (isFolder(model)) {
                Posterior read = RunArgument.resolve(model, workspace, defaults);
                return predictClusters(session, out, model, read, fromDirectory(model, read), workspace.dataset(dataset));
            }
        }
        Model m = workspace.model(model);
        Dataset d = workspace.dataset(dataset);
        OutputTarget target = out.isEmpty() ? null : OutputTarget.file(defaults, out, "cannot write predictions to");
        Predictions p = Predictions.of(model, m, d);
        p.noKnownWords = noKnownWords(model, d, m.knownWords(d).orElse(null));
        Dataset trained = trainedOn(m);
        String learner = m.provenance().learner();
        Map<String, String> params = m.provenance().params();
        p.textImport = trained != null ? TextImportMismatch.lines(trained, d, learner, params)
                : TextImportMismatch.lines(null, m.provenance().dataImport(), d, learner, params);
        if (target != null) {
            try {
                p.writeCsv(target.path());
            } catch (IOException e) {
                throw target.failure(e);
            }
            p.written = target.path();
        }
        return p;
    }

    /** The rows of {@code d} assigned to the clusters of the kept run {@code name}; Ctrl-C stops between draws. */
    private RunPredictions predictClusters(CommandSession session, String out, String name, Posterior run,
            java.util.Optional<ClusterPredictor> found, Dataset d) throws IOException {
        ClusterPredictor predictor = found.orElseThrow(() -> new PlateException("run '" + name
                + "' of " + run.sampler() + " " + (run.clustering().isEmpty() && !run.sampler().startsWith(
                        ClusterCommands.MIXTURE_PREFIX) ? "clusters no rows: plate:predict takes a model or a run of"
                                + " plate:cluster (a mixture)"
                                : "keeps no partitions of its draws to assign new rows with (it kept no draw, or its"
                                        + " directory was written before they were kept there); run plate:cluster again")));
        OutputTarget target = out.isEmpty() ? null : OutputTarget.file(defaults, out, "cannot write predictions to");
        Cancellation cancel = new Cancellation();
        ClusterPredictions p;
        long t0 = System.nanoTime();
        try (CtrlC ctrlC = CtrlC.during(session, cancel::cancel)) {
            try {
                p = predictor.predict(d, cancel);
            } catch (java.util.concurrent.CancellationException e) {
                throw new PlateException("assigning the rows of '" + d.name() + "' to the clusters of '" + name
                        + "' was interrupted" + ctrlC.cause() + "; nothing was written", e);
            }
        }
        // a semi-supervised run holds each class's labelled rows in one cluster: its predictions name the class too
        List<String> classes = run.clustering().map(c -> c.clusters().stream().map(k -> k.fixedClass().orElse(""))
                .toList()).orElse(null);
        RunPredictions result = new RunPredictions(name, d.name(), p, Predictions.labelsOf(d), classes,
                (System.nanoTime() - t0) / 1e9);
        if (target != null) {
            try {
                result.writeCsv(target.path());
            } catch (IOException e) {
                throw target.failure(e);
            }
        }
        return result;
    }

    /** Whether {@code given} names a folder (a run directory to read), as every file to read is found. */
    private boolean isFolder(String given) {
        try {
            return java.nio.file.Files.isDirectory(defaults == null ? UserPaths.of(given) : defaults.input(given));
        } catch (java.nio.file.InvalidPathException e) {
            return false;
        }
    }

    /**
     * The predictor of a run read back from the directory {@code given}: its sampler rebuilds it from the partitions
     * the directory keeps and the run's training data, which this shell must hold under the run's dataset name.
     */
    private java.util.Optional<ClusterPredictor> fromDirectory(String given, Posterior run) {
        if (!run.sampler().startsWith(ClusterCommands.MIXTURE_PREFIX) || run.clustering().isEmpty()) {
            return java.util.Optional.empty(); // refused by predictClusters: it clusters no rows
        }
        Dataset training = RunArgument.clusteredRows(run, workspace, "plate:predict " + given);
        ClusterCommands cluster = clusters.getService();
        try {
            return cluster.sampler(run.sampler()).clusterPredictor(run, training);
        } finally {
            clusters.ungetService(cluster);
        }
    }

    /**
     * The line that says a scored dataset holds none of a word model's words, so that every row is scored as a
     * document without words (scikit-learn scores such texts so too, silently); "" when it holds some.
     */
    static String noKnownWords(String model, Dataset d, KnownWords known) {
        return noKnownWords(model, d.name(), d.rows(), known, "model");
    }

    /**
     * The warning that no word of dataset {@code dataset} ({@code rows} rows) is one of the words the {@code what}
     * ({@code model} or {@code run}) {@code name} was trained on; "" when some are, or there are no rows.
     */
    static String noKnownWords(String name, String dataset, int rows, KnownWords known, String what) {
        if (known == null || !known.none() || rows == 0) {
            return "";
        }
        String has = known.words() == 0 ? "'" + dataset + "' has no words (an empty vocabulary)"
                : "none of the " + Plural.of(known.words(), "word") + " of '" + dataset + "' is one of the "
                        + known.trained() + " words " + what + " '" + name + "' was trained on";
        return "warning: " + has + ": every row gets the " + what + "'s scores of a text without words"
                + (known.withoutWords().isEmpty() ? "" : " " + known.withoutWords());
    }

    /**
     * The dataset {@code m} was trained on, when it is loaded under the name its provenance gives (the import
     * summary's {@code NAME: R rows, …}); null otherwise (a model from a file, a dataset since dropped).
     */
    private Dataset trainedOn(Model m) {
        String summary = m.provenance().dataSummary();
        int colon = summary.indexOf(": ");
        String name = colon < 0 ? "" : summary.substring(0, colon);
        return workspace.hasDataset(name) ? workspace.dataset(name) : null;
    }

    /** What {@code plate:predict} returns: per row the predicted class and the class probabilities. */
    public static final class Predictions {
        private final String model;
        private final String dataset;
        private final List<String> classes;
        private final double[][] probabilities; // rows x classes; empty rows for regression
        private final double[] predicted; // class index, or regression value
        private final List<String> truth; // may be null
        private final int[] truthClass; // per row: index into classes, NOT_A_CLASS, or UNLABELLED; null without labels
        private final io.plate.api.data.NumericColumn target; // known numeric targets, may be null
        private final List<String> unused; // the dataset's feature columns the model does not read
        private final UnknownClasses unknownClasses; // the label classes the model does not have; null without labels
        private final String unseenLevels; // the warning about cells whose level the model never saw, or ""
        private Path written;
        private List<String> textImport = List.of(); // how the scored text's import loses words the model knows
        private String noKnownWords = ""; // the warning that no scored word is one of the model's, or ""

        private Predictions(String model, String dataset, List<String> classes, double[][] probabilities,
                double[] predicted, List<String> truth, int[] truthClass, io.plate.api.data.NumericColumn target,
                List<String> unused, UnknownClasses unknown, String unseenLevels) {
            this.model = model;
            this.dataset = dataset;
            this.classes = classes;
            this.probabilities = probabilities;
            this.predicted = predicted;
            this.truth = truth;
            this.truthClass = truthClass;
            this.target = target;
            this.unused = unused;
            this.unknownClasses = unknown;
            this.unseenLevels = unseenLevels;
        }

        private static final int NOT_A_CLASS = -1;
        private static final int UNLABELLED = -2;

        /** Each row's label as an index into {@code classes}, matched as levels are ({@code 1.0} is {@code 1}). */
        private static int[] truthClasses(CategoricalColumn labels, List<String> classes) {
            int[] map = labels.mapTo(classes);
            int[] out = new int[labels.size()];
            for (int r = 0; r < out.length; r++) {
                int code = labels.code(r);
                out[r] = code == CategoricalColumn.MISSING ? UNLABELLED : map[code] < 0 ? NOT_A_CLASS : map[code];
            }
            return out;
        }

        /** The dataset's numeric and categorical columns that the model does not read (none when it does not say). */
        private static List<String> unusedColumns(Model m, Dataset d) {
            return m.columns().map(read -> {
                List<String> out = new ArrayList<>();
                d.numeric().forEach(c -> {
                    if (!read.contains(c.name())) {
                        out.add(c.name());
                    }
                });
                d.categorical().forEach(c -> {
                    if (!read.contains(c.name())) {
                        out.add(c.name());
                    }
                });
                return out;
            }).orElse(List.of());
        }

        /** Each row's label as text (null where missing), or null when the dataset has no labels. */
        static List<String> labelsOf(Dataset d) {
            return d.labels().map(l -> {
                List<String> t = new ArrayList<>(d.rows());
                for (int r = 0; r < d.rows(); r++) {
                    t.add(l.level(r));
                }
                return t;
            }).orElse(null);
        }

        static Predictions of(String name, Model m, Dataset d) {
            List<String> truth = labelsOf(d);
            List<String> unused = unusedColumns(m, d);
            String unseen = UnseenLevelsWarning.line(d.name(), m.unseenLevels(d));
            if (m.isRegression()) {
                return new Predictions(name, d.name(), List.of(), new double[d.rows()][0], m.predict(d), truth,
                        null, d.target().orElse(null), unused, null, unseen);
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
            int[] truthClass = d.labels().map(l -> truthClasses(l, m.classes())).orElse(null);
            UnknownClasses unknown = d.labels().map(l -> UnknownClasses.of(l, m.classes())).orElse(null);
            return new Predictions(name, d.name(), m.classes(), lp, best, truth, truthClass, null, unused, unknown,
                    unseen);
        }

        public List<String> classes() {
            return classes;
        }

        /** The scored dataset's numeric and categorical columns that the model does not read. */
        public List<String> unusedColumns() {
            return unused;
        }

        /** "1 row without a label left out", "3 rows without …". */
        private static String rowsWithout(int n, String what) {
            return Plural.of(n, "row") + " without " + what + " left out";
        }

        /** "not used: column 'x', which the model was not trained on", naming at most ten columns. */
        private String unusedLine() {
            int shown = Math.min(unused.size(), 10);
            String names = "'" + String.join("', '", unused.subList(0, shown)) + "'"
                    + (shown < unused.size() ? " and " + (unused.size() - shown) + " more" : "");
            return unused.size() == 1 ? "not used: column " + names + ", which the model was not trained on"
                    : "not used: columns " + names + ", which the model was not trained on";
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
            AtomicFiles.write(file, o -> writeCsv(new BufferedWriter(new java.io.OutputStreamWriter(o,
                    StandardCharsets.UTF_8))));
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
            return SixDigits.of(v);
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
            if (!unused.isEmpty()) {
                s.append(unusedLine()).append('\n');
            }
            if (!unseenLevels.isEmpty()) {
                s.append(unseenLevels).append('\n');
            }
            if (!noKnownWords.isEmpty()) {
                s.append(noKnownWords).append('\n');
            }
            textImport.forEach(line -> s.append(line).append('\n'));
            if (!classes.isEmpty()) {
                long[] counts = new long[classes.size()];
                for (int r = 0; r < predicted.length; r++) {
                    counts[(int) predicted[r]]++;
                }
                s.append("predicted:");
                for (int c = 0; c < counts.length; c++) {
                    s.append(c == 0 ? " " : ", ").append(classes.get(c)).append(' ').append(counts[c]);
                }
                s.append('\n');
                if (truthClass != null) {
                    int labelled = 0;
                    int right = 0;
                    for (int r = 0; r < truthClass.length; r++) {
                        labelled += truthClass[r] == UNLABELLED ? 0 : 1;
                        right += truthClass[r] == (int) predicted[r] ? 1 : 0;
                    }
                    int unlabelled = truthClass.length - labelled;
                    if (!unknownClasses.line(dataset).isEmpty()) {
                        s.append(unknownClasses.line(dataset)).append('\n');
                    }
                    if (labelled > 0 && !unknownClasses.none()) {
                        s.append(String.format(Locale.ROOT, "accuracy against the dataset's labels: %.4f (%d of %d%s)%n",
                                (double) right / labelled, right, labelled,
                                unlabelled == 0 ? "" : "; " + rowsWithout(unlabelled, "a label")));
                    }
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
                    s.append(String.format(Locale.ROOT, "against the dataset's target '%s': RMSE %s, MAE %s, R² %.4f (%d rows%s)%n",
                            target.name(), value(Metrics.rmse(t, p)), value(Metrics.mae(t, p)), Metrics.r2(t, p), n,
                            n == rows() ? "" : "; " + rowsWithout(rows() - n, "a target")));
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
}
