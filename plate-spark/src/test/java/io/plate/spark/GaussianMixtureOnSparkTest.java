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
import io.plate.api.sample.ProgressListener;
import io.plate.api.sample.RunSettings;
import io.plate.api.sample.Sampler;
import io.plate.sampler.mixture.impl.GaussianMixtureSampler;
import io.plate.sampler.mixture.impl.UncollapsedGaussianSweep;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The uncollapsed Gaussian chain (full, and diagonal with missing values) with its z-step on Spark
 * ({@link SparkBlocks}) is the single-machine chain draw for draw, for 1, 2, 3 and 7 partitions and after
 * a task retry: the same assignments, the same parameters and the same log joint after every sweep; and
 * the shell's sampler on Spark writes the single-machine run directory.
 */
class GaussianMixtureOnSparkTest {
    static final int SWEEPS = 4;
    static final List<String> NAMES = List.of("a", "b", "c");

    /** 2,000 rows of three correlated columns around four centres (ten blocks of 200); with {@code missing} 5% NaN. */
    static double[][] rows(boolean missing) {
        return rows(2000, missing);
    }

    static double[][] rows(int n, boolean missing) {
        SplittableRandom rng = new SplittableRandom(5);
        double[][] x = new double[n][3];
        for (double[] row : x) {
            int c = rng.nextInt(4);
            for (int j = 0; j < 3; j++) {
                row[j] = 3 * ((c + j) % 4) + rng.nextGaussian() + (j > 0 ? 0.4 * row[j - 1] : 0);
                if (missing && rng.nextDouble() < 0.05) {
                    row[j] = Double.NaN;
                }
            }
        }
        return x;
    }

    static UncollapsedGaussianSweep chain(double[][] x, String covariance) {
        return UncollapsedGaussianSweep.of(Plate.distributions(), x, NAMES,
                Map.of("k", "6", "covariance", covariance, "init", "random"), 42, 0, false, 200);
    }

    /** The single-machine chain's state after each sweep: assignments, then the log joint. */
    static Object[][] local(double[][] x, String covariance) {
        UncollapsedGaussianSweep c = chain(x, covariance);
        Object[][] out = new Object[SWEEPS][];
        for (int s = 0; s < SWEEPS; s++) {
            c.sweep();
            out[s] = new Object[] {c.assignments(), c.logJoint(), c.parameters()[3].clone()};
        }
        return out;
    }

    /** The chain with its blocks on {@code blocks} gives {@code expected} after every sweep. */
    static void assertSameChain(Object[][] expected, UncollapsedGaussianSweep chain, SparkBlocks blocks, String what) {
        try {
            chain.runBlocksOn(blocks);
            for (int s = 0; s < SWEEPS; s++) {
                chain.sweep();
                assertArrayEquals((int[]) expected[s][0], chain.assignments(), what + ", sweep " + s);
                assertEquals((double) expected[s][1], chain.logJoint(), 0.0, what + ", sweep " + s);
                assertArrayEquals((double[]) expected[s][2], chain.parameters()[3], 0.0, what + ", sweep " + s);
            }
        } finally {
            blocks.close();
        }
    }

    @Test
    void sameChainForAnyNumberOfPartitions() {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(SparkTestSession.get().sparkContext());
        for (String cov : List.of("full", "diag")) {
            double[][] x = rows(cov.equals("diag"));
            assertEquals(10, chain(x, cov).blocks());
            Object[][] expected = local(x, cov);
            for (int partitions : new int[] {1, 2, 3, 7}) {
                assertSameChain(expected, chain(x, cov), new SparkBlocks(jsc, partitions),
                        cov + ", " + partitions + " partitions");
            }
        }
    }

