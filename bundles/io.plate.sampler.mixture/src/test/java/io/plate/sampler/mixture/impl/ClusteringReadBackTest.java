package io.plate.sampler.mixture.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.data.Dataset;
import io.plate.api.sample.Clustering;
import io.plate.api.sample.Posterior;
import io.plate.api.sample.Sampler;
import io.plate.mcmc.ChainRunnerPool;
import io.plate.mcmc.DiagnosticsTable;
import io.plate.mcmc.SamplerPosterior;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A mixture run written with its run directory and read back in another process's place
 * ({@link SamplerPosterior#read}): the clustering that plate:plot clusters draws is the run's, read from
 * assignments.csv, clusters.csv, coclustering.csv and the facts of summary.json; the diagnostics table is
 * the run's.
 */
class ClusteringReadBackTest {
    /** Cells of clusters.csv and coclustering.csv are printed with six significant digits. */
    private static final double SIX_DIGITS = 5e-6;
    private static final ChainRunnerPool RUNNER = ChainRunnerPool.over(SyntheticData.DIST);

    @AfterAll
    static void close() {
        RUNNER.close();
    }

    private static Posterior run(Sampler s, Dataset d, Map<String, String> params) {
        return s.run(d, s.params(params), RecoveryTest.SHORT, null, null);
    }

    @Test
    void aGaussianMixtureRunReadsBackWithItsClustering(@TempDir Path dir) throws Exception {
        Dataset d = SyntheticData.gaussians(90, RecoveryTest.MEANS, RecoveryTest.CHOL, new double[] {0.3, 0.3, 0.4}, 4);
        Posterior p = run(new GaussianMixtureSampler(RUNNER, SyntheticData.DIST), d,
                Map.of("k", "3"));
        assertReadsBack(p, dir);
        assertTrue(SamplerPosterior.read(dir).clustering().orElseThrow().agreement().isPresent(), "labelled data");
    }

    /**
     * What the run prints (plate:sample prints the posterior itself, plate:cluster adds the clustering) says under
     * its first line which columns it clusters on and leaves out the label column: plate:sample said nothing of it.
     */
    @Test
    void theRunItselfSaysWhichColumnsItClustersOnAndLeavesOut() {
        Dataset d = SyntheticData.gaussians(90, RecoveryTest.MEANS, RecoveryTest.CHOL, new double[] {0.3, 0.3, 0.4}, 4);
        Posterior p = run(new GaussianMixtureSampler(RUNNER, SyntheticData.DIST), d, Map.of("k", "3"));
        String label = d.labels().orElseThrow().name();
        String[] lines = p.toString().split("\n");
        assertEquals("clusters on " + d.numeric().size() + " numeric columns (" + String.join(", ",
                d.numeric().stream().map(c -> c.name()).toList()) + "); mixture.gaussian leaves out the label column '"
                + label + "', which only scores the clusters", lines[1], p.toString());
    }

    @Test
    void aSemiSupervisedRunReadsBackWithItsClassClusters(@TempDir Path dir) throws Exception {
        Dataset full = SyntheticData.gaussians(90, RecoveryTest.MEANS, RecoveryTest.CHOL, new double[] {0.3, 0.3, 0.4}, 5);
        Dataset d = RecoveryTest.partlyLabelled(full);
        Posterior p = run(new DpGaussianMixtureSampler(RUNNER, SyntheticData.DIST), d,
                Map.of("semi_supervised", "true"));
        assertReadsBack(p, dir);
        Clustering back = SamplerPosterior.read(dir).clustering().orElseThrow();
        assertEquals("c0", back.clusters().get(0).fixedClass().orElseThrow());
        assertTrue(back.agreement().isEmpty(), "no agreement with labels the run held");
    }

    /** A run directory of an earlier version numbered its rows from 0; it still reads, to the same clustering. */
    @Test
    void rowsNumberedFromZeroByAnEarlierVersionReadBack(@TempDir Path dir) throws Exception {
        Dataset d = SyntheticData.gaussians(90, RecoveryTest.MEANS, RecoveryTest.CHOL, new double[] {0.3, 0.3, 0.4}, 4);
        Posterior p = run(new GaussianMixtureSampler(RUNNER, SyntheticData.DIST), d, Map.of("k", "3"));
        p.write(dir);
        for (String f : new String[] {"assignments.csv", "assignments-highest-log-joint.csv", "coclustering.csv"}) {
            java.util.List<String> lines = new java.util.ArrayList<>(java.nio.file.Files.readAllLines(dir.resolve(f)));
            for (int i = 1; i < lines.size(); i++) {
                String line = lines.get(i);
                int comma = line.indexOf(',');
                lines.set(i, (Integer.parseInt(line.substring(0, comma)) - 1) + line.substring(comma));
            }
            assertEquals("0,", lines.get(1).substring(0, 2));
            java.nio.file.Files.write(dir.resolve(f), lines);
        }
        Clustering b = SamplerPosterior.read(dir).clustering().orElseThrow();
        assertArrayEquals(p.clustering().orElseThrow().assignments(), b.assignments());
        assertArrayEquals(p.clustering().orElseThrow().confidence(), b.confidence(), SIX_DIGITS);
    }

    private static void assertReadsBack(Posterior p, Path dir) throws Exception {
        p.write(dir);
        SamplerPosterior back = SamplerPosterior.read(dir);
        assertEquals(DiagnosticsTable.render(p), DiagnosticsTable.render(back));
        assertEquals(p.tables(), back.tables());
        Clustering c = p.clustering().orElseThrow();
        Clustering b = back.clustering().orElseThrow();
        assertEquals(c.loss(), b.loss());
        assertEquals(c.expectedLoss(), b.expectedLoss());
        assertArrayEquals(c.assignments(), b.assignments());
        assertArrayEquals(c.highestLogJointAssignments(), b.highestLogJointAssignments());
        assertEquals(c.highestLogJoint(), b.highestLogJoint());
        assertEquals(c.kPosterior(), b.kPosterior());
        assertArrayEquals(c.confidence(), b.confidence(), SIX_DIGITS);
        assertEquals(c.clusters().size(), b.clusters().size());
        for (int i = 0; i < c.clusters().size(); i++) {
            Clustering.Cluster x = c.clusters().get(i);
            Clustering.Cluster y = b.clusters().get(i);
            assertEquals(x.size(), y.size());
            assertEquals(x.proportion(), y.proportion(), SIX_DIGITS);
            assertEquals(x.confidence(), y.confidence(), SIX_DIGITS);
            assertEquals(x.fixedClass(), y.fixedClass());
            assertEquals(x.majorityLabel(), y.majorityLabel());
            assertEquals(x.purity(), y.purity(), SIX_DIGITS);
        }
        assertEquals(c.agreement(), b.agreement());
        assertEquals(c.credibleBall(), b.credibleBall());
    }
}
