package io.plate.sampler.mixture.impl;

import io.plate.api.data.SparseMatrix;
import io.plate.api.sample.Distributions;
import io.plate.mcmc.StateCodec;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The uncollapsed multinomial chain for callers outside the bundle that run its z-step elsewhere (Plate
 * on Spark): the driver keeps the chain and does the θ- and π-steps; each fixed document block, cut out
 * once with {@link #block}, is sampled anywhere by {@link #sampleBlock} from the sweep's parameters and
 * keys alone, and the blocks' assignments come back through {@link #finishSweep}. The same seed and
 * chain index give the chain {@link #sweep} runs on this machine, draw for draw, however the blocks
 * were spread.
 */
public final class UncollapsedMultinomialSweep {
    private final UncollapsedMultinomialChain chain;
    private final UniformRandomProvider rng;

    private UncollapsedMultinomialSweep(UncollapsedMultinomialChain chain, UniformRandomProvider rng) {
        this.chain = chain;
        this.rng = rng;
    }

    /**
     * Chain {@code chain} of seed {@code seed} (on the stream {@code stream(seed, chain)}, as the chain runner gives it) over
     * the documents of {@code counts}, with K clusters, Dirichlet(α) on π and Dirichlet(β) on each θ_k,
     * initialised by {@code init} (random, kmeans++, …), drawing from {@code dist}.
     */
    public static UncollapsedMultinomialSweep of(Distributions dist, SparseMatrix counts, int k, double alpha,
            double beta, String init, long seed, int chain, boolean parallel) {
        return of(dist, counts, k, alpha, beta, init, seed, chain, parallel, UncollapsedMultinomialChain.Layout.DEFAULT);
    }

    /** The same with document blocks of {@code documentsPerBlock} documents (the default: 256 KiB of log weights). */
    public static UncollapsedMultinomialSweep of(Distributions dist, SparseMatrix counts, int k, double alpha,
            double beta, String init, long seed, int chain, boolean parallel, int documentsPerBlock) {
        return of(dist, counts, k, alpha, beta, init, seed, chain, parallel, new UncollapsedMultinomialChain.Layout(
                Math.multiplyExact(Math.multiplyExact(8, k), documentsPerBlock),
                UncollapsedMultinomialChain.Layout.DEFAULT.wordsPerBlock()));
    }

    private static UncollapsedMultinomialSweep of(Distributions dist, SparseMatrix counts, int k, double alpha,
            double beta, String init, long seed, int chain, boolean parallel, UncollapsedMultinomialChain.Layout layout) {
        UniformRandomProvider rng = dist.stream(seed, chain);
        ChainSettings settings = new ChainSettings(k, Initialisation.parse(init), 1, 0, null);
        return new UncollapsedMultinomialSweep(new UncollapsedMultinomialChain(new MultinomialComponents(counts, beta),
                alpha, beta, parallel, layout, settings, dist, rng), rng);
    }

    /**
     * A chain over {@code counts} started in the state {@code z} (θ and π then drawn given z) on the
     * caller's stream {@code rng}, in blocks of {@code documentsPerBlock} documents: one transition of a
     * test that sets the state itself (Geweke's successive-conditional simulator).
     */
    public static UncollapsedMultinomialSweep at(Distributions dist, SparseMatrix counts, int k, double alpha,
            double beta, int[] z, UniformRandomProvider rng, int documentsPerBlock) {
        ChainSettings settings = new ChainSettings(k, Initialisation.RANDOM, 1, 0, null);
        UncollapsedMultinomialChain.Layout layout = new UncollapsedMultinomialChain.Layout(
                Math.multiplyExact(Math.multiplyExact(8, k), documentsPerBlock),
                UncollapsedMultinomialChain.Layout.DEFAULT.wordsPerBlock());
        UncollapsedMultinomialChain chain = new UncollapsedMultinomialChain(new MultinomialComponents(counts, beta),
                alpha, beta, false, layout, settings, dist, rng);
        chain.assign(z, rng);
        return new UncollapsedMultinomialSweep(chain, rng);
    }

    /**
     * From now on {@link #sweep} samples the blocks on {@code runner} (cut out and handed over once) and
     * takes their word counts for the θ-step; the chain drops its own postings.
     */
    public void runBlocksOn(BlockRunner runner) {
        chain.runBlocksOn(runner);
    }

    /** Releases the blocks handed to a {@link BlockRunner}. */
    public void closeBlocks() {
        chain.closeBlocks();
    }

    /** Sweeps done. */
    public long sweeps() {
        return chain.sweeps();
    }

    /** Writes the chain's state (with every stream it draws from) so that {@link #restore} resumes it. */
    public void save(OutputStream out) throws IOException {
        DataOutputStream data = new DataOutputStream(out);
        data.writeLong(STATE_MAGIC);
        chain.writeState(data);
        StateCodec.writeGenerator(rng, data);
        data.flush();
    }

    /**
     * Puts this chain, made as the one that was saved (same corpus, k, priors, seed, chain and blocks),
     * in the saved state: its next sweeps are the saved chain's next sweeps, draw for draw.
     */
    public void restore(InputStream in) throws IOException {
        DataInputStream data = new DataInputStream(in);
        if (data.readLong() != STATE_MAGIC) {
            throw new IOException("not a saved uncollapsed multinomial chain");
        }
        chain.readState(data);
        StateCodec.readGenerator(rng, data);
    }

    private static final long STATE_MAGIC = 0x504c415445554d31L; // "PLATEUM1"

    public int blocks() {
        return chain.blockCount();
    }

    /** Document block b, self-contained: see {@link #sampleBlock}. */
    public int[][] block(int b) {
        return chain.blockSlice(b);
    }

    /** The z-step's keys of the coming sweep: {z-step key of the chain, sweep index}. */
    public long[] keys() {
        return new long[] {chain.zKey(), chain.sweeps()};
    }

    /** The z-step's parameters of the coming sweep: {log θ unnormalised (rank × K), log normalisers, log π}. */
    public double[][] parameters() {
        return chain.zStepParameters();
    }

    /**
     * The assignments of block {@code b} (a {@link #block} slice) in the sweep of {@code keys}, given the
     * sweep's {@code parameters}; K is the length of log π. Depends on nothing else.
     */
    public static int[] sampleBlock(Distributions dist, int b, int[][] block, long[] keys, double[][] parameters) {
        return UncollapsedMultinomialChain.sampleSlice(dist, b, block, new BlockRunner.Sweep(keys[0], keys[1], parameters));
    }

    /**
     * {@link #sampleBlock}, with the block's word counts per (rank · K + cluster) under the new
     * assignments: {z, indices, counts}, what the chain's {@link BlockRunner} step returns for a block.
     */
    public static int[][] sampleBlockWithCounts(Distributions dist, int b, int[][] block, long[] keys,
            double[][] parameters) {
        return UncollapsedMultinomialChain.sampleBlockWithCounts(dist, b, block,
                new BlockRunner.Sweep(keys[0], keys[1], parameters));
    }

    /**
     * The word counts of block {@code block} under its assignments {@code z}, K = {@code k}, per (rank · K +
     * cluster): {indices, counts} of the non-zero entries.
     */
    public static int[][] blockCounts(int[][] block, int[] z, int k) {
        return UncollapsedMultinomialChain.blockCounts(block, z, k);
    }

    /** Takes every block's assignments (blockZ[b] from {@link #sampleBlock} of block b), then the θ- and π-steps. */
    public void finishSweep(int[][] blockZ) {
        if (blockZ.length != chain.blockCount()) {
            throw new IllegalArgumentException("expected the assignments of " + chain.blockCount() + " blocks, got "
                    + blockZ.length);
        }
        int[] z = chain.z;
        int at = 0; // the blocks are consecutive runs of documents, in order
        for (int[] zb : blockZ) {
            System.arraycopy(zb, 0, z, at, zb.length);
            at += zb.length;
        }
        if (at != z.length) {
            throw new IllegalArgumentException("the blocks' assignments cover " + at + " documents, not " + z.length);
        }
        chain.finishSweep(rng);
    }

    /** One whole sweep on this machine. */
    public void sweep() {
        chain.sweep(rng);
    }

    /** The current cluster of every document (a copy). */
    public int[] assignments() {
        return chain.assignments();
    }

    public double logJoint() {
        return chain.logJoint();
    }
}
