package io.plate.mcmc.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.PlateException;
import io.plate.api.sample.Cancellation;
import io.plate.api.sample.ChainFactory;
import io.plate.api.sample.ChainRun;
import io.plate.api.sample.Checkpoints;
import io.plate.api.sample.ProgressListener;
import io.plate.api.sample.RestorableChain;
import io.plate.api.sample.RunSettings;
import io.plate.mcmc.CheckpointFolder;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run checkpointed every N sweeps that breaks down, resumed, gives the uninterrupted run's trace and
 * kept draws exactly (with a trace buffer small enough to have thinned itself); a checkpoint of another
 * run, a corrupt or truncated one, an empty folder to resume and a full one to start in are refused with
 * one line naming the file, nothing written.
 */
class ChainCheckpointsTest {
    /** Trace buffers of 8 draws, so that the saved buffers have thinned themselves. */
    private static final ParallelChainRunner RUNNER = new ParallelChainRunner(StreamDistributions::new, 8);
    private static final RunSettings SETTINGS = new RunSettings(200, 20, 3, 3, 9L, 2);
    private static final Map<String, String> RUN = Map.of("sampler", "ar1", "phi", "0.5");

    @AfterAll
    static void close() {
        RUNNER.close();
    }

    /** The AR(1) chain of {@link ParallelChainRunnerTest} that saves x, its sweeps and what it kept. */
    static final class RestorableAr1 extends ParallelChainRunnerTest.Ar1Chain implements RestorableChain {
        RestorableAr1(int chain, UniformRandomProvider rng, long failAt) {
            super(chain, rng, 0.5, failAt, 0);
        }

        @Override
        public void saveState(DataOutputStream out) throws IOException {
            out.writeDouble(x);
            out.writeLong(sweeps);
            out.writeInt(keptAt.size());
            for (int i = 0; i < keptAt.size(); i++) {
                out.writeLong(keptAt.get(i));
                out.writeDouble(keptX.get(i));
            }
        }

        @Override
        public void restoreState(DataInputStream in) throws IOException {
            x = in.readDouble();
            sweeps = in.readLong();
            int n = in.readInt();
            for (int i = 0; i < n; i++) {
                keptAt.add(in.readLong());
                keptX.add(in.readDouble());
            }
        }
    }

    private static ChainRun<RestorableAr1> run(RunSettings s, ChainFactory<RestorableAr1> f, Checkpoints c) {
        return RUNNER.run(f, s, ProgressListener.NONE, new Cancellation(), c);
    }

    private static Checkpoints every(Path dir, int n, boolean resume) {
        CheckpointFolder store = new CheckpointFolder(dir);
        return (resume ? Checkpoints.resuming(store, n) : Checkpoints.to(store, n)).describing(RUN);
    }

