package io.plate.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.Plate;
import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.data.NumericColumn;
import io.plate.api.sample.Cancellation;
import io.plate.api.sample.CheckpointStore;
import io.plate.api.sample.Checkpoints;
import io.plate.api.sample.ProgressListener;
import io.plate.api.sample.RunSettings;
import io.plate.api.sample.Sampler;
import io.plate.mcmc.CheckpointFolder;
import io.plate.sampler.mixture.impl.BlockRunner;
import io.plate.sampler.mixture.impl.GaussianMixtureSampler;
import io.plate.sampler.mixture.impl.MultinomialMixtureSampler;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code cluster} command's samplers on Spark, checkpointed every 3 sweeps, their run broken off when
 * the driver loses its z-step jobs in the middle of the chains, resumed on another number of partitions:
 * the run directory of the uninterrupted run on one machine, every file byte for byte (summary.json but
 * its timings). For the multinomial mixture (checkpoints on the Hadoop file system) and the Gaussian one,
 * diagonal (with missing values) and full (a local folder). A checkpoint of another seed is refused with one line naming the
 * file, nothing written.
 */
class CheckpointOnSparkTest {
    static final RunSettings SETTINGS = new RunSettings(12, 4, 1, 2, 11, 0);

    /**
     * Spark's blocks, whose jobs fail (a lost driver) once every chain has run {@code maps} sweeps of blocks: each
     * chain's blocks count their own jobs and wait for the other chains' before failing. A count over all chains
     * let a chain that started late be lost before its first checkpoint (chain 0 at sweep 12, chain 1 with none).
     */
    static final class LostDriver implements BlockRunner {
        private final SparkBlocks spark;
        private final int maps;
        private final java.util.concurrent.CountDownLatch spent;

        LostDriver(SparkBlocks spark, int maps, int chains) {
            this.spark = spark;
            this.maps = maps;
            this.spent = new java.util.concurrent.CountDownLatch(chains);
        }

        @Override
        public <B extends Serializable> Blocks<B> open(List<B> blocks) {
            Blocks<B> placed = spark.open(blocks);
            AtomicInteger left = new AtomicInteger(maps);
            return new Blocks<>() {
                @Override
                public <S extends Serializable, R extends Serializable> List<R> map(Step<B, S, R> step, S shared) {
                    if (left.decrementAndGet() < 0) {
                        if (left.get() == -1) {
                            spent.countDown();
                        }
                        try {
                            spent.await(60, java.util.concurrent.TimeUnit.SECONDS);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        throw new IllegalStateException("the driver was lost");
                    }
                    return placed.map(step, shared);
                }

                @Override
                public void close() {
                    placed.close();
                }
            };
        }
    }

    private static JavaSparkContext jsc() {
        return JavaSparkContext.fromSparkContext(SparkTestSession.get().sparkContext());
    }

    static Dataset documents() {
        return Dataset.builder("docs").source("synthetic").sparse(MixtureOnSparkTest.corpus()).build();
    }

    /** 3,000 rows (three blocks of 1,000), with {@code missing} 5% of the values missing. */
    static Dataset rows(boolean missing) {
        double[][] x = GaussianMixtureOnSparkTest.rows(3000, missing);
        Dataset.Builder b = Dataset.builder("rows").source("synthetic");
        for (int j = 0; j < 3; j++) {
            final int col = j;
            b.numeric(NumericColumn.of(GaussianMixtureOnSparkTest.NAMES.get(j),
                    Arrays.stream(x).mapToDouble(r -> r[col]).toArray()));
        }
        return b.build();
    }

    @Test
    void theMultinomialMixtureResumesOnOtherPartitions(@TempDir Path dir) throws Exception {
        CheckpointStore store = new HadoopCheckpointStore(dir.resolve("checkpoints").toUri().toString(),
                jsc().hadoopConfiguration());
        assertResumes(documents(), Map.of("k", "8"), MultinomialMixtureSampler.NAME,
                blocks -> new MultinomialMixtureSampler(Plate.chainRunner(), Plate.distributions(), blocks), store, dir);

        // the checkpoints of seed 11 are refused for seed 12, with one line naming the file; nothing is written
        Map<String, byte[]> before = contents(store);
        SparkBlocks blocks = new SparkBlocks(jsc(), 2);
        try {
            Sampler s = new MultinomialMixtureSampler(Plate.chainRunner(), Plate.distributions(), blocks);
            PlateException e = assertThrows(PlateException.class, () -> s.run(documents(), s.params(Map.of("k", "8")),
                    new RunSettings(12, 4, 1, 2, 12, 0), ProgressListener.NONE, new Cancellation(),
                    Checkpoints.resuming(store, 3)));
            assertEquals("checkpoint " + store.where("chain-0-sweep-12") + ": saved with seed=11, this run has seed=12"
                    + " (another run's checkpoint)", e.getMessage());
        } finally {
            blocks.close();
        }
        Map<String, byte[]> after = contents(store);
        assertEquals(before.keySet(), after.keySet());
        for (String name : before.keySet()) {
            assertArrayEquals(before.get(name), after.get(name), name);
        }
    }

