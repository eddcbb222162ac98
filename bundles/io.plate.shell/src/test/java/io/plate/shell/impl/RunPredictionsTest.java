package io.plate.shell.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.PlateException;
import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.data.NumericColumn;
import io.plate.api.learn.UnseenLevels;
import io.plate.api.sample.Cancellation;
import io.plate.api.sample.ClusterPredictions;
import io.plate.api.sample.ClusterPredictor;
import io.plate.api.sample.RunSettings;
import io.plate.api.sample.Trace;
import io.plate.mcmc.SamplerPosterior;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code plate:predict RUN DATASET}: a run kept in the shell assigns a dataset's rows to its clusters (its
 * predictor stands in here: cluster 1 above x = 0), printed as the classifier's predictions are and written as
 * {@code cluster,p_0,…,p_new}; a run directory, a run that keeps no partitions, a dataset the run cannot read and
 * an interrupt are refused in one line, and nothing is written.
 */
class RunPredictionsTest {
    @TempDir
    Path dir;

    /** Two clusters split at x = 0, a tenth of each row's mass on a new cluster; cancelled when asked. */
    static final class SplitAtZero implements ClusterPredictor {
        boolean interrupt;

        @Override
        public int clusters() {
            return 2;
        }

        @Override
        public int draws() {
            return 7;
        }

        @Override
        public ClusterPredictions predict(Dataset rows, Cancellation cancellation) {
            if (interrupt) {
                throw new CancellationException("cancelled");
            }
            NumericColumn x = rows.numeric().stream().filter(c -> c.name().equals("x")).findFirst()
                    .orElseThrow(() -> new PlateException("dataset '" + rows.name() + "' has no numeric column 'x'"
                            + " that the run clustered on"));
            double[][] p = new double[rows.rows()][];
            double[] fresh = new double[rows.rows()];
            for (int r = 0; r < p.length; r++) {
                double above = x.value(r) > 0 ? 0.8 : 0.1;
                p[r] = new double[] {0.9 - above, above};
                fresh[r] = 0.1;
            }
            return new ClusterPredictions(p, fresh, 7, List.of(new UnseenLevels("colour", 1, List.of("mauve"))),
                    rows.labels().isPresent() ? new ClusterPredictions.Agreement(rows.rows(), 1.0, 1.0) : null);
        }
    }

    private static ShellDefaults defaults(Path out) {
        ShellDefaults.Config c = (ShellDefaults.Config) Proxy.newProxyInstance(
                RunPredictionsTest.class.getClassLoader(), new Class<?>[] {ShellDefaults.Config.class},
                (p, m, a) -> m.getName().equals("output_folder") ? out.toString() : m.getDefaultValue());
        return new ShellDefaults(c);
    }

    static SamplerPosterior run(String sampler, ClusterPredictor predictor) {
        return SamplerPosterior.builder(sampler, "train").settings(new RunSettings(3, 1, 1, 1, 1, 1))
                .trace(new Trace(List.of("logJoint"), new double[][][] {{{-1}, {-2}}}, new long[][] {{1, 2}}))
                .clusterPredictor(predictor).build();
    }

    Workspace workspace(ClusterPredictor predictor) {
        Workspace w = new Workspace();
        int n = 12;
        double[] x = new double[n];
        int[] label = new int[n];
        for (int r = 0; r < n; r++) {
            x[r] = r % 2 == 0 ? -1 - r : 1 + r;
            label[r] = r % 2;
        }
        w.putDataset("new", Dataset.builder("new").numeric(NumericColumn.of("x", x))
                .labels(CategoricalColumn.of("class", List.of("left", "right"), label)).build());
        w.putDataset("other", Dataset.builder("other").numeric(NumericColumn.of("y", x)).build());
        w.putRun("toy.mixture.gaussian", run("mixture.gaussian", predictor));
        w.putRun("toy.sparse.dirichlet", run("sparse.dirichlet", null));
        return w;
    }

