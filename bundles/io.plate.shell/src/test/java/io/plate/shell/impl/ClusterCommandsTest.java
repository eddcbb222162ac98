package io.plate.shell.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.PlateException;
import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.data.NumericColumn;
import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import io.plate.api.sample.Cancellation;
import io.plate.api.sample.Checkpoints;
import io.plate.api.sample.Clustering;
import io.plate.api.sample.Posterior;
import io.plate.api.sample.ProgressListener;
import io.plate.api.sample.RunSettings;
import io.plate.api.sample.Sampler;
import io.plate.api.sample.Table;
import io.plate.api.sample.Trace;
import io.plate.mcmc.SamplerPosterior;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * plate:cluster over a stand-in mixture sampler: parameters and run options reach the sampler, the run
 * is kept and written, and the printed result shows diagnostics, cluster sizes, the k posterior and
 * ARI/NMI; mistakes are clear messages.
 */
class ClusterCommandsTest {
    @TempDir
    Path dir;

    private static ShellDefaults defaults(Path out) {
        ShellDefaults.Config c = (ShellDefaults.Config) Proxy.newProxyInstance(
                ClusterCommandsTest.class.getClassLoader(), new Class<?>[] {ShellDefaults.Config.class},
                (p, m, a) -> m.getName().equals("output_folder") ? out.toString() : m.getDefaultValue());
        return new ShellDefaults(c);
    }

    /** Puts the first half of the rows in cluster 0 and the rest in cluster 1, and records what it got. */
    static final class HalvesSampler implements Sampler {
        Params params;
        RunSettings settings;
        /** The dataset the run was given. */
        Dataset data;
        /** The posterior of the number of clusters the run reports (the estimate has 2). */
        Map<Integer, Double> kPosterior = Map.of(2, 1.0);
        /** Each chain's kept log joints. */
        double[][] logJoints = {{-10, -11, -12}};
        Checkpoints checkpoints;
        /** A semi-supervised run's reason for having no agreement (its labelled rows held), or null. */
        String held;
        /** The estimate's credible ball, or null. */
        Clustering.CredibleBall ball;
        /** The loss of the estimate. */
        Clustering.Loss loss = Clustering.Loss.VI;
        /** The highest-log-joint draw's partition, or null for the estimate's halves. */
        int[] best;

        @Override
        public Posterior run(Dataset data, Params p, RunSettings s, ProgressListener listener, Cancellation c,
                Checkpoints k) {
            this.checkpoints = k;
            return run(data, p, s, listener, c);
        }

        @Override
        public String name() {
            return "mixture.halves";
        }

        @Override
        public String description() {
            return "test stand-in";
        }

        @Override
        public List<ParamSpec> parameters() {
            return List.of(ParamSpec.integer("k", "2", 1, 10, "clusters"));
        }

        @Override
        public Posterior run(Dataset data, Params p, RunSettings s, ProgressListener listener, Cancellation c) {
            this.params = p;
            this.settings = s;
            this.data = data;
            int n = data.rows();
            List<List<String>> rows = new ArrayList<>();
            int[] halves = new int[n];
            for (int r = 0; r < n; r++) {
                halves[r] = r < n / 2 ? 0 : 1;
                rows.add(List.of(Integer.toString(r), Integer.toString(halves[r])));
            }
            Clustering clustering = held == null ? new Clustering(loss, 0.0, halves, List.of(
                    new Clustering.Cluster(n / 2, 0.5, 1.0, Optional.empty(), Optional.of("a"), 1.0),
                    new Clustering.Cluster(n - n / 2, 0.5, 1.0, Optional.empty(), Optional.of("b"), 1.0)),
                    new double[n], new TreeMap<>(kPosterior), best == null ? halves : best, -10.0,
                    new Clustering.Agreement(n, 1.0, 1.0, 1.0, 1.0, 1.0), ball)
                    : new Clustering(Clustering.Loss.VI, 0.0, halves, List.of(
                    new Clustering.Cluster(n / 2, 0.5, 1.0, Optional.of("a"), Optional.empty(), Double.NaN),
                    new Clustering.Cluster(n - n / 2, 0.5, 1.0, Optional.of("b"), Optional.empty(), Double.NaN)),
                    new double[n], new TreeMap<>(kPosterior), halves, -10.0, null);
            double[][][] values = new double[logJoints.length][][];
            long[][] its = new long[logJoints.length][];
            for (int ch = 0; ch < logJoints.length; ch++) {
                values[ch] = new double[logJoints[ch].length][];
                its[ch] = new long[logJoints[ch].length];
                for (int d = 0; d < logJoints[ch].length; d++) {
                    values[ch][d] = new double[] {logJoints[ch][d], 2};
                    its[ch][d] = d + 1;
                }
            }
            SamplerPosterior.Builder b = SamplerPosterior.builder(name(), data.name());
            if (held != null) {
                b.fact("agreement", held);
            } else {
                b.fact("ari", 1.0).fact("nmi", 1.0);
            }
            return b.params(p.asMap()).settings(s)
                    .trace(new Trace(List.of("logJoint", "clusters"), values, its)).seconds(0.5).sweepsPerSecond(6)
                    .table("assignments", new Table(List.of("row", "cluster"), rows))
                    .table("clusters", new Table(List.of("cluster", "size", "proportion", "mean.x"), List.of(
                            List.of("0", Integer.toString(n / 2), "0.5", "1.0"),
                            List.of("1", Integer.toString(n - n / 2), "0.5", "2.0"))))
                    .table("k_posterior", new Table(List.of("clusters", "probability"), List.of(List.of("2", "1"))))
                    .clustering(clustering)
                    .build();
        }
    }

