package io.plate.classifier.impl;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.plate.api.PlateException;
import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.data.LevelNumbers;
import io.plate.api.data.NumericColumn;
import io.plate.api.learn.EvaluationReport;
import io.plate.api.learn.EvaluationSettings;
import io.plate.api.learn.Evaluator;
import io.plate.api.learn.FoldReport;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Metrics;
import io.plate.api.learn.Model;
import io.plate.api.learn.Params;
import io.plate.api.learn.StratifiedFolds;
import io.plate.api.learn.UnseenLevels;
import io.plate.api.sample.ProgressListener;
import io.plate.api.text.Plural;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.osgi.service.component.annotations.Component;

/**
 * Stratified k-fold cross-validation (plain k-fold for a numeric target) and holdout evaluation of any {@link Learner}, through the learner
 * and model interfaces only. Folds come from the seed (xoroshiro128++ from Commons RNG); the same seed is
 * passed to every fit. Pooled figures are over all out-of-fold predictions; rows without a label are not
 * scored. A class that a fold's model never saw gets probability 0 (clipped for the log-loss).
 */
@Component(service = Evaluator.class)
public final class CrossValidationEvaluator implements Evaluator {
    private static final JsonFactory JSON = new JsonFactory();

    @Override
    public EvaluationReport evaluate(Learner learner, Dataset data, Params params, EvaluationSettings settings) {
        return evaluate(learner, data, params, settings, ProgressListener.NONE);
    }

    @Override
    public EvaluationReport evaluate(Learner learner, Dataset data, Params params, EvaluationSettings settings,
            ProgressListener progress) {
        if (data.labels().isEmpty() && data.target().isPresent()) {
            return regression(learner, data, params, settings, progress);
        }
        CategoricalColumn labels = data.labels().orElseThrow(() -> new PlateException(
                "dataset '" + data.name() + "' has neither class labels nor a numeric target to evaluate against"));
        Set<String> names = new HashSet<>();
        for (int r = 0; r < data.rows(); r++) {
            if (labels.level(r) != null) {
                names.add(labels.level(r));
            }
        }
        Dataset test = settings.test().orElse(null);
        if (test != null) {
            CategoricalColumn tl = test.labels().orElseThrow(() -> new PlateException(
                    "test dataset '" + test.name() + "' has no class labels"));
            // a test label joins the classes unless it names a training class (by text, or as a number: 1.0 is 1)
            List<String> trained = LevelNumbers.sorted(names);
            int[] known = tl.mapTo(trained);
            int labelled = 0;
            int ofTrained = 0;
            Set<String> unknown = new java.util.TreeSet<>();
            for (int r = 0; r < test.rows(); r++) {
                if (tl.level(r) != null && known[tl.code(r)] == CategoricalColumn.MISSING) {
                    names.add(tl.level(r));
                    unknown.add(tl.level(r));
                }
                labelled += tl.level(r) != null ? 1 : 0;
                ofTrained += tl.level(r) != null && known[tl.code(r)] != CategoricalColumn.MISSING ? 1 : 0;
            }
            if (labelled == 0) {
                throw new PlateException("test dataset '" + test.name() + "' has no labelled rows to score against;"
                        + " plate:predict gives its predictions");
            }
            if (ofTrained == 0) { // Weka refuses such a pair; every row would be wrong and its log-loss the clip's
                throw new PlateException("test dataset '" + test.name() + "' shares no class with '" + data.name()
                        + "': its classes " + some(List.copyOf(unknown)) + " (label column '" + tl.name()
                        + "') are none of the training data's " + some(trained) + " (label column '" + labels.name() + "')");
            }
        }
        List<String> classes = LevelNumbers.sorted(names);
        int k = classes.size();
        long[][] confusion = new long[k][k];
        double[] totals = new double[3]; // log-loss sum, rows, unused
        double fitSeconds = 0;
        double predictSeconds = 0;
        List<FoldReport> perFold = new ArrayList<>();
        if (test != null) {
            FoldReport f = fold(0, learner, data, test, params, settings.seed(), classes, confusion, totals,
                    new FoldProgress(progress, data.rows()).fold(data.rows()));
            perFold.add(f);
            fitSeconds = f.fitSeconds();
            predictSeconds = f.predictSeconds();
        } else {
            int folds = settings.folds();
            int[] classOf = labels.mapTo(classes);
            int[] y = new int[data.rows()];
            for (int r = 0; r < y.length; r++) {
                int c = labels.code(r);
                y[r] = c == CategoricalColumn.MISSING ? -1 : classOf[c];
            }
            long labelled = java.util.Arrays.stream(y).filter(c -> c >= 0).count();
            if (labelled < folds) {
                throw new PlateException("cannot make " + folds + " folds from " + labelled + " labelled rows of '"
                        + data.name() + "'");
            }
            UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(settings.seed());
            int[] fold = StratifiedFolds.assign(y, k, folds, rng);
            FoldProgress fits = new FoldProgress(progress, labelled * (folds - 1)); // a labelled row trains k - 1 folds
            for (int i = 0; i < folds; i++) {
                Blocks.checkInterrupted();
                int[] tr = indices(fold, i, false);
                int[] te = indices(fold, i, true);
                // folds keep the dataset's name: a learner's message about them names what the user imported
                Dataset train = data.select(tr, data.name());
                Dataset held = data.select(te, data.name());
                FoldReport f;
                try {
                    f = fold(i + 1, learner, train, held, params, settings.seed(), classes, confusion, totals,
                            fits.fold(train.rows()));
                } catch (PerClassValuesException e) {
                    throw lacking(e, i + 1, folds, y, tr, classes, data.name());
                }
                perFold.add(f);
                fitSeconds += f.fitSeconds();
                predictSeconds += f.predictSeconds();
            }
        }
        return new EvaluationReport(learner.name(), params.asMap(), data.name(), test == null ? settings.folds() : 0,
                settings.seed(), classes, Metrics.accuracy(confusion), totals[0] / totals[1],
                Metrics.macroF1(confusion),
                confusion, Double.NaN, Double.NaN, fitSeconds, predictSeconds, perFold);
    }

