package io.plate.sampler.sparse.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Params;
import io.plate.api.sample.Cancellation;
import io.plate.api.sample.Checkpoints;
import io.plate.api.sample.ProgressListener;
import io.plate.api.sample.RunSettings;
import io.plate.api.sample.Sampler;
import io.plate.mcmc.ChainRunnerPool;
import io.plate.mcmc.CheckpointFolder;
import io.plate.mcmc.StateCodec;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sparse chains save and restore their state ({@link io.plate.api.sample.RestorableChain}): a chain run N
 * sweeps is, draw for draw (trace, kept moments, final state), a chain run k sweeps, saved, restored into a
 * fresh chain made the same way and run N − k more, for both samplers, with the parameters that change the
 * chain's layout (group, exclude, shared_p, one alpha per category); a state of another sampler, data,
 * parameters or seed is refused in one line. Through the runner: a checkpointed run broken off by a failure
 * and resumed writes the uninterrupted run's directory.
 */
class CheckpointedSparseTest {
    private static final TestDistributions DIST = new TestDistributions();
    private static final ChainRunnerPool RUNNER = ChainRunnerPool.over(DIST);
    private static final int SWEEPS = 40;
    private static final int BURN_IN = 10;

    private static final String[] HEADER = {"colour", "shape", "size", "id", "label"};
    private static final String[][] ROWS = {
        {"red", "round", "big", "1", "yes"}, {"red", "round", "small", "2", "yes"}, {"red", "square", "big", "3", "yes"},
        {"green", null, "small", "4", "yes"}, {"blue", "square", "big", "5", "no"}, {"blue", "square", "small", "6", "no"},
        {"blue", "round", "big", "7", "no"}, {"green", "oval", "small", "8", "no"}, {"red", "oval", "big", "9", "yes"}};

    /** The parameters each sampler is checked with: defaults, and those that shape the chain's state. */
    private static final List<Map<String, String>> GIVEN = List.of(Map.of("exclude", "id"),
            Map.of("group", "size", "exclude", "id", "alpha", "0.5"),
            Map.of("shared_p", "true", "exclude", "id,size", "a", "2", "b", "0.7"),
            Map.of("exclude", "id,size", "alpha", "0.3,1,2"));

    @AfterAll
    static void close() {
        RUNNER.close();
    }

    private static Dataset data() {
        return Datasets.of("shapes", HEADER, ROWS);
    }

    private static SparseModel model(Dataset d, Map<String, String> given) {
        Params p = Params.parse(SparseRun.parameters(), given);
        return new SparseModel(CountTable.of(d, p.find(SparseRun.GROUP).orElse(null), Hyperparameters.excluded(p)),
                Hyperparameters.from(p));
    }

    /** A chain, its stream and what it reported: the summaries of every sweep. */
    private record Run(SparseChain chain, UniformRandomProvider rng, List<double[]> trace) {
        static Run start(SparseRun.ChainMaker<? extends SparseChain> maker, SparseModel model, long seed) {
            UniformRandomProvider rng = DIST.stream(seed, 1);
            return new Run(maker.start(model, DIST, rng), rng, new ArrayList<>());
        }

        /** Sweeps {@code from}..{@code to}, keeping those past the burn-in. */
        void sweep(int from, int to) {
            for (int it = from; it <= to; it++) {
                chain.sweep(rng);
                double[] row = new double[3];
                chain.summaries(row);
                trace.add(row);
                if (it > BURN_IN) {
                    chain.keep(it);
                }
            }
        }

        /** The chain's state and stream, as a checkpoint holds them (the runner saves the stream). */
        byte[] save() throws IOException {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bytes);
            StateCodec.writeGenerator(rng, out);
            chain.saveState(out);
            out.flush();
            return bytes.toByteArray();
        }

