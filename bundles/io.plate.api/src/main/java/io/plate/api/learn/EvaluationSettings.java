package io.plate.api.learn;

import io.plate.api.data.Dataset;
import java.util.Optional;

/**
 * How to evaluate: stratified k-fold cross-validation ({@code folds >= 2}) or a holdout on a separate
 * test dataset ({@code test} present, {@code folds} ignored). The seed fixes the fold assignment and is
 * passed to the learner.
 */
public record EvaluationSettings(int folds, Optional<Dataset> test, long seed) {
    /** Refuses cross-validation with fewer than 2 folds. */
    public EvaluationSettings {
        if (test.isEmpty() && folds < 2) {
            throw new IllegalArgumentException("folds must be at least 2, got " + folds);
        }
    }

    /** Cross-validation over {@code folds} folds (at least 2), stratified by class, assigned by {@code seed}. */
    public static EvaluationSettings crossValidation(int folds, long seed) {
        return new EvaluationSettings(folds, Optional.empty(), seed);
    }

    /** Fitting on the whole dataset and scoring the separate {@code test} dataset, the learner given {@code seed}. */
    public static EvaluationSettings holdout(Dataset test, long seed) {
        return new EvaluationSettings(0, Optional.of(test), seed);
    }
}
