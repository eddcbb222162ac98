package io.plate.spark;

import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;

/**
 * The one SparkSession of the test JVM (local[2], a failed task tried twice, with the {@code cluster}
 * command's {@link SweepSettings}: Kryo), made at first use and stopped when the JVM exits.
 */
final class SparkTestSession {
    private static SparkSession session;

    private SparkTestSession() {
    }

    static synchronized SparkSession get() {
        if (session == null) {
            // the cluster command's settings (Kryo among them), so that every test's payloads pass through
            // the serializer a cluster is likely to set
            session = SweepSettings.apply(SparkSession.builder().master("local[2,2]").appName("plate-spark-tests")
                    .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "4")
                    .config("spark.driver.host", "127.0.0.1")).getOrCreate();
            session.sparkContext().setLogLevel("WARN");
            SparkSession s = session;
            Runtime.getRuntime().addShutdownHook(new Thread(s::stop));
        }
        return session;
    }

    /** A dataset of the repository's data/ folder, found as the other modules' tests find them (plate.data). */
    static Path data(String relative) {
        return Path.of(System.getProperty("plate.data", "../data"), relative);
    }
}
