package io.plate.sampler.mixture.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.PlateException;
import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.sample.Clustering;
import io.plate.api.sample.Posterior;
import io.plate.api.sample.RunSettings;
import io.plate.api.sample.Sampler;
import io.plate.api.sample.Table;
import io.plate.mcmc.ChainRunnerPool;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every sampler service, run end to end through the chain runner on synthetic data with known
 * clusters: it must find them (ARI against the generating labels), recover the generating means,
 * infer the number of clusters (DP), keep labelled rows in their classes (semi-supervised) and write
 * the run directory of the command-line contract.
 */
class RecoveryTest {
    static final ChainRunnerPool RUNNER = ChainRunnerPool.over(SyntheticData.DIST);
    static final RunSettings SHORT = new RunSettings(120, 60, 1, 2, 7L, 2);

    @AfterAll
    static void close() {
        RUNNER.close();
    }

    static final double[][] MEANS = {{0, 0}, {6, 1}, {2, 7}};
    static final double[][][] CHOL = {{{1, 0}, {0.5, 0.8}}, {{0.7, 0}, {-0.3, 1.2}}, {{1.3, 0}, {0, 0.6}}};

    static Posterior run(Sampler s, Dataset d, Map<String, String> params) {
        return s.run(d, s.params(params), SHORT, null, null);
    }

    static double fact(Posterior p, String name) {
        return ((Number) p.facts().get(name)).doubleValue();
    }

    @Test
    void gaussianMixtureRecoversClustersAndMeans() {
        Dataset d = SyntheticData.gaussians(300, MEANS, CHOL, new double[] {0.3, 0.3, 0.4}, 1);
        for (String cov : List.of("full", "diag")) {
            Posterior p = run(new GaussianMixtureSampler(RUNNER, SyntheticData.DIST), d, Map.of("k", "3", "covariance", cov));
            assertTrue(fact(p, "ari") > 0.95, cov + " ARI " + p.facts());
            Table clusters = p.tables().get("clusters");
            assertEquals(3, clusters.rows().size());
            int meanCol = clusters.header().indexOf("mean.x0");
            for (double[] m : MEANS) {
                boolean found = false;
                for (List<String> row : clusters.rows()) {
                    double x0 = Double.parseDouble(row.get(meanCol));
                    double x1 = Double.parseDouble(row.get(meanCol + 1));
                    found |= Math.abs(x0 - m[0]) < 0.4 && Math.abs(x1 - m[1]) < 0.4;
                }
                assertTrue(found, cov + ": no cluster near mean " + java.util.Arrays.toString(m) + " in " + clusters.rows());
            }
            assertEquals(1.0, ((Number) ((Map<?, ?>) p.facts().get("k_posterior")).get("3")).doubleValue(), 0.05);
        }
    }