    /** Another sampler is pointed to plate:sample; a learner or an unknown name to the mixture samplers' list. */
    @Test
    void aNameThatIsNoMixtureSamplerIsToldWhereToGo() {
        ClusterCommands c = ClusterCommands.of(workspaceWithData(), defaults(dir),
                List.of(new HalvesSampler(), new SampleCommandsTest.Ar1Sampler()));
        assertEquals("'test.ar1' is not a mixture sampler; plate:cluster runs mixture.* samplers (plate:sample runs"
                + " test.ar1)", assertThrows(PlateException.class, () -> c.cluster(null, "30", "", "10", "", "", "", "",
                        "", "", "", "", "test.ar1", "toy")).getMessage());
        assertEquals("'nb.categorical' is not a mixture sampler; plate:cluster runs mixture.* samplers (plate:samplers"
                + " lists them)", assertThrows(PlateException.class, () -> c.cluster(null, "30", "", "10", "", "", "",
                        "", "", "", "", "", "nb.categorical", "toy")).getMessage());
        // an installed learner's name is answered with the commands that run it
        ClusterCommands withLearner = ClusterCommands.of(workspaceWithData(), defaults(dir), List.of(new HalvesSampler()),
                Learners.of(List.of(new ModelCommandsTest.FixedLearner())));
        assertEquals("'test.fixed' is a learner, not a sampler; plate:train or plate:evaluate runs it (plate:samplers"
                + " lists the samplers)", assertThrows(PlateException.class, () -> withLearner.cluster(null, "30", "", "10",
                        "", "", "", "", "", "", "", "", "test.fixed", "toy")).getMessage());
    }