    @Test
    void aKeptRunAssignsRowsAndPrintsTheFirstOnes() throws Exception {
        PredictCommands c = new PredictCommands(workspace(new SplitAtZero()), defaults(dir));
        RunPredictions p = (RunPredictions) c.predict(null, "", "toy.mixture.gaussian", "new");
        String text = p.toString();
        assertTrue(text.matches("(?s)toy\\.mixture\\.gaussian on new: 12 rows, clusters from 7 stored draws \\([0-9.]+ s\\)\n.*"),
                text);
        assertTrue(text.contains("warning: 1 cell of 'new' has a level the run never saw in training and adds no term:"
                + " colour: 1 row (level mauve)"), text);
        assertTrue(text.contains("predicted: cluster 0 6, 1 6\n"), text);
        assertTrue(text.contains("against the dataset's labels: ARI 1.0000, NMI 1.0000 (12 of 12 rows)"), text);
        assertTrue(text.contains("row"), text);
        String[] lines = text.split("\n");
        int header = java.util.Arrays.asList(lines).indexOf(java.util.Arrays.stream(lines)
                .filter(l -> l.startsWith("row")).findFirst().orElseThrow());
        assertEquals(List.of("row", "cluster", "label", "probability", "p_new"), List.of(lines[header].trim().split("\\s+")));
        assertTrue(lines[header + 1].startsWith("---"), text); // the table's rule
        assertEquals(List.of("1", "0", "left", "0.8000", "0.1000"), List.of(lines[header + 2].trim().split("\\s+")));
        assertEquals(List.of("2", "1", "right", "0.8000", "0.1000"), List.of(lines[header + 3].trim().split("\\s+")));
        assertTrue(text.endsWith("(first 10 rows; --out FILE.csv writes all, with every cluster's probability)\n"), text);
    }

    /** A text dataset none of whose words the run knows is warned of, as the classifiers' predictions warn of it. */
    @Test
    void aTextDatasetWithoutAWordOfTheRunsIsWarnedOf() {
        double[][] p = {{0.6, 0.4}, {0.6, 0.4}};
        String none = new RunPredictions("news.mixture.multinomial", "tweets", new ClusterPredictions(p, new double[2], 5,
                List.of(), new io.plate.api.learn.KnownWords(7, 0, 40, "(the clusters' sizes)"), null), null, 0.1).toString();
        assertTrue(none.contains("\nwarning: none of the 7 words of 'tweets' is one of the 40 words run"
                + " 'news.mixture.multinomial' was trained on: every row gets the run's scores of a text without words"
                + " (the clusters' sizes)\n"), none);
        String some = new RunPredictions("news.mixture.multinomial", "tweets", new ClusterPredictions(p, new double[2], 5,
                List.of(), new io.plate.api.learn.KnownWords(7, 1, 40, "(the clusters' sizes)"), null), null, 0.1).toString();
        assertFalse(some.contains("warning"), some);
    }

    /** A semi-supervised run's clusters hold classes: the predictions name them beside the cluster, on screen and in CSV. */
    @Test
    void aSemiSupervisedRunsPredictionsNameTheClassOfTheirCluster() throws Exception {
        double[][] p = {{0.7, 0.2, 0.1}, {0.1, 0.1, 0.8}, {0.2, 0.7, 0.1}};
        RunPredictions r = new RunPredictions("s.mixture.gaussian", "t", new ClusterPredictions(p, new double[3], 5,
                List.of(), null), null, List.of("setosa", "vers,icolor", ""), 0.1);
        String text = r.toString();
        assertTrue(text.contains("predicted: cluster 0 (setosa) 1, 1 (vers,icolor) 1, 2 1\n"), text);
        String[] lines = text.split("\n");
        int header = java.util.Arrays.asList(lines).indexOf(java.util.Arrays.stream(lines)
                .filter(l -> l.startsWith("row")).findFirst().orElseThrow());
        assertEquals(List.of("row", "cluster", "class", "probability", "p_new"), List.of(lines[header].trim().split("\\s+")));
        assertEquals(List.of("1", "0", "setosa", "0.7000", "0.0000"), List.of(lines[header + 2].trim().split("\\s+")));
        assertEquals(List.of("2", "2", "0.8000", "0.0000"), List.of(lines[header + 3].trim().split("\\s+")));
        Path csv = dir.resolve("semi.csv");
        r.writeCsv(csv);
        assertEquals(List.of("cluster,class,p_0,p_1,p_2,p_new", "0,setosa,0.7,0.2,0.1,0.0", "2,,0.1,0.1,0.8,0.0",
                "1,\"vers,icolor\",0.2,0.7,0.1,0.0"), java.nio.file.Files.readAllLines(csv));
        // against labels: row 1 setosa (right), row 2 in a cluster without a class (wrong), row 3 unlabelled
        String scored = new RunPredictions("s.mixture.gaussian", "t", new ClusterPredictions(p, new double[3], 5,
                List.of(), null), java.util.Arrays.asList("setosa", "virginica", null), List.of("setosa", "vers,icolor", ""),
                0.1).toString();
        assertTrue(scored.contains("accuracy 0.5000: the class of the predicted cluster is the row's label in 1 of 2"
                + " labelled rows\n"), scored);
        assertFalse(text.contains("accuracy"), text); // no labels, no accuracy
        // a run without classes in its clusters keeps the plain header
        RunPredictions plain = new RunPredictions("g", "t", new ClusterPredictions(p, new double[3], 5, List.of(), null),
                null, List.of("", "", ""), 0.1);
        plain.writeCsv(csv);
        assertEquals("cluster,p_0,p_1,p_2,p_new", java.nio.file.Files.readAllLines(csv).get(0));
    }

