package io.plate.classifier.impl;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Explainable;
import io.plate.api.learn.Explanation;
import io.plate.api.learn.FeatureWeight;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.classifier.impl.nb.BernoulliNaiveBayes;
import io.plate.classifier.impl.nb.CategoricalNaiveBayes;
import io.plate.classifier.impl.nb.ComplementNaiveBayes;
import io.plate.classifier.impl.nb.DirichletNaiveBayes;
import io.plate.classifier.impl.nb.GaussianNaiveBayes;
import io.plate.classifier.impl.nb.MixedNaiveBayes;
import io.plate.classifier.impl.nb.MultinomialNaiveBayes;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import static io.plate.classifier.impl.Tiny.cat;
import static io.plate.classifier.impl.Tiny.num;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The explanation is a decomposition: prior plus terms, normalised, is the model's posterior, for every
 * event model; the log-odds of a hand-computed categorical case; the telling words of a tiny corpus.
 */
class ExplainTest {
    private static Dataset data() {
        return Tiny.data("d").categorical(cat("f", "a", "b", "a", null, "b", "a"))
                .numeric(num("h", 1.0, 2.5, 0.3, 4.0, Double.NaN, 2.0))
                .sparse(Tiny.words("good cheap good", "bad", "cheap fast", "slow bad bad", "fast good", "good"))
                .labels(cat("class", "P", "N", "P", "N", "N", "P")).build();
    }

    @Test
    void priorPlusTermsIsThePosterior() {
        Dataset d = data();
        for (Learner l : List.of(new CategoricalNaiveBayes(), new GaussianNaiveBayes(), new MultinomialNaiveBayes(),
                new ComplementNaiveBayes(), new BernoulliNaiveBayes(), new MixedNaiveBayes(),
                new DirichletNaiveBayes())) {
            Model m = l.fit(d, l.params(Map.of()), 0);
            double[][] lp = m.predictLogProba(d);
            for (int r = 0; r < d.rows(); r++) {
                Explanation e = ((Explainable) m).explain(d, r);
                double[] sum = e.prior().length == 0 ? new double[2] : e.prior(); // nb.complement has no prior
                for (Explanation.Term t : e.terms()) {
                    for (int k = 0; k < sum.length; k++) {
                        sum[k] += t.perClass()[k];
                    }
                }
                double lse = Math.log(Math.exp(sum[0]) + Math.exp(sum[1]));
                for (int k = 0; k < sum.length; k++) {
                    assertEquals(lp[r][k], sum[k] - lse, 1e-12, l.name() + " row " + r);
                    assertEquals(lp[r][k], e.logProba()[k], 1e-12);
                }
            }
        }
    }

    /**
     * A test file whose level is written 1.0 where the model has 1 is scored with the model's 1 (as
     * documented); the explanation had left that term out, so its terms did not add up to the posterior.
     */
    @Test
    void aLevelMatchedByValueIsExplainedAsItIsScored() {
        Learner l = new CategoricalNaiveBayes();
        Dataset train = Tiny.data("t").categorical(cat("c", "1", "2", "1", "2", "1"))
                .labels(cat("class", "a", "b", "a", "b", "a")).build();
        Model m = l.fit(train, l.params(Map.of()), 0);
        Explanation e = ((Explainable) m).explain(Tiny.data("q").categorical(cat("c", "1.0")).build(), 0);
        assertEquals(1, e.terms().size());
        assertEquals("1.0", e.terms().get(0).value());
        // codes 1, 2: K = 3 (largest code + 1); a: (3+1)/(3+3); b: (0+1)/(2+3)
        assertEquals(Math.log((4.0 / 6) / (1.0 / 5)), e.terms().get(0).logOdds(0, 1), 1e-12);
    }

    @Test
    void categoricalLogOddsByHand() {
        Learner l = new CategoricalNaiveBayes();
        Model m = l.fit(data(), l.params(Map.of()), 0);
        Explanation e = ((Explainable) m).explain(Tiny.data("q").categorical(cat("f", "a")).build(), 0);
        // classes N, P; N has f = b, b (one missing): a (0+1)/(2+2); P has f = a, a, a: a (3+1)/(3+2)
        assertEquals(List.of("N", "P"), e.classes());
        assertEquals(1, e.terms().size());
        Explanation.Term t = e.terms().get(0);
        assertEquals("f", t.feature());
        assertEquals("a", t.value());
        assertEquals(Math.log(0.8 / 0.25), t.logOdds(1, 0), 1e-12);
        assertEquals(0.0, e.prior()[1] - e.prior()[0], 1e-12); // 3 and 3 rows
        assertThrows(PlateException.class, () -> ((Explainable) m).explain(data(), 6));
    }

    /**
     * nb.complement leaves the prior out of its decision, so its explanation has no prior term (it gave a prior of 0
     * per class, which plate:explain printed as a 'prior +0.0000' row); a uniform prior is still a prior.
     */
    @Test
    void aModelWithoutAPriorExplainsNone() {
        Learner complement = new ComplementNaiveBayes();
        Model c = complement.fit(data(), complement.params(Map.of()), 0);
        assertEquals(0, ((Explainable) c).explain(data(), 0).prior().length);
        Learner multinomial = new MultinomialNaiveBayes();
        Model uniform = multinomial.fit(data(), multinomial.params(Map.of("fit_prior", "false")), 0);
        double[] prior = ((Explainable) uniform).explain(data(), 0).prior();
        assertEquals(2, prior.length);
        assertEquals(Math.log(0.5), prior[0], 1e-12);
    }

    @Test
    void tellingWordsOfATinyCorpus() {
        Learner l = new MultinomialNaiveBayes();
        Model m = l.fit(data(), l.params(Map.of()), 0);
        List<List<FeatureWeight>> t = ((Explainable) m).tellingFeatures(2);
        assertEquals(2, t.size());
        // P: good 3, cheap 2, fast 1 (6 words); N: bad 3, slow 1, fast 1, good 1 (6 words); V = 5, alpha = 1
        // log-odds of one occurrence: cheap (2+1)/(0+1) -> log 3 for P; bad (3+1)/(0+1) -> log 4 for N
        assertEquals("cheap", t.get(1).get(0).feature());
        assertEquals(Math.log(3), t.get(1).get(0).weight(), 1e-12);
        assertEquals("good", t.get(1).get(1).feature());
        assertEquals(Math.log(2), t.get(1).get(1).weight(), 1e-12);
        assertEquals("bad", t.get(0).get(0).feature());
        assertEquals(Math.log(4), t.get(0).get(0).weight(), 1e-12);
        Model c = new CategoricalNaiveBayes().fit(data(), new CategoricalNaiveBayes().params(Map.of()), 0);
        assertTrue(((Explainable) c).tellingFeatures(3).isEmpty());
    }
}