    @Test
    void anEstimateWithFewerClustersThanMostDrawsSaysWhy() throws Exception {
        HalvesSampler s = new HalvesSampler();
        s.kPosterior = Map.of(2, 0.024, 3, 0.976);
        String text = ClusterCommands.of(workspaceWithData(), defaults(dir), List.of(s))
                .cluster(null, "30", "", "10", "2", "3", "42", "", "", "", "", "", "mixture.halves", "toy").toString();
        assertTrue(text.contains("posterior of the number of clusters: 2: 0.024 3: 0.976\nthe estimate has 2 clusters"
                + " where most draws (0.976) have 3: the VI loss merges a cluster whose rows change from draw to draw"
                + " (loss=binder tends to keep more clusters)\n"), text);
        // chains in two places: their disagreement is the reason, and the table above says so
        s.logJoints = new double[2][40];
        for (int d = 0; d < 40; d++) {
            s.logJoints[0][d] = -10 - d % 5;
            s.logJoints[1][d] = -80 - d % 5;
        }
        text = ClusterCommands.of(workspaceWithData(), defaults(dir), List.of(s))
                .cluster(null, "30", "", "10", "2", "3", "42", "", "", "", "", "", "mixture.halves", "toy").toString();
        assertTrue(text.contains("R-hat above 1.01 (logJoint "), text);
        assertTrue(text.contains("\n  mean logJoint per chain: -12.00 -82.00;"), text);
        assertTrue(text.contains("the estimate has 2 clusters where most draws (0.976) have 3: the chains disagree"),
                text);
        assertFalse(text.contains("the VI loss merges"), text);
        // no draw has as few clusters as the estimate (the short DP run on sms: 89 clusters against 12-24)
        s.kPosterior = Map.of(3, 0.4, 4, 0.35, 5, 0.25);
        text = ClusterCommands.of(workspaceWithData(), defaults(dir), List.of(s))
                .cluster(null, "30", "", "10", "2", "3", "42", "", "", "", "", "", "mixture.halves", "toy").toString();
        assertTrue(text.contains("the estimate has 2 clusters, fewer than any draw (3-5): the chains disagree (R-hat"
                + " above 1.1) and the rows they place differently are merged into fewer, larger clusters in the"
                + " partition nearest to all draws pooled;"), text);
        assertFalse(text.contains("small clusters"), text);
        // every draw has the same number (20 newsgroups, k=4, 2 chains: an estimate of 3 against 4 in every draw)
        s.kPosterior = Map.of(3, 1.0);
        text = ClusterCommands.of(workspaceWithData(), defaults(dir), List.of(s))
                .cluster(null, "30", "", "10", "2", "3", "42", "", "", "", "", "", "mixture.halves", "toy").toString();
        assertTrue(text.contains("the estimate has 2 clusters, fewer than any draw (every draw has 3): the chains"
                + " disagree"), text);
        s.logJoints = new double[][] {{-10, -11, -12}};
        s.kPosterior = Map.of(2, 0.4, 3, 0.35, 4, 0.25); // no majority: nothing to explain
        text = ClusterCommands.of(workspaceWithData(), defaults(dir), List.of(s))
                .cluster(null, "30", "", "10", "2", "3", "42", "", "", "", "", "", "mixture.halves", "toy").toString();
        assertFalse(text.contains("the estimate has"), text);
    }

    @Test
    void theCredibleBallIsOneLineNamingItsFiles() throws Exception {
        HalvesSampler s = new HalvesSampler();
        String text = ClusterCommands.of(workspaceWithData(), defaults(dir), List.of(s))
                .cluster(null, "30", "", "10", "2", "3", "42", "", "", "", "", "", "mixture.halves", "toy").toString();
        assertFalse(text.contains("credible ball"), text); // a run without one says nothing of it
        s.ball = new Clustering.CredibleBall(0.95, 0.8421, new Clustering.CredibleBall.Bound(3, 0.8421),
                new Clustering.CredibleBall.Bound(2, 0.61), new Clustering.CredibleBall.Bound(4, 0.5));
        text = ClusterCommands.of(workspaceWithData(), defaults(dir), List.of(s))
                .cluster(null, "30", "", "10", "2", "3", "42", "ball", "", "", "", "", "mixture.halves", "toy").toString();
        assertTrue(text.contains("\n95% credible ball (VI radius 0.842): 2-4 clusters; bounds 3 clusters at 0.842"
                + " (farthest), 2 at 0.610 (fewest), 4 at 0.500 (most) in "
                + dir.resolve("ball").resolve("credible-ball-*.csv") + "\n"), text);
        // Binder's loss counts row pairs
        s.loss = Clustering.Loss.BINDER;
        s.ball = new Clustering.CredibleBall(0.95, 9494, new Clustering.CredibleBall.Bound(3, 9494),
                new Clustering.CredibleBall.Bound(2, 9398), new Clustering.CredibleBall.Bound(3, 9494));
        text = ClusterCommands.of(workspaceWithData(), defaults(dir), List.of(s))
                .cluster(null, "30", "", "10", "2", "3", "42", "", "", "", "", "", "mixture.halves", "toy").toString();
        assertTrue(text.contains("\n95% credible ball (Binder radius 9494 row pairs): 2-3 clusters; bounds 3 clusters"
                + " at 9494 (farthest), 2 at 9398 (fewest), 3 at 9494 (most)\n"), text);
    }

