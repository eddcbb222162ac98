package io.plate.classifier.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.classifier.impl.nb.BernoulliNaiveBayes;
import io.plate.classifier.impl.nb.ComplementNaiveBayes;
import io.plate.classifier.impl.nb.MultinomialNaiveBayes;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A model of word counts refuses a dataset that shares no word with it (a table, or another corpus's
 * features), which it would otherwise score at the class prior alone; a dataset sharing some words is scored.
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

    @Test
    void anotherCorpusWithNoSharedWordIsRefused() {
        Dataset other = Tiny.data("libsvm").sparse(Tiny.words("1 2 2", "3")).build();
        Model m = new MultinomialNaiveBayes().fit(corpus(), new MultinomialNaiveBayes().params(Map.of()), 1);
        PlateException e = assertThrows(PlateException.class, () -> m.predictLogProba(other));
        assertTrue(e.getMessage().contains("count columns ('1', '2', '3')"), e.getMessage());
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
