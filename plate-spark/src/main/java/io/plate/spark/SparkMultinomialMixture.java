package io.plate.spark;

import io.plate.sampler.mixture.impl.UncollapsedMultinomialSweep;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Comparator;
import java.util.Optional;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * The uncollapsed multinomial mixture chain with its z-step on the executors ({@link SparkBlocks}): the
 * driver keeps z, θ and π and does the θ-step from the word counts the blocks return, and the π-step,
 * with the single-machine code. So the chain is the single-machine chain draw for draw for any number of
 * partitions, and a retried task repeats its block's draws. With checkpoints, the chain's state is saved
 * every N sweeps in a folder of any Hadoop file system ({@link HadoopCheckpointStore}), and a chain made the
 * same way resumes from it.
 */
public final class SparkMultinomialMixture {
    private static final String STATE = "chain-state-";

    /** Save the state in {@code dir} (a Hadoop path: file:, hdfs:, s3a:, …) after every {@code every} sweeps. */
    public record Checkpoints(String dir, int every) {
        public Checkpoints {
            if (every < 1) {
                throw new IllegalArgumentException("checkpoint every must be >= 1, got " + every);
            }
        }
    }

    private final JavaSparkContext jsc;
    private final UncollapsedMultinomialSweep chain;
    private final SparkBlocks blocks;
    private final Checkpoints checkpoints;

    public SparkMultinomialMixture(JavaSparkContext jsc, UncollapsedMultinomialSweep chain, int partitions) {
        this(jsc, chain, new SparkBlocks(jsc, partitions), null);
    }

    /** The chain on {@code blocks}, saving its state as {@code checkpoints} says (null: never). */
    public SparkMultinomialMixture(JavaSparkContext jsc, UncollapsedMultinomialSweep chain, SparkBlocks blocks,
            Checkpoints checkpoints) {
        this.jsc = jsc;
        this.chain = chain;
        this.blocks = blocks;
        this.checkpoints = checkpoints;
        chain.runBlocksOn(blocks);
    }

    /** One sweep: the z-step of every block on the executors, then the θ- and π-steps on the driver. */
    public void sweep() {
        chain.sweep();
        if (checkpoints != null && chain.sweeps() % checkpoints.every() == 0) {
            save();
        }
    }

    /** Writes the state as {@code chain-state-<sweeps>} (whole or not at all), then drops older ones. */
    private void save() {
        try {
            HadoopCheckpointStore store = store(checkpoints.dir());
            store.write(STATE + chain.sweeps(), chain::save);
            for (String name : store.list()) {
                if (sweepOf(name).filter(s -> s < chain.sweeps()).isPresent()) {
                    store.delete(name);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("checkpoint in " + checkpoints.dir() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Puts the chain in the latest state saved in {@code dir} and returns its sweep count, or −1 when the
     * folder holds none. The chain must be made as the saved one was (same corpus, k, priors, seed).
     */
    public long resume(String dir) {
        try {
            HadoopCheckpointStore store = store(dir);
            Optional<String> latest = store.list().stream().filter(n -> sweepOf(n).isPresent())
                    .max(Comparator.comparingLong(n -> sweepOf(n).orElseThrow()));
            if (latest.isEmpty()) {
                return -1;
            }
            try (InputStream in = store.open(latest.get())) {
                chain.restore(in);
            }
            return chain.sweeps();
        } catch (IOException e) {
            throw new UncheckedIOException("resume from " + dir + ": " + e.getMessage(), e);
        }
    }

    private HadoopCheckpointStore store(String dir) throws IOException {
        return new HadoopCheckpointStore(dir, jsc.hadoopConfiguration());
    }

    private static Optional<Long> sweepOf(String name) {
        if (!name.startsWith(STATE)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Long.parseLong(name.substring(STATE.length())));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    public UncollapsedMultinomialSweep chain() {
        return chain;
    }

    /** Drops the cached blocks. */
    public void close() {
        blocks.close();
    }
}