    @Test
    void aSemiSupervisedRunSaysWhyItShowsNoAgreement() throws Exception {
        // the labelled rows were held in their classes: ARI/NMI/purity against them are 1 by construction
        HalvesSampler s = new HalvesSampler();
        s.held = "ARI/NMI/purity not shown: the labelled rows were held in their classes";
        ClusterCommands.ClusterResult r = ClusterCommands.of(workspaceWithData(), defaults(dir), List.of(s))
                .cluster(null, "30", "", "10", "2", "3", "42", "", "", "", "", "", "mixture.halves", "toy");
        String text = r.toString();
        assertTrue(text.contains("\n" + s.held + "\n"), text);
        assertFalse(text.contains("ARI 1.0000") || text.contains("majority_label"), text);
        assertTrue(Double.isNaN(r.ari()));
        // a run that did not hold its labels prints its ARI and no such line
        s.held = null;
        text = ClusterCommands.of(workspaceWithData(), defaults(dir), List.of(s))
                .cluster(null, "30", "", "10", "2", "3", "42", "", "", "", "", "", "mixture.halves", "toy").toString();
        assertTrue(text.contains("ARI 1.0000") && !text.contains("not shown"), text);
    }

    private Workspace workspaceWithData() {
        Workspace w = new Workspace();
        Dataset d = Dataset.builder("toy").numeric(NumericColumn.of("x", new double[] {1, 1.1, 5, 5.2}))
                .labels(CategoricalColumn.of("y", List.of("a", "b"), new int[] {0, 0, 1, 1})).build();
        w.putDataset("toy", d);
        return w;
    }

    /** ARFF instance weights are no feature: no sampler weighs rows, so a run clusters without them (as Weka). */
    @Test
    void instanceWeightsAreLeftOutOfARun() throws Exception {
        Workspace w = workspaceWithData();
        w.putDataset("weighed", w.dataset("toy").toBuilder("weighed")
                .numeric(NumericColumn.of("weight", new double[] {2, 0.5, 1, 1}))
                .metadata(io.plate.api.data.Importer.WEIGHT_COLUMN, "weight").build());
        HalvesSampler s = new HalvesSampler();
        ClusterCommands.of(w, defaults(dir), List.of(s))
                .cluster(null, "30", "", "10", "", "", "", "", "", "", "", "", "mixture.halves", "weighed");
        assertEquals(List.of("x"), s.data.numeric().stream().map(NumericColumn::name).toList());
        // without the metadata a column named weight is a feature as any other
        w.putDataset("plain", w.dataset("toy").toBuilder("plain")
                .numeric(NumericColumn.of("weight", new double[] {2, 0.5, 1, 1})).build());
        ClusterCommands.of(w, defaults(dir), List.of(s))
                .cluster(null, "30", "", "10", "", "", "", "", "", "", "", "", "mixture.halves", "plain");
        assertEquals(List.of("x", "weight"), s.data.numeric().stream().map(NumericColumn::name).toList());
    }

    /** A highest-log-joint draw of one cluster says "1 cluster" (it said "1 clusters"). */
    @Test
    void oneClusterIsSingular() throws Exception {
        HalvesSampler s = new HalvesSampler();
        s.best = new int[4]; // every row in cluster 0
        ClusterCommands c = ClusterCommands.of(workspaceWithData(), defaults(dir), List.of(s));
        String text = c.cluster(null, "30", "", "10", "2", "1", "42", "", "", "", "", "", "mixture.halves", "toy", "k=2")
                .toString();
        assertTrue(text.contains("highest-log-joint draw (log joint -10.00): 1 cluster\n"), text);
    }