    @Test
    void sameChainAfterATaskRetry() throws InterruptedException {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(SparkTestSession.get().sparkContext());
        MixtureOnSparkTest.FailedTasks listener = new MixtureOnSparkTest.FailedTasks();
        jsc.sc().addSparkListener(listener);
        try {
            double[][] x = rows(false);
            assertSameChain(local(x, "full"), chain(x, "full"), new SparkBlocks(jsc, 3, Plate::distributions, false, 1),
                    "partition 1 retried");
            for (int wait = 0; wait < 100 && listener.failed.get() < SWEEPS; wait++) {
                Thread.sleep(50); // the listener bus delivers task ends asynchronously
            }
            assertEquals(SWEEPS, listener.failed.get(), "failed first attempts (one per sweep)");
        } finally {
            jsc.sc().removeSparkListener(listener);
        }
    }

    /**
     * The shell's sampler ({@code mixture.gaussian collapsed=false}, 2 chains, kmeans++ start) with its
     * blocks on Spark writes the run directory of the same sampler on one machine, for 1, 2, 3 and 7
     * partitions and diagonal (with 5% missing values) and full covariances, and with a task retried in
     * every sweep.
     */
    @Test
    void theSamplerOnSparkWritesTheSingleMachineRunDirectory(@TempDir Path dir) throws Exception {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(SparkTestSession.get().sparkContext());
        MixtureOnSparkTest.FailedTasks listener = new MixtureOnSparkTest.FailedTasks();
        jsc.sc().addSparkListener(listener);
        RunSettings settings = new RunSettings(6, 2, 1, 2, 11, 0);
        for (String cov : List.of("diag", "full")) {
            double[][] x = rows(8000, cov.equals("diag")); // 8 blocks of 1,000 rows
            Dataset.Builder b = Dataset.builder("rows").source("synthetic");
            for (int j = 0; j < NAMES.size(); j++) {
                final int col = j;
                b.numeric(NumericColumn.of(NAMES.get(j), Arrays.stream(x).mapToDouble(r -> r[col]).toArray()));
            }
            Dataset data = b.build();
            Map<String, String> given = Map.of("k", "4", "covariance", cov, "collapsed", "false");
            Sampler one = Plate.sampler(GaussianMixtureSampler.NAME);
            Path single = dir.resolve(cov + "-single");
            one.run(data, one.params(given), settings, ProgressListener.NONE, new Cancellation()).write(single);
            for (int partitions : new int[] {1, 2, 3, 7, -3}) {
                SparkBlocks blocks = partitions > 0 ? new SparkBlocks(jsc, partitions)
                        : new SparkBlocks(jsc, -partitions, Plate::distributions, false, 1);
                Path spark = dir.resolve(cov + "-spark-" + partitions);
                try {
                    Sampler s = new GaussianMixtureSampler(Plate.chainRunner(), Plate.distributions(), blocks);
                    s.run(data, s.params(given), settings, ProgressListener.NONE, new Cancellation()).write(spark);
                } finally {
                    blocks.close();
                }
                MainIT.assertSameRunDirectory(single, spark, cov + ", partitions " + partitions);
            }
        }
        for (int wait = 0; wait < 100 && listener.failed.get() == 0; wait++) {
            Thread.sleep(50); // the listener bus delivers task ends asynchronously
        }
        jsc.sc().removeSparkListener(listener);
        assertTrue(listener.failed.get() > 0, "the sampler's sweeps ran on Spark (their forced retries were seen)");
    }

    /** On Spark the collapsed chain (the default) is refused with one line that names collapsed=false. */
    @Test
    void theCollapsedChainIsRefused() {
        Sampler s = new GaussianMixtureSampler(Plate.chainRunner(), Plate.distributions(),
                new SparkBlocks(JavaSparkContext.fromSparkContext(SparkTestSession.get().sparkContext()), 2));
        PlateException e = assertThrows(PlateException.class, () -> s.params(Map.of("k", "3")));
        assertEquals("mixture.gaussian: the collapsed chain (collapsed=true, the default) runs on one machine only;"
                + " add collapsed=false to run the uncollapsed chain with its blocks on Spark", e.getMessage());
        assertThrows(PlateException.class, () -> s.params(Map.of("k", "3", "collapsed", "true")));
        assertEquals(false, s.params(Map.of("k", "3", "collapsed", "false")).getBoolean("collapsed"));
    }
}