    /**
     * A run cancelled before it starts ends its restarts at once (a million restart sweeps per chain would
     * take minutes on these 300 rows) and returns, marked cancelled.
     */
    @Test
    void aCancelledRunStopsItsRestarts() {
        Dataset d = SyntheticData.gaussians(300, MEANS, CHOL, new double[] {0.3, 0.3, 0.4}, 1);
        GaussianMixtureSampler s = new GaussianMixtureSampler(RUNNER, SyntheticData.DIST);
        assertEquals("10", s.params(Map.of()).getString("restarts"), "mixture.gaussian's default (docs/mixtures.md)");
        io.plate.api.sample.Cancellation cancelled = new io.plate.api.sample.Cancellation();
        cancelled.cancel();
        Posterior p = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(60),
                () -> s.run(d, s.params(Map.of("k", "3", "restarts", "1000", "restart_sweeps", "1000")), SHORT, null,
                        cancelled));
        assertTrue(p.cancelled());
    }

    @Test
    void dirichletProcessGaussianInfersTheNumberOfClustersFromOneCluster() {
        Dataset d = SyntheticData.gaussians(300, MEANS, CHOL, new double[] {0.3, 0.3, 0.4}, 2);
        Posterior p = run(new DpGaussianMixtureSampler(RUNNER, SyntheticData.DIST), d, Map.of("k", "1"));
        assertEquals(3, fact(p, "clusters_mode"), 0.0, p.facts().toString());
        assertTrue(fact(p, "ari") > 0.95, p.facts().toString());
        assertTrue(fact(p, "split_merge_acceptance") > 0, p.facts().toString());
    }

    /**
     * Three blobs 8 standard deviations apart in 10 dimensions, 200 rows each: a DP chain that starts
     * from one cluster must split it. With the split's launch state made by splitting the rows at random
     * (before), three of four chains of the shell's default run stayed at two clusters for 2,000 sweeps
     * (split–merge acceptance 0.000, ARI 0.57); the launch by sequential allocation splits them at once.
     */
    @Test
    void dirichletProcessGaussianSplitsWellSeparatedBlobsInTenDimensions() {
        int d = 10;
        double[][] means = new double[3][d];
        means[1][0] = 8;
        means[2][1] = 8;
        double[][][] chol = new double[3][d][d];
        for (double[][] c : chol) {
            for (int j = 0; j < d; j++) {
                c[j][j] = 1;
            }
        }
        Dataset data = SyntheticData.gaussians(600, means, chol, new double[] {1 / 3.0, 1 / 3.0, 1 / 3.0}, 5);
        Posterior p = run(new DpGaussianMixtureSampler(RUNNER, SyntheticData.DIST), data, Map.of("k", "1"));
        assertEquals(3, fact(p, "clusters_mode"), 0.0, p.facts().toString());
        assertTrue(fact(p, "ari") > 0.99, p.facts().toString());
    }

    static final double[][] TOPICS = SyntheticData.blockTopics(3, 60, 0.8);

    @Test
    void multinomialMixturesRecoverTopicsCollapsedAndNot() {
        Dataset d = SyntheticData.documents(150, 40, TOPICS, new double[] {0.3, 0.3, 0.4}, 3);
        for (String collapsed : List.of("false", "true")) {
            Posterior p = run(new MultinomialMixtureSampler(RUNNER, SyntheticData.DIST), d,
                    Map.of("k", "3", "collapsed", collapsed));
            assertTrue(fact(p, "ari") > 0.95, "collapsed=" + collapsed + " " + p.facts());
            // every chain in the right partition, and both chains with their default split–merge moves
            assertTrue(fact(p, "ari_posterior_mean") > 0.95, "collapsed=" + collapsed + " " + p.facts());
            assertTrue(p.facts().containsKey("split_merge_acceptance"), "collapsed=" + collapsed + " " + p.facts());
            assertTrue(p.tables().get("clusters").rows().get(0).get(p.tables().get("clusters").header()
                    .indexOf("top_words")).startsWith("w"));
        }
    }

    @Test
    void dirichletProcessMultinomialFindsThreeTopics() {
        Dataset d = SyntheticData.documents(150, 40, TOPICS, new double[] {0.3, 0.3, 0.4}, 4);
        Posterior p = run(new DpMultinomialMixtureSampler(RUNNER, SyntheticData.DIST), d, Map.of("k", "1"));
        assertEquals(3, fact(p, "clusters_mode"), 0.0, p.facts().toString());
        assertTrue(fact(p, "ari") > 0.95, p.facts().toString());
    }

    @Test
    void categoricalMixturesRecoverLatentClasses() {
        Dataset d = SyntheticData.categories(240, 3, 10, 4, 0.7, 5);
        Posterior p = run(new CategoricalMixtureSampler(RUNNER, SyntheticData.DIST), d, Map.of("k", "3"));
        assertTrue(fact(p, "ari") > 0.9, p.facts().toString());
        Posterior dp = run(new DpCategoricalMixtureSampler(RUNNER, SyntheticData.DIST), d, Map.of());
        // a DP posterior also puts mass on a few tiny extra clusters: the estimate's three largest hold the rows
        int[] sizes = dp.clustering().orElseThrow().sizes();
        assertTrue(sizes.length >= 3 && sizes[0] + sizes[1] + sizes[2] > 0.95 * 240, dp.facts().toString());
        assertTrue(fact(dp, "estimate_expected_loss") <= fact(dp, "highest_log_joint_expected_loss"),
                dp.facts().toString());
        assertTrue(fact(dp, "ari") > 0.9, dp.facts().toString());
    }

    @Test
    void semiSupervisedRowsKeepTheirLabelsAndTheRestAreClassified() {
        Dataset full = SyntheticData.documents(150, 12, TOPICS, new double[] {0.3, 0.3, 0.4}, 6);
        int[] truth = full.labels().get().codes();
        int[] partial = truth.clone();
        for (int r = 0; r < partial.length; r++) {
            if (r % 5 != 0) {
                partial[r] = CategoricalColumn.MISSING; // 80% unlabelled
            }
        }
        Dataset d = full.toBuilder("semi").labels(CategoricalColumn.of("truth", full.labels().get().levels(), partial))
                .build();
        Posterior p = run(new MultinomialMixtureSampler(RUNNER, SyntheticData.DIST), d,
                Map.of("k", "3", "semi_supervised", "true"));
        List<List<String>> rows = p.tables().get("assignments").rows();
        int correct = 0;
        int unlabelled = 0;
        for (int r = 0; r < truth.length; r++) {
            int cluster = Integer.parseInt(rows.get(r).get(1));
            if (partial[r] >= 0) {
                assertEquals(partial[r], cluster, "labelled row " + r + " left its class");
            } else {
                unlabelled++;
                correct += cluster == truth[r] ? 1 : 0;
            }
        }
        assertTrue(correct > 0.9 * unlabelled, correct + " of " + unlabelled);
        Table clusters = p.tables().get("clusters");
        assertEquals("c0", clusters.rows().get(0).get(clusters.header().indexOf("class")));
        assertEquals("c0", p.clustering().orElseThrow().clusters().get(0).fixedClass().orElseThrow());
        // the labelled rows are held, so ARI/NMI/purity against them would be 1 whatever the unlabelled rows
        // do: no agreement, no purity column, no ari fact, and the reason instead
        assertTrue(p.clustering().orElseThrow().agreement().isEmpty());
        assertFalse(clusters.header().contains("purity"), clusters.header().toString());
        assertFalse(p.facts().containsKey("ari"), p.facts().toString());
        assertTrue(String.valueOf(p.facts().get("agreement")).startsWith("ARI/NMI/purity not shown: the labelled rows"
                + " were held in their classes"), p.facts().toString());
    }

    /**
     * {@code full} as "semi": classes 0 and 1 keep every third row's label, class 2 none (it must appear as a
     * new cluster of a semi-supervised DP run).
     */
    static Dataset partlyLabelled(Dataset full) {
        int[] truth = full.labels().get().codes();
        int[] partial = new int[truth.length];
        for (int r = 0; r < partial.length; r++) {
            partial[r] = truth[r] < 2 && r % 3 == 0 ? truth[r] : CategoricalColumn.MISSING;
        }
        return full.toBuilder("semi").labels(CategoricalColumn.of("truth", full.labels().get().levels(), partial))
                .build();
    }

    @Test
    void semiSupervisedDirichletProcessKeepsClassesAndMayAddClusters() {
        Dataset full = SyntheticData.gaussians(240, MEANS, CHOL, new double[] {0.3, 0.3, 0.4}, 10);
        int[] truth = full.labels().get().codes();
        Dataset d = partlyLabelled(full);
        int[] partial = d.labels().get().codes();
        Posterior p = run(new DpGaussianMixtureSampler(RUNNER, SyntheticData.DIST), d, Map.of("semi_supervised", "true"));
        List<List<String>> rows = p.tables().get("assignments").rows();
        int correct = 0;
        for (int r = 0; r < truth.length; r++) {
            int cluster = Integer.parseInt(rows.get(r).get(1));
            if (partial[r] >= 0) {
                assertEquals(partial[r], cluster, "labelled row " + r + " left its class");
            }
            correct += cluster == truth[r] ? 1 : 0;
        }
        // clusters 0 and 1 are the classes; the largest other cluster is the unlabelled third group
        assertTrue(correct > 0.9 * truth.length, correct + " of " + truth.length + " " + p.tables().get("clusters").rows());
        Table clusters = p.tables().get("clusters");
        int cls = clusters.header().indexOf("class");
        assertEquals("c0", clusters.rows().get(0).get(cls));
        assertEquals("c1", clusters.rows().get(1).get(cls));
        assertEquals("", clusters.rows().get(2).get(cls));
    }

    @Test
    void runDirectoryHasTheContractFiles(@TempDir Path dir) throws Exception {
        Dataset d = SyntheticData.gaussians(60, MEANS, CHOL, new double[] {0.3, 0.3, 0.4}, 8);
        Posterior p = run(new GaussianMixtureSampler(RUNNER, SyntheticData.DIST), d, Map.of("k", "3"));
        p.write(dir);
        for (String f : List.of("trace.csv", "summary.json", "assignments.csv", "assignments-highest-log-joint.csv",
                "clusters.csv", "k_posterior.csv", "coclustering.csv", "similarity.csv")) {
            assertTrue(Files.exists(dir.resolve(f)), f);
        }
        assertEquals("row,cluster", Files.readAllLines(dir.resolve("assignments.csv")).get(0));
        assertEquals("row,cluster", Files.readAllLines(dir.resolve("assignments-highest-log-joint.csv")).get(0));
        Clustering c = p.clustering().orElseThrow();
        // every file numbers the data's rows from 1 to 60, as plate:explain --row and the README do
        for (String f : List.of("assignments.csv", "assignments-highest-log-joint.csv", "coclustering.csv",
                "credible-ball-horizontal.csv", "credible-ball-upper.csv", "credible-ball-lower.csv",
                "similarity.csv")) {
            List<String> lines = Files.readAllLines(dir.resolve(f));
            assertEquals(61, lines.size(), f);
            assertTrue(lines.get(1).startsWith("1,") && lines.get(60).startsWith("60,"), f + ": " + lines.get(1));
        }
        assertTrue(Files.readAllLines(dir.resolve("similarity.csv")).get(0).startsWith("row,1,2,"));
        assertTrue(Files.readAllLines(dir.resolve("similarity.csv")).get(0).endsWith(",59,60"));
        assertEquals("1," + c.assignments()[0], Files.readAllLines(dir.resolve("assignments.csv")).get(1));
        assertEquals("vi", p.facts().get("estimate_loss"));
        assertEquals(60, c.rows());
        assertTrue(c.expectedLoss() <= fact(p, "highest_log_joint_expected_loss") + 1e-12, p.facts().toString());
        assertTrue(c.agreement().orElseThrow().ari() > 0.9, p.facts().toString());
        assertEquals(List.of("logJoint", "clusters", "entropy"), p.trace().summaryNames());
        // the n x n similarity table formats each distinct pair count once (n^2 String.format calls were most
        // of the 3-5 s a run interrupted by SIGTERM took to end): equal cells are one String
        List<List<String>> sim = p.tables().get("similarity").rows();
        java.util.Set<String> texts = new java.util.HashSet<>();
        java.util.Set<String> instances = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (int i = 0; i < 60; i++) {
            assertEquals("1.00000", sim.get(i).get(i + 1));
            for (int j = 0; j < 60; j++) {
                assertEquals(sim.get(i).get(j + 1), sim.get(j).get(i + 1));
                texts.add(sim.get(i).get(j + 1));
                instances.add(sim.get(i).get(j + 1));
            }
        }
        assertEquals(texts.size(), instances.size(), "similarity cells formatted more than once per value");
    }

    @Test
    void userMistakesAreClearMessages() {
        Dataset d = SyntheticData.gaussians(60, MEANS, CHOL, new double[] {0.3, 0.3, 0.4}, 9);
        Sampler text = new MultinomialMixtureSampler(RUNNER, SyntheticData.DIST);
        // measurements are no word counts; a dataset with neither counts nor numeric columns has no words at all
        PlateException e = assertThrows(PlateException.class, () -> run(text, d, Map.of()));
        assertTrue(e.getMessage().startsWith("the multinomial mixture needs word counts, whole numbers from 0 to"
                + " 2147483647: dataset 'gauss', row 1, column 'x0' is "), e.getMessage());
        Dataset levels = SyntheticData.categories(20, 2, 3, 3, 0.8, 1);
        e = assertThrows(PlateException.class, () -> run(text, levels, Map.of()));
        assertTrue(e.getMessage().contains("has no word counts for a multinomial mixture: no sparse count block and no"
                + " numeric columns (import a text corpus, a LibSVM file or a CSV of counts)"), e.getMessage());
        Sampler g = new GaussianMixtureSampler(RUNNER, SyntheticData.DIST);
        assertThrows(PlateException.class, () -> g.params(Map.of("k", "0")));
        assertThrows(PlateException.class, () -> g.params(Map.of("covariance", "spherical")));
        PlateException semi = assertThrows(PlateException.class,
                () -> run(g, d, Map.of("k", "2", "semi_supervised", "true")));
        assertTrue(semi.getMessage().contains("k = 2"), semi.getMessage());
        assertThrows(PlateException.class, () -> run(g, d.withoutLabels(), Map.of("semi_supervised", "true")));
    }
}
