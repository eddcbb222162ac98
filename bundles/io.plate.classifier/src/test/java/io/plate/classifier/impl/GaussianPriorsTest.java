package io.plate.classifier.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.classifier.impl.nb.GaussianNaiveBayes;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * nb.gaussian takes scikit-learn GaussianNB's name for the class prior, {@code priors}, as well as the
 * {@code class_prior} of the other naive Bayes models (it was refused as an unknown parameter).
 */
class GaussianPriorsTest {
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
}
