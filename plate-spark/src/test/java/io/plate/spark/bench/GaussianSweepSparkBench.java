package io.plate.spark.bench;

import io.plate.api.Plate;
import io.plate.api.data.Dataset;
import io.plate.api.data.ImportOptions;
import io.plate.api.data.NumericColumn;
import io.plate.importers.impl.CsvImporter;
import io.plate.sampler.mixture.impl.UncollapsedGaussianSweep;
import io.plate.spark.SparkBlocks;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

/**
 * Benchmark (not a test): sweeps of the uncollapsed Gaussian chain (α = 1, seed 0, the default priors,
 * blocks of 1,024 rows) on the numeric columns of a CSV file replicated {@code times} times, on one machine
 * (fork-join over the blocks) and with the z-step on Spark; the two chains are compared draw for draw
 * after every sweep. Run from the repository root after {@code mvn -B -pl plate-spark -am verify -DskipTests}:
 *
 * <pre>
 * java $OPTS -Xmx2g -cp "plate-spark/target/plate-spark.jar:plate-spark/target/spark-lib/*:plate-spark/target/test-classes" \
 *   io.plate.spark.bench.GaussianSweepSparkBench data/wine-quality/winequality-white.csv [times=10] [k=10] \
 *   [covariance=full] [sweeps=20] [master=local[2]] [partitions=2]
 * </pre>
 */
public final class GaussianSweepSparkBench {
    private GaussianSweepSparkBench() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int times = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        String k = args.length > 2 ? args[2] : "10";
        String covariance = args.length > 3 ? args[3] : "full";
        int sweeps = args.length > 4 ? Integer.parseInt(args[4]) : 20;
        String master = args.length > 5 ? args[5] : "local[2]";
        int partitions = args.length > 6 ? Integer.parseInt(args[6]) : 2;
        Dataset data = new CsvImporter().read(file, ImportOptions.defaults());
        List<NumericColumn> cols = data.numeric();
        List<String> names = new ArrayList<>();
        for (NumericColumn c : cols) {
            names.add(c.name());
        }
        double[][] x = new double[data.rows() * times][cols.size()];
        for (int r = 0; r < x.length; r++) {
            for (int j = 0; j < cols.size(); j++) {
                x[r][j] = cols.get(j).value(r % data.rows());
            }
        }
        Map<String, String> params = Map.of("k", k, "covariance", covariance, "init", "random");
        UncollapsedGaussianSweep local = UncollapsedGaussianSweep.of(Plate.distributions(), x, names, params, 0, 0, true, 1024);
        UncollapsedGaussianSweep remote = UncollapsedGaussianSweep.of(Plate.distributions(), x, names, params, 0, 0, true, 1024);
        SparkSession spark = SparkSession.builder().master(master).appName("plate-spark gaussian mixture bench")
                .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1").getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        SparkBlocks blocks = new SparkBlocks(JavaSparkContext.fromSparkContext(spark.sparkContext()), partitions);
        remote.runBlocksOn(blocks);
        System.out.printf(Locale.ROOT, "%d rows x %d columns, K = %s, %s, %d blocks, %s, %d partitions%n", x.length,
                names.size(), k, covariance, local.blocks(), master, partitions);
        double[] tl = new double[sweeps];
        double[] ts = new double[sweeps];
        for (int s = 0; s < sweeps; s++) {
            long t0 = System.nanoTime();
            local.sweep();
            long t1 = System.nanoTime();
            remote.sweep();
            long t2 = System.nanoTime();
            tl[s] = (t1 - t0) / 1e9;
            ts[s] = (t2 - t1) / 1e9;
            boolean same = Arrays.equals(local.assignments(), remote.assignments()) && local.logJoint() == remote.logJoint();
            System.out.printf(Locale.ROOT, "sweep %d: single machine %.3f s, Spark %.3f s, same chain %b%n", s, tl[s],
                    ts[s], same);
            if (!same) {
                throw new IllegalStateException("the chains differ at sweep " + s);
            }
        }
        // the first sweeps warm the JIT and Spark's caches: the median of the second half
        System.out.printf(Locale.ROOT, "median of sweeps %d..%d: single machine %.3f s, Spark %.3f s%n", sweeps / 2,
                sweeps - 1, MixtureSweepSparkBench.median(tl, sweeps / 2), MixtureSweepSparkBench.median(ts, sweeps / 2));
        blocks.close();
        spark.stop();
    }
}
