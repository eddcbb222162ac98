package io.plate.sampler.mixture.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.sample.Cancellation;
import io.plate.api.sample.Checkpoints;
import io.plate.api.sample.ProgressListener;
import io.plate.api.sample.RunSettings;
import io.plate.api.sample.Sampler;
import io.plate.mcmc.CheckpointFolder;
import io.plate.mcmc.ChainRunnerPool;
import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The uncollapsed mixture samplers (multinomial; Gaussian diagonal and full) checkpointed every 4 sweeps,
 * their run broken off when the z-step's runner fails (a lost driver) in the middle of the chains, then
 * resumed on another runner, write the run directory of the uninterrupted run on one machine, every file
 * byte for byte (summary.json but its timings); checkpoints of another k are refused.
 */
class CheckpointedMixtureTest {
    private static final ChainRunnerPool RUNNER = ChainRunnerPool.over(SyntheticData.DIST);
    private static final RunSettings SETTINGS = new RunSettings(30, 10, 2, 2, 7L, 2);
    private static final double[][] MEANS = {{0, 0}, {4, 0}, {0, 4}};
    private static final double[][][] CHOL = {{{1, 0}, {0.3, 1}}, {{1, 0}, {0, 0.5}}, {{0.7, 0}, {-0.2, 1}}};

    @AfterAll
    static void close() {
        RUNNER.close();
    }

    /** A z-step runner on this thread that fails (as a lost driver would) after {@code maps} sweeps of blocks. */
    static final class FailingBlocks implements BlockRunner {
        final AtomicInteger left;

        FailingBlocks(int maps) {
            this.left = new AtomicInteger(maps);
        }

        @Override
        public <B extends Serializable> Blocks<B> open(List<B> blocks) {
            return new Blocks<>() {
                @Override
                public <S extends Serializable, R extends Serializable> List<R> map(Step<B, S, R> step, S shared) {
                    if (left.decrementAndGet() < 0) {
                        throw new IllegalStateException("the driver was lost");
                    }
                    List<R> out = new ArrayList<>();
                    for (int b = 0; b < blocks.size(); b++) {
                        out.add(step.apply(SyntheticData.DIST, b, blocks.get(b), shared));
                    }
                    return out;
                }

                @Override
                public void close() {
                }
            };
        }
    }

    static Sampler multinomial(BlockRunner blocks) {
        return new MultinomialMixtureSampler(RUNNER, SyntheticData.DIST, blocks);
    }

    static Sampler gaussian(BlockRunner blocks) {
        return new GaussianMixtureSampler(RUNNER, SyntheticData.DIST, blocks);
    }

    @Test
    void theMultinomialMixtureResumesToTheUninterruptedRun(@TempDir Path dir) throws IOException {
        Dataset docs = SyntheticData.documents(600, 30, SyntheticData.blockTopics(3, 60, 0.8),
                new double[] {0.3, 0.3, 0.4}, 5);
        assertResumes(docs, Map.of("k", "3"), CheckpointedMixtureTest::multinomial, null, dir);
    }

    @Test
    void theGaussianMixturesResumeToTheUninterruptedRun(@TempDir Path dir) throws IOException {
        Dataset rows = SyntheticData.gaussians(250, MEANS, CHOL, new double[] {0.3, 0.3, 0.4}, 6);
        for (String cov : List.of("diag", "full")) {
            assertResumes(rows, Map.of("k", "3", "collapsed", "false", "covariance", cov), CheckpointedMixtureTest::gaussian,
                    new BlocksApart(SyntheticData.DIST), dir.resolve(cov));
        }
    }

    /**
     * The uninterrupted run on one machine; the run on failing blocks, checkpointed every 4 sweeps, broken
     * off around sweep 13; resumed on {@code resumeOn} (null: this machine's threads): the same run directory.
     */
    private static void assertResumes(Dataset data, Map<String, String> given,
            java.util.function.Function<BlockRunner, Sampler> sampler, BlockRunner resumeOn, Path dir) throws IOException {
        Sampler one = sampler.apply(null);
        Path whole = dir.resolve("uninterrupted");
        one.run(data, one.params(given), SETTINGS, ProgressListener.NONE, new Cancellation()).write(whole);

        Path store = dir.resolve("checkpoints");
        Sampler failing = sampler.apply(new FailingBlocks(2 * 14));
        IllegalStateException lost = assertThrows(IllegalStateException.class, () -> failing.run(data,
                failing.params(given), SETTINGS, ProgressListener.NONE, new Cancellation(),
                Checkpoints.to(new CheckpointFolder(store), 4)));
        assertEquals("the driver was lost", lost.getMessage());
        List<String> saved = new CheckpointFolder(store).list();
        // each chain's latest checkpoint before the failure; the chains share the 28 sweeps of blocks side by side,
        // so where each stood varies, and under load chain 1 may not have checkpointed before chain 0 used them all
        assertTrue(!saved.isEmpty() && saved.stream().map(n -> n.substring(0, 7)).distinct().count() == saved.size(),
                "one latest checkpoint per chain that checkpointed before the failure: " + saved);
        assertTrue(saved.stream().allMatch(n -> n.matches("chain-[01]-sweep-(4|8|12|16|20|24|28)")), saved.toString());

        Sampler again = sampler.apply(resumeOn);
        Path resumed = dir.resolve("resumed");
        again.run(data, again.params(given), SETTINGS, ProgressListener.NONE, new Cancellation(),
                Checkpoints.resuming(new CheckpointFolder(store), 4)).write(resumed);
        RunDirectories.assertSame(whole, resumed, given.toString());
        assertEquals(List.of("chain-0-sweep-30", "chain-1-sweep-30"), new CheckpointFolder(store).list());

        // the checkpoints of another k are refused, naming the file
        Map<String, String> otherK = new java.util.HashMap<>(given);
        otherK.put("k", "4");
        PlateException refused = assertThrows(PlateException.class, () -> again.run(data, again.params(otherK), SETTINGS,
                ProgressListener.NONE, new Cancellation(), Checkpoints.resuming(new CheckpointFolder(store), 4)));
        assertEquals("checkpoint " + store.toAbsolutePath().resolve("chain-0-sweep-30") + ": saved with k=3, this run"
                + " has k=4 (another run's checkpoint)", refused.getMessage());
    }

    /** The collapsed chain cannot save its state: a checkpointed run of it is refused before it sweeps. */
    @Test
    void theCollapsedChainIsNotCheckpointed(@TempDir Path dir) throws IOException {
        Dataset rows = SyntheticData.gaussians(100, MEANS, CHOL, new double[] {0.3, 0.3, 0.4}, 8);
        Sampler s = gaussian(null);
        PlateException e = assertThrows(PlateException.class, () -> s.run(rows, s.params(Map.of("k", "3")),
                new RunSettings(30, 10, 2, 1, 7L, 1),
                ProgressListener.NONE, new Cancellation(), Checkpoints.to(new CheckpointFolder(dir), 4)));
        assertEquals("mixture.gaussian: the collapsed chain (collapsed=true) cannot save its state; add collapsed=false"
                + " to run the uncollapsed chain, which can be checkpointed", e.getMessage());
        assertEquals(List.of(), new CheckpointFolder(dir).list());
    }
}
