package io.plate.classifier.impl;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.data.SparseMatrix;
import io.plate.api.learn.Learner;
import io.plate.classifier.impl.nb.BernoulliNaiveBayes;
import io.plate.classifier.impl.nb.ComplementNaiveBayes;
import io.plate.classifier.impl.nb.DirichletNaiveBayes;
import io.plate.classifier.impl.nb.KernelNaiveBayesLearner;
import io.plate.classifier.impl.nb.MixedNaiveBayes;
import io.plate.classifier.impl.nb.MultinomialNaiveBayes;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * A LibSVM file of a few bytes may name a feature index of tens of millions, and a model of word counts holds
 * tables per (feature, class): every learner that makes them refuses, in one line and before allocating, a
 * model the heap cannot hold, naming the dataset, its features and classes, the memory and what to do.
 */
class WideIndexSpaceTest {
    private static final Learner[] WORD_LEARNERS = {new MultinomialNaiveBayes(), new BernoulliNaiveBayes(),
        new ComplementNaiveBayes(), new DirichletNaiveBayes(), new MixedNaiveBayes(), new KernelNaiveBayesLearner()};

    /** {@code classes} rows, one a class, each with one count: row r at feature r, the last at {@code columns}. */
    private static Dataset wide(int columns, int classes) {
        int[] rowStart = new int[classes + 1];
        int[] cols = new int[classes];
        int[] counts = new int[classes];
        String[] labels = new String[classes];
        for (int r = 0; r < classes; r++) {
            rowStart[r + 1] = r + 1;
            cols[r] = r == classes - 1 ? columns - 1 : r;
            counts[r] = 1;
            labels[r] = "c" + r;
        }
        SparseMatrix m = SparseMatrix.ofCounts(SparseMatrix.indexNames(columns), rowStart, cols, counts, true);
        return Tiny.data("w").sparse(m).labels(Tiny.cat("label", labels)).build();
    }

    @Test
    void aModelTooLargeForTheHeapIsRefusedBeforeItIsAllocated() {
        // 20,000,000 features × 100 classes × 24 bytes + a byte a feature = 48,020,000,000 B = 44.7 GB (units of 2^30)
        long need = 24L * 20_000_000 * 100 + 20_000_000;
        Assumptions.assumeTrue(Runtime.getRuntime().maxMemory() < need, "a heap of 44.7 GB holds the model");
        Dataset d = wide(20_000_000, 100);
        for (Learner l : WORD_LEARNERS) {
            PlateException e = assertThrows(PlateException.class, () -> l.fit(d, l.params(Map.of()), 1), l.name());
            assertTrue(e.getMessage().startsWith(l.name() + " on 'w' needs about 44.7 GB of memory (20,000,000 features"
                    + " × 100 classes), more than the "), e.getMessage());
            assertTrue(e.getMessage().contains("the Java heap has free") && e.getMessage().contains("java -Xmx57g")
                    && e.getMessage().endsWith(", or import it with fewer features (--n-features N, or its LibSVM feature"
                            + " indices renumbered from 1)") && !e.getMessage().contains("\n"), e.getMessage());
        }
    }

    @Test
    void moreCountsThanAJavaArrayHoldsAreRefused() {
        // 33,554,432 × 100 = 3,355,443,200 (feature, class) pairs, above 2^31 - 1: one double array cannot hold them
        Dataset d = wide(1 << 25, 100);
        for (Learner l : WORD_LEARNERS) {
            PlateException e = assertThrows(PlateException.class, () -> l.fit(d, l.params(Map.of()), 1), l.name());
            assertTrue(e.getMessage().startsWith(l.name() + " on 'w': 33,554,432 features × 100 classes are more"),
                    e.getMessage());
        }
    }

    @Test
    void scoringAWideIndexSpaceIsRefusedBeforeItsColumnsAreMapped() {
        // the model knows 2 features; the scored file names index 2,000,000,000: an int each to map = 8,000,000,000 B
        long need = 4L * 2_000_000_000;
        Assumptions.assumeTrue(Runtime.getRuntime().maxMemory() < need, "a heap of 7.5 GB holds the map");
        Dataset scored = wide(2_000_000_000, 2);
        for (Learner l : new Learner[] {new MultinomialNaiveBayes(), new BernoulliNaiveBayes(), new ComplementNaiveBayes()}) {
            io.plate.api.learn.Model m = l.fit(wide(2, 2), l.params(Map.of()), 1);
            PlateException e = assertThrows(PlateException.class, () -> m.predictLogProba(scored), l.name());
            assertTrue(e.getMessage().startsWith(l.name() + " scoring 'w' needs about 7.5 GB of memory (2,000,000,000"
                    + " features to find among the model's 2), more than the "), e.getMessage());
        }
    }
}
