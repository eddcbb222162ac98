package io.plate.spark;

import io.plate.api.Plate;
import io.plate.api.sample.Sampler;
import io.plate.sampler.mixture.impl.MultinomialMixtureSampler;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * The samplers the {@code cluster} command runs on Spark, by name: each is the shell's sampler (same
 * parameters, summaries, diagnostics and run directory) whose sweeps run their heavy step on the
 * executors. Another sampler plugs in with {@link #register}.
 */
public final class SparkSamplers {
    /** A sampler placed on a Spark context, with what to release when its run has ended. */
    public record OnSpark(Sampler sampler, AutoCloseable resources) {
    }

    /** Makes the sampler whose chains run on {@code jsc} with their blocks in {@code partitions} partitions. */
    public interface Factory {
        OnSpark make(JavaSparkContext jsc, int partitions);
    }

    private static final Map<String, Factory> BY_NAME = new LinkedHashMap<>();

    static {
        register(MultinomialMixtureSampler.NAME, (jsc, partitions) -> {
            SparkBlocks blocks = new SparkBlocks(jsc, partitions);
            return new OnSpark(new MultinomialMixtureSampler(Plate.chainRunner(), Plate.distributions(), blocks),
                    blocks::close);
        });
    }

    private SparkSamplers() {
    }

    public static synchronized void register(String name, Factory factory) {
        BY_NAME.put(name, factory);
    }

    public static synchronized List<String> names() {
        return new ArrayList<>(BY_NAME.keySet());
    }

    /** The factory of {@code name}, or null. */
    static synchronized Factory get(String name) {
        return BY_NAME.get(name);
    }
}