    /**
     * A per-class parameter refused by a fold whose training part lacks a class: which fold, which class, and
     * what to do. Stratified folds deal a class's rows to different folds, so only a class of one row is
     * missing from a training part, and from one at any number of folds.
     */
    private static PlateException lacking(PerClassValuesException e, int fold, int folds, int[] y, int[] train,
            List<String> classes, String dataset) {
        boolean[] trained = new boolean[classes.size()];
        for (int r : train) {
            if (y[r] >= 0) {
                trained[y[r]] = true;
            }
        }
        int[] rows = new int[classes.size()];
        for (int c : y) {
            if (c >= 0) {
                rows[c]++;
            }
        }
        List<String> absent = new ArrayList<>();
        for (int c = 0; c < trained.length; c++) {
            if (!trained[c]) {
                absent.add("'" + classes.get(c) + "' (" + Plural.of(rows[c], "row") + " in '" + dataset + "')");
            }
        }
        if (absent.isEmpty()) {
            return e;
        }
        return new PlateException("fold " + fold + " of " + folds + ": its training part has no row of "
                + (absent.size() == 1 ? "class " : "classes ") + String.join(", ", absent) + ": " + e.mismatch()
                + "; a class of one row is missing from one fold's training part whatever --folds: drop "
                + (absent.size() == 1 ? "that class's row" : "those classes' rows") + ", or evaluate on a --test dataset",
                e);
    }

    private static int[] indices(int[] fold, int i, boolean in) {
        int n = 0;
        for (int f : fold) {
            if (f >= 0 && (f == i) == in) {
                n++;
            }
        }
        int[] out = new int[n];
        n = 0;
        for (int r = 0; r < fold.length; r++) {
            if (fold[r] >= 0 && (fold[r] == i) == in) {
                out[n++] = r;
            }
        }
        return out;
    }

