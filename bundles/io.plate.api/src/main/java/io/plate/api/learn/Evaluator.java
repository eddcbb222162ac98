package io.plate.api.learn;

import io.plate.api.data.Dataset;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Evaluates any {@link Learner} on a {@link Dataset}: stratified k-fold cross-validation or a holdout.
 * Works through the learner interface only, so learners from any bundle are evaluated the same way.
 * Safe to call from several threads at once.
 */
@ProviderType
public interface Evaluator {
    /** Fits {@code learner} on each fold's training rows (or all of {@code data}) and scores the rows held out. */
    EvaluationReport evaluate(Learner learner, Dataset data, Params params, EvaluationSettings settings);

    /**
     * {@link #evaluate(Learner, Dataset, Params, EvaluationSettings)}, passing on to {@code progress} what the
     * learner's {@link Learner#fit(Dataset, Params, long, io.plate.api.sample.ProgressListener) fit} reports, as
     * training rows done of those of every fold together. A learner whose fit is quick reports nothing.
     *
     * @since 1.8
     */
    default EvaluationReport evaluate(Learner learner, Dataset data, Params params, EvaluationSettings settings,
            io.plate.api.sample.ProgressListener progress) {
        return evaluate(learner, data, params, settings);
    }

    /** Writes the report as the evaluation JSON of the command-line contract. */
    void writeJson(EvaluationReport report, java.io.OutputStream out) throws java.io.IOException;
}
