package io.plate.spark;

import io.plate.api.Plate;
import io.plate.sampler.mixture.impl.UncollapsedGaussianSweep;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple3;
import scala.Tuple4;

/**
 * The uncollapsed Gaussian mixture chain (full or diagonal) with its z-step on the executors: the chain's
 * fixed blocks of rows (independent of the partitions) are cut out once and cached on the executors; each
 * sweep broadcasts log π, the means and the covariances (or precisions), every block draws its rows'
 * clusters on the stream keyed by (chain, sweep, block) and returns them with its sufficient statistics;
 * the driver adds the statistics in block order and draws the parameters with the single-machine code.
 * So the chain is the single-machine chain draw for draw for any number of partitions, and a retried task
 * repeats its block's draws.
 */
public final class SparkGaussianMixture {
    private final JavaSparkContext jsc;
    private final UncollapsedGaussianSweep chain;
    /** (block, {first row, last + 1}, fixed clusters, centred values). */
    private final JavaRDD<Tuple4<Integer, int[], int[], double[]>> blocks;
    /** Test hook: the first attempt of this partition's z-step task fails (−1 = none), to force a retry. */
    private final int failFirstAttempt;

    public SparkGaussianMixture(JavaSparkContext jsc, UncollapsedGaussianSweep chain, int partitions) {
        this(jsc, chain, partitions, -1);
    }

    SparkGaussianMixture(JavaSparkContext jsc, UncollapsedGaussianSweep chain, int partitions, int failFirstAttempt) {
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions must be >= 1, got " + partitions);
        }
        this.jsc = jsc;
        this.chain = chain;
        this.failFirstAttempt = failFirstAttempt;
        List<Tuple4<Integer, int[], int[], double[]>> slices = new ArrayList<>();
        for (int b = 0; b < chain.blocks(); b++) {
            slices.add(new Tuple4<>(b, chain.blockRows(b), chain.blockFixed(b), chain.blockValues(b)));
        }
        this.blocks = jsc.parallelize(slices, partitions).persist(StorageLevel.MEMORY_AND_DISK());
    }

    /** One sweep: the z-step and statistics of every block on the executors, then the parameter steps on the driver. */
    public void sweep() {
        long[] keys = chain.keys();
        // the driver changes these arrays only in finishSweep, after every task of this sweep has ended
        Broadcast<double[][]> parameters = jsc.broadcast(chain.parameters());
        int fail = failFirstAttempt;
        List<Tuple3<Integer, int[], double[]>> drawn = blocks.map(t -> {
            TaskContext task = TaskContext.get();
            if (task.partitionId() == fail && task.attemptNumber() == 0) {
                throw new IllegalStateException("first attempt of partition " + fail + " fails (forced retry)");
            }
            double[][] p = parameters.value();
            int[] rows = t._2();
            int[] z = new int[rows[1] - rows[0]];
            double[] stats = new double[UncollapsedGaussianSweep.statisticsLength(p)];
            // the executor's own Distributions (the fast provider found on its class path)
            UncollapsedGaussianSweep.sampleBlock(Plate.distributions(), t._1(), rows, t._3(), t._4(), keys, p, z, stats);
            return new Tuple3<>(t._1(), z, stats);
        }).collect();
        int[][] z = new int[chain.blocks()][];
        double[][] stats = new double[chain.blocks()][];
        for (Tuple3<Integer, int[], double[]> t : drawn) {
            z[t._1()] = t._2();
            stats[t._1()] = t._3();
        }
        parameters.destroy();
        chain.finishSweep(z, stats);
    }

    public UncollapsedGaussianSweep chain() {
        return chain;
    }

    /** Drops the cached blocks. */
    public void close() {
        blocks.unpersist(false);
    }
}