    /** A row likelier in a cluster of its own than in any cluster of the run is counted under the predicted line. */
    @Test
    void rowsLikelierInANewClusterAreCounted() {
        double[][] p = {{0.7, 0.2}, {0.3, 0.1}, {0.2, 0.25}};
        String text = new RunPredictions("dp", "t", new ClusterPredictions(p, new double[] {0.1, 0.6, 0.55}, 5, List.of(),
                null), null, 0.1).toString();
        assertTrue(text.contains("predicted: cluster 0 2, 1 1\n2 rows are likelier in a cluster of no training row"
                + " (p_new) than in any cluster shown: far from the run's data\n"), text);
        String one = new RunPredictions("dp", "t", new ClusterPredictions(p, new double[] {0.1, 0.6, 0.1}, 5, List.of(),
                null), null, 0.1).toString();
        assertTrue(one.contains("1 row is likelier"), one);
    }

    @Test
    void outWritesEveryRowsProbabilities() throws Exception {
        PredictCommands c = new PredictCommands(workspace(new SplitAtZero()), defaults(dir));
        String text = c.predict(null, "clusters.csv", "toy.mixture.gaussian", "new").toString();
        assertTrue(text.startsWith("toy.mixture.gaussian on new: 12 rows, clusters from 7 stored draws ("), text);
        assertTrue(text.contains(" s), written to " + dir.resolve("clusters.csv") + "\n"), text);
        List<String> lines = Files.readAllLines(dir.resolve("clusters.csv"));
        assertEquals(13, lines.size());
        assertEquals("cluster,p_0,p_1,p_new", lines.get(0));
        assertEquals("0," + (0.9 - 0.1) + ",0.1,0.1", lines.get(1));
        assertEquals("1," + (0.9 - 0.8) + ",0.8,0.1", lines.get(2));
    }

    @Test
    void refusalsAreOneLineAndWriteNothing() throws Exception {
        SplitAtZero predictor = new SplitAtZero();
        Workspace w = workspace(predictor);
        PredictCommands c = new PredictCommands(w, defaults(dir));
        assertEquals("dataset 'other' has no numeric column 'x' that the run clustered on", assertThrows(
                PlateException.class, () -> c.predict(null, "a.csv", "toy.mixture.gaussian", "other")).getMessage());
        assertEquals("run 'toy.sparse.dirichlet' of sparse.dirichlet clusters no rows: plate:predict takes a model or a"
                + " run of plate:cluster (a mixture)", assertThrows(PlateException.class,
                        () -> c.predict(null, "a.csv", "toy.sparse.dirichlet", "new")).getMessage());
        w.putRun("empty.mixture.gaussian", run("mixture.gaussian", null));
        assertEquals("run 'empty.mixture.gaussian' of mixture.gaussian keeps no partitions of its draws to assign new"
                + " rows with (it kept no draw, or its directory was written before they were kept there); run"
                + " plate:cluster again", assertThrows(PlateException.class,
                        () -> c.predict(null, "a.csv", "empty.mixture.gaussian", "new")).getMessage());
        // a folder is read as a run directory (RunDirectoryPredictionTest, LauncherProcessIT): this one is none
        Files.createDirectories(dir.resolve("run1"));
        Files.writeString(dir.resolve("run1/summary.json"), "{}");
        String notARun = assertThrows(PlateException.class, () -> c.predict(null, "a.csv", "run1", "new")).getMessage();
        assertTrue(notARun.startsWith(dir.resolve("run1") + ": not a run directory (no trace.csv"), notARun);
        assertEquals("no model named 'nothing' (none loaded); runs plate:predict also takes: empty.mixture.gaussian,"
                + " toy.mixture.gaussian, toy.sparse.dirichlet", assertThrows(PlateException.class,
                        () -> c.predict(null, "a.csv", "nothing", "new")).getMessage());
        predictor.interrupt = true;
        assertEquals("assigning the rows of 'new' to the clusters of 'toy.mixture.gaussian' was interrupted; nothing"
                + " was written", assertThrows(PlateException.class,
                        () -> c.predict(null, "a.csv", "toy.mixture.gaussian", "new")).getMessage());
        assertFalse(Files.exists(dir.resolve("a.csv")));
    }
}
