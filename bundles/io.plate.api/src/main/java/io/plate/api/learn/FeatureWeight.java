package io.plate.api.learn;

import java.util.Objects;

/**
 * How strongly a feature favours a class: {@code weight} is the log-odds its presence adds for the class
 * against the others (for a multinomial model, {@code log θ_wk - mean over other classes of log θ_wj}).
 */
public record FeatureWeight(String feature, double weight) {
    /** Refuses a null feature. */
    public FeatureWeight {
        Objects.requireNonNull(feature, "feature");
    }
}
