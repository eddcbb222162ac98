package io.plate.shell.impl;

import io.plate.api.PlateException;
import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.data.NumericColumn;
import io.plate.api.io.AtomicFiles;
import io.plate.api.learn.EvaluationReport;
import io.plate.api.learn.EvaluationSettings;
import io.plate.api.learn.Evaluator;
import io.plate.api.learn.FoldReport;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Params;
import io.plate.api.text.Plural;
import io.plate.api.text.TextTable;
import io.plate.mcmc.ProgressPrinter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.apache.felix.service.command.Parameter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * {@code plate:evaluate}: cross-validation or a holdout of an installed learner through the
 * {@link Evaluator} service (a dynamic, greedy reference: one installed later is used at the next command).
 */
@Component(service = EvaluateCommands.class)
@PlateCommand({"evaluate"})
public final class EvaluateCommands {
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile Evaluator evaluator;

    private final Workspace workspace;
    private final ShellDefaults defaults;
    private final Learners learners;

    @Activate
    public EvaluateCommands(@Reference Workspace workspace, @Reference ShellDefaults defaults,
            @Reference Learners learners) {
        this.workspace = workspace;
        this.defaults = defaults;
        this.learners = learners;
    }

    /** For tests and embedding: commands over a fixed Evaluator (null: none installed). */
    static EvaluateCommands of(Workspace workspace, ShellDefaults defaults, Learners learners, Evaluator evaluator) {
        EvaluateCommands c = new EvaluateCommands(workspace, defaults, learners);
        c.evaluator = evaluator;
        return c;
    }

    @Descriptor("k-fold cross-validation of a learner on a dataset, stratified by class (plain k-fold with RMSE,"
            + " MAE and R² for a numeric target), or a holdout with --test")
    public Evaluation evaluate(CommandSession session,
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
        Learner l = learners.named(learner);
        // ARFF instance weights weigh the rows, as in Weka, and are no feature
        RowWeights weighed = RowWeights.of(l, workspace.dataset(dataset), Args.keyValues(Arrays.asList(params), learner, l.parameters()));
        Params p = l.params(weighed.params());
        long s = seed.isEmpty() ? defaults.seed() : Args.parseLong("--seed", seed);
        Dataset d = weighed.data();
        if (weighed.note() != null) {
            System.out.println("note: " + weighed.note());
        }
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
        OutputTarget target = out.isEmpty() ? null : OutputTarget.file(defaults, out, "cannot write the evaluation to");
        Evaluator e = evaluator;
        if (e == null) {
            throw new PlateException(Missing.service("Evaluator", "plate-classifier"));
        }
        EvaluationReport report;
        PrintStream console = session != null ? session.getConsole() : System.out;
        // a long fit (kernel.regression's bandwidth search) reports the folds' training rows as plate:train does
        try (CtrlC ctrlC = CtrlC.during(session, Thread.currentThread()::interrupt);
                ProgressPrinter progress = SessionProgress.forSession(session, console, l.name() + " on " + d.name())
                        .counting("rows", "Ctrl-C stops; nothing is written")) {
            try {
                report = Learners.withAdvice(l, d, () -> e.evaluate(l, d, p, settings, progress));
            } catch (java.util.concurrent.CancellationException ex) { // the folds stopped at the next block
                throw new PlateException("evaluation of " + l.name() + " on '" + d.name() + "' was interrupted"
                        + ctrlC.cause() + "; nothing was written", ex);
            }
        }
        String ignores = ignores(l, d, p, s);
        Path written = null;
        if (target != null) {
            written = target.path();
            try {
                AtomicFiles.write(written, o -> e.writeJson(report, o));
            } catch (IOException ex) {
                throw target.failure(ex);
            }
        }
        Evaluation result = new Evaluation(report, written);
        result.ignores = ignores;
        result.leftOut = leftOut(d);
        if (settings.test().isPresent() && d.labels().isPresent()) { // none shared is refused by the evaluator
            Dataset t = settings.test().get();
            result.unknownClasses = t.labels().map(tl -> UnknownClasses.of(tl, d.labels().get().levels()).line(t.name()))
                    .orElse("");
        }
        settings.test().ifPresent(t -> {
            result.textImport = TextImportMismatch.lines(d, t, l.name(), p.asMap());
            // a holdout is one fold: its model's unseen levels of the test set
            result.unseenLevels = UnseenLevelsWarning.line(t.name(),
                    report.perFold().stream().flatMap(f -> f.unseenLevels().stream()).toList());
        });
        if (settings.test().isEmpty()) { // the held-out cells whose level their fold's training part lacks
            result.unseenLevels = UnseenLevelsWarning.folds(d.name(), report.perFold());
        }
        return result;
    }

    /** "3 rows without a label left out" (or a target, for regression), or "": rows no fold can score. */
    private static String leftOut(Dataset d) {
        int n = 0;
        for (int r = 0; r < d.rows(); r++) {
            boolean missing = d.labels().isPresent() ? d.labels().get().code(r) == CategoricalColumn.MISSING
                    : d.target().isPresent() && Double.isNaN(d.target().get().value(r));
            n += missing ? 1 : 0;
        }
        return n == 0 ? "" : Plural.of(n, "row") + " without a " + (d.labels().isPresent() ? "label" : "target")
                + " left out";
    }

