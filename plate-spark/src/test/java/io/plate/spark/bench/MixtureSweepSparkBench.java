package io.plate.spark.bench;

import io.plate.api.Plate;
import io.plate.api.data.Dataset;
import io.plate.api.data.ImportOptions;
import io.plate.api.data.SparseMatrix;
import io.plate.importers.impl.TextImporter;
import io.plate.sampler.mixture.impl.BlockRunner;
import io.plate.sampler.mixture.impl.ClusterAgreement;
import io.plate.sampler.mixture.impl.UncollapsedMultinomialSweep;
import io.plate.spark.SparkBlocks;
import io.plate.spark.SweepSettings;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

/**
 * Benchmark (not a test), one run: (1) sweeps of the uncollapsed multinomial chain (K = 20, β = 0.3,
 * α = 1, seed 0) on the 20 Newsgroups training documents, alternating one sweep on one machine
 * (fork-join over the blocks) and one with the z-step on Spark local[2] (2 partitions); the chains are
 * compared draw for draw after every sweep and their NMI against the newsgroups printed; the time of the
 * Spark sweep is split into the z-step job (broadcast, tasks, collect) and the driver's θ- and π-steps;
 * the broadcast and the returned bytes are counted. (2) The corpus replicated R times, on Spark local[1]
 * and local[2] (the same 2 partitions), alternately. Run from the repository root after
 * {@code mvn -B -pl plate-spark -am verify -DskipTests}:
 *
 * <pre>
 * java $OPTS -Xmx5g -cp "plate-spark/target/plate-spark.jar:plate-spark/target/spark-lib/*:plate-spark/target/test-classes" \
 *   io.plate.spark.bench.MixtureSweepSparkBench PATH/20newsgroups-bydate [sweeps=10] [replicas=4]
 * </pre>
 * replicas 0 skips part (2); Spark settings come as {@code -Dspark.…} system properties, over the sweep
 * settings of the {@code cluster} command ({@link SweepSettings}; {@code -Dplate.sparkDefaults=true} leaves them out).
 */
public final class MixtureSweepSparkBench {
    private MixtureSweepSparkBench() {
    }

    /** A block runner that times its z-step jobs and counts what they move. */
    static final class Timed implements BlockRunner {
        final BlockRunner inner;
        double seconds;
        long broadcastBytes;
        long returnedBytes;

        Timed(BlockRunner inner) {
            this.inner = inner;
        }

        @Override
        public <B extends Serializable> Blocks<B> open(List<B> blocks) {
            Blocks<B> b = inner.open(blocks);
            return new Blocks<>() {
                @Override
                public <S extends Serializable, R extends Serializable> List<R> map(Step<B, S, R> step, S shared) {
                    long t0 = System.nanoTime();
                    List<R> out = b.map(step, shared);
                    seconds += (System.nanoTime() - t0) / 1e9;
                    if (shared instanceof Sweep s) {
                        for (double[] p : s.parameters()) {
                            broadcastBytes += 8L * p.length;
                        }
                    }
                    for (R r : out) {
                        if (r instanceof int[][] block) {
                            for (int[] a : block) {
                                returnedBytes += 4L * a.length;
                            }
                        }
                    }
                    return out;
                }

                @Override
                public void close() {
                    b.close();
                }
            };
        }
    }

    /** Sums the executors' task metrics (ms, CPU in ns). */
    static final class TaskTimes extends org.apache.spark.scheduler.SparkListener {
        long count;
        long run;
        long cpu;
        long gc;
        long deserialise;
        long serialise;
        long fetch;

        @Override
        public synchronized void onTaskEnd(org.apache.spark.scheduler.SparkListenerTaskEnd end) {
            org.apache.spark.executor.TaskMetrics m = end.taskMetrics();
            if (m == null) {
                return;
            }
            count++;
            run += m.executorRunTime();
            cpu += m.executorCpuTime();
            gc += m.jvmGCTime();
            deserialise += m.executorDeserializeTime();
            serialise += m.resultSerializationTime();
            fetch += end.taskInfo().gettingResultTime() > 0 ? end.taskInfo().finishTime() - end.taskInfo().gettingResultTime() : 0;
        }
    }

    static SparkSession session(String master) {
        SparkSession.Builder b = SparkSession.builder().master(master).appName("plate-spark mixture bench");
        if (!Boolean.getBoolean("plate.sparkDefaults")) { // -Dplate.sparkDefaults=true: Spark's own settings, to compare
            SweepSettings.apply(b);
        }
        SparkSession spark = b
                .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1").getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        return spark;
    }

    static UncollapsedMultinomialSweep chain(SparseMatrix m) {
        // parallel: the driver's θ-step over word blocks on its cores, as on one machine (the draws do not depend on it)
        return UncollapsedMultinomialSweep.of(Plate.distributions(), m, 20, 1.0, 0.3, "random", 0, 0, true);
    }

