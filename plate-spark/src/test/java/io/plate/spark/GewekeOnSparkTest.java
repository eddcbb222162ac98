package io.plate.spark;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.Plate;
import io.plate.sampler.mixture.impl.BlockRunner;
import io.plate.sampler.mixture.impl.Geweke;
import io.plate.sampler.mixture.impl.GewekeModels;
import io.plate.sampler.mixture.impl.UncollapsedMultinomialSweep;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Test;

/**
 * Geweke's joint-distribution test of the uncollapsed multinomial and Gaussian chains driven through the
 * Spark sweep (the mixture bundle's harness and models): every transition is one sweep with its three
 * blocks of two documents (rows) sampled on the executors in two partitions, and the θ-step on their
 * returned counts (the parameter steps on their statistics). The negative control samples the executors'
 * z-step from the tempered conditional (log weights halved) and must fail the same test. The runs of a test go
 * side by side, each on its own thread with its own chains and blocks on the one Spark context ({@link #atOnce}):
 * a run's draws are keyed by its seed, chain, sweep and block, never by thread or task, so each result is the one
 * it has alone, and a run's time is mostly Spark's fixed cost per job, which runs overlap.
 */
class GewekeOnSparkTest {
    static final int ROWS = 6;
    static final int DRAWS = 2_500;
    /**
     * The multinomial chain's draws: each of its transitions is two Spark jobs (counting the new data's words with
     * the blocks, then the sweep), and 1,500 keep the test's power (GewekePowerBench, seeds 1..40: the right chain's
     * largest |z| at most 3.19, the negative control's at least 5.60; at 2,500, 3.06 and 7.82). The Gaussian chains
     * keep 2,500: at 1,500 the full one's negative control passed for 1 seed in 40 (|z| 3.52).
     */
    static final int MULTINOMIAL_DRAWS = 1_500;
    static final GewekeModels.Multinomial TEXT = new GewekeModels.Multinomial(4, 5, 0.6);

    static Geweke.Transition<int[][]> onSpark(JavaSparkContext jsc, SparkBlocks.DistributionsSource executors) {
        return (x, z, a, dist, rng) -> {
            UncollapsedMultinomialSweep chain = UncollapsedMultinomialSweep.at(dist, TEXT.matrix(x), 3, 1.0, TEXT.beta(),
                    z, rng, 2);
            SparkBlocks blocks = new SparkBlocks(jsc, 2, executors, false, -1);
            chain.runBlocksOn(blocks);
            try {
                chain.sweep();
            } finally {
                blocks.close();
            }
            System.arraycopy(chain.assignments(), 0, z, 0, z.length);
            return a;
        };
    }

    @Test
    void uncollapsedMultinomialChainThroughTheSparkSweep() {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(SparkTestSession.get().sparkContext());
        Geweke.PartitionPrior prior = Geweke.PartitionPrior.finite(3, 1.0);
        List<Geweke.Result> runs = atOnce(List.of(
                () -> Geweke.run(TEXT, onSpark(jsc, Plate::distributions), prior, ROWS, MULTINOMIAL_DRAWS,
                        Plate.distributions(), 41),
                () -> Geweke.run(TEXT, onSpark(jsc, () -> Geweke.tempered(Plate.distributions())), prior, ROWS,
                        MULTINOMIAL_DRAWS, Plate.distributions(), 41)));
        Geweke.Result right = runs.get(0);
        Geweke.Result wrong = runs.get(1);
        assertTrue(right.passes(), "through Spark should pass:\n" + right.report());
        assertFalse(wrong.passes(), "negative control (tempered z-step on the executors) should fail:\n" + wrong.report());
        System.out.println("uncollapsed multinomial through Spark\n" + right.report() + "negative control:\n"
                + wrong.report());
    }

    /**
     * The uncollapsed Gaussian chains (diagonal and full, the mixture bundle's Geweke models, K = 3, three
     * blocks of two rows) with every transition one sweep whose blocks run on the executors in two
     * partitions; the negative control's executors draw from the tempered conditional and must fail.
     */
    @Test
    void uncollapsedGaussianChainsThroughTheSparkSweep() {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(SparkTestSession.get().sparkContext());
        List<Geweke.Result> runs = atOnce(List.of(
                gaussian(jsc, GewekeModels.DIAG, GewekeModels.DIAG::uncollapsedOn, Plate::distributions),
                gaussian(jsc, GewekeModels.DIAG, GewekeModels.DIAG::uncollapsedOn, () -> Geweke.tempered(Plate.distributions())),
                gaussian(jsc, GewekeModels.FULL, GewekeModels.FULL::uncollapsedOn, Plate::distributions),
                gaussian(jsc, GewekeModels.FULL, GewekeModels.FULL::uncollapsedOn, () -> Geweke.tempered(Plate.distributions()))));
        check("uncollapsed diagonal Gaussian", runs.get(0), runs.get(1));
        check("uncollapsed full Gaussian", runs.get(2), runs.get(3));
    }

    /** The Geweke run of {@code model}'s chain whose blocks run on Spark's executors with {@code executors}. */
    static Callable<Geweke.Result> gaussian(JavaSparkContext jsc, Geweke.Model<double[][]> model,
            Function<BlockRunner, Geweke.Transition<double[][]>> on, SparkBlocks.DistributionsSource executors) {
        Geweke.PartitionPrior prior = Geweke.PartitionPrior.finite(3, 1.0);
        return () -> Geweke.run(model, on.apply(new SparkBlocks(jsc, 2, executors, false, -1)), prior, ROWS, DRAWS,
                Plate.distributions(), 47);
    }

    static void check(String what, Geweke.Result right, Geweke.Result wrong) {
        assertTrue(right.passes(), what + " through Spark should pass:\n" + right.report());
        assertFalse(wrong.passes(), what + " negative control (tempered z-step on the executors) should fail:\n"
                + wrong.report());
        System.out.println(what + " through Spark\n" + right.report() + "negative control (tempered z-step on the"
                + " executors):\n" + wrong.report());
    }

    /** The results of {@code runs}, run at once on a thread each (Spark takes jobs from several threads). */
    static List<Geweke.Result> atOnce(List<Callable<Geweke.Result>> runs) {
        ExecutorService threads = Executors.newFixedThreadPool(runs.size());
        try {
            List<Geweke.Result> out = new java.util.ArrayList<>();
            for (Future<Geweke.Result> f : threads.invokeAll(runs)) {
                out.add(f.get());
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } finally {
            threads.shutdownNow();
        }
    }
}
