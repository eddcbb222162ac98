package io.plate.api.learn;

import java.util.List;

/**
 * Figures of one fold (or the single holdout split). For regression, {@code accuracy}, {@code logLoss}
 * and {@code macroF1} are NaN and {@code rmse}, {@code mae}, {@code r2} are set; for classification the reverse.
 * {@code unseenLevels} (since 1.6) are the test rows' categorical cells that the fold's model has no term for
 * ({@link Model#unseenLevels}).
 */
public record FoldReport(int fold, int trainRows, int testRows, double accuracy, double logLoss, double macroF1,
        double rmse, double r2, double fitSeconds, double predictSeconds, double mae, List<UnseenLevels> unseenLevels) {
    /** Copies {@code unseenLevels}, so that the report cannot change. */
    public FoldReport {
        unseenLevels = List.copyOf(unseenLevels);
    }

    /** Figures that name no unseen level. */
    public FoldReport(int fold, int trainRows, int testRows, double accuracy, double logLoss, double macroF1,
            double rmse, double r2, double fitSeconds, double predictSeconds, double mae) {
        this(fold, trainRows, testRows, accuracy, logLoss, macroF1, rmse, r2, fitSeconds, predictSeconds, mae,
                List.of());
    }

    /** Figures without a mean absolute error (classification). */
    public FoldReport(int fold, int trainRows, int testRows, double accuracy, double logLoss, double macroF1,
            double rmse, double r2, double fitSeconds, double predictSeconds) {
        this(fold, trainRows, testRows, accuracy, logLoss, macroF1, rmse, r2, fitSeconds, predictSeconds, Double.NaN);
    }
}