        void restore(byte[] saved) throws IOException {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(saved));
            StateCodec.readGenerator(rng, in);
            chain.restoreState(in);
            assertEquals(-1, in.read(), "the whole state read");
        }
    }

    private static void assertResumes(SparseRun.ChainMaker<? extends SparseChain> maker, Map<String, String> given)
            throws IOException {
        SparseModel model = model(data(), given);
        Run whole = Run.start(maker, model, 5);
        whole.sweep(1, SWEEPS);
        for (int k : new int[] {4, BURN_IN + 7}) { // in the burn-in, and with kept draws behind
            Run first = Run.start(maker, model, 5);
            first.sweep(1, k);
            byte[] saved = first.save();
            Run resumed = Run.start(maker, model, 5); // made as the first was, then put in its state
            resumed.restore(saved);
            resumed.sweep(k + 1, SWEEPS);
            List<double[]> trace = new ArrayList<>(first.trace());
            trace.addAll(resumed.trace());
            String what = given + ", saved after sweep " + k;
            assertEquals(whole.trace().size(), trace.size(), what);
            for (int i = 0; i < trace.size(); i++) {
                assertArrayEquals(whole.trace().get(i), trace.get(i), what + ", sweep " + (i + 1));
            }
            ThetaMoments a = whole.chain().moments();
            ThetaMoments b = resumed.chain().moments();
            assertEquals(SWEEPS - BURN_IN, b.draws, what);
            assertArrayEquals(a.theta, b.theta, what);
            assertArrayEquals(a.thetaSq, b.thetaSq, what);
            assertArrayEquals(a.activeCount, b.activeCount, what);
            assertArrayEquals(a.p, b.p, what);
            assertArrayEquals(a.pSq, b.pSq, what);
            assertArrayEquals(whole.save(), resumed.save(), what + ": the final state and stream");
        }
    }

    @Test
    void theCollapsedChainResumesDrawForDraw() throws IOException {
        for (Map<String, String> given : GIVEN) {
            assertResumes(CollapsedChain::start, given);
        }
    }

    @Test
    void theDirichletChainResumesDrawForDraw() throws IOException {
        for (Map<String, String> given : GIVEN) {
            assertResumes(DirichletChain::start, given);
        }
    }

    /** The message restoring {@code saved} into a chain of {@code maker} on {@code given} and {@code seed} fails with. */
    private static String refusal(byte[] saved, SparseRun.ChainMaker<? extends SparseChain> maker, Dataset d,
            Map<String, String> given, long seed) {
        Run other = Run.start(maker, model(d, given), seed);
        return assertThrows(IOException.class, () -> other.restore(saved)).getMessage();
    }

    @Test
    void aStateOfAnotherSamplerDataParametersOrSeedIsRefused() throws IOException {
        Map<String, String> given = Map.of("exclude", "id");
        Run run = Run.start(DirichletChain::start, model(data(), given), 5);
        run.sweep(1, 12);
        byte[] saved = run.save();

        assertEquals("the saved chain is one of sparse.dirichlet, this chain one of sparse.collapsed",
                refusal(saved, CollapsedChain::start, data(), given, 5));
        assertEquals("the saved chain has 6 cells, 16 categories and 6 inclusion probabilities; this chain 8, 24 and 8"
                + " (other data, group, exclude or shared_p)",
                refusal(saved, DirichletChain::start, data(), Map.of("exclude", "id", "group", "size"), 5));
        assertTrue(refusal(saved, DirichletChain::start, data(), Map.of("exclude", "id", "shared_p", "true"), 5)
                .endsWith("; this chain 6, 16 and 3 (other data, group, exclude or shared_p)"));
        String[][] rows = ROWS.clone();
        rows[0] = new String[] {"blue", "round", "big", "1", "yes"}; // the same levels, other counts
        assertTrue(refusal(saved, DirichletChain::start, Datasets.of("shapes", HEADER, rows), given, 5)
                .matches("the saved chain's counts and prior have checksum \\d+, this chain's \\d+ \\(other data, or"
                        + " other alpha, a or b\\)"));
        assertTrue(refusal(saved, DirichletChain::start, data(), Map.of("exclude", "id", "b", "2"), 5)
                .matches("the saved chain's counts and prior have checksum \\d+, this chain's \\d+ .*"));
        assertTrue(refusal(saved, DirichletChain::start, data(), given, 6)
                .matches("the saved chain started from state \\d+, this chain from \\d+ \\(another seed or chain\\)"));
    }

    /** Distributions that fail (as a machine that went down) after {@code betas} Beta draws: once per p-step. */
    private static final class FailingDistributions extends TestDistributions {
        private final AtomicInteger left;

        FailingDistributions(int betas) {
            left = new AtomicInteger(betas);
        }

        @Override
        public double nextBeta(UniformRandomProvider rng, double a, double b) {
            if (left.decrementAndGet() < 0) {
                throw new IllegalStateException("the machine went down");
            }
            return super.nextBeta(rng, a, b);
        }
    }

    private static String withoutTimes(Path file) throws IOException {
        try (Stream<String> lines = Files.lines(file)) {
            return String.join("\n", lines.filter(l -> !l.matches("\\s*\"(seconds|sweepsPerSecond)\" : .*")).toList());
        }
    }

    /**
     * Each sampler, checkpointed every 4 sweeps and broken off in the middle of its 2 chains, then resumed,
     * writes the uninterrupted run's directory (summary.json but its timings); the checkpoints of another
     * group are refused, naming the file.
     */
    @Test
    void aBrokenOffRunResumesToTheUninterruptedRun(@TempDir Path dir) throws IOException {
        RunSettings settings = new RunSettings(30, 10, 2, 2, 7L, 2);
        Map<String, String> given = Map.of("group", "size", "exclude", "id");
        int cells = model(data(), given).pGroups; // Beta draws per chain and sweep
        for (String name : List.of(CollapsedSampler.NAME, DirichletSampler.NAME)) {
            java.util.function.Function<io.plate.api.sample.Distributions, Sampler> make = d -> name.equals(
                    CollapsedSampler.NAME) ? new CollapsedSampler(RUNNER, d) : new DirichletSampler(RUNNER, d);
            Sampler s = make.apply(DIST);
            Path whole = dir.resolve(name).resolve("whole");
            s.run(data(), s.params(given), settings, ProgressListener.NONE, new Cancellation()).write(whole);

            Path store = dir.resolve(name).resolve("checkpoints");
            Sampler failing = make.apply(new FailingDistributions(2 * cells * 15)); // both starts, then ~14 sweeps each
            IllegalStateException down = assertThrows(IllegalStateException.class, () -> failing.run(data(),
                    failing.params(given), settings, ProgressListener.NONE, new Cancellation(),
                    Checkpoints.to(new CheckpointFolder(store), 4)));
            assertEquals("the machine went down", down.getMessage());
            List<String> saved = new CheckpointFolder(store).list();
            assertTrue(!saved.isEmpty() && saved.stream().allMatch(n -> n.matches("chain-[01]-sweep-(4|8|12|16|20|24)")),
                    saved.toString());

            Path resumed = dir.resolve(name).resolve("resumed");
            s.run(data(), s.params(given), settings, ProgressListener.NONE, new Cancellation(),
                    Checkpoints.resuming(new CheckpointFolder(store), 4)).write(resumed);
            List<String> files;
            try (Stream<Path> l = Files.list(whole)) {
                files = l.map(f -> f.getFileName().toString()).sorted().toList();
            }
            assertTrue(files.containsAll(List.of("trace.csv", "summary.json", "theta.csv")), files.toString());
            for (String f : files) {
                assertEquals(withoutTimes(whole.resolve(f)), withoutTimes(resumed.resolve(f)), name + " " + f
                        + " (resumed from " + saved + ")");
            }
            assertEquals(List.of("chain-0-sweep-30", "chain-1-sweep-30"), new CheckpointFolder(store).list());

            PlateException refused = assertThrows(PlateException.class, () -> s.run(data(),
                    s.params(Map.of("group", "shape", "exclude", "id")), settings, ProgressListener.NONE,
                    new Cancellation(), Checkpoints.resuming(new CheckpointFolder(store), 4)));
            assertEquals("checkpoint " + store.toAbsolutePath().resolve("chain-0-sweep-30") + ": saved with group=size,"
                    + " this run has group=shape (another run's checkpoint)", refused.getMessage());
        }
    }
}
