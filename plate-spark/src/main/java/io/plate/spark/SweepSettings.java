package io.plate.spark;

import java.util.Map;
import org.apache.spark.sql.SparkSession;

/**
 * Spark settings for a session that runs sweeps (a broadcast of the chain's parameters and a few MB of
 * block results every sweep, dozens of times a second), each applied unless the user set it
 * ({@code --conf} of spark-submit, a {@code -Dspark.…} property); measured in docs/spark.md. What the
 * sweeps send is written by Kryo as well as by Java serialization ({@code KryoPayloadsTest}).
 */
public final class SweepSettings {
    /** Setting and value, with why. */
    static final Map<String, String> DEFAULTS = Map.of(
            // arrays of primitives (the broadcast parameters, blocks' results): Kryo writes them faster
            "spark.serializer", "org.apache.spark.serializer.KryoSerializer",
            // random doubles do not compress: lz4 over 20.8 MB of log θ only cost time
            "spark.broadcast.compress", "false",
            // block results of a few MB return with the task, not through the block manager
            "spark.task.maxDirectResultSize", "100m",
            // an Adler-32 over every 20.8 MB broadcast of log θ took half of the broadcast's time; Spark's
            // docs allow it off where the network guards the data (TCP does); --conf turns it back on
            "spark.broadcast.checksum", "false");

    private SweepSettings() {
    }

    /** {@code b} with the settings the user did not set. */
    public static SparkSession.Builder apply(SparkSession.Builder b) {
        DEFAULTS.forEach((key, value) -> {
            if (System.getProperty(key) == null) {
                b.config(key, value);
            }
        });
        return b;
    }
}
