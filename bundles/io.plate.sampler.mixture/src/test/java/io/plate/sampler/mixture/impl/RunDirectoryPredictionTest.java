package io.plate.sampler.mixture.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.sample.ClusterPredictions;
import io.plate.api.sample.Posterior;
import io.plate.api.sample.Sampler;
import io.plate.mcmc.ChainRunnerPool;
import io.plate.mcmc.SamplerPosterior;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run written to its directory and read back (in another process, say) assigns new rows as the run kept in memory
 * does: the directory keeps the predictor's draws (partitions.csv), and the sampler rebuilds the predictor from them
 * and the training data. Data that are not the run's, and damaged partitions, are refused in one line.
 */
class RunDirectoryPredictionTest {
    static final ChainRunnerPool RUNNER = ChainRunnerPool.over(SyntheticData.DIST);

    @AfterAll
    static void close() {
        RUNNER.close();
    }

    private static ClusterPredictions kept(Posterior p, Dataset test) {
        return p.clusterPredictor().orElseThrow().predict(test, null);
    }

    private static void assertSamePredictions(ClusterPredictions want, ClusterPredictions got) {
        assertEquals(want.rows(), got.rows());
        for (int r = 0; r < want.rows(); r++) {
            assertArrayEquals(want.probabilities(r), got.probabilities(r), 1e-12, "row " + r);
            assertEquals(want.newCluster(r), got.newCluster(r), 1e-12, "row " + r);
        }
        assertArrayEquals(want.clusters(), got.clusters());
    }

    /** Every model family and both weightings: finite with α, DP with each draw's α. */
    @Test
    void aRunReadBackFromItsDirectoryPredictsAsTheRunInMemory(@TempDir Path dir) throws Exception {
        Dataset gauss = HeldOutPredictionTest.gaussians();
        Dataset cats = SyntheticData.categories(200, 3, 10, 4, 0.85, 3);
        Dataset docs = SyntheticData.documents(200, 40, SyntheticData.blockTopics(3, 30, 0.9),
                new double[] {0.3, 0.3, 0.4}, 4);
        List<Object[]> cases = List.of(
                new Object[] {new GaussianMixtureSampler(RUNNER, SyntheticData.DIST), gauss,
                        Map.of("k", "3")},
                new Object[] {new DpGaussianMixtureSampler(RUNNER, SyntheticData.DIST), gauss,
                        Map.of("covariance", "diag")},
                new Object[] {new CategoricalMixtureSampler(RUNNER, SyntheticData.DIST), cats,
                        Map.of("k", "3")},
                new Object[] {new DpMultinomialMixtureSampler(RUNNER, SyntheticData.DIST), docs,
                        Map.of()});
        int i = 0;
        for (Object[] c : cases) {
            Sampler s = (Sampler) c[0];
            Dataset d = (Dataset) c[1];
            @SuppressWarnings("unchecked")
            Map<String, String> given = (Map<String, String>) c[2];
            Dataset train = d.select(HeldOutPredictionTest.every(d.rows(), false), "train");
            Dataset test = d.select(HeldOutPredictionTest.every(d.rows(), true), "test");
            Posterior p = s.run(train, s.params(given), HeldOutPredictionTest.SETTINGS, null, null);
            Path run = dir.resolve("run" + i++);
            p.write(run);
            Posterior read = SamplerPosterior.read(run);
            assertTrue(read.clusterPredictor().isEmpty(), "a run read back keeps no predictor of its own");
            ClusterPredictions got = s.clusterPredictor(read, train).orElseThrow().predict(test, null);
            assertSamePredictions(kept(p, test), got);
        }
    }

    @Test
    void dataThatAreNotTheRunsAndDamagedPartitionsAreRefused(@TempDir Path dir) throws Exception {
        Dataset d = HeldOutPredictionTest.gaussians();
        Dataset train = d.select(HeldOutPredictionTest.every(d.rows(), false), "train");
        Sampler s = new GaussianMixtureSampler(RUNNER, SyntheticData.DIST);
        Posterior p = s.run(train, s.params(Map.of("k", "3")), HeldOutPredictionTest.SETTINGS, null, null);
        Path run = dir.resolve("run");
        p.write(run);
        Posterior read = SamplerPosterior.read(run);
        // fewer rows
        Dataset fewer = train.select(java.util.stream.IntStream.range(0, 10).toArray(), "fewer");
        PlateException rows = assertThrows(PlateException.class, () -> s.clusterPredictor(read, fewer));
        assertEquals("dataset 'fewer' is not the data the run was sampled on ('train'): it has 10 rows, the run "
                + train.rows() + "; import the run's data as it was imported then", rows.getMessage());
        // the same rows, one column fewer
        Dataset narrower = train.withoutNumeric(train.numeric().get(0).name());
        PlateException columns = assertThrows(PlateException.class, () -> s.clusterPredictor(read, narrower));
        assertTrue(columns.getMessage().startsWith("dataset '" + narrower.name() + "' is not the data the run was sampled"
                + " on ('train'): the run clusters on " + train.numeric().size() + " numeric columns"), columns.getMessage());
        // the same rows and columns with other values (other draws of the same mixture)
        Dataset other = SyntheticData.gaussians(400, RecoveryTest.MEANS, RecoveryTest.CHOL, new double[] {0.3, 0.3, 0.4}, 6)
                .select(HeldOutPredictionTest.every(400, false), "train");
        PlateException values = assertThrows(PlateException.class, () -> s.clusterPredictor(read, other));
        assertTrue(values.getMessage().startsWith("dataset 'train' is not the data the run was sampled on ('train'): its"
                + " values differ from the run's (the log marginal likelihood of the run's clusters is "), values.getMessage());
        // a draw with a label missing from its row
        Path partitions = run.resolve(MixturePredictor.TABLE + ".csv");
        List<String> lines = Files.readAllLines(partitions);
        lines.set(2, lines.get(2).substring(0, lines.get(2).lastIndexOf(' ')));
        Files.write(partitions, lines);
        Posterior damaged = SamplerPosterior.read(run);
        PlateException line = assertThrows(PlateException.class, () -> s.clusterPredictor(damaged, train));
        assertEquals("partitions.csv, line 3: " + (train.rows() - 1) + " labels, where the run has " + train.rows()
                + " rows", line.getMessage());
        // a directory without partitions (written before they were kept): no predictor
        Files.delete(partitions);
        assertTrue(s.clusterPredictor(SamplerPosterior.read(run), train).isEmpty());
    }
}
