package io.plate.classifier.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.classifier.impl.nb.BernoulliNaiveBayes;
import io.plate.classifier.impl.nb.CategoricalNaiveBayes;
import io.plate.classifier.impl.nb.GaussianNaiveBayes;
import io.plate.classifier.impl.nb.MultinomialNaiveBayes;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * scikit-learn's parameter names and edge values: nb.gaussian takes GaussianNB's {@code priors} (it was refused as an
 * unknown parameter); the values scikit-learn takes that Plate does not (alpha=0, binarize=None, a min_categories per
 * feature) are refused saying what to give instead (they were refused with the range alone).
 */
class ScikitLearnParametersTest {
    private final Learner learner = new GaussianNaiveBayes();

    @Test
    void priorsIsGaussianNbsNameForTheClassPrior() {
        // both classes hold x = 1 and 3: equal likelihoods, so the posterior is the prior, 0.2 / 0.8
        Dataset d = Tiny.data("d").numeric(Tiny.num("x", 1, 3, 1, 3)).labels(Tiny.cat("y", "a", "a", "b", "b")).build();
        Dataset q = Tiny.data("q").numeric(Tiny.num("x", 2)).build();
        Model m = learner.fit(d, learner.params(Map.of("priors", "0.2,0.8")), 0);
        assertEquals(0.2, Math.exp(m.predictLogProba(q)[0][0]), 1e-12);
        assertEquals("0.2,0.8", m.provenance().params().get("class_prior"), "recorded under Plate's own name");
        PlateException twice = assertThrows(PlateException.class,
                () -> learner.params(new java.util.TreeMap<>(Map.of("class_prior", "1,1", "priors", "1,4"))));
        assertEquals("parameter 'class_prior' is given twice (as 'class_prior' and as 'priors')", twice.getMessage());
    }

    @Test
    void valuesScikitLearnTakesThatPlateDoesNotSayWhatToGive() {
        Learner multinomial = new MultinomialNaiveBayes();
        String alpha = assertThrows(PlateException.class, () -> multinomial.params(Map.of("alpha", "0"))).getMessage();
        assertTrue(alpha.startsWith("parameter 'alpha' = '0': must be > 0 (alpha: "), alpha);
        assertTrue(alpha.contains("1e-10"), alpha);
        assertEquals(1e-10, multinomial.params(Map.of("alpha", "1e-10")).getDouble("alpha"));
        Learner bernoulli = new BernoulliNaiveBayes();
        String binarize = assertThrows(PlateException.class, () -> bernoulli.params(Map.of("binarize", "None")))
                .getMessage();
        assertTrue(binarize.startsWith("parameter 'binarize' = 'None': None is not a value here; leave the parameter"
                + " out for its default 0.0 (binarize: "), binarize);
        Learner categorical = new CategoricalNaiveBayes();
        String perFeature = assertThrows(PlateException.class,
                () -> categorical.params(Map.of("min_categories", "3,4"))).getMessage();
        assertTrue(perFeature.startsWith("parameter 'min_categories' = '3,4': expected one whole number, not a list"),
                perFeature);
        assertTrue(perFeature.contains("not scikit-learn's list of one per feature"), perFeature);
    }
}
