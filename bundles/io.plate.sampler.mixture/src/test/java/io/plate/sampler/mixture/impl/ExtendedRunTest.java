package io.plate.sampler.mixture.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.data.Dataset;
import io.plate.api.sample.ClusteringFiles;
import io.plate.api.sample.Posterior;
import io.plate.api.sample.RunSettings;
import io.plate.api.sample.Sampler;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A run extended until it converges is the run asked for the iterations it went to (docs/mcmc.md), in its
 * point estimate too: its chains store the partitions a fixed run of that length stores, so the estimate,
 * the confidences and the credible ball agree, and they come from every kept draw, as the similarity does.
 */
class ExtendedRunTest {
    @Test
    void anExtendedRunsEstimateIsThatOfTheFixedRunOfItsLength() {
        Dataset d = SyntheticData.categories(200, 2, 8, 3, 0.6, 11);
        Sampler s = new DpCategoricalMixtureSampler(RecoveryTest.RUNNER, SyntheticData.DIST);
        // 40 kept draws a chain asked, at most 3,000 iterations: it goes on until bulk ESS >= 400
        Posterior extended = s.run(d, s.params(Map.of()), new RunSettings(60, 20, 1, 2, 3L, 2, 3000), null, null);
        int went = extended.settings().iterations();
        assertTrue(went >= 4 * 60, "extended to " + went + " only: the test needs a run that outgrows its plan");
        Posterior fixed = s.run(d, s.params(Map.of()), new RunSettings(went, 20, 1, 2, 3L, 2), null, null);

        long kept = 2L * (went - 20);
        assertEquals(kept, ((Number) extended.facts().get("draws")).longValue());
        assertEquals(kept, ((Number) extended.facts().get("stored_partitions")).longValue(), "every kept draw stored");
        assertFalse(extended.facts().containsKey(MixtureSummary.ESTIMATE_DRAWS), extended.facts().toString());
        for (String fact : new String[] {"stored_partitions", ClusteringFiles.ESTIMATE_EXPECTED_LOSS,
                ClusteringFiles.CREDIBLE_BALL_RADIUS, "clusters_mean", ClusteringFiles.ARI_POSTERIOR_MEAN}) {
            assertEquals(fixed.facts().get(fact), extended.facts().get(fact), fact);
        }
        for (String table : new String[] {ClusteringFiles.ASSIGNMENTS, ClusteringFiles.COCLUSTERING,
                ClusteringFiles.CLUSTERS, ClusteringFiles.CREDIBLE_BALL_PREFIX + "horizontal"}) {
            assertEquals(fixed.tables().get(table), extended.tables().get(table), table);
        }
    }

    /** Past its budget a chain thins what it stores, and the facts say from how many draws the estimate is. */
    @Test
    void anEstimateFromFewerDrawsThanKeptSaysSo() {
        assertEquals("point estimate, confidences, credible ball and posterior mean ARI from 6000 draws held, 1 in 2"
                + " of the 12000 kept draws (a chain stores at most 13332 partitions of 300 rows); the similarity and"
                + " the posterior of the number of clusters from every kept draw",
                MixtureSummary.estimateDraws(6000, 12000, 2, 300));
    }
}