    private static FoldReport fold(int index, Learner learner, Dataset train, Dataset test, Params params, long seed,
            List<String> classes, long[][] pooled, double[] totals, ProgressListener progress) {
        long t0 = System.nanoTime();
        Model model = learner.fit(train, params, seed, progress);
        long t1 = System.nanoTime();
        double[][] lp = model.predictLogProba(test);
        long t2 = System.nanoTime();
        int[] toGlobal = new int[model.classes().size()];
        for (int c = 0; c < toGlobal.length; c++) {
            toGlobal[c] = classes.indexOf(model.classes().get(c));
            if (toGlobal[c] < 0) {
                throw new PlateException("model predicts class '" + model.classes().get(c) + "' not in the data");
            }
        }
        CategoricalColumn labels = test.labels().orElseThrow();
        int[] truthMap = labels.mapTo(classes);
        int k = classes.size();
        long[][] confusion = new long[k][k];
        double loss = 0;
        int scored = 0;
        for (int r = 0; r < lp.length; r++) {
            int code = labels.code(r);
            if (code == CategoricalColumn.MISSING) {
                continue;
            }
            int truth = truthMap[code];
            int best = 0;
            double pTrue = 0;
            for (int c = 0; c < lp[r].length; c++) {
                if (lp[r][c] > lp[r][best]) {
                    best = c;
                }
                if (toGlobal[c] == truth) {
                    pTrue = Math.exp(lp[r][c]);
                }
            }
            confusion[truth][toGlobal[best]]++;
            loss += Metrics.logLoss(pTrue);
            scored++;
        }
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                pooled[i][j] += confusion[i][j];
            }
        }
        totals[0] += loss;
        totals[1] += scored;
        return new FoldReport(index, train.rows(), test.rows(), Metrics.accuracy(confusion), loss / scored,
                Metrics.macroF1(confusion), Double.NaN, Double.NaN, (t1 - t0) / 1e9, (t2 - t1) / 1e9, Double.NaN,
                model.unseenLevels(test));
    }

    /** "a, b, c, … 17 more": the first names of a list and how many more. */
    private static String some(List<String> names) {
        int shown = Math.min(5, names.size());
        return String.join(", ", names.subList(0, shown)) + (shown < names.size() ? ", … " + (names.size() - shown)
                + " more" : "");
    }

    /** k-fold (rows shuffled, not stratified) or holdout for a model with a numeric target. */
    private static EvaluationReport regression(Learner learner, Dataset data, Params params,
            EvaluationSettings settings, ProgressListener progress) {
        Dataset test = settings.test().orElse(null);
        List<FoldReport> perFold = new ArrayList<>();
        List<double[]> truth = new ArrayList<>();
        List<double[]> predicted = new ArrayList<>();
        double fitSeconds = 0;
        double predictSeconds = 0;
        if (test != null) {
            perFold.add(regressionFold(0, learner, data, test, params, settings.seed(), truth, predicted,
                    new FoldProgress(progress, data.rows()).fold(data.rows())));
        } else {
            int folds = settings.folds();
            if (data.rows() < folds) {
                throw new PlateException("cannot make " + folds + " folds from " + data.rows() + " rows");
            }
            UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(settings.seed());
            int[] fold = StratifiedFolds.assign(new int[data.rows()], 1, folds, rng);
            FoldProgress fits = new FoldProgress(progress, (long) data.rows() * (folds - 1)); // a row trains k - 1 folds
            for (int i = 0; i < folds; i++) {
                Blocks.checkInterrupted();
                Dataset train = data.select(indices(fold, i, false), data.name());
                Dataset held = data.select(indices(fold, i, true), data.name());
                perFold.add(regressionFold(i + 1, learner, train, held, params, settings.seed(), truth, predicted,
                        fits.fold(train.rows())));
            }
        }
        for (FoldReport f : perFold) {
            fitSeconds += f.fitSeconds();
            predictSeconds += f.predictSeconds();
        }
        double[] t = truth.stream().flatMapToDouble(java.util.Arrays::stream).toArray();
        double[] p = predicted.stream().flatMapToDouble(java.util.Arrays::stream).toArray();
        return new EvaluationReport(learner.name(), params.asMap(), data.name(), test == null ? settings.folds() : 0,
                settings.seed(), List.of(), Double.NaN, Double.NaN, Double.NaN, new long[0][], Metrics.rmse(t, p),
                Metrics.r2(t, p), fitSeconds, predictSeconds, perFold, Metrics.mae(t, p));
    }

    private static FoldReport regressionFold(int index, Learner learner, Dataset train, Dataset test, Params params,
            long seed, List<double[]> truth, List<double[]> predicted, ProgressListener progress) {
        long t0 = System.nanoTime();
        Model model = learner.fit(train, params, seed, progress);
        long t1 = System.nanoTime();
        double[] p = model.predict(test);
        long t2 = System.nanoTime();
        NumericColumn target = test.target().orElseThrow(() -> new PlateException(
                "dataset '" + test.name() + "' has no numeric target"));
        int n = 0;
        for (int r = 0; r < p.length; r++) {
            if (!Double.isNaN(target.value(r))) {
                n++;
            }
        }
        double[] t = new double[n];
        double[] q = new double[n];
        n = 0;
        for (int r = 0; r < p.length; r++) {
            if (!Double.isNaN(target.value(r))) {
                t[n] = target.value(r);
                q[n++] = p[r];
            }
        }
        truth.add(t);
        predicted.add(q);
        return new FoldReport(index, train.rows(), test.rows(), Double.NaN, Double.NaN, Double.NaN,
                Metrics.rmse(t, q), Metrics.r2(t, q), (t1 - t0) / 1e9, (t2 - t1) / 1e9, Metrics.mae(t, q),
                model.unseenLevels(test));
    }

    @Override
    public void writeJson(EvaluationReport report, OutputStream out) throws IOException {
        try (JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeStringField("learner", report.learner());
            g.writeObjectFieldStart("params");
            for (Map.Entry<String, String> e : new java.util.TreeMap<>(report.params()).entrySet()) {
                g.writeStringField(e.getKey(), e.getValue());
            }
            g.writeEndObject();
            g.writeStringField("dataset", report.dataset());
            g.writeNumberField("folds", report.folds());
            g.writeNumberField("seed", report.seed());
            strings(g, "classes", report.classes());
            number(g, "accuracy", report.accuracy());
            number(g, "logLoss", report.logLoss());
            number(g, "macroF1", report.macroF1());
            g.writeArrayFieldStart("confusion");
            for (long[] row : report.confusion()) {
                g.writeStartArray();
                for (long v : row) {
                    g.writeNumber(v);
                }
                g.writeEndArray();
            }
            g.writeEndArray();
            if (report.isRegression()) {
                number(g, "rmse", report.rmse());
                number(g, "mae", report.mae());
                number(g, "r2", report.r2());
            }
            number(g, "fitSeconds", report.fitSeconds());
            number(g, "predictSeconds", report.predictSeconds());
            // the scored cells whose level their fold's model never saw (each row is scored by one fold)
            g.writeNumberField("unseenLevelCells", report.perFold().stream()
                    .flatMap(f -> f.unseenLevels().stream()).mapToLong(UnseenLevels::rows).sum());
            g.writeArrayFieldStart("perFold");
            for (FoldReport f : report.perFold()) {
                g.writeStartObject();
                g.writeNumberField("fold", f.fold());
                g.writeNumberField("trainRows", f.trainRows());
                g.writeNumberField("testRows", f.testRows());
                if (report.isRegression()) {
                    number(g, "rmse", f.rmse());
                    number(g, "mae", f.mae());
                    number(g, "r2", f.r2());
                } else {
                    number(g, "accuracy", f.accuracy());
                    number(g, "logLoss", f.logLoss());
                    number(g, "macroF1", f.macroF1());
                }
                number(g, "fitSeconds", f.fitSeconds());
                number(g, "predictSeconds", f.predictSeconds());
                g.writeArrayFieldStart("unseenLevels");
                for (UnseenLevels u : f.unseenLevels()) {
                    g.writeStartObject();
                    g.writeStringField("column", u.column());
                    g.writeNumberField("rows", u.rows());
                    strings(g, "levels", u.levels());
                    g.writeEndObject();
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
    }

    /** A number, or null when it is NaN or infinite (JSON has neither). */
    /** Field {@code name}: the array of {@code values}. */
    private static void strings(JsonGenerator g, String name, java.util.Collection<String> values)
            throws IOException {
        g.writeArrayFieldStart(name);
        for (String v : values) {
            g.writeString(v);
        }
        g.writeEndArray();
    }

    private static void number(JsonGenerator g, String name, double v) throws IOException {
        if (Double.isFinite(v)) {
            g.writeNumberField(name, v);
        } else {
            g.writeNullField(name);
        }
    }
}
