package io.plate.api.learn;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The result of an evaluation, with the fields of the command-line contract's evaluation JSON:
 * {@code accuracy}, {@code logLoss}, {@code macroF1}, {@code confusion} (rows = true class, columns =
 * predicted, in {@code classes} order), {@code classes}, {@code folds} (0 for a holdout on a test set),
 * {@code seed}, {@code learner}, {@code params}, {@code fitSeconds}, {@code predictSeconds} (summed over
 * folds) and per-fold figures. Pooled figures are computed over all out-of-fold predictions.
 * For regression, {@code rmse}, {@code mae} and {@code r2} are set and the classification figures are NaN.
 */
public record EvaluationReport(String learner, Map<String, String> params, String dataset, int folds, long seed,
        List<String> classes, double accuracy, double logLoss, double macroF1, long[][] confusion, double rmse,
        double r2, double fitSeconds, double predictSeconds, List<FoldReport> perFold, double mae) {
    /** A report without a mean absolute error (classification, or a report written before it existed). */
    public EvaluationReport(String learner, Map<String, String> params, String dataset, int folds, long seed,
            List<String> classes, double accuracy, double logLoss, double macroF1, long[][] confusion, double rmse,
            double r2, double fitSeconds, double predictSeconds, List<FoldReport> perFold) {
        this(learner, params, dataset, folds, seed, classes, accuracy, logLoss, macroF1, confusion, rmse, r2,
                fitSeconds, predictSeconds, perFold, Double.NaN);
    }

    public EvaluationReport {
        Objects.requireNonNull(learner, "learner");
        params = Map.copyOf(params);
        classes = List.copyOf(classes);
        long[][] c = new long[confusion.length][];
        for (int i = 0; i < c.length; i++) {
            c[i] = confusion[i].clone();
        }
        confusion = c;
        perFold = List.copyOf(perFold);
    }

    /** A copy of the confusion matrix. */
    @Override
    public long[][] confusion() {
        long[][] c = new long[confusion.length][];
        for (int i = 0; i < c.length; i++) {
            c[i] = confusion[i].clone();
        }
        return c;
    }

    public boolean isRegression() {
        return classes.isEmpty();
    }
}
