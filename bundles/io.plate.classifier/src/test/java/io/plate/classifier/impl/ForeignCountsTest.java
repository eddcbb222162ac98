package io.plate.classifier.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.learn.KnownWords;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.classifier.impl.nb.BernoulliNaiveBayes;
import io.plate.classifier.impl.nb.ComplementNaiveBayes;
import io.plate.classifier.impl.nb.MultinomialNaiveBayes;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A model of word counts refuses a table that shares no column with its words (a mistake: it would score
 * every row at the class prior alone); texts with none of its words are scored at the class prior, as
 * scikit-learn scores them, and a dataset sharing some words is scored.
 */
class ForeignCountsTest {
    private static Dataset corpus() {
        return Tiny.data("sms").sparse(Tiny.words("free prize call", "call me later", "free free win", "see you later"))
                .labels(Tiny.cat("label", "spam", "ham", "spam", "ham")).build();
    }

    private static final Learner[] WORD_LEARNERS = {new MultinomialNaiveBayes(), new BernoulliNaiveBayes(),
            new ComplementNaiveBayes()};

    @Test
    void aTableWithNoneOfTheWordsIsRefused() {
        Dataset table = Tiny.data("blobs").numeric(Tiny.num("x1", 1, 2)).numeric(Tiny.num("x2", 3, 4)).build();
        for (Learner l : WORD_LEARNERS) {
            Model m = l.fit(corpus(), l.params(Map.of()), 1);
            PlateException e = assertThrows(PlateException.class, () -> m.predictLogProba(table), l.name());
            assertTrue(e.getMessage().startsWith(l.name() + ": dataset 'blobs' has none of the "), e.getMessage());
            assertTrue(e.getMessage().contains("numeric columns ('x1', 'x2')"), e.getMessage());
        }
    }

    /**
     * A dense table of counts names its columns: one the model uses that the scored table lacks is refused, naming
     * it, as nb.gaussian and scikit-learn refuse it (before, it was scored as if the column were 0, silently); a
     * table with every column, and more, is scored.
     */
    @Test
    void aTableLackingOneOfTheModelsColumnsIsRefusedNamingIt() {
        Dataset train = Tiny.data("c").numeric(Tiny.num("w1", 3, 2, 0, 1)).numeric(Tiny.num("w2", 0, 1, 2, 3))
                .numeric(Tiny.num("w3", 1, 0, 3, 2)).labels(Tiny.cat("y", "a", "a", "b", "b")).build();
        Dataset lacking = Tiny.data("t").numeric(Tiny.num("w1", 2, 0)).numeric(Tiny.num("w2", 0, 3)).build();
        Dataset wider = Tiny.data("u").numeric(Tiny.num("w3", 1, 0)).numeric(Tiny.num("w2", 0, 3))
                .numeric(Tiny.num("w1", 2, 0)).numeric(Tiny.num("extra", 5, 5)).build();
        for (Learner l : WORD_LEARNERS) {
            Model m = l.fit(train, l.params(Map.of()), 1);
            PlateException e = assertThrows(PlateException.class, () -> m.predictLogProba(lacking), l.name());
            assertEquals(l.name() + ": dataset 't' has no numeric column 'w3' that the model uses", e.getMessage());
            assertEquals(2, m.predictLogProba(wider).length, l.name());
        }
    }

