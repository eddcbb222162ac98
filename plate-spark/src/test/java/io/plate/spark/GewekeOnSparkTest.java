package io.plate.spark;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.Plate;
import io.plate.sampler.mixture.impl.BlockRunner;
import io.plate.sampler.mixture.impl.Geweke;
import io.plate.sampler.mixture.impl.GewekeModels;
import io.plate.sampler.mixture.impl.UncollapsedMultinomialSweep;
import java.util.function.Function;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Test;

/**
 * Geweke's joint-distribution test of the uncollapsed multinomial and Gaussian chains driven through the
 * Spark sweep (the mixture bundle's harness and models): every transition is one sweep with its three
 * blocks of two documents (rows) sampled on the executors in two partitions, and the θ-step on their
 * returned counts (the parameter steps on their statistics). The negative control samples the executors'
 * z-step from the tempered conditional (log weights halved) and must fail the same test.
 */
class GewekeOnSparkTest {
    static final int ROWS = 6;
    static final int DRAWS = 2_500;
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
        Geweke.Result right = Geweke.run(TEXT, onSpark(jsc, Plate::distributions), prior, ROWS, DRAWS,
                Plate.distributions(), 41);
        assertTrue(right.passes(), "through Spark should pass:\n" + right.report());
        Geweke.Result wrong = Geweke.run(TEXT, onSpark(jsc, () -> Geweke.tempered(Plate.distributions())), prior, ROWS,
                DRAWS, Plate.distributions(), 41);
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
        gaussian(jsc, "uncollapsed diagonal Gaussian", GewekeModels.DIAG, GewekeModels.DIAG::uncollapsedOn);
        gaussian(jsc, "uncollapsed full Gaussian", GewekeModels.FULL, GewekeModels.FULL::uncollapsedOn);
    }

    static void gaussian(JavaSparkContext jsc, String what, Geweke.Model<double[][]> model,
            Function<BlockRunner, Geweke.Transition<double[][]>> on) {
        Geweke.PartitionPrior prior = Geweke.PartitionPrior.finite(3, 1.0);
        Geweke.Result right = Geweke.run(model, on.apply(new SparkBlocks(jsc, 2, Plate::distributions, false, -1)),
                prior, ROWS, DRAWS, Plate.distributions(), 47);
        assertTrue(right.passes(), what + " through Spark should pass:\n" + right.report());
        Geweke.Result wrong = Geweke.run(model, on.apply(new SparkBlocks(jsc, 2,
                () -> Geweke.tempered(Plate.distributions()), false, -1)), prior, ROWS, DRAWS, Plate.distributions(), 47);
        assertFalse(wrong.passes(), what + " negative control (tempered z-step on the executors) should fail:\n"
                + wrong.report());
        System.out.println(what + " through Spark\n" + right.report() + "negative control (tempered z-step on the"
                + " executors):\n" + wrong.report());
    }
}