    @Test
    void aResumedRunIsTheUninterruptedRun(@TempDir Path dir) throws IOException {
        ChainRun<RestorableAr1> whole = run(SETTINGS, (c, rng) -> new RestorableAr1(c, rng, -1), null);
        // chain 1 breaks in its sweep 100 (the run fails); every 7 sweeps, chain 1's last checkpoint is sweep 98
        IllegalStateException crash = assertThrows(IllegalStateException.class, () -> run(SETTINGS,
                (c, rng) -> new RestorableAr1(c, rng, c == 1 ? 100 : -1), every(dir, 7, false)));
        assertEquals("chain 1 broke at sweep 100", crash.getMessage());
        assertTrue(Files.exists(dir.resolve("chain-1-sweep-98")), "chain 1's last checkpoint");
        try (Stream<Path> files = Files.list(dir)) {
            // two threads: chain 2 starts only if chain 0 finished before chain 1 broke (a starved thread under
            // load); then it has a checkpoint too, else it starts anew when resumed. Either way one per chain
            List<String> kept = files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("chain-"))
                    .map(n -> n.startsWith("chain-0") ? "chain-0-sweep-" : n.startsWith("chain-2") ? "chain-2-sweep-" : n)
                    .sorted().toList();
            assertTrue(kept.equals(List.of("chain-0-sweep-", "chain-1-sweep-98"))
                    || kept.equals(List.of("chain-0-sweep-", "chain-1-sweep-98", "chain-2-sweep-")),
                    "one checkpoint per chain, the older ones removed: " + kept);
        }
        ChainRun<RestorableAr1> resumed = run(SETTINGS, (c, rng) -> new RestorableAr1(c, rng, -1), every(dir, 7, true));
        for (int c = 0; c < 3; c++) {
            assertArrayEquals(whole.trace().series(c, 1), resumed.trace().series(c, 1), "chain " + c);
            assertEquals(whole.trace().draws(c), resumed.trace().draws(c));
            for (int d = 0; d < whole.trace().draws(c); d++) {
                assertEquals(whole.trace().iteration(c, d), resumed.trace().iteration(c, d));
            }
            assertEquals(whole.chains().get(c).keptX, resumed.chains().get(c).keptX, "chain " + c + "'s kept draws");
            assertEquals(whole.chains().get(c).keptAt, resumed.chains().get(c).keptAt);
            assertEquals(200, resumed.chains().get(c).sweeps);
        }
        assertEquals(whole.diagnostics(), resumed.diagnostics());
        assertTrue(resumed.sweeps() < whole.sweeps(), "the resumed run counts only its own sweeps: " + resumed.sweeps());
        // every chain's last checkpoint is its final state: resuming it sweeps nothing and gives the same run
        assertTrue(Files.exists(dir.resolve("chain-2-sweep-200")));
        ChainRun<RestorableAr1> again = run(SETTINGS, (c, rng) -> new RestorableAr1(c, rng, -1), every(dir, 7, true));
        assertEquals(0, again.sweeps());
        assertArrayEquals(whole.trace().series(2, 0), again.trace().series(2, 0));
    }

    @Test
    void aCheckpointedRunCannotBeExtended(@TempDir Path dir) throws IOException {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> run(SETTINGS.withMaxIterations(
                SETTINGS.iterations() * 2), (c, rng) -> new RestorableAr1(c, rng, -1), every(dir, 50, false)));
        assertTrue(e.getMessage().startsWith("a checkpointed run has a fixed number of iterations"), e.getMessage());
        try (var files = java.nio.file.Files.list(dir)) {
            assertEquals(0, files.count()); // refused before any chain swept
        }
    }

    @Test
    void anotherRunsOrABrokenCheckpointIsRefused(@TempDir Path dir) throws IOException {
        run(SETTINGS, (c, rng) -> new RestorableAr1(c, rng, -1), every(dir, 50, false));
        Path file = dir.resolve("chain-0-sweep-200");
        Map<String, byte[]> before = contents(dir);
        ChainFactory<RestorableAr1> chains = (c, rng) -> new RestorableAr1(c, rng, -1);

        assertRefused("checkpoint " + file + ": saved with seed=9, this run has seed=10 (another run's checkpoint)",
                () -> run(new RunSettings(200, 20, 3, 3, 10L, 2), chains, every(dir, 50, true)));
        assertRefused("checkpoint " + file + ": saved with chains=3, this run has chains=4 (another run's checkpoint)",
                () -> run(new RunSettings(200, 20, 3, 4, 9L, 2), chains, every(dir, 50, true)));
        assertRefused("checkpoint " + file + ": saved with phi=0.5, this run has phi=0.9 (another run's checkpoint)",
                () -> run(SETTINGS, chains, Checkpoints.resuming(new CheckpointFolder(dir), 50)
                        .describing(Map.of("sampler", "ar1", "phi", "0.9"))));
        assertRefused("checkpoint " + file + ": saved with sampler=ar1, this run has sampler=ar2 (another run's checkpoint)",
                () -> run(SETTINGS, chains, Checkpoints.resuming(new CheckpointFolder(dir), 50)
                        .describing(Map.of("sampler", "ar2", "phi", "0.5"))));
        assertRefused("checkpoints in " + dir + ": the folder already holds a run's checkpoints (chain-0-sweep-200);"
                + " resume that run, or choose another folder", () -> run(SETTINGS, chains, every(dir, 50, false)));
        Path empty = dir.resolve("empty");
        assertRefused("checkpoints in " + empty + ": no checkpoint to resume (no chain-<c>-sweep-<s> file)",
                () -> run(SETTINGS, chains, every(empty, 50, true)));
        Map<String, byte[]> after = contents(dir);
        assertEquals(before.keySet(), after.keySet(), "nothing written");
        for (String name : before.keySet()) {
            assertArrayEquals(before.get(name), after.get(name), name + " unchanged");
        }

        byte[] good = Files.readAllBytes(file);
        byte[] flipped = good.clone();
        flipped[good.length / 2] ^= 1;
        Files.write(file, flipped);
        assertRefused("checkpoint " + file + ": corrupt (its checksum does not match its content)",
                () -> run(SETTINGS, chains, every(dir, 50, true)));
        Files.write(file, java.util.Arrays.copyOf(good, good.length - 3));
        assertRefused("checkpoint " + file + ": corrupt (its checksum does not match its content)",
                () -> run(SETTINGS, chains, every(dir, 50, true)));
        Files.write(file, java.util.Arrays.copyOf(good, 20));
        assertRefused("checkpoint " + file + ": truncated (the file ends early)",
                () -> run(SETTINGS, chains, every(dir, 50, true)));
        Files.write(file, "not a checkpoint at all".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertRefused("checkpoint " + file + ": not a Plate checkpoint", () -> run(SETTINGS, chains, every(dir, 50, true)));
        Files.write(file, good);
        assertEquals(0, run(SETTINGS, chains, every(dir, 50, true)).sweeps(), "the restored file resumes");

        // a chain that cannot save its state is refused before it sweeps
        PlateException e = assertThrows(PlateException.class, () -> RUNNER.run(
                (c, rng) -> new ParallelChainRunnerTest.Ar1Chain(c, rng, 0.5, -1, 0), SETTINGS, ProgressListener.NONE,
                new Cancellation(), every(dir.resolve("other"), 5, false)));
        assertEquals("chain 0 (Ar1Chain) cannot save its state, so this run cannot be checkpointed", e.getMessage());
        assertEquals(List.of(), new CheckpointFolder(dir.resolve("other")).list());
    }

    private static void assertRefused(String message, org.junit.jupiter.api.function.Executable run) {
        PlateException e = assertThrows(PlateException.class, run);
        assertEquals(message, e.getMessage());
    }

    private static Map<String, byte[]> contents(Path dir) throws IOException {
        Map<String, byte[]> out = new TreeMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.filter(Files::isRegularFile).toList()) {
                out.put(p.getFileName().toString(), Files.readAllBytes(p));
            }
        }
        return out;
    }
}
