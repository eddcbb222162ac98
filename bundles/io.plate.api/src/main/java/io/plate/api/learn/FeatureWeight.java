package io.plate.api.learn;

import java.util.Objects;

/**
 * How strongly a feature favours a class: {@code weight} is what its presence adds to the class's score, less its
 * mean over the other classes (for a multinomial model the log-odds {@code log θ_wk - mean over other classes of
 * log θ_wj}; for complement and Bernoulli models the same difference of their own weights, which are not log-odds).
 */
public record FeatureWeight(String feature, double weight) {
    /** Refuses a null feature. */
    public FeatureWeight {
        Objects.requireNonNull(feature, "feature");
    }
}
