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
    /** Three documents over a 20,000-word vocabulary (every word once in some document). */
    private static Dataset wideCorpus() {
        int[][] x = new int[3][20_000];
        for (int v = 0; v < 20_000; v++) {
            x[v % 3][v] = 1;
        }
        return Dataset.builder("wide").source("synthetic").sparse(ComponentsTest.counts(x)).build();
    }

    private static PlateException refused(Sampler s, Dataset d, Map<String, String> params) {
        RunSettings settings = new RunSettings(100, 10, 1, 4, 1L, 1);
        return assertThrows(PlateException.class, () -> s.run(d, s.params(params), settings, ProgressListener.NONE,
                new Cancellation()));
    }

    @Test
    void aHundredThousandMultinomialClustersAreRefusedWithTheFigure() {
        Dataset d = wideCorpus();
        // collapsed: 4 bytes a word per cluster → 20,000 × 4 × 100,000 = 8.0 GB a chain, 32 GB for 4 chains
        PlateException e = refused(new MultinomialMixtureSampler(RecoveryTest.RUNNER, SyntheticData.DIST), d,
                Map.of("k", "100000", "collapsed", "true"));
        assertTrue(e.getMessage().startsWith("mixture.multinomial k=100000 on 'wide' needs about 32 GB of memory"),
                e.getMessage());
        assertTrue(e.getMessage().contains("100000 clusters × 80 kB each") && e.getMessage().contains("java -Xmx"),
                e.getMessage());
        // uncollapsed: θ and counts, 12 bytes a word per cluster, and a weight per document
        e = refused(new MultinomialMixtureSampler(RecoveryTest.RUNNER, SyntheticData.DIST), d, Map.of("k", "100000"));
        assertTrue(e.getMessage().contains("needs about 96 GB"), e.getMessage());
        e = refused(new DpMultinomialMixtureSampler(RecoveryTest.RUNNER, SyntheticData.DIST), d, Map.of("k", "100000"));
        assertTrue(e.getMessage().contains("200001 clusters × 80 kB each"), e.getMessage());
    }

    /** A dataset of one row is refused before any memory figure, in words that agree with the number. */
    @Test
    void oneRowIsRefusedInOneLine() {
        Dataset one = Dataset.builder("one").source("synthetic").sparse(ComponentsTest.counts(new int[][] {{1, 2}})).build();
        PlateException e = refused(new MultinomialMixtureSampler(RecoveryTest.RUNNER, SyntheticData.DIST), one, Map.of());
        assertEquals("dataset 'one' has 1 row; a mixture needs at least 2", e.getMessage());
    }

    @Test
    void bytesAreWrittenForPeople() {
        assertEquals("512 bytes", MixtureSampler.bytes(512));
        assertEquals("3.6 GB", MixtureSampler.bytes(3_600_000_000L));
        assertEquals("80 kB", MixtureSampler.bytes(80_012));
    }
}
