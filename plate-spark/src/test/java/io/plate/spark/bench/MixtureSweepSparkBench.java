package io.plate.spark.bench;

import io.plate.api.data.ImportOptions;
import io.plate.api.data.SparseMatrix;
import io.plate.importers.impl.TextImporter;
import io.plate.sampler.mixture.impl.UncollapsedMultinomialSweep;
import io.plate.spark.SparkMultinomialMixture;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

/**
 * Benchmark (not a test): sweeps of the uncollapsed multinomial chain (K = 20, β = 0.3, α = 1, seed 0)
 * on the 20 Newsgroups training documents, on one machine (fork-join over the blocks) and with the
 * z-step on Spark; the two chains are compared draw for draw after every sweep. Run from the
 * repository root after {@code mvn -B -pl plate-spark -am verify -DskipTests}:
 *
 * <pre>
 * java $OPTS -Xmx4g -cp "plate-spark/target/plate-spark.jar:plate-spark/target/spark-lib/*:plate-spark/target/test-classes" \
 *   io.plate.spark.bench.MixtureSweepSparkBench PATH/20newsgroups-bydate [sweeps=10] [master=local[2]] [partitions=2]
 * </pre>
 */
public final class MixtureSweepSparkBench {
    private MixtureSweepSparkBench() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int sweeps = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        String master = args.length > 2 ? args[2] : "local[2]";
        int partitions = args.length > 3 ? Integer.parseInt(args[3]) : 2;
        SparseMatrix m = new TextImporter().read(dir.resolve("20news-bydate-train.tsv"), ImportOptions.defaults())
                .sparse().orElseThrow();
        UncollapsedMultinomialSweep local = UncollapsedMultinomialSweep.of(io.plate.api.Plate.distributions(), m, 20, 1.0, 0.3, "random", 0, 0, true);
        // parallel: the driver's θ-step over word blocks on its cores, as on one machine (the draws do not depend on it)
        UncollapsedMultinomialSweep remote = UncollapsedMultinomialSweep.of(io.plate.api.Plate.distributions(), m, 20, 1.0, 0.3, "random", 0, 0, true);
        SparkSession spark = SparkSession.builder().master(master).appName("plate-spark mixture bench")
                .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1").getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        SparkMultinomialMixture onSpark = new SparkMultinomialMixture(JavaSparkContext.fromSparkContext(spark.sparkContext()),
                remote, partitions);
        System.out.printf(Locale.ROOT, "%d documents, %d blocks, %s, %d partitions%n", m.rows(), local.blocks(), master,
                partitions);
        double[] tl = new double[sweeps];
        double[] ts = new double[sweeps];
        for (int s = 0; s < sweeps; s++) {
            long t0 = System.nanoTime();
            local.sweep();
            long t1 = System.nanoTime();
            onSpark.sweep();
            long t2 = System.nanoTime();
            tl[s] = (t1 - t0) / 1e9;
            ts[s] = (t2 - t1) / 1e9;
            boolean same = Arrays.equals(local.assignments(), remote.assignments());
            System.out.printf(Locale.ROOT, "sweep %d: single machine %.3f s, Spark %.3f s, same assignments %b%n", s,
                    tl[s], ts[s], same);
            if (!same) {
                throw new IllegalStateException("the chains differ at sweep " + s);
            }
        }
        // the first sweeps warm the JIT and Spark's caches: the median of the second half
        System.out.printf(Locale.ROOT, "median of sweeps %d..%d: single machine %.3f s, Spark %.3f s%n", sweeps / 2,
                sweeps - 1, median(tl, sweeps / 2), median(ts, sweeps / 2));
        onSpark.close();
        spark.stop();
    }

    /** The median of {@code t[from..]}. */
    static double median(double[] t, int from) {
        double[] x = Arrays.copyOfRange(t, from, t.length);
        Arrays.sort(x);
        return x.length % 2 == 1 ? x[x.length / 2] : (x[x.length / 2 - 1] + x[x.length / 2]) / 2;
    }
}
