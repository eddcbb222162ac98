package io.plate.classifier.impl;

import static io.plate.classifier.impl.Tiny.cat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.plate.api.data.Dataset;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.classifier.impl.nb.CategoricalNaiveBayes;
import io.plate.classifier.impl.nb.MultinomialNaiveBayes;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A model fitted on a view (the training part of {@code plate:split}, a fold) knows only the levels and
 * words its rows use, plus declared levels no row uses: the held-out rows' own levels and words do not
 * enter K_i or V. Expected values are worked by hand; each equals the model of the same rows built on
 * their own (as a separately imported training file), which is what scikit-learn's encoder or vectoriser
 * fitted on the training rows gives.
 */
class TrainingViewsTest {
    private static final int[] FIRST_FIVE = {0, 1, 2, 3, 4};

    private static double probability(Model m, Dataset test, int row, String cls) {
        return Math.exp(m.predictLogProba(test)[row][m.classes().indexOf(cls)]);
    }

    @Test
    void aLevelOnlyTheHeldOutRowsUseIsNotACategory() {
        Learner nb = new CategoricalNaiveBayes();
        // row 6 (held out) alone has level z of 'a'; 'b' declares a level w that no row uses
        Dataset all = Tiny.data("all").categorical(cat("a", "x", "x", "y", "y", "x", "z"))
                .categorical(cat("b", List.of("p", "q", "w"), "p", "q", "p", "q", "p", "q"))
                .labels(cat("class", "yes", "yes", "no", "no", "yes", "no")).build();
        Model m = nb.fit(all.select(FIRST_FIVE), nb.params(Map.of()), 0);
        Dataset test = all.select(new int[] {5});
        // K_a = 2 (x, y), K_b = 3 (p, q and the declared w); z is a level the model never saw: no term.
        // yes: 3/5 * P(q|yes) = (1+1)/(3+3) = 1/3 -> 0.2; no: 2/5 * (1+1)/(2+3) = 0.4 -> 0.16
        assertEquals(0.2 / 0.36, probability(m, test, 0, "yes"), 1e-12);
        Dataset alone = Tiny.data("alone").categorical(cat("a", "x", "x", "y", "y", "x"))
                .categorical(cat("b", List.of("p", "q", "w"), "p", "q", "p", "q", "p"))
                .labels(cat("class", "yes", "yes", "no", "no", "yes")).build();
        assertEquals(probability(nb.fit(alone, nb.params(Map.of()), 0), test, 0, "yes"),
                probability(m, test, 0, "yes"), 1e-15);
    }

    @Test
    void aWordOnlyTheHeldOutRowsUseIsNotInTheVocabulary() {
        Learner nb = new MultinomialNaiveBayes();
        Dataset all = Tiny.data("all").sparse(Tiny.words("a a b", "b c", "a", "c c c", "d a"))
                .labels(cat("class", "P", "N", "P", "N", "P")).build();
        Model m = nb.fit(all.select(new int[] {0, 1, 2, 3}), nb.params(Map.of()), 0);
        Dataset test = all.select(new int[] {4});
        // V = 3 (a, b, c); P: a 3, b 1 -> θ_a = (3+1)/(4+3) = 4/7; N: b 1, c 4 -> θ_a = 1/(5+3) = 1/8;
        // d is unseen: no term. Priors 1/2 each. (With the held-out word d in V: 81/97.)
        assertEquals((4.0 / 7) / (4.0 / 7 + 1.0 / 8), probability(m, test, 0, "P"), 1e-12);
        Dataset alone = Tiny.data("alone").sparse(Tiny.words("a a b", "b c", "a", "c c c"))
                .labels(cat("class", "P", "N", "P", "N")).build();
        assertEquals(probability(nb.fit(alone, nb.params(Map.of()), 0), test, 0, "P"),
                probability(m, test, 0, "P"), 1e-15);
    }
}