    static String load() throws Exception {
        return Files.readString(Path.of("/proc/loadavg")).strip();
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int sweeps = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        int replicas = args.length > 2 ? Integer.parseInt(args[2]) : 4;
        System.out.println("load average at start: " + load());
        Dataset news = new TextImporter().read(dir.resolve("20news-bydate-train.tsv"), ImportOptions.defaults());
        SparseMatrix m = news.sparse().orElseThrow();
        int[] groups = news.labels().orElseThrow().codes();

        // (1) 20news: one machine against Spark local[2], sweep by sweep
        UncollapsedMultinomialSweep local = chain(m);
        UncollapsedMultinomialSweep remote = chain(m);
        SparkSession spark = session("local[2]");
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        TaskTimes tasks = new TaskTimes();
        jsc.sc().addSparkListener(tasks);
        Timed timed = new Timed(new SparkBlocks(jsc, 2));
        remote.runBlocksOn(timed);
        System.out.printf(Locale.ROOT, "20news train: %d documents, %d words, %d non-zeros, %d blocks; local[2], 2"
                + " partitions%n", m.rows(), m.columns(), m.nonZeros(), local.blocks());
        double[] tl = new double[sweeps];
        double[] ts = new double[sweeps];
        double[] tz = new double[sweeps];
        for (int s = 0; s < sweeps; s++) {
            long t0 = System.nanoTime();
            local.sweep();
            long t1 = System.nanoTime();
            double before = timed.seconds;
            remote.sweep();
            long t2 = System.nanoTime();
            tl[s] = (t1 - t0) / 1e9;
            ts[s] = (t2 - t1) / 1e9;
            tz[s] = timed.seconds - before;
            boolean same = Arrays.equals(local.assignments(), remote.assignments());
            System.out.printf(Locale.ROOT, "sweep %d: single machine %.3f s, Spark %.3f s (z-step job %.3f s), same"
                    + " assignments %b%n", s, tl[s], ts[s], tz[s], same);
            if (!same) {
                throw new IllegalStateException("the chains differ at sweep " + s);
            }
        }
        int from = sweeps / 2; // the first sweeps warm the JIT and Spark's caches: the median of the second half
        System.out.printf(Locale.ROOT, "median of sweeps %d..%d: single machine %.3f s, Spark %.3f s (%.2fx; z-step"
                + " job %.3f s, driver %.3f s)%n", from, sweeps - 1, median(tl, from), median(ts, from),
                median(ts, from) / median(tl, from), median(tz, from), median(ts, from) - median(tz, from));
        System.out.printf(Locale.ROOT, "per sweep: broadcast %.1f MB, returned %.2f MB (z and word counts)%n",
                timed.broadcastBytes / 1e6 / sweeps, timed.returnedBytes / 1e6 / sweeps);
        System.out.printf(Locale.ROOT, "NMI after %d sweeps: single machine %.4f, Spark %.4f%n", sweeps,
                ClusterAgreement.normalizedMutualInformation(groups, local.assignments()),
                ClusterAgreement.normalizedMutualInformation(groups, remote.assignments()));
        Thread.sleep(500); // the listener bus delivers task ends asynchronously
        System.out.printf(Locale.ROOT, "all %d tasks of the %d sweeps, summed: run %.3f s (of which CPU %.3f s, GC %.3f s),"
                + " deserialise %.3f s, serialise results %.3f s, fetch results %.3f s%n", tasks.count, sweeps,
                tasks.run / 1e3, tasks.cpu / 1e9, tasks.gc / 1e3, tasks.deserialise / 1e3, tasks.serialise / 1e3,
                tasks.fetch / 1e3);
        // the fixed parts of a z-step job: broadcasting θ alone, and a job over the cached blocks that draws nothing
        double[] tb = new double[5];
        double[] tj = new double[5];
        for (int i = 0; i < 5; i++) {
            long t0 = System.nanoTime();
            jsc.broadcast(remote.parameters()).destroy();
            long t1 = System.nanoTime();
            jsc.parallelize(List.of(1, 2), 2).map(x -> x).collect();
            tb[i] = (t1 - t0) / 1e9;
            tj[i] = (System.nanoTime() - t1) / 1e9;
        }
        System.out.printf(Locale.ROOT, "median of 5: broadcasting log θ %.3f s, an empty 2-task job %.3f s%n",
                median(tb, 0), median(tj, 0));
        remote.closeBlocks();
        spark.stop();
        local = null;
        remote = null;

        if (replicas < 1) {
            return;
        }
        // (2) the corpus replicated: local[1] against local[2], alternately, the same 2 partitions
        int[] rows = new int[m.rows() * replicas];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = i % m.rows();
        }
        SparseMatrix big = m.select(rows);
        System.out.printf(Locale.ROOT, "replicated x%d: %d documents, %d non-zeros; load average %s%n", replicas,
                big.rows(), big.nonZeros(), load());
        String[] masters = {"local[1]", "local[2]", "local[1]", "local[2]", "local[1]", "local[2]"};
        for (String master : masters) {
            SparkSession s = session(master);
            UncollapsedMultinomialSweep c = chain(big);
            Timed t2 = new Timed(new SparkBlocks(JavaSparkContext.fromSparkContext(s.sparkContext()), 2));
            c.runBlocksOn(t2);
            double[] t = new double[sweeps];
            double[] z = new double[sweeps];
            for (int i = 0; i < sweeps; i++) {
                long t0 = System.nanoTime();
                double before = t2.seconds;
                c.sweep();
                t[i] = (System.nanoTime() - t0) / 1e9;
                z[i] = t2.seconds - before;
            }
            System.out.printf(Locale.ROOT, "%s: median sweep %.3f s, z-step job %.3f s (sweeps %d..%d), load average"
                    + " %s%n", master, median(t, from), median(z, from), from, sweeps - 1, load());
            c.closeBlocks();
            s.stop();
        }
    }

    /** The median of {@code t[from..]}. */
    static double median(double[] t, int from) {
        double[] x = Arrays.copyOfRange(t, from, t.length);
        Arrays.sort(x);
        return x.length % 2 == 1 ? x[x.length / 2] : (x[x.length / 2 - 1] + x[x.length / 2]) / 2;
    }
}
