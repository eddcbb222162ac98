package io.plate.spark;

import io.plate.api.Plate;
import io.plate.api.learn.Params;
import io.plate.api.sample.Sampler;
import io.plate.sampler.mixture.impl.BlockRunner;
import io.plate.sampler.mixture.impl.GaussianMixtureSampler;
import io.plate.sampler.mixture.impl.MultinomialMixtureSampler;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The samplers the {@code cluster} command runs on Spark, by name: each is the shell's sampler (same
 * parameters, summaries, diagnostics and run directory) whose chains hand their z-step blocks to a
 * {@link BlockRunner} ({@link SparkBlocks}: the executors). Another sampler plugs in with {@link #register}.
 */
public final class SparkSamplers {
    /** Makes the sampler whose chains run their blocks on {@code blocks}. */
    public interface Factory {
        Sampler make(BlockRunner blocks);
    }

    private static final Map<String, Factory> BY_NAME = new LinkedHashMap<>();

    /** The runner of a sampler made only to check parameters, before Spark starts: it places nothing. */
    private static final BlockRunner NOT_STARTED = new BlockRunner() {
        @Override
        public <B extends Serializable> Blocks<B> open(List<B> blocks) {
            throw new IllegalStateException("Spark has not started: this sampler only checks parameters");
        }
    };

    static {
        register(MultinomialMixtureSampler.NAME,
                blocks -> new MultinomialMixtureSampler(Plate.chainRunner(), Plate.distributions(), blocks));
        register(GaussianMixtureSampler.NAME,
                blocks -> new GaussianMixtureSampler(Plate.chainRunner(), Plate.distributions(), blocks));
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

    /**
     * {@code params} checked as the shell's sampler of {@code factory} checks them (names, scikit-learn's among them,
     * and values), without Spark: the sampler made without a block runner runs on this machine's threads.
     */
    static Params checkAsInTheShell(Factory factory, Map<String, String> params) {
        return factory.make(null).params(params);
    }

    /**
     * The parameters of the sampler of {@code factory} as it runs on Spark, checked without Spark: a
     * mistake (a bad value, or a chain that does not run distributed) fails before a session starts.
     */
    static Params check(Factory factory, Map<String, String> params) {
        return factory.make(NOT_STARTED).params(params);
    }
}
