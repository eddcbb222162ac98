package io.plate.shell.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.BundleOrigin;
import io.plate.api.PlateException;
import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import io.plate.api.sample.Cancellation;
import io.plate.api.sample.Chain;
import io.plate.api.sample.ChainRun;
import io.plate.api.sample.Distributions;
import io.plate.api.sample.Posterior;
import io.plate.api.sample.ProgressListener;
import io.plate.api.sample.RunSettings;
import io.plate.api.sample.Sampler;
import io.plate.mcmc.ChainRunnerPool;
import io.plate.mcmc.SamplerPosterior;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SampleCommandsTest {
    /** SplitMix64: a small explicit generator for the test's chains. */
    static final class SplitMix implements UniformRandomProvider {
        private long state;

        SplitMix(long seed) {
            state = seed;
        }

        @Override
        public long nextLong() {
            long z = (state += 0x9E3779B97F4A7C15L);
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            return z ^ (z >>> 31);
        }
    }

    /** A Distributions double that only makes streams (all the runner needs). */
    static final Distributions STREAMS = (Distributions) Proxy.newProxyInstance(SampleCommandsTest.class.getClassLoader(),
            new Class<?>[] {Distributions.class}, (proxy, m, args) -> {
                switch (m.getName()) {
                    case "stream":
                        return new SplitMix((Long) args[0] * 1_000_003L + (Integer) args[1]);
                    case "provider":
                        return "test";
                    default:
                        throw new UnsupportedOperationException(m.getName());
                }
            });

    static final ChainRunnerPool RUNNER = ChainRunnerPool.over(STREAMS);

    @AfterAll
    static void close() {
        RUNNER.close();
    }

    /** Sweeps done by chain 0 and chain 1 of the AR(1) sampler, over all its runs. */
    static final java.util.concurrent.atomic.AtomicLongArray SWEEPS = new java.util.concurrent.atomic.AtomicLongArray(2);

    /** A sampler of a Gaussian AR(1) "posterior" with parameter rho. */
    static final class Ar1Sampler implements Sampler {
        @Override
        public String name() {
            return "test.ar1";
        }

        @Override
        public String description() {
            return "AR(1) test chain";
        }

        @Override
        public List<ParamSpec> parameters() {
            return List.of(ParamSpec.real("rho", "0.5", -0.99, 0.99, "autocorrelation"));
        }

        @Override
        public Posterior run(Dataset data, Params params, RunSettings settings, ProgressListener listener,
                Cancellation cancellation) {
            double rho = params.getDouble("rho");
            ChainRun<Chain> run = RUNNER.run((c, rng) -> new Chain() {
                double x;

                @Override
                public List<String> summaryNames() {
                    return List.of("logJoint", "x");
                }

                @Override
                public void sweep(UniformRandomProvider r) {
                    if (c < 2) {
                        SWEEPS.incrementAndGet(c);
                    }
                    double e = Math.sqrt(-2 * Math.log1p(-r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
                    x = rho * x + Math.sqrt(1 - rho * rho) * e;
                }

                @Override
                public void summaries(double[] out) {
                    out[0] = -0.5 * x * x;
                    out[1] = x;
                }

                @Override
                public void keep(long iteration) {
                }
            }, settings, listener, cancellation);
            // a sampler names its bundle as BundleOrigin.of(its class) finds it; this test class has no bundle manifest
            return SamplerPosterior.builder(name(), data.name()).params(params.asMap()).run(run, settings)
                    .bundle(new BundleOrigin("io.plate.test.ar1", "1.2.3")).build();
        }
    }

    static ShellDefaults defaults(Path folder) {
        ShellDefaults.Config config = (ShellDefaults.Config) Proxy.newProxyInstance(
                SampleCommandsTest.class.getClassLoader(), new Class<?>[] {ShellDefaults.Config.class},
                (proxy, m, args) -> m.getName().equals("output_folder") ? folder.toString() : m.getDefaultValue());
        return new ShellDefaults(config);
    }

    @TempDir
    Path tmp;

    private SampleCommands commands(Workspace w) {
        w.putDataset("toy", Dataset.builder("toy").categorical(CategoricalColumn.of("f", List.of("a", "b"),
                new int[] {0, 1, 0})).build());
        return SampleCommands.of(w, defaults(tmp), List.of(new Ar1Sampler()));
    }

    /** Commands with the toy dataset and {@code s} bound as a service is (so that it can be removed, as a bundle stop does). */
    private SampleCommands boundTo(Workspace w, Sampler s) {
        commands(w); // the dataset
        SampleCommands c = SampleCommands.of(w, defaults(tmp), List.of());
        c.addSampler(s, java.util.Map.of(Sampler.NAME, "test.ar1"));
        return c;
    }

    @Test
    void sampleRunsKeepsAndWritesTheRun() throws Exception {
        Workspace w = new Workspace();
        SampleCommands c = commands(w);
        SampleCommands.SampleResult r = c.sample(null, "600", "", "100", "2", "3", "5", "runs/ar1", "", "", "", "", "test.ar1", "toy",
                "rho=0.3");
        assertEquals("toy.test.ar1", r.name());
        assertSame(r.posterior(), w.runs().get("toy.test.ar1"));
        assertEquals(250, r.posterior().trace().draws(2));
        assertEquals(5L, r.posterior().settings().seed());
        String text = r.toString();
        for (String s : List.of("summary", "mean", "sd", "R-hat", "ESS bulk", "ESS tail", "sweeps/s", "logJoint", "x",
                "kept as run 'toy.test.ar1' (sampled by io.plate.test.ar1 1.2.3), written to")) {
            assertTrue(text.contains(s), "missing '" + s + "' in\n" + text);
        }
        Path dir = tmp.resolve("runs/ar1");
        assertTrue(Files.readString(dir.resolve("summary.json")).contains("\"bundle\" : \"io.plate.test.ar1 1.2.3\""));
        assertEquals("chain,iteration,logJoint,x", Files.readAllLines(dir.resolve("trace.csv")).get(0));
        assertTrue(Files.readString(dir.resolve("summary.json")).contains("\"rho\" : \"0.3\""));
        String trace = c.trace("", "toy.test.ar1").toString();
        assertTrue(trace.contains("mean x") && trace.contains("R-hat"), trace);
        String plotted = c.trace("plots/trace.svg", "toy.test.ar1").toString();
        assertTrue(Files.size(tmp.resolve("plots/trace.svg")) > 0);
        assertTrue(plotted.contains("trace plot written to"), plotted);
        assertThrows(PlateException.class, () -> c.trace("plots/trace.txt", "toy.test.ar1"));
    }

    /** A run kept under a name in use, or written over an earlier run directory, says what it replaced. */
    @Test
    void aRunThatReplacesARunOrARunDirectorySaysSo() throws Exception {
        Workspace w = new Workspace();
        SampleCommands c = commands(w);
        assertEquals("", Printed.stdout(() -> c.sample(null, "200", "", "100", "", "2", "5", "runs/again", "", "", "", "", "test.ar1",
                "toy")));
        assertEquals("warning: 'toy.test.ar1' replaces the run of that name kept before (test.ar1 on toy): to keep both,"
                + " run with --name NAME\nwarning: 'runs/again' replaces the run directory of that name kept before: to"
                + " keep both, give --out another folder\n", Printed.stdout(() -> c.sample(null, "200", "", "100", "",
                        "2", "5", "runs/again", "", "", "", "", "test.ar1", "toy")));
        assertEquals("", Printed.stdout(() -> c.sample(null, "200", "", "100", "", "2", "5", "runs/new", "other", "", "", "",
                "test.ar1", "toy")));
    }

    /**
     * Each plate.jar -c is a new session: a run written with --out by an earlier one is traced and plotted
     * from its folder (found under the output folder, as files to read are), with the table the run printed;
     * a name that is neither a kept run nor a folder says both are accepted, and a folder that is no run's
     * says so.
     */
    @Test
    void traceReadsARunDirectoryOfAnEarlierSession() throws Exception {
        Workspace first = new Workspace();
        SampleCommands c = commands(first);
        c.sample(null, "400", "", "100", "2", "3", "5", "runs/ar1", "", "", "", "", "test.ar1", "toy", "rho=0.3");
        String kept = c.trace("", "toy.test.ar1").toString();

        Workspace next = new Workspace();
        SampleCommands later = SampleCommands.of(next, defaults(tmp), List.of());
        String read = later.trace("plots/read.svg", "runs/ar1").toString();
        assertEquals(kept.replace("run 'toy.test.ar1'", "run 'runs/ar1'"),
                read.replace("\ntrace plot written to " + tmp.resolve("plots/read.svg") + "\n", ""));
        assertTrue(Files.size(tmp.resolve("plots/read.svg")) > 1000);

        PlateException none = assertThrows(PlateException.class, () -> later.trace("", "run1"));
        assertEquals("no run named 'run1' (none kept in this session) and no folder 'run1': give a kept run or a run"
                + " directory written with --out", none.getMessage());
        PlateException known = assertThrows(PlateException.class, () -> c.trace("", "run1"));
        assertEquals("no run named 'run1' (kept: toy.test.ar1) and no folder 'run1': give a kept run or a run"
                + " directory written with --out", known.getMessage());
        PlateException notRun = assertThrows(PlateException.class, () -> later.trace("", "plots"));
        assertEquals(tmp.resolve("plots") + ": not a run directory (no trace.csv; plate:sample and plate:cluster write"
                + " one with --out DIR)", notRun.getMessage());
    }

    /** A chain that kept no draw (stopped before its first) has no mean: '–', as the diagnostics table writes it. */
    @Test
    void aChainWithoutDrawsHasNoMean() {
        io.plate.api.sample.Trace t = new io.plate.api.sample.Trace(List.of("logJoint"),
                new double[][][] {{{-3.0}, {-1.0}}, {}}, new long[][] {{1, 2}, {}});
        io.plate.mcmc.SamplerPosterior p = io.plate.mcmc.SamplerPosterior.builder("test.ar1", "toy")
                .settings(new io.plate.api.sample.RunSettings(2, 0, 1, 2, 1L, 1)).trace(t).build();
        String text = new SampleCommands.TraceSummary("r", p, null).toString();
        String[] last = text.strip().split("\n");
        assertEquals(List.of("0", "2", "-2.000"), List.of(last[last.length - 2].trim().split(" +")), text);
        assertEquals(List.of("1", "0", "–"), List.of(last[last.length - 1].trim().split(" +")), text);
    }

    /** An --out folder holding other files is refused before the sampling (it was refused after a whole run). */
    @Test
    void aFolderTheRunCannotBeWrittenToIsRefusedBeforeTheRun() throws Exception {
        Workspace w = new Workspace();
        SampleCommands c = commands(w);
        Files.createDirectories(tmp.resolve("notes"));
        Files.writeString(tmp.resolve("notes/todo.txt"), "mine");
        PlateException e = assertThrows(PlateException.class,
                () -> c.sample(null, "200", "", "10", "", "2", "5", "notes", "", "", "", "", "test.ar1", "toy"));
        assertEquals("run directory '" + tmp.resolve("notes") + "': the folder exists and holds files that are not a run's"
                + " (only an empty folder or an earlier run directory is replaced); choose another folder", e.getMessage());
        assertTrue(w.runs().isEmpty(), "no run sampled or kept");
        assertEquals("mine", Files.readString(tmp.resolve("notes/todo.txt")));
    }

    @Test
    void mistakesAreClearMessages() {
        SampleCommands c = commands(new Workspace());
        PlateException unknown = assertThrows(PlateException.class,
                () -> c.sample(null, "", "", "", "", "", "", "", "", "", "", "", "nope", "toy"));
        assertTrue(unknown.getMessage().contains("test.ar1"), unknown.getMessage());
        PlateException typo = assertThrows(PlateException.class,
                () -> c.sample(null, "", "", "", "", "", "", "", "", "", "", "", "test.ar", "toy"));
        assertTrue(typo.getMessage().startsWith("no sampler named 'test.ar' (did you mean test.ar1?); installed: test.ar1"),
                typo.getMessage());
        PlateException param = assertThrows(PlateException.class,
                () -> c.sample(null, "", "", "", "", "", "", "", "", "", "", "", "test.ar1", "toy", "rho=2"));
        assertTrue(param.getMessage().contains("rho"), param.getMessage());
        PlateException burn = assertThrows(PlateException.class,
                () -> c.sample(null, "10", "", "10", "", "", "", "", "", "", "", "", "test.ar1", "toy"));
        assertTrue(burn.getMessage().contains("burn-in"), burn.getMessage());
        PlateException iters = assertThrows(PlateException.class,
                () -> c.sample(null, "many", "", "", "", "", "", "", "", "", "", "", "test.ar1", "toy"));
        assertTrue(iters.getMessage().contains("--iterations"), iters.getMessage());
        assertThrows(PlateException.class, () -> c.sample(null, "", "", "", "", "", "", "", "", "", "", "", "test.ar1", "missing"));
        assertThrows(PlateException.class, () -> c.trace("", "no-such-run"));
    }

    /** A learner's name given to plate:sample is answered with the commands that run it, as plate:train answers a sampler's. */
    @Test
    void aLearnersNameGetsTheCommandsThatRunIt() {
        Workspace w = new Workspace();
        commands(w); // the dataset
        SampleCommands c = SampleCommands.of(w, defaults(tmp), List.of(new Ar1Sampler()),
                Learners.of(List.of(new ModelCommandsTest.FixedLearner())));
        assertEquals("'test.fixed' is a learner, not a sampler; plate:train or plate:evaluate runs it (plate:samplers"
                + " lists the samplers)", assertThrows(PlateException.class,
                        () -> c.sample(null, "", "", "", "", "", "", "", "", "", "", "", "test.fixed", "toy")).getMessage());
        // a name that is neither is still "no sampler named"
        assertTrue(assertThrows(PlateException.class, () -> c.sample(null, "", "", "", "", "", "", "", "", "", "", "", "test.fixe",
                "toy")).getMessage().startsWith("no sampler named 'test.fixe'"));
    }

    /** Runs a billion-sweep sample in another thread, waits until its chains are past burn-in, stops it with {@code stop}. */
    private SampleCommands.SampleResult stopMidRun(SampleCommands c, Runnable stop) throws Exception {
        java.util.concurrent.CompletableFuture<SampleCommands.SampleResult> result = java.util.concurrent.CompletableFuture
                .supplyAsync(() -> {
                    try {
                        return c.sample(null, "1000000000", "", "10", "", "2", "5", "runs/stopped", "", "", "", "", "test.ar1", "toy");
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
        long from = Math.min(SWEEPS.get(0), SWEEPS.get(1));
        while (Math.min(SWEEPS.get(0), SWEEPS.get(1)) < from + 100) { // both chains past their burn-in of 10
            Thread.sleep(10);
        }
        stop.run();
        return result.get(30, java.util.concurrent.TimeUnit.SECONDS); // returns only once the run is kept and written
    }

    /**
     * A run stopped in its burn-in holds no draws: the command fails with one line saying where the chains
     * stopped, and neither keeps nor writes a run (it printed a table of NaN and "the draws so far are kept").
     */
    @Test
    void aRunStoppedInBurnInSaysSoAndKeepsNothing() throws Exception {
        Workspace w = new Workspace();
        Sampler s = new Ar1Sampler();
        SampleCommands c = boundTo(w, s);
        long before0 = SWEEPS.get(0);
        long before1 = SWEEPS.get(1);
        java.util.concurrent.CompletableFuture<SampleCommands.SampleResult> result = java.util.concurrent.CompletableFuture
                .supplyAsync(() -> {
                    try {
                        return c.sample(null, "1000000000", "", "999999999", "", "2", "5", "runs/burning", "", "", "", "", "test.ar1",
                                "toy");
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
        while (Math.min(SWEEPS.get(0) - before0, SWEEPS.get(1) - before1) < 100) {
            Thread.sleep(10);
        }
        c.removeSampler(s, java.util.Map.of(Sampler.NAME, "test.ar1"));
        java.util.concurrent.ExecutionException e = assertThrows(java.util.concurrent.ExecutionException.class,
                () -> result.get(30, java.util.concurrent.TimeUnit.SECONDS));
        assertTrue(e.getCause() instanceof PlateException, String.valueOf(e.getCause()));
        // the sweep the chains reached on average, as the progress line counts them
        long reached = (SWEEPS.get(0) - before0 + SWEEPS.get(1) - before1) / 2;
        assertEquals("stopped in burn-in at sweep " + reached + " of 999999999 (its sampler's bundle was updated or"
                + " stopped): no draws kept, so no run is kept or written", e.getCause().getMessage());
        assertTrue(w.runs().isEmpty(), w.runs().toString());
        assertTrue(Files.notExists(tmp.resolve("runs/burning")));
    }

    @Test
    void aSamplerGoingAwayStopsItsRunWhichKeepsItsDraws() throws Exception {
        Workspace w = new Workspace();
        Sampler s = new Ar1Sampler();
        SampleCommands c = boundTo(w, s);
        SampleCommands.SampleResult r = stopMidRun(c, () -> c.removeSampler(s, java.util.Map.of(Sampler.NAME, "test.ar1")));
        assertTrue(r.posterior().cancelled());
        assertSame(r.posterior(), w.runs().get("toy.test.ar1"));
        int draws = r.posterior().trace().draws(0);
        assertTrue(draws > 0 && draws < 1_000_000_000, draws + " draws");
        assertTrue(r.toString().contains("stopped early (its sampler's bundle was updated or stopped): the chains"
                + " stopped at their next sweep; the draws so far are kept as run 'toy.test.ar1'"), r.toString());
        assertTrue(Files.readString(tmp.resolve("runs/stopped/summary.json")).contains("\"cancelled\" : true"));
    }

    @Test
    void stoppingTheShellOnASignalStopsTheRunAndNamesTheSignal() throws Exception {
        Workspace w = new Workspace();
        SampleCommands c = commands(w);
        System.setProperty(BoundSamplers.SIGNAL_PROPERTY, "SIGTERM");
        try {
            SampleCommands.SampleResult r = stopMidRun(c, c::deactivate);
            assertTrue(r.posterior().cancelled());
            assertTrue(r.toString().contains("stopped early (interrupted by SIGTERM)"), r.toString());
            // the table reports the draws held, not the planned 999,999,990: the total, then each chain's
            int a = r.posterior().trace().draws(0);
            int b = r.posterior().trace().draws(1);
            // "kept draws", or "draws held" when a run this fast outgrew its trace and thinned what it stores
            String shown = r.toString();
            boolean counted = a == b ? shown.contains("2 chains × " + a + " kept draws") || shown.contains("2 chains × " + a
                    + " draws held") : shown.contains((a + b) + " kept draws, " + a + " + " + b + " in 2 chains")
                    || shown.contains((a + b) + " draws held, " + a + " + " + b + " in 2 chains");
            assertTrue(counted, shown);
        } finally {
            System.clearProperty(BoundSamplers.SIGNAL_PROPERTY);
        }
    }

    /**
     * A result printed by the command itself (a background job's, or one stopped by Ctrl-C, which Gogo does
     * not print) is broken between words at the terminal's width, as Gogo's printing of results is: it was
     * printed whole, and a 50-column terminal cut "highes|t-log-joint".
     */
    @Test
    void aResultPrintedByTheCommandFitsTheTerminal() {
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        java.io.PrintStream console = new java.io.PrintStream(b, true, java.nio.charset.StandardCharsets.UTF_8);
        String text = "against the labels: ARI 0.5596, NMI 0.7056 (highest-log-joint draw ARI 0.5608; posterior mean"
                + " ARI 0.5575, NMI 0.6937)\n";
        io.plate.api.text.TextTable.terminalColumns(50);
        try {
            new SamplerRuns.Outcome("r", null, null, null, true, console).report(text);
        } finally {
            io.plate.api.text.TextTable.terminalColumns(0);
        }
        String printed = b.toString(java.nio.charset.StandardCharsets.UTF_8);
        for (String l : printed.split("\n")) {
            assertTrue(l.length() < 50, "'" + l + "' in\n" + printed);
        }
        assertTrue(printed.contains("highest-log-joint"), printed);
    }

    /** The AR(1) sampler that takes checkpoints: it keeps those it was given and runs without them. */
    static final class CheckpointedAr1 implements Sampler {
        private final Ar1Sampler ar1 = new Ar1Sampler();
        io.plate.api.sample.Checkpoints checkpoints;

        @Override
        public String name() {
            return ar1.name();
        }

        @Override
        public String description() {
            return ar1.description();
        }

        @Override
        public List<ParamSpec> parameters() {
            return ar1.parameters();
        }

        @Override
        public Posterior run(Dataset data, Params params, RunSettings settings, ProgressListener listener,
                Cancellation cancellation) {
            return ar1.run(data, params, settings, listener, cancellation);
        }

        @Override
        public Posterior run(Dataset data, Params params, RunSettings settings, ProgressListener listener,
                Cancellation cancellation, io.plate.api.sample.Checkpoints k) {
            checkpoints = k;
            return run(data, params, settings, listener, cancellation);
        }
    }

    /**
     * plate:sample's --checkpoint DIR, --checkpoint-every N and --resume DIR reach the sampler as plate:cluster's
     * do, with the same one-line refusals (SamplerRuns.checkpoints); a sampler that cannot checkpoint says so.
     */
    @Test
    void checkpointOptionsReachTheSampler() throws Exception {
        Workspace w = new Workspace();
        commands(w); // the dataset
        CheckpointedAr1 s = new CheckpointedAr1();
        SampleCommands c = SampleCommands.of(w, defaults(tmp), List.of(s));
        c.sample(null, "30", "", "10", "", "", "", "", "", "ck", "7", "", "test.ar1", "toy");
        assertEquals(7, s.checkpoints.every());
        assertTrue(!s.checkpoints.resume());
        assertEquals(tmp.resolve("ck").toAbsolutePath().resolve("chain-0-sweep-7").toString(),
                s.checkpoints.store().where("chain-0-sweep-7"));
        Files.createDirectories(tmp.resolve("ck"));
        c.sample(null, "30", "", "10", "", "", "", "", "", "", "", "ck", "test.ar1", "toy");
        assertEquals(100, s.checkpoints.every());
        assertTrue(s.checkpoints.resume());
        c.sample(null, "30", "", "10", "", "", "", "", "", "", "", "", "test.ar1", "toy");
        assertEquals(null, s.checkpoints);
        String[][] bad = {{"", "", "ck", "", "ck"}, {"", "", "", "5", ""}, {"", "", "ck", "0", ""}, {"", "90", "ck", "", ""}};
        String[] messages = {"--checkpoint DIR starts a checkpointed run and --resume DIR continues one: give one of them",
            "--checkpoint-every needs --checkpoint DIR or --resume DIR", "--checkpoint-every must be at least 1 sweep, got 0",
            "--max-iterations cannot be used with --checkpoint or --resume: a checkpointed run has a fixed number of"
                + " iterations"};
        for (int i = 0; i < bad.length; i++) {
            String[] b = bad[i];
            s.checkpoints = null;
            PlateException e = assertThrows(PlateException.class, () -> c.sample(null, "30", b[1], "10", "", "", "", "",
                    "", b[2], b[3], b[4], "test.ar1", "toy"));
            assertEquals(messages[i], e.getMessage());
            assertEquals(null, s.checkpoints, "no run");
        }
        // a sampler whose chains cannot save their state refuses the checkpoints in one line
        SampleCommands plain = commands(new Workspace());
        PlateException e = assertThrows(PlateException.class, () -> plain.sample(null, "30", "", "10", "", "", "", "",
                "", "ck2", "", "", "test.ar1", "toy"));
        assertEquals("sampler test.ar1 cannot checkpoint its chains", e.getMessage());
    }
}
