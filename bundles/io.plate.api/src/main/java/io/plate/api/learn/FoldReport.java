package io.plate.api.learn;

/**
 * Figures of one fold (or the single holdout split). For regression, {@code accuracy}, {@code logLoss}
 * and {@code macroF1} are NaN and {@code rmse}, {@code mae}, {@code r2} are set; for classification the reverse.
 */
public record FoldReport(int fold, int trainRows, int testRows, double accuracy, double logLoss, double macroF1,
        double rmse, double r2, double fitSeconds, double predictSeconds, double mae) {
    /** Figures without a mean absolute error (classification). */
    public FoldReport(int fold, int trainRows, int testRows, double accuracy, double logLoss, double macroF1,
            double rmse, double r2, double fitSeconds, double predictSeconds) {
        this(fold, trainRows, testRows, accuracy, logLoss, macroF1, rmse, r2, fitSeconds, predictSeconds, Double.NaN);
    }
}