    /**
     * Texts with none of the model's words (short new messages, another corpus) are scored as scikit-learn
     * scores them: a multinomial gives every row the class prior, here 1/3 spam and 2/3 ham from the three
     * training documents; the model says how many of the words it knows, for the shell's warning.
     */
    @Test
    void textsWithNoSharedWordAreScoredAtTheClassPrior() {
        Dataset train = Tiny.data("sms").sparse(Tiny.words("free prize", "call me", "see you"))
                .labels(Tiny.cat("label", "spam", "ham", "ham")).build();
        Dataset other = Tiny.data("new").sparse(Tiny.words("1 2 2", "3")).build();
        Model m = new MultinomialNaiveBayes().fit(train, new MultinomialNaiveBayes().params(Map.of()), 1);
        double[][] lp = m.predictLogProba(other);
        int spam = m.classes().indexOf("spam");
        for (double[] row : lp) {
            assertEquals(Math.log(1.0 / 3), row[spam], 1e-12);
            assertEquals(Math.log(2.0 / 3), row[1 - spam], 1e-12);
        }
        String prior = "(the class prior), as scikit-learn gives them";
        assertEquals(Optional.of(new KnownWords(3, 0, 6, prior)), m.knownWords(other));
        assertEquals(Optional.of(new KnownWords(2, 1, 6, prior)),
                m.knownWords(Tiny.data("some").sparse(Tiny.words("free unseen")).build()));
        Dataset empty = Tiny.data("empty").sparse(Tiny.words("", "")).build(); // an empty vocabulary
        assertEquals(Optional.of(new KnownWords(0, 0, 6, prior)), m.knownWords(empty));
        assertEquals(Math.log(1.0 / 3), m.predictLogProba(empty)[1][spam], 1e-12);
        for (Learner l : WORD_LEARNERS) {
            assertEquals(2, l.fit(corpus(), l.params(Map.of()), 1).predictLogProba(other).length, l.name());
        }
    }

    /**
     * Each event model says what it scores a text without words as, and its scores are that: the class prior for
     * multinomial (here 1/2 each: two spam, two ham), equal scores for complement (no prior), the prior and every
     * word's absence for Bernoulli (not the prior: the words' absences differ by class); nb.mixed says nothing, as its
     * numeric column still counts.
     */
    @Test
    void eachEventModelSaysWhatATextWithoutWordsScores() {
        Dataset other = Tiny.data("new").sparse(Tiny.words("1 2 2", "3")).build();
        Learner multinomial = new MultinomialNaiveBayes();
        Model mm = multinomial.fit(corpus(), multinomial.params(Map.of()), 1);
        assertEquals("(the class prior), as scikit-learn gives them", mm.knownWords(other).orElseThrow().withoutWords());
        assertEquals(Math.log(0.5), mm.predictLogProba(other)[0][0], 1e-12);
        Learner complement = new ComplementNaiveBayes();
        Model cm = complement.fit(corpus(), complement.params(Map.of()), 1);
        assertEquals("(equal scores for every class), as scikit-learn gives them",
                cm.knownWords(other).orElseThrow().withoutWords());
        double[] c = cm.predictLogProba(other)[0];
        assertEquals(c[0], c[1], 1e-12);
        Learner bernoulli = new BernoulliNaiveBayes();
        assertTrue(bernoulli.fit(corpus(), bernoulli.params(Map.of()), 1).knownWords(other).orElseThrow().withoutWords()
                .startsWith("(the class prior and the absence of every word"));
        Learner mixed = new io.plate.classifier.impl.nb.MixedNaiveBayes();
        Dataset both = corpus().toBuilder("both").numeric(Tiny.num("x", 1, 2, 3, 4)).build();
        Dataset otherBoth = other.toBuilder("new").numeric(Tiny.num("x", 1, 2)).build();
        KnownWords k = mixed.fit(both, mixed.params(Map.of()), 1).knownWords(otherBoth).orElseThrow();
        assertEquals(new KnownWords(3, 0, 8), k);
    }

    @Test
    void aCorpusSharingSomeWordsIsScored() {
        Dataset test = Tiny.data("new").sparse(Tiny.words("free unseen", "unseen later")).build();
        for (Learner l : WORD_LEARNERS) {
            double[][] p = l.fit(corpus(), l.params(Map.of()), 1).predictLogProba(test);
            assertEquals(2, p.length, l.name());
            assertTrue(p[0][0] != p[1][0], l.name() + ": the shared words move the rows apart");
        }
    }
}