    @Test
    void clustersKeepsAndWritesTheRun() throws Exception {
        Workspace w = workspaceWithData();
        HalvesSampler s = new HalvesSampler();
        ClusterCommands c = ClusterCommands.of(w, defaults(dir), List.of(s));
        ClusterCommands.ClusterResult r = c.cluster(null, "30", "", "10", "2", "3", "42", "run1", "", "", "", "", "mixture.halves",
                "toy", "k=2");
        assertEquals(2, s.params.getInt("k"));
        assertEquals(new RunSettings(30, 10, 2, 3, 42, 0), s.settings);
        assertSame(r.posterior(), w.runs().get("toy.mixture.halves"));
        assertEquals(List.of(2, 2), r.sizes());
        assertEquals("[2, 2]", String.valueOf(r.sizes()), "as echo ($r sizes) prints it");
        assertEquals(1.0, r.ari());
        assertEquals(dir.resolve("run1"), r.written());
        assertEquals("row,cluster", Files.readAllLines(dir.resolve("run1/assignments.csv")).get(0));
        assertTrue(Files.exists(dir.resolve("run1/summary.json")));
        String text = r.toString();
        assertTrue(text.contains("R-hat"), text);
        assertTrue(text.contains("posterior of the number of clusters: 2: 1.000"), text);
        assertTrue(text.contains("ARI 1.0000, NMI 1.0000"), text);
        assertTrue(text.contains("point estimate (minimises the posterior expected variation-of-information loss"),
                text);
        assertTrue(text.contains("highest-log-joint draw (log joint -10.00): 2 clusters"), text);
        assertFalse(text.contains("the estimate has"), text);
        assertTrue(text.contains("kept as run 'toy.mixture.halves'"), text);
        // plate:predict on a run (as scikit-learn's GaussianMixture.predict) says what the run is, not "no model"
        PlateException predict = assertThrows(PlateException.class, () -> w.model("toy.mixture.halves"));
        assertEquals("'toy.mixture.halves' is a run of mixture.halves, not a model: plate:predict toy.mixture.halves"
                + " DATASET assigns new rows to its clusters, and its rows' clusters are in assignments.csv of its run"
                + " directory (--out DIR)", predict.getMessage());
    }

    /**
     * A run without --iterations may be extended to max.iterations (8000 by default) until it converges; with
     * --iterations it has exactly those, unless --max-iterations is given too; mistakes are one line.
     */
    @Test
    void iterationsAndMaxIterationsReachTheRunner() throws Exception {
        HalvesSampler s = new HalvesSampler();
        ClusterCommands c = ClusterCommands.of(workspaceWithData(), defaults(dir), List.of(s));
        c.cluster(null, "", "", "", "", "2", "42", "", "", "", "", "", "mixture.halves", "toy");
        assertEquals(new RunSettings(2000, 500, 1, 2, 42, 0, 8000), s.settings);
        c.cluster(null, "30", "", "10", "", "2", "42", "", "", "", "", "", "mixture.halves", "toy");
        assertEquals(new RunSettings(30, 10, 1, 2, 42, 0, 30), s.settings);
        c.cluster(null, "30", "90", "10", "", "2", "42", "", "", "", "", "", "mixture.halves", "toy");
        assertEquals(new RunSettings(30, 10, 1, 2, 42, 0, 90), s.settings);
        s.settings = null;
        PlateException below = assertThrows(PlateException.class, () -> c.cluster(null, "30", "20", "10", "", "2", "42",
                "", "", "", "", "", "mixture.halves", "toy"));
        assertEquals("--max-iterations 20 is below the run's 30 iterations; give at least 30", below.getMessage());
        PlateException checkpointed = assertThrows(PlateException.class, () -> c.cluster(null, "30", "90", "10", "",
                "2", "42", "", "", "ck", "", "", "mixture.halves", "toy"));
        assertEquals("--max-iterations cannot be used with --checkpoint or --resume: a checkpointed run has a fixed"
                + " number of iterations", checkpointed.getMessage());
        assertEquals(null, s.settings);
        // a checkpointed run without --iterations is not extended
        c.cluster(null, "", "", "", "", "2", "42", "", "", "ck2", "", "", "mixture.halves", "toy");
        assertEquals(new RunSettings(2000, 500, 1, 2, 42, 0, 2000), s.settings);
    }

