package io.plate.sampler.mixture.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.sample.Cancellation;
import io.plate.api.sample.ProgressListener;
import io.plate.api.sample.RunSettings;
import io.plate.api.sample.Sampler;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A run whose chains cannot fit in the heap is refused with the figure before anything is allocated. */
class MemoryCheckTest {
    /** 100,000 documents (as many as the clusters asked for) over a 20,000-word vocabulary, word d mod 20,000 once in document d. */
    private static Dataset wideCorpus() {
        int n = 100_000;
        int[] start = new int[n + 1];
        int[] cols = new int[n];
        int[] counts = new int[n];
        for (int d = 0; d < n; d++) {
            start[d + 1] = d + 1;
            cols[d] = d % 20_000;
            counts[d] = 1;
        }
        return Dataset.builder("wide").source("synthetic").sparse(io.plate.api.data.SparseMatrix.ofCounts(
                io.plate.api.data.SparseMatrix.indexNames(20_000), start, cols, counts, false)).build();
    }

    private static PlateException refused(Sampler s, Dataset d, Map<String, String> params) {
        RunSettings settings = new RunSettings(100, 10, 1, 4, 1L, 1);
        return assertThrows(PlateException.class, () -> s.run(d, s.params(params), settings, ProgressListener.NONE,
                new Cancellation()));
    }

    @Test
    void aHundredThousandMultinomialClustersAreRefusedWithTheFigure() {
        Dataset d = wideCorpus();
        // collapsed: 4 bytes a word and 20 more per cluster (80,020 B = 78 KB), 100,000 clusters and the rows' state
        // (16 B a row, 4 B for each of min(100,000 × 90, 4,000,000) stored labels: 17,600,000 B)
        // = 8,019,600,000 B a chain (7.5 GB); × 4 chains = 32,078,400,000 B = 29.9 GB (units of 2^30)
        PlateException e = refused(new MultinomialMixtureSampler(RecoveryTest.RUNNER, SyntheticData.DIST), d,
                Map.of("k", "100000", "collapsed", "true"));
        assertTrue(e.getMessage().startsWith("mixture.multinomial k=100000 on 'wide' needs about 29.9 GB of memory"
                + " (4 chains × 7.5 GB: 100000 clusters × 78 KB each, and the rows' state), more than the "), e.getMessage());
        assertTrue(e.getMessage().contains("java -Xmx39g") && e.getMessage().endsWith(", or lower k, or run fewer chains"),
                e.getMessage());
        // uncollapsed without split–merge moves: θ and counts, 12 bytes a word per cluster, and a weight per document:
        // 1,040,040 B a cluster, 4 × (100,000 × 1,040,040 + 17,600,000) = 416,086,400,000 B = 387.5 GB
        e = refused(new MultinomialMixtureSampler(RecoveryTest.RUNNER, SyntheticData.DIST), d,
                Map.of("k", "100000", "split_merge", "0"));
        assertTrue(e.getMessage().contains("needs about 387.5 GB"), e.getMessage());
        // with its default moves, the collapsed statistics they work on too (80,020 B a cluster, as above):
        // 4 × (100,000 × 1,120,060 + 17,600,000) = 448,094,400,000 B = 417.3 GB
        e = refused(new MultinomialMixtureSampler(RecoveryTest.RUNNER, SyntheticData.DIST), d, Map.of("k", "100000"));
        assertTrue(e.getMessage().contains("needs about 417.3 GB"), e.getMessage());
        // the Dirichlet process starts with 2k + 1 slots of 80,012 + 12 bytes (78 KB)
        e = refused(new DpMultinomialMixtureSampler(RecoveryTest.RUNNER, SyntheticData.DIST), d, Map.of("k", "100000"));
        assertTrue(e.getMessage().contains("200001 clusters × 78 KB each"), e.getMessage());
    }

    /**
     * A LibSVM file of a few bytes may name a feature index of hundreds of millions: the corpus's per-word
     * tables (a document frequency and an idf, 12 bytes a word) are refused before they are allocated.
     */
    @Test
    void aWideIndexSpaceIsRefusedBeforeTheCorpusIsRead() {
        int columns = 2_000_000_000;
        long need = 12L * columns + 20L * 2 + 8 * 2; // 24,000,000,056 B = 22.4 GB
        org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.getRuntime().maxMemory() < need, "a heap of 22.4 GB holds it");
        io.plate.api.data.SparseMatrix m = io.plate.api.data.SparseMatrix.ofCounts(
                io.plate.api.data.SparseMatrix.indexNames(columns), new int[] {0, 1, 2}, new int[] {0, columns - 1},
                new int[] {1, 1}, true);
        Dataset d = Dataset.builder("w").source("synthetic").sparse(m).build();
        for (Sampler s : new Sampler[] {new MultinomialMixtureSampler(RecoveryTest.RUNNER, SyntheticData.DIST),
            new DpMultinomialMixtureSampler(RecoveryTest.RUNNER, SyntheticData.DIST)}) {
            PlateException e = refused(s, d, Map.of());
            assertTrue(e.getMessage().startsWith("reading 'w' for a multinomial mixture needs about 22.4 GB of memory"
                    + " (2,000,000,000 features), more than the "), e.getMessage());
            assertTrue(e.getMessage().endsWith(", or import it with fewer features (--n-features N, or its LibSVM feature"
                    + " indices renumbered from 1)"), e.getMessage());
        }
    }

    /** A dataset of one row is refused before any memory figure, in words that agree with the number. */
    @Test
    void oneRowIsRefusedInOneLine() {
        Dataset one = Dataset.builder("one").source("synthetic").sparse(ComponentsTest.counts(new int[][] {{1, 2}})).build();
        PlateException e = refused(new MultinomialMixtureSampler(RecoveryTest.RUNNER, SyntheticData.DIST), one, Map.of());
        assertEquals("dataset 'one' has 1 row; a mixture needs at least 2", e.getMessage());
    }

    /** More clusters than rows is refused before anything runs, naming k and the row count (scikit-learn refuses it too). */
    @Test
    void moreClustersThanRowsAreRefused() {
        Dataset three = Dataset.builder("three").source("synthetic")
                .sparse(ComponentsTest.counts(new int[][] {{1, 2}, {2, 1}, {3, 0}})).build();
        for (Sampler s : new Sampler[] {new MultinomialMixtureSampler(RecoveryTest.RUNNER, SyntheticData.DIST),
            new DpMultinomialMixtureSampler(RecoveryTest.RUNNER, SyntheticData.DIST)}) {
            PlateException e = refused(s, three, Map.of("k", "4"));
            assertEquals("parameter 'k' = '4': must be <= the number of rows, 3 in 'three'", e.getMessage());
        }
    }
}