    @Test
    void theGaussianMixturesResumeOnOtherPartitions(@TempDir Path dir) throws Exception {
        for (String cov : List.of("diag", "full")) {
            assertResumes(rows(cov.equals("diag")), Map.of("k", "4", "covariance", cov, "collapsed", "false"), GaussianMixtureSampler.NAME,
                    blocks -> new GaussianMixtureSampler(Plate.chainRunner(), Plate.distributions(), blocks),
                    new CheckpointFolder(dir.resolve(cov + "-checkpoints")), dir.resolve(cov));
        }
    }

    /**
     * The uninterrupted run on one machine; the run on 2 partitions checkpointed every 3 sweeps into
     * {@code store} and broken off after 7 z-step jobs of each chain (sweep 6 or 7); the run resumed
     * from {@code store} on 3 partitions: the same run directory.
     */
    private static void assertResumes(Dataset data, Map<String, String> given, String name,
            Function<BlockRunner, Sampler> onSpark, CheckpointStore store, Path dir) throws IOException {
        Sampler one = Plate.sampler(name);
        Path whole = dir.resolve("uninterrupted");
        one.run(data, one.params(given), SETTINGS, ProgressListener.NONE, new Cancellation()).write(whole);

        SparkBlocks two = new SparkBlocks(jsc(), 2);
        try {
            Sampler s = onSpark.apply(new LostDriver(two, 7, SETTINGS.chains()));
            IllegalStateException lost = assertThrows(IllegalStateException.class, () -> s.run(data, s.params(given),
                    SETTINGS, ProgressListener.NONE, new Cancellation(), Checkpoints.to(store, 3)));
            assertEquals("the driver was lost", lost.getMessage());
        } finally {
            two.close();
        }
        List<String> saved = store.list();
        assertEquals(2, saved.size(), "one checkpoint per chain: " + saved);
        assertTrue(saved.stream().allMatch(n -> n.matches("chain-[01]-sweep-[369]")), saved.toString());

        SparkBlocks three = new SparkBlocks(jsc(), 3);
        Path resumed = dir.resolve("resumed");
        try {
            Sampler s = onSpark.apply(three);
            s.run(data, s.params(given), SETTINGS, ProgressListener.NONE, new Cancellation(),
                    Checkpoints.resuming(store, 3)).write(resumed);
        } finally {
            three.close();
        }
        MainIT.assertSameRunDirectory(whole, resumed, name + " " + given + ", resumed from " + saved);
        assertEquals(List.of("chain-0-sweep-12", "chain-1-sweep-12"), store.list());
    }

    private static Map<String, byte[]> contents(CheckpointStore store) throws IOException {
        Map<String, byte[]> out = new LinkedHashMap<>();
        for (String name : store.list()) {
            try (InputStream in = store.open(name)) {
                out.put(name, in.readAllBytes());
            }
        }
        return out;
    }

    /** Nothing but whole checkpoints is listed: a temporary left by a lost driver stays hidden. */
    @Test
    void theHadoopStoreListsOnlyWholeFiles(@TempDir Path dir) throws IOException {
        CheckpointStore store = new HadoopCheckpointStore(dir.toUri().toString(), jsc().hadoopConfiguration());
        store.write("chain-0-sweep-3", out -> out.write(new byte[] {1, 2, 3}));
        Files.write(dir.resolve(".chain-0-sweep-6.tmp"), new byte[] {9});
        assertEquals(List.of("chain-0-sweep-3"), store.list());
        store.write("chain-0-sweep-3", out -> out.write(new byte[] {4}));
        try (InputStream in = store.open("chain-0-sweep-3")) {
            assertArrayEquals(new byte[] {4}, in.readAllBytes());
        }
        assertThrows(IOException.class, () -> store.write("chain-0-sweep-6", out -> {
            out.write(1);
            throw new IOException("disk full");
        }));
        assertEquals(List.of("chain-0-sweep-3"), store.list());
    }
}