    /**
     * A run directory that cannot be written fails before sampling (the sampler never runs), in one line
     * with the path as given under the output folder (dir): a regular file, a folder under a regular file, the
     * root folder.
     */
    @Test
    void anUnwritableRunDirectoryFailsBeforeSampling() throws Exception {
        Files.writeString(dir.resolve("afile.txt"), "x");
        HalvesSampler s = new HalvesSampler();
        ClusterCommands c = ClusterCommands.of(workspaceWithData(), defaults(dir), List.of(s));
        String f = dir.resolve("afile.txt").toString();
        for (String[] outAndMessage : new String[][] {
                {"afile.txt", "cannot write the run directory " + f + ": not a folder: " + f + " is a file"},
                {"afile.txt/sub", "cannot write the run directory " + f + "/sub: not a folder: " + f + " is a file"},
                {"/", "cannot write the run directory /: the folder exists and is never replaced"}}) {
            PlateException e = assertThrows(PlateException.class, () -> c.cluster(null, "30", "", "10", "2", "3", "42",
                    outAndMessage[0], "", "", "", "", "mixture.halves", "toy"));
            assertEquals(outAndMessage[1], e.getMessage());
            assertEquals(null, s.settings, "sampled before checking " + outAndMessage[0]);
        }
        PlateException ck = assertThrows(PlateException.class, () -> c.cluster(null, "30", "", "10", "2", "3", "42", "",
                "", "afile.txt/ck", "", "", "mixture.halves", "toy"));
        assertEquals("cannot write checkpoints to " + f + "/ck: not a folder: " + f + " is a file", ck.getMessage());
        assertEquals(null, s.settings);
        assertEquals("x", Files.readString(dir.resolve("afile.txt")));
    }

    /**
     * --checkpoint DIR, --resume DIR and --checkpoint-every N reach the sampler as its checkpoints (a folder
     * under the output folder); a bad value or combination fails with one line before the run.
     */
    @Test
    void checkpointOptionsReachTheSampler() throws Exception {
        HalvesSampler s = new HalvesSampler();
        ClusterCommands c = ClusterCommands.of(workspaceWithData(), defaults(dir), List.of(s));
        c.cluster(null, "", "", "", "", "", "", "", "", "ck", "7", "", "mixture.halves", "toy");
        assertEquals(7, s.checkpoints.every());
        assertFalse(s.checkpoints.resume());
        assertEquals(dir.resolve("ck").toAbsolutePath().resolve("chain-0-sweep-7").toString(),
                s.checkpoints.store().where("chain-0-sweep-7"));
        Files.createDirectories(dir.resolve("ck"));
        c.cluster(null, "", "", "", "", "", "", "", "", "", "", "ck", "mixture.halves", "toy");
        assertEquals(100, s.checkpoints.every());
        assertTrue(s.checkpoints.resume());
        c.cluster(null, "", "", "", "", "", "", "", "", "", "", "", "mixture.halves", "toy");
        assertEquals(null, s.checkpoints);
        Files.writeString(dir.resolve("run.csv"), "x\n"); // a file given as the folder to resume
        String[][] bad = {{"ck", "", "ck"}, {"", "5", ""}, {"ck", "0", ""}, {"ck", "x", ""}, {"", "", "nope"}, {"", "", "run.csv"}};
        String[] messages = {"--checkpoint DIR starts a checkpointed run and --resume DIR continues one: give one of them",
            "--checkpoint-every needs --checkpoint DIR or --resume DIR",
            "--checkpoint-every must be at least 1 sweep, got 0", "--checkpoint-every",
            "--resume 'nope': no such folder (" + dir.resolve("nope") + ")",
            "--resume 'run.csv': it is a file, not a checkpoint folder (" + dir.resolve("run.csv") + ")"};
        for (int i = 0; i < bad.length; i++) {
            s.checkpoints = null;
            String[] b = bad[i];
            PlateException e = assertThrows(PlateException.class, () -> c.cluster(null, "", "", "", "", "", "", "", "", b[0],
                    b[1], b[2], "mixture.halves", "toy"));
            assertTrue(e.getMessage().startsWith(messages[i]), e.getMessage());
            assertEquals(1, e.getMessage().lines().count());
            assertEquals(null, s.checkpoints, "no run");
        }
    }

