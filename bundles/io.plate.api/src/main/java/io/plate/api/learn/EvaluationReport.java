package io.plate.api.learn;

import java.util.Arrays;
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

    /** Copies the parameters, classes, confusion matrix and folds, so that the report cannot change. */
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

    /** True for a regression report (no classes): {@code rmse}, {@code mae} and {@code r2} hold its figures. */
    public boolean isRegression() {
        return classes.isEmpty();
    }

    /** Equal when every field is, the confusion matrix by its counts (a record compares arrays by identity). */
    @Override
    public boolean equals(Object o) {
        return o instanceof EvaluationReport r && learner.equals(r.learner) && params.equals(r.params)
                && dataset.equals(r.dataset) && folds == r.folds && seed == r.seed && classes.equals(r.classes)
                && Double.compare(accuracy, r.accuracy) == 0 && Double.compare(logLoss, r.logLoss) == 0
                && Double.compare(macroF1, r.macroF1) == 0 && Arrays.deepEquals(confusion, r.confusion)
                && Double.compare(rmse, r.rmse) == 0 && Double.compare(r2, r.r2) == 0
                && Double.compare(fitSeconds, r.fitSeconds) == 0 && Double.compare(predictSeconds, r.predictSeconds) == 0
                && perFold.equals(r.perFold) && Double.compare(mae, r.mae) == 0;
    }

    @Override
    public int hashCode() {
        return Objects.hash(learner, params, dataset, folds, seed, classes, accuracy, Arrays.deepHashCode(confusion),
                rmse, mae);
    }

    /** The fields as a record prints them, the confusion matrix by its counts (not {@code [[J@1d8bd0de}). */
    @Override
    public String toString() {
        return "EvaluationReport[learner=" + learner + ", params=" + params + ", dataset=" + dataset + ", folds=" + folds
                + ", seed=" + seed + ", classes=" + classes + ", accuracy=" + accuracy + ", logLoss=" + logLoss
                + ", macroF1=" + macroF1 + ", confusion=" + Arrays.deepToString(confusion) + ", rmse=" + rmse
                + ", r2=" + r2 + ", mae=" + mae + ", fitSeconds=" + fitSeconds + ", predictSeconds=" + predictSeconds
                + ", perFold=" + perFold + "]";
    }
}
