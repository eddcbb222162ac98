package io.plate.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.plate.api.Plate;
import io.plate.sampler.mixture.impl.UncollapsedGaussianSweep;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Test;

/**
 * The uncollapsed Gaussian chain (full, and diagonal with missing values) with its z-step on Spark is the
 * single-machine chain draw for draw, for 1, 2, 3 and 7 partitions and after a task retry: the same
 * assignments, the same parameters and the same log joint after every sweep.
 */
class GaussianMixtureOnSparkTest {
    static final int SWEEPS = 4;
    static final List<String> NAMES = List.of("a", "b", "c");

    /** 2,000 rows of three correlated columns around four centres (ten blocks of 200); with {@code missing} 5% NaN. */
    static double[][] rows(boolean missing) {
        SplittableRandom rng = new SplittableRandom(5);
        double[][] x = new double[2000][3];
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

    static void assertSameChain(Object[][] expected, SparkGaussianMixture spark, String what) {
        try {
            for (int s = 0; s < SWEEPS; s++) {
                spark.sweep();
                assertArrayEquals((int[]) expected[s][0], spark.chain().assignments(), what + ", sweep " + s);
                assertEquals((double) expected[s][1], spark.chain().logJoint(), 0.0, what + ", sweep " + s);
                assertArrayEquals((double[]) expected[s][2], spark.chain().parameters()[3], 0.0, what + ", sweep " + s);
            }
        } finally {
            spark.close();
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
                assertSameChain(expected, new SparkGaussianMixture(jsc, chain(x, cov), partitions),
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
            assertSameChain(local(x, "full"), new SparkGaussianMixture(jsc, chain(x, "full"), 3, 1), "partition 1 retried");
            for (int wait = 0; wait < 100 && listener.failed.get() < SWEEPS; wait++) {
                Thread.sleep(50); // the listener bus delivers task ends asynchronously
            }
            assertEquals(SWEEPS, listener.failed.get(), "failed first attempts (one per sweep)");
        } finally {
            jsc.sc().removeSparkListener(listener);
        }
    }
}