    /** A posterior whose point estimate has {@code k} clusters of one row each. */
    private static Posterior singletons(int k) {
        int[] rows = new int[k];
        List<Clustering.Cluster> clusters = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            rows[i] = i;
            clusters.add(new Clustering.Cluster(1, 1.0 / k, 1.0, Optional.empty(), Optional.empty(), Double.NaN));
        }
        Clustering clustering = new Clustering(Clustering.Loss.VI, 0.0, rows, clusters, new double[k],
                new TreeMap<>(Map.of(k, 1.0)), rows, -1.0, null);
        double[][][] values = {{{-1, -2}, {k, k}}};
        return SamplerPosterior.builder("mixture.many", "toy").settings(new RunSettings(2, 0, 1, 1, 1, 0))
                .trace(new Trace(List.of("logJoint", "clusters"),
                values, new long[][] {{1, 2}})).clustering(clustering).build();
    }

    /**
     * A text mixture's clusters table ends with each cluster's most probable words (the top_words column
     * of clusters.csv), cut to an 80-column terminal with "…" rather than left out or wrapped.
     */
    @Test
    void aTextClusterShowsItsWordsFittedToTheTerminal() {
        Posterior p = singletons(2);
        String many = "elephant:0.1111 is:0.1111 and:0.1111 of:0.1111 the:0.1111 boring:0.1111 zzzqqq:0.1111";
        Posterior text = SamplerPosterior.builder("mixture.many", "toy").settings(p.settings()).trace(p.trace())
                .clustering(p.clustering().orElseThrow())
                .table("clusters", new Table(List.of("cluster", "size", "proportion", "confidence", "top_words"),
                        List.of(List.of("0", "1", "0.5", "1", "spam:0.5000 free:0.2500"), List.of("1", "1", "0.5", "1", many))))
                .build();
        try {
            io.plate.api.text.TextTable.terminalColumns(80);
            String shown = new ClusterCommands.ClusterResult("r", text, null, null).toString();
            List<String> lines = shown.lines().toList();
            String header = lines.stream().filter(l -> l.startsWith("cluster ")).findFirst().orElseThrow();
            assertTrue(header.strip().endsWith("top_words"), shown);
            assertTrue(lines.stream().anyMatch(l -> l.strip().startsWith("0 ") && l.endsWith("spam:0.5000 free:0.2500")), shown);
            String cut = lines.stream().filter(l -> l.strip().startsWith("1 ") && l.contains("elephant:0.1111")).findFirst()
                    .orElseThrow(() -> new AssertionError(shown));
            assertTrue(cut.endsWith("…") && cut.length() <= 80, cut);
        } finally {
            io.plate.api.text.TextTable.terminalColumns(0);
        }
    }

    @Test
    void clustersBeyondTheTableAreNamedWhereTheyAre() {
        int k = ClusterCommands.SHOWN_CLUSTERS + 3;
        String unwritten = new ClusterCommands.ClusterResult("r", singletons(k), null, null).toString();
        assertTrue(unwritten.contains("… 3 more clusters (--out DIR writes every cluster to DIR/clusters.csv)"), unwritten);
        assertFalse(unwritten.contains("more in clusters.csv"), unwritten);
        String written = new ClusterCommands.ClusterResult("r", singletons(k), dir.resolve("run"), null).toString();
        assertTrue(written.contains("… 3 more in " + dir.resolve("run").resolve("clusters.csv")), written);
    }

    @Test
    void mistakesAreClearMessages() {
        ClusterCommands c = ClusterCommands.of(workspaceWithData(), defaults(dir), List.of(new HalvesSampler()));
        PlateException notMixture = assertThrows(PlateException.class,
                () -> c.cluster(null, "", "", "", "", "", "", "", "", "", "", "", "sparse.dirichlet", "toy"));
        assertTrue(notMixture.getMessage().contains("not a mixture sampler"), notMixture.getMessage());
        PlateException unknown = assertThrows(PlateException.class,
                () -> c.cluster(null, "", "", "", "", "", "", "", "", "", "", "", "mixture.nope", "toy"));
        assertTrue(unknown.getMessage().contains("installed: mixture.halves"), unknown.getMessage());
        assertThrows(PlateException.class, () -> c.cluster(null, "", "", "", "", "", "", "", "", "", "", "", "mixture.halves", "nope"));
        assertThrows(PlateException.class,
                () -> c.cluster(null, "x", "", "", "", "", "", "", "", "", "", "", "mixture.halves", "toy"));
        assertThrows(PlateException.class,
                () -> c.cluster(null, "", "", "", "", "", "", "", "", "", "", "", "mixture.halves", "toy", "k=99"));
        assertThrows(PlateException.class,
                () -> c.cluster(null, "", "", "", "", "", "", "", "", "", "", "", "mixture.halves", "toy", "novalue"));
    }
}
