package io.plate.spark;

import io.plate.api.Plate;
import io.plate.sampler.mixture.impl.UncollapsedMultinomialSweep;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;

/**
 * The uncollapsed multinomial mixture chain with its z-step on the executors: the chain's fixed document
 * blocks (independent of the partitions) are cut out once and cached on the executors; each sweep
 * broadcasts log θ, its normalisers and log π, every block draws its documents' clusters on the stream
 * keyed by (chain, sweep, block), the assignments come back to the driver, which does the θ- and
 * π-steps with the single-machine code. So the chain is the single-machine chain draw for draw for any
 * number of partitions, and a retried task repeats its block's draws.
 */
public final class SparkMultinomialMixture {
    private final JavaSparkContext jsc;
    private final UncollapsedMultinomialSweep chain;
    private final JavaRDD<Tuple2<Integer, int[][]>> blocks;
    /** Test hook: the first attempt of this partition's z-step task fails (−1 = none), to force a retry. */
    private final int failFirstAttempt;

    public SparkMultinomialMixture(JavaSparkContext jsc, UncollapsedMultinomialSweep chain, int partitions) {
        this(jsc, chain, partitions, -1);
    }

    SparkMultinomialMixture(JavaSparkContext jsc, UncollapsedMultinomialSweep chain, int partitions,
            int failFirstAttempt) {
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions must be >= 1, got " + partitions);
        }
        this.jsc = jsc;
        this.chain = chain;
        this.failFirstAttempt = failFirstAttempt;
        List<Tuple2<Integer, int[][]>> slices = new ArrayList<>();
        for (int b = 0; b < chain.blocks(); b++) {
            slices.add(new Tuple2<>(b, chain.block(b)));
        }
        this.blocks = jsc.parallelize(slices, partitions).persist(StorageLevel.MEMORY_AND_DISK());
    }

    /** One sweep: the z-step of every block on the executors, then the θ- and π-steps on the driver. */
    public void sweep() {
        long[] keys = chain.keys();
        // the driver changes these arrays only in finishSweep, after every task of this sweep has ended
        Broadcast<double[][]> parameters = jsc.broadcast(chain.parameters());
        int fail = failFirstAttempt;
        List<Tuple2<Integer, int[]>> drawn = blocks.map(t -> {
            TaskContext task = TaskContext.get();
            if (task.partitionId() == fail && task.attemptNumber() == 0) {
                throw new IllegalStateException("first attempt of partition " + fail + " fails (forced retry)");
            }
            // the executor's own Distributions (the fast provider found on its class path)
            return new Tuple2<>(t._1(), UncollapsedMultinomialSweep.sampleBlock(Plate.distributions(), t._1(), t._2(),
                    keys, parameters.value()));
        }).collect();
        int[][] z = new int[chain.blocks()][];
        for (Tuple2<Integer, int[]> t : drawn) {
            z[t._1()] = t._2();
        }
        parameters.destroy();
        chain.finishSweep(z);
    }

    public UncollapsedMultinomialSweep chain() {
        return chain;
    }

    /** Drops the cached blocks. */
    public void close() {
        blocks.unpersist(false);
    }
}
