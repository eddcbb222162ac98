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
        assertTrue(e.getMessage().equals("numeric feature 'x' has zero variance in class 'P'; use var_smoothing > 0"),
                e.getMessage());
    }

    @Test
    void constantFeaturesSayThatSmoothingCannotHelp() {
        PlateException e = assertThrows(PlateException.class, () -> learner.fit(
                data(new double[] {1, 1, 1, 1}, new double[] {2, 2, 2, 2}), learner.params(Map.of()), 0));
        assertTrue(e.getMessage().startsWith("numeric feature 'x' has zero variance in class 'N'; var_smoothing "
                + "cannot help") && e.getMessage().endsWith("every numeric feature has variance 0 over the training "
                + "rows (it is constant, or its deviations are below about 1e-154, whose squares underflow a double: "
                + "rescale it)"), e.getMessage());
    }

    /** A class whose rows all have weight 0 (or all miss the feature) is named, with the reason. */
    @Test
    void aClassWithoutValuesIsNamed() {
        Dataset d = Tiny.data("d").numeric(num("x", 1, 2, 3, 4)).numeric(num("w", 0, 0, 1, 1))
                .labels(cat("class", "P", "P", "N", "N")).build();
        PlateException e = assertThrows(PlateException.class, () -> learner.fit(d, learner.params(Map.of("weight",
                "w")), 0));
        assertTrue(e.getMessage().equals("numeric feature 'x' has no value in class 'P' (every row of the class "
                + "misses it or has weight 0); the Gaussian model cannot estimate it"), e.getMessage());
    }

    /** A var_smoothing so large that ε overflows is refused at fit time naming the parameter (it failed at predict). */
    @Test
    void aSmoothingThatOverflowsIsRefused() {
        PlateException e = assertThrows(PlateException.class, () -> learner.fit(
                data(new double[] {1, 1, 2, 3}, new double[] {0, 5, 1, 9}),
                learner.params(Map.of("var_smoothing", "1e308")), 0));
        assertTrue(e.getMessage().startsWith("parameter 'var_smoothing' = 1.0E308: times the largest feature variance"),
                e.getMessage());
    }

    /** Values of order 1e-170 differ, but their squared deviations underflow to 0: not called constant. */
    @Test
    void varianceThatUnderflowsIsNotCalledConstant() {
        PlateException e = assertThrows(PlateException.class, () -> learner.fit(
                data(new double[] {1e-170, 2e-170, 3e-170, 5e-170}, new double[] {-1e-170, 1e-170, 0, 4e-170}),
                learner.params(Map.of()), 0));
        assertTrue(e.getMessage().contains("below about 1e-154, whose squares underflow a double"), e.getMessage());
    }

    /**
     * Values near 1e300 overflow the variance (scikit-learn's GaussianNB then predicts NaN): the fit is
     * refused naming the column and the size, by every model of the numeric moments (it said "zero
     * variance … every numeric feature is constant", and nb.dirichlet failed only at predict time).
     */
    @Test
    void varianceThatOverflowsIsRefusedNamingTheColumn() {
        Dataset d = data(new double[] {0, 1, 2, 3}, new double[] {3e299, -1e300, 2e299, 1e300});
        for (Learner l : new Learner[] {learner, new io.plate.classifier.impl.nb.MixedNaiveBayes(),
                new io.plate.classifier.impl.nb.DirichletNaiveBayes()}) {
            PlateException e = assertThrows(PlateException.class, () -> l.fit(d, l.params(Map.of()), 0), l.name());
            assertTrue(e.getMessage().contains("numeric feature 'y': values as large as 1.0E300 overflow its mean or "
                    + "variance in double precision"), l.name() + ": " + e.getMessage());
        }
    }
}
