package io.plate.spark;

import io.plate.api.Plate;
import io.plate.api.sample.Distributions;
import io.plate.sampler.mixture.impl.BlockRunner;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;

/**
 * The z-step blocks of uncollapsed chains (multinomial and Gaussian) on Spark's executors: each chain's
 * fixed blocks are sent once and cached, their lineage cut (a local checkpoint, or a reliable one in the
 * checkpoint directory when asked, so that a lost executor's blocks are read back; with a local
 * checkpoint a lost executor ends the run); each sweep broadcasts the chain's step input (keys and
 * parameters), every block runs the chain's step (draws its rows' clusters on the stream keyed by
 * (chain, sweep, block) and returns them with its word counts or statistics), and the results come back
 * to the driver in block order. So the chain does not depend on the partitioning, and a retried task
 * repeats its block's draws.
 */
public final class SparkBlocks implements BlockRunner {
    /** The executors' distributions: Plate's provider found on their class path, or a test's. */
    public interface DistributionsSource extends Serializable {
        Distributions get();
    }

    private final JavaSparkContext jsc;
    private final int partitions;
    private final DistributionsSource dist;
    private final boolean reliable;
    /** Test hook: the first attempt of this partition's task fails in every job (−1 = none), to force a retry. */
    private final int failFirstAttempt;
    private final List<Placed> open = new ArrayList<>();

    public SparkBlocks(JavaSparkContext jsc, int partitions) {
        this(jsc, partitions, Plate::distributions, false, -1);
    }

    /**
     * Blocks in {@code partitions} partitions, sampled with {@code dist}; {@code reliable}: checkpoint
     * the cached blocks to the context's checkpoint directory (which must be set).
     */
    public SparkBlocks(JavaSparkContext jsc, int partitions, DistributionsSource dist, boolean reliable,
            int failFirstAttempt) {
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions must be >= 1, got " + partitions);
        }
        if (reliable && !jsc.getCheckpointDir().isPresent()) {
            throw new IllegalArgumentException("checkpointed blocks need the Spark checkpoint directory"
                    + " (SparkContext.setCheckpointDir)");
        }
        this.jsc = jsc;
        this.partitions = partitions;
        this.dist = dist;
        this.reliable = reliable;
        this.failFirstAttempt = failFirstAttempt;
    }

    @Override
    public synchronized <B extends Serializable> Blocks<B> open(List<B> blocks) {
        List<Tuple2<Integer, B>> slices = new ArrayList<>();
        for (int b = 0; b < blocks.size(); b++) {
            slices.add(new Tuple2<>(b, blocks.get(b)));
        }
        JavaRDD<Tuple2<Integer, B>> rdd = jsc.parallelize(slices, partitions).persist(StorageLevel.MEMORY_AND_DISK());
        // a task of a parallelized collection carries its partition's data: without a checkpoint every
        // sweep would send the blocks again. Checkpointed, the tasks read the cached blocks
        if (reliable) {
            rdd.checkpoint();
            rdd.count(); // cached and written once, before the first sweep
        } else {
            rdd.rdd().localCheckpoint(); // at the end of the first sweep's job
        }
        Placed<B> p = new Placed<>(rdd, blocks.size());
        open.add(p);
        return p;
    }

    /** Drops the cached blocks of every chain opened here. */
    public synchronized void close() {
        for (Placed<?> p : open) {
            p.close();
        }
        open.clear();
    }

    private final class Placed<B> implements Blocks<B> {
        private final JavaRDD<Tuple2<Integer, B>> rdd;
        private final int count;

        Placed(JavaRDD<Tuple2<Integer, B>> rdd, int count) {
            this.rdd = rdd;
            this.count = count;
        }

        @Override
        public <S extends Serializable, R extends Serializable> List<R> map(Step<B, S, R> step, S shared) {
            // the chain changes the shared arrays only after every task of this job has ended
            Broadcast<S> bc = jsc.broadcast(shared);
            int fail = failFirstAttempt;
            DistributionsSource source = dist;
            Object parts;
            try {
                // one job straight on the cached blocks with a Java lambda: JavaRDD's mapPartitions and collect wrap
                // the function in Scala closures, which Spark's closure cleaner re-parses (ASM) on every job
                parts = jsc.sc().runJob(rdd.rdd(), (scala.Function2<TaskContext, scala.collection.Iterator<Tuple2<Integer, B>>,
                        ArrayList<Tuple2<Integer, R>>> & Serializable) (task, blocks) -> {
                    if (task.partitionId() == fail && task.attemptNumber() == 0) {
                        throw new IllegalStateException("first attempt of partition " + fail + " fails (forced retry)");
                    }
                    Distributions d = source.get(); // once per task: a service lookup on the class path
                    S value = bc.value();
                    ArrayList<Tuple2<Integer, R>> results = new ArrayList<>();
                    while (blocks.hasNext()) {
                        Tuple2<Integer, B> t = blocks.next();
                        results.add(new Tuple2<>(t._1(), step.apply(d, t._1(), t._2(), value)));
                    }
                    return results;
                }, scala.reflect.ClassTag$.MODULE$.apply(ArrayList.class));
            } finally {
                bc.destroy();
            }
            List<R> out = new ArrayList<>(Collections.nCopies(count, null));
            for (Object part : (Object[]) parts) { // a partition's results, each with its block's index
                @SuppressWarnings("unchecked")
                List<Tuple2<Integer, R>> done = (List<Tuple2<Integer, R>>) part;
                for (Tuple2<Integer, R> t : done) {
                    out.set(t._1(), t._2());
                }
            }
            return out;
        }

        @Override
        public void close() {
            rdd.unpersist(false);
        }
    }
}
