package io.plate.classifier.impl;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Learner;
import io.plate.classifier.impl.nb.GaussianNaiveBayes;
import java.util.Map;
import org.junit.jupiter.api.Test;
import static io.plate.classifier.impl.Tiny.cat;
import static io.plate.classifier.impl.Tiny.num;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A feature constant within a class: var_smoothing (as scikit-learn's, a fraction of the largest feature
 * variance) makes its variance positive, unless it is 0 or every feature is constant over the training rows;
 * the two refusals say which.
 */
class ZeroVarianceTest {
    private final Learner learner = new GaussianNaiveBayes();

    private Dataset data(double[] x, double[] y) {
        return Tiny.data("d").numeric(num("x", x)).numeric(num("y", y)).labels(cat("class", "P", "P", "N", "N")).build();
    }

    @Test
    void theDefaultSmoothingFitsAFeatureConstantInAClass() {
        // x is constant within P, y varies: epsilon = 1e-9 * var(y) > 0
        learner.fit(data(new double[] {1, 1, 2, 3}, new double[] {0, 5, 1, 9}), learner.params(Map.of()), 0);
    }

    @Test
    void withoutSmoothingTheMessageAsksForIt() {
        PlateException e = assertThrows(PlateException.class, () -> learner.fit(
                data(new double[] {1, 1, 2, 3}, new double[] {0, 5, 1, 9}),
                learner.params(Map.of("var_smoothing", "0")), 0));
        assertTrue(e.getMessage().equals("numeric feature 'x' has zero variance in a class; use var_smoothing > 0"),
                e.getMessage());
    }

    @Test
    void constantFeaturesSayThatSmoothingCannotHelp() {
        PlateException e = assertThrows(PlateException.class, () -> learner.fit(
                data(new double[] {1, 1, 1, 1}, new double[] {2, 2, 2, 2}), learner.params(Map.of()), 0));
        assertTrue(e.getMessage().startsWith("numeric feature 'x' has zero variance in a class; var_smoothing "
                + "cannot help") && e.getMessage().endsWith("every numeric feature is constant over the training rows"),
                e.getMessage());
    }
}
