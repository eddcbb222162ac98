package io.plate.api.learn;

/**
 * Figures of one fold (or the single holdout split). For regression, {@code accuracy}, {@code logLoss}
 * and {@code macroF1} are NaN and {@code rmse}, {@code r2} are set; for classification the reverse.
 */
public record FoldReport(int fold, int trainRows, int testRows, double accuracy, double logLoss, double macroF1,
        double rmse, double r2, double fitSeconds, double predictSeconds) {
}
