package io.plate.sampler.sparse.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.sample.Cancellation;
import io.plate.api.sample.Posterior;
import io.plate.api.sample.ProgressListener;
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

/** The sampler services end to end through the mcmc bundle's runner: parameters, run, theta table, run directory. */
class SamplerServiceTest {
    static final TestDistributions DIST = new TestDistributions();
    static final ChainRunnerPool RUNNER = ChainRunnerPool.over(DIST);

    @TempDir
    Path tmp;

    @AfterAll
    static void close() {
        RUNNER.close();
    }

    private void check(Sampler s) throws Exception {
        Dataset d = SparseNaiveBayesTest.train();
        Posterior p = s.run(d, s.params(Map.of("alpha", "0.5")), new RunSettings(3000, 500, 2, 2, 7L, 2),
                ProgressListener.NONE, new Cancellation());
        assertEquals(s.name(), p.sampler());
        assertEquals(List.of("logJoint", "activeCategories", "meanP"), p.trace().summaryNames());
        assertEquals(1250, p.trace().draws(1));
        assertTrue(p.diagnostics().get(0).rhat() < 1.05, p.toString());
        Table theta = p.tables().get("theta");
        assertEquals(List.of("class", "feature", "category", "theta_mean", "theta_sd", "active_prob"), theta.header());
        assertEquals(2 * (3 + 2), theta.rows().size());
        // the number of p's is named as a count (it was "inclusionProbabilities", read as the probabilities,
        // which are theta.csv's active_prob): one p per cell, 2 classes × 2 features; pMean has each one's mean
        assertEquals(4, p.facts().get("pCount"));
        assertFalse(p.facts().containsKey("inclusionProbabilities"), p.facts().toString());
        assertEquals(4, ((Map<?, ?>) p.facts().get("pMean")).size());
        ExactPosterior exact = ExactPosterior.of(new SparseModel(CountTable.of(d, null),
                Hyperparameters.symmetric(0.5, 1, 1)));
        for (int s2 = 0; s2 < theta.rows().size(); s2++) {
            assertEquals(exact.thetaMean(s2), Double.parseDouble(theta.rows().get(s2).get(3)), 0.03, "slot " + s2);
        }
        p.write(tmp.resolve(s.name()));
        List<String> lines = Files.readAllLines(tmp.resolve(s.name()).resolve("theta.csv"));
        assertEquals("class,feature,category,theta_mean,theta_sd,active_prob", lines.get(0));
        assertTrue(Files.exists(tmp.resolve(s.name()).resolve("summary.json")));
        assertTrue(Files.readAllLines(tmp.resolve(s.name()).resolve("trace.csv")).get(0)
                .equals("chain,iteration,logJoint,activeCategories,meanP"));
    }

    @Test
    void dirichletRuns() throws Exception {
        check(new DirichletSampler(RUNNER, DIST));
    }

    @Test
    void collapsedRuns() throws Exception {
        check(new CollapsedSampler(RUNNER, DIST));
    }

    /**
     * A run on data with a numeric column and word counts counts the categorical columns alone (the theta table
     * of the categorical data) and says what it left out under its first line; it refused such data.
     */
    @Test
    void numericColumnsAndWordCountsAreLeftOutAndSaid() {
        Sampler s = new DirichletSampler(RUNNER, DIST);
        RunSettings settings = new RunSettings(20, 0, 1, 1, 3L, 1);
        Posterior mixed = s.run(SparseNaiveBayesTest.withOtherKinds(), s.params(Map.of()), settings,
                ProgressListener.NONE, new Cancellation());
        Posterior alone = s.run(SparseNaiveBayesTest.train(), s.params(Map.of()), settings, ProgressListener.NONE,
                new Cancellation());
        assertEquals(alone.tables().get("theta").rows(), mixed.tables().get("theta").rows());
        assertEquals("sparse.dirichlet ignores 1 numeric column (size) and the word counts of the data (the sparse"
                + " prior models categorical columns; a column of levels written as numbers is imported as one with"
                + " --categorical NAME)", mixed.toString().lines().toList().get(1));
        assertTrue(!alone.toString().contains("ignores"), alone.toString());
    }

    /**
     * Rows with no value in the group column belong to no cell: the run counts them nowhere and says so (it left
     * them out silently). Here the toy data grouped by shape, whose row 4 (green, label yes) has none.
     */
    @Test
    void rowsWithoutAGroupAreSaidToBeLeftOut() {
        Sampler s = new CollapsedSampler(RUNNER, DIST);
        RunSettings settings = new RunSettings(20, 0, 1, 1, 3L, 1);
        Posterior p = s.run(SparseNaiveBayesTest.train(), s.params(Map.of("group", "shape")), settings,
                ProgressListener.NONE, new Cancellation());
        assertEquals("sparse.collapsed ignores 1 row with no value in the group column 'shape'",
                p.toString().lines().toList().get(1));
        assertEquals("1 row with no value in the group column 'shape'", p.facts().get(io.plate.mcmc.SamplerPosterior.IGNORES));
        Posterior byColour = s.run(SparseNaiveBayesTest.train(), s.params(Map.of("group", "colour")), settings,
                ProgressListener.NONE, new Cancellation());
        assertFalse(byColour.toString().contains("ignores"), byColour.toString());
    }

    @Test
    void badInputIsAClearError() {
        Sampler s = new DirichletSampler(RUNNER, DIST);
        PlateException e = assertThrows(PlateException.class, () -> s.params(Map.of("alpha", "-1")));
        assertTrue(e.getMessage().contains("alpha"), e.getMessage());
        String[] wide = new String[14];
        for (int j = 0; j < 14; j++) {
            wide[j] = "v" + j;
        }
        String[][] rows = new String[14][];
        for (int r = 0; r < 14; r++) {
            rows[r] = new String[] {wide[r], r == 0 ? "x" : "y"};
        }
        Dataset d = Datasets.of("wide", new String[] {"f", "label"}, rows);
        PlateException tooWide = assertThrows(PlateException.class, () -> s.run(d, s.params(Map.of()),
                new RunSettings(10, 0, 1, 1, 1, 1), ProgressListener.NONE, new Cancellation()));
        assertTrue(tooWide.getMessage().contains("sparse.collapsed"), tooWide.getMessage());
        Posterior ok = new CollapsedSampler(RUNNER, DIST).run(d, s.params(Map.of()),
                new RunSettings(10, 0, 1, 1, 1, 1), ProgressListener.NONE, new Cancellation());
        assertEquals(10, ok.trace().draws(0));
        PlateException group = assertThrows(PlateException.class, () -> s.run(d, s.params(Map.of("group", "nope")),
                new RunSettings(10, 0, 1, 1, 1, 1), ProgressListener.NONE, new Cancellation()));
        assertTrue(group.getMessage().contains("nope"), group.getMessage());
    }
}
