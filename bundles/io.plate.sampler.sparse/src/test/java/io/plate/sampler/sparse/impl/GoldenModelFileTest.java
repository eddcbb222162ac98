package io.plate.sampler.sparse.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.plate.api.learn.Model;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A model file written by Plate 0.1.0 ({@code src/test/resources/golden/nb-sparse-v1.json}, fitted on the
 * toy data of {@link SparseNaiveBayesTest} with alpha=0.5, a=2, b=0.7, sharedP=true, seed 5) must keep
 * loading, and must predict what a fresh fit on the same data predicts.
 */
class GoldenModelFileTest {
    @Test
    void version1FileStillLoadsAndAgreesWithAFreshFit() throws IOException {
        Model golden;
        try (InputStream in = getClass().getResourceAsStream("/golden/nb-sparse-v1.json")) {
            golden = SparseNaiveBayesTest.LEARNER.readModel(in);
        }
        assertEquals(List.of("no", "yes"), golden.classes());
        assertEquals(5L, golden.provenance().seed());
        Model fresh = SparseNaiveBayesTest.LEARNER.fit(SparseNaiveBayesTest.train(), SparseNaiveBayesTest.LEARNER.params(
                Map.of("alpha", "0.5", "a", "2", "b", "0.7", "sharedP", "true")), 5L);
        double[][] g = golden.predictLogProba(SparseNaiveBayesTest.train());
        double[][] f = fresh.predictLogProba(SparseNaiveBayesTest.train());
        for (int r = 0; r < g.length; r++) {
            assertArrayEquals(f[r], g[r], 1e-12);
        }
    }
}
