package io.plate.spark;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.Plate;
import io.plate.sampler.mixture.impl.Geweke;
import io.plate.sampler.mixture.impl.GewekeModels;
import io.plate.sampler.mixture.impl.UncollapsedMultinomialSweep;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Test;

/**
 * Geweke's joint-distribution test of the uncollapsed multinomial chain driven through the Spark sweep
 * (the mixture bundle's harness and model): every transition is one sweep with its three blocks of two
 * documents sampled on the executors in two partitions and the θ-step on their returned counts. The
 * negative control samples the executors' z-step from the tempered conditional (log weights halved)
 * and must fail the same test.
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
}
