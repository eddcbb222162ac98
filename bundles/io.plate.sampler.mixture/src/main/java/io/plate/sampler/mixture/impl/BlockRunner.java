package io.plate.sampler.mixture.impl;

import io.plate.api.sample.Distributions;
import java.io.Serializable;
import java.util.List;

/**
 * Where the z-step blocks of an uncollapsed chain run when not on this machine's threads (Plate on
 * Spark: the executors). A chain hands over its fixed blocks once; each sweep a {@link Step} maps every
 * block, from the block and a value shared by all blocks (the sweep's {@link Sweep}) alone, and the
 * results come back in block order. The multinomial chain's blocks are {@link UncollapsedMultinomialSweep#block}
 * slices returning their assignments and word counts, the Gaussian chain's {@link RowBlock}s returning
 * {@link RowBlock.Draw}s.
 */
public interface BlockRunner {
    /** Takes a chain's blocks, in block order. */
    <B extends Serializable> Blocks<B> open(List<B> blocks);

    /**
     * What runs on one block: {@code b} is the block's index and {@code shared} the value sent to every
     * block; the runner supplies its machine's {@code dist}. Serializable so that it can travel (a static
     * method reference or a lambda cast to this type).
     */
    @FunctionalInterface
    interface Step<B, S, R> extends Serializable {
        R apply(Distributions dist, int b, B block, S shared);
    }

    /** A chain's blocks, placed. */
    interface Blocks<B> extends AutoCloseable {
        /** {@code step} of every block with {@code shared}, the results in block order. */
        <S extends Serializable, R extends Serializable> List<R> map(Step<B, S, R> step, S shared);

        /** Releases the placed blocks. */
        @Override
        void close();
    }

    /**
     * The z-step's input of one sweep: the chain's z-step key, the sweep's index (the streams' key with
     * the block's index, {@link UncollapsedMultinomialChain#zStream}) and the parameters the z-step reads.
     * A class, not a record: Spark's Kryo serializer (a common cluster setting) cannot write records.
     */
    final class Sweep implements Serializable {
        private static final long serialVersionUID = 1L;
        private final long key;
        private final long sweep;
        private final double[][] parameters;

        public Sweep(long key, long sweep, double[][] parameters) {
            this.key = key;
            this.sweep = sweep;
            this.parameters = parameters;
        }

        public long key() {
            return key;
        }

        public long sweep() {
            return sweep;
        }

        public double[][] parameters() {
            return parameters;
        }
    }
}
