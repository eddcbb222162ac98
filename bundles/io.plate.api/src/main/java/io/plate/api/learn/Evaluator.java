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
    EvaluationReport evaluate(Learner learner, Dataset data, Params params, EvaluationSettings settings);

    /** Writes the report as the evaluation JSON of the command-line contract. */
    void writeJson(EvaluationReport report, java.io.OutputStream out) throws java.io.IOException;
}
