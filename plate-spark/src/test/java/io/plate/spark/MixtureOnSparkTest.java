package io.plate.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.Plate;
import io.plate.api.data.SparseMatrix;
import io.plate.sampler.mixture.impl.UncollapsedMultinomialSweep;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.Success$;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The uncollapsed multinomial chain with its z-step on Spark is the single-machine chain draw for draw,
 * for any number of partitions and after a task retry, with the θ-step on the blocks' returned counts,
 * and a run resumed from a checkpoint continues the uninterrupted chain.
 */
class MixtureOnSparkTest {
    static final int SWEEPS = 4;

    /** 2,000 documents of 1–60 tokens over 400 words, frequencies skewed like text (ten blocks of 200). */
    static SparseMatrix corpus() {
        SplittableRandom rng = new SplittableRandom(3);
        int rows = 2000;
        int v = 400;
        int[] rowStart = new int[rows + 1];
        List<Integer> cols = new ArrayList<>();
        List<Integer> counts = new ArrayList<>();
        for (int d = 0; d < rows; d++) {
            int[] x = new int[v];
            int n = 1 + rng.nextInt(60);
            for (int t = 0; t < n; t++) {
                x[(int) (v * Math.pow(rng.nextDouble(), 3))]++;
            }
            for (int w = 0; w < v; w++) {
                if (x[w] > 0) {
                    cols.add(w);
                    counts.add(x[w]);
                }
            }
            rowStart[d + 1] = cols.size();
        }
        return SparseMatrix.ofCounts(SparseMatrix.indexNames(v), rowStart,
                cols.stream().mapToInt(Integer::intValue).toArray(), counts.stream().mapToInt(Integer::intValue).toArray(),
                false);
    }

    static UncollapsedMultinomialSweep chain(SparseMatrix m) {
        return UncollapsedMultinomialSweep.of(io.plate.api.Plate.distributions(), m, 16, 1.0, 0.1, "random", 42, 0, false, 200);
    }

    /** The single-machine chain's assignments after each sweep. */
    static int[][] local(SparseMatrix m) {
        UncollapsedMultinomialSweep c = chain(m);
        int[][] out = new int[SWEEPS][];
        for (int s = 0; s < SWEEPS; s++) {
            c.sweep();
            out[s] = c.assignments();
        }
        return out;
    }

    static void assertSameChain(int[][] expected, SparkMultinomialMixture spark, String what) {
        try {
            for (int s = 0; s < SWEEPS; s++) {
                spark.sweep();
                assertArrayEquals(expected[s], spark.chain().assignments(), what + ", sweep " + s);
            }
        } finally {
            spark.close();
        }
    }

    @Test
    void sameChainForAnyNumberOfPartitions() {
        SparseMatrix m = corpus();
        assertTrue(chain(m).blocks() >= 7, "blocks " + chain(m).blocks());
        int[][] expected = local(m);
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(SparkTestSession.get().sparkContext());
        for (int partitions : new int[] {1, 2, 3, 7}) {
            assertSameChain(expected, new SparkMultinomialMixture(jsc, chain(m), partitions), partitions + " partitions");
        }
    }

    /** Counts the tasks that ended in failure. */
    static final class FailedTasks extends SparkListener {
        final AtomicInteger failed = new AtomicInteger();

        @Override
        public void onTaskEnd(SparkListenerTaskEnd end) {
            if (!(end.reason() instanceof Success$)) {
                failed.incrementAndGet();
            }
        }
    }

    @Test
    void sameChainAfterATaskRetry() throws InterruptedException {
        SparseMatrix m = corpus();
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(SparkTestSession.get().sparkContext());
        FailedTasks listener = new FailedTasks();
        jsc.sc().addSparkListener(listener);
        try {
            assertSameChain(local(m), new SparkMultinomialMixture(jsc, chain(m),
                    new SparkBlocks(jsc, 3, Plate::distributions, false, 1), null), "partition 1 retried");
            for (int wait = 0; wait < 100 && listener.failed.get() < SWEEPS; wait++) {
                Thread.sleep(50); // the listener bus delivers task ends asynchronously
            }
            assertEquals(SWEEPS, listener.failed.get(), "failed first attempts (one per sweep)");
        } finally {
            jsc.sc().removeSparkListener(listener);
        }
    }

    /**
     * A run checkpointed every 2 sweeps and stopped after sweep 3, then resumed by a new chain made the
     * same way (other partitions), continues as the uninterrupted chain: same assignments after sweeps 3
     * and 4 and the same log joint (θ, π and the counts restored, and the streams where they were).
     */
    @Test
    void resumedRunEqualsTheUninterruptedChain(@TempDir Path dir) {
        SparseMatrix m = corpus();
        UncollapsedMultinomialSweep uninterrupted = chain(m);
        int[][] expected = new int[SWEEPS][];
        for (int s = 0; s < SWEEPS; s++) {
            uninterrupted.sweep();
            expected[s] = uninterrupted.assignments();
        }
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(SparkTestSession.get().sparkContext());
        jsc.setCheckpointDir(dir.resolve("rdd").toUri().toString());
        SparkMultinomialMixture.Checkpoints every2 = new SparkMultinomialMixture.Checkpoints(
                dir.resolve("state").toUri().toString(), 2);
        SparkMultinomialMixture first = new SparkMultinomialMixture(jsc, chain(m),
                new SparkBlocks(jsc, 2, Plate::distributions, true, -1), every2);
        try {
            for (int s = 0; s < 3; s++) {
                first.sweep();
            }
            assertArrayEquals(expected[2], first.chain().assignments(), "first run, sweep 3");
        } finally {
            first.close();
        }
        assertTrue(Files.exists(dir.resolve("state/chain-state-2")), "checkpoint after sweep 2");
        SparkMultinomialMixture second = new SparkMultinomialMixture(jsc, chain(m),
                new SparkBlocks(jsc, 3, Plate::distributions, true, -1), every2);
        try {
            assertEquals(2, second.resume(every2.dir()), "sweeps of the resumed state");
            second.sweep();
            assertArrayEquals(expected[2], second.chain().assignments(), "resumed, sweep 3");
            second.sweep();
            assertArrayEquals(expected[3], second.chain().assignments(), "resumed, sweep 4");
            assertEquals(uninterrupted.logJoint(), second.chain().logJoint(), 0.0, "log joint after sweep 4");
        } finally {
            second.close();
        }
        assertTrue(Files.exists(dir.resolve("state/chain-state-4")), "checkpoint after sweep 4");
        assertFalse(Files.exists(dir.resolve("state/chain-state-2")), "older checkpoint dropped");
    }
}
