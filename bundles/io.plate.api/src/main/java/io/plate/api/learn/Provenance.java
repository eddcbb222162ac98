package io.plate.api.learn;

import java.util.Map;
import java.util.Objects;

/**
 * Where a model came from: learner, effective parameters, seed, a summary of the training data and the
 * Plate version. Written into every model file.
 *
 * @param learner      the {@code plate.learner} name
 * @param params       effective parameter values as text
 * @param seed         the seed the fit used (0 for deterministic learners)
 * @param dataSummary  the training dataset's one-line summary
 * @param plateVersion the version of Plate that fitted the model
 * @param created      ISO-8601 instant of the fit
 */
public record Provenance(String learner, Map<String, String> params, long seed, String dataSummary,
        String plateVersion, String created) {
    public Provenance {
        Objects.requireNonNull(learner, "learner");
        params = Map.copyOf(params);
        Objects.requireNonNull(dataSummary, "dataSummary");
        Objects.requireNonNull(plateVersion, "plateVersion");
        Objects.requireNonNull(created, "created");
    }
}