    /**
     * What the learner's model leaves out of {@code d} ("ignores 1 categorical column (sex) …", the line its
     * model prints), or "" — found by one more fit, made only when the data have more than one kind of column
     * or a missing numeric value (a row a model may leave out).
     */
    private static String ignores(Learner l, Dataset d, Params p, long seed) {
        int kinds = (d.categorical().isEmpty() ? 0 : 1) + (d.numeric().isEmpty() ? 0 : 1)
                + (d.sparse().isPresent() ? 1 : 0);
        if (kinds < 2 && !missingNumber(d)) {
            return "";
        }
        for (String line : l.fit(d, p, seed).toString().split("\n")) {
            if (line.startsWith("ignores ")) {
                return line;
            }
        }
        return "";
    }

    private static boolean missingNumber(Dataset d) {
        for (NumericColumn c : d.numeric()) {
            for (int r = 0; r < c.size(); r++) {
                if (Double.isNaN(c.value(r))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** What {@code plate:evaluate} returns: the report, printed for people. */
    public static final class Evaluation {
        /** Longest class name that heads a confusion column itself when there are more than six classes. */
        static final int SHORT_CLASS_NAME = 8;

        private final EvaluationReport report;
        private final Path written;
        private String ignores = "";
        private String leftOut = "";
        private String unknownClasses = "";
        private String unseenLevels = ""; // the scored cells whose level the (fold's) model never saw
        private List<String> textImport = List.of(); // how the test file's import loses words of the training file's

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
            if (!leftOut.isEmpty()) {
                s.append(leftOut).append('\n');
            }
            if (!unknownClasses.isEmpty()) {
                s.append(unknownClasses).append('\n');
            }
            if (!unseenLevels.isEmpty()) {
                s.append(unseenLevels).append('\n');
            }
            textImport.forEach(line -> s.append(line).append('\n'));
            String few = fewerRowsThanFolds(r);
            if (!few.isEmpty()) {
                s.append(few).append('\n');
            }
            s.append(String.format(Locale.ROOT, "fit %.3f s, predict %.3f s%n", r.fitSeconds(), r.predictSeconds()));
            if (!r.isRegression()) {
                s.append("\nconfusion (rows = true class, columns = predicted):\n");
                // many classes with long names: number the columns #1, #2, …, say which class each number is, and
                // name the rows "#number name"; short names (digits 0-9) head their columns themselves, so that a
                // class named by a number is never read under another number
                boolean numbered = r.classes().size() > 6
                        && r.classes().stream().anyMatch(c -> c.length() > SHORT_CLASS_NAME);
                if (numbered) {
                    StringBuilder legend = new StringBuilder("columns:");
                    for (int i = 0; i < r.classes().size(); i++) {
                        legend.append(i == 0 ? " #" : ", #").append(i + 1).append(' ').append(r.classes().get(i));
                    }
                    s.append(legend).append('\n');
                }
                List<String> header = new ArrayList<>();
                header.add("");
                for (int i = 0; i < r.classes().size(); i++) {
                    header.add(numbered ? "#" + (i + 1) : r.classes().get(i));
                }
                TextTable t = new TextTable(header.toArray(new String[0]));
                long[][] c = r.confusion();
                for (int i = 0; i < c.length; i++) {
                    Object[] cells = new Object[c.length + 1];
                    cells[0] = numbered ? "#" + (i + 1) + " " + r.classes().get(i) : r.classes().get(i);
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

        /**
         * The warning scikit-learn's StratifiedKFold gives when the least populated class has fewer rows
         * than folds (some folds then test none of it), or "". Each labelled row is predicted once, so a
         * class's rows are its confusion row's sum. A class of one row is tested by a model trained without it.
         */
        static String fewerRowsThanFolds(EvaluationReport r) {
            if (r.isRegression() || r.folds() == 0) {
                return "";
            }
            long[][] c = r.confusion();
            int least = -1;
            int under = 0;
            long leastRows = Long.MAX_VALUE;
            for (int i = 0; i < c.length; i++) {
                long rows = Arrays.stream(c[i]).sum();
                if (rows > 0 && rows < r.folds()) {
                    under++;
                    if (rows < leastRows) {
                        leastRows = rows;
                        least = i;
                    }
                }
            }
            if (least < 0) {
                return "";
            }
            return "warning: " + (under == 1 ? "class" : under + " classes have fewer rows than the " + r.folds()
                    + " folds; the least populated,") + " '" + r.classes().get(least) + "' has " + leastRows
                    + (leastRows == 1 ? " row" : " rows") + (under == 1 ? ", fewer than the " + r.folds()
                    + " folds" : "") + ": some folds test none of it " + (leastRows == 1
                    // at least 2 folds: one tests the row and its training part lacks the class
                    ? "and the one that does trains without it, so it is always predicted wrong; no --folds gives"
                            + " every fold one (drop that class's row, or add rows of it)"
                    : "(give --folds " + leastRows + " or fewer for every fold to have one)");
        }

        private static String fmt(double v) {
            return String.format(Locale.ROOT, "%.4f", v);
        }

        private static String secs(double v) {
            return String.format(Locale.ROOT, "%.4f", v);
        }
    }
}
