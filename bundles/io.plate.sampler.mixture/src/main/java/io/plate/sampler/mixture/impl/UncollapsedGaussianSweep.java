package io.plate.sampler.mixture.impl;

import io.plate.api.data.Dataset;
import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import io.plate.api.sample.Distributions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The uncollapsed Gaussian chain for callers outside the bundle that run its z-step elsewhere (Plate on
 * Spark): the driver keeps the chain and does the parameter and π steps; each fixed block of rows (its
 * rows, centred values and fixed clusters, cut out once) is sampled anywhere by {@link #sampleBlock} from
 * the sweep's parameters and keys alone, which also writes the block's statistics; the blocks' assignments
 * and statistics come back through {@link #finishSweep}, which adds the statistics in block order. The
 * same seed and chain index give the chain {@link #sweep} runs on this machine, draw for draw, however
 * the blocks were spread.
 */
public final class UncollapsedGaussianSweep {
    private final UncollapsedGaussianChain chain;
    private final UniformRandomProvider rng;

    private UncollapsedGaussianSweep(UncollapsedGaussianChain chain, UniformRandomProvider rng) {
        this.chain = chain;
        this.rng = rng;
    }

    /**
     * Chain {@code chain} of seed {@code seed} (on the stream {@code stream(seed, chain)}, as the chain runner
     * gives it) over the numeric columns of {@code data}, with the parameters of {@code mixture.gaussian}
     * ({@code k}, {@code alpha}, {@code init}, {@code covariance}, {@code kappa0}, {@code nu0},
     * {@code prior_scale}; absent ones take that sampler's defaults) and blocks of {@code rowsPerBlock} rows.
     */
    public static UncollapsedGaussianSweep of(Distributions dist, Dataset data, Map<String, String> params, long seed,
            int chain, boolean parallel, int rowsPerBlock) {
        return of(dist, NumericData.of(data), params, seed, chain, parallel, rowsPerBlock);
    }

    /** The same over rows of numbers (NaN = missing) whose columns are {@code names}. */
    public static UncollapsedGaussianSweep of(Distributions dist, double[][] rows, List<String> names,
            Map<String, String> params, long seed, int chain, boolean parallel, int rowsPerBlock) {
        return of(dist, NumericData.of(rows, names), params, seed, chain, parallel, rowsPerBlock);
    }

    private static UncollapsedGaussianSweep of(Distributions dist, NumericData data, Map<String, String> given,
            long seed, int chain, boolean parallel, int rowsPerBlock) {
        List<ParamSpec> specs = new ArrayList<>(MixtureSampler.finiteParameters("2"));
        specs.addAll(GaussianPriors.parameters());
        Params params = Params.parse(specs, given);
        UniformRandomProvider rng = dist.stream(seed, chain);
        ChainSettings settings = new ChainSettings(params.getInt(MixtureSampler.K),
                Initialisation.parse(params.getString(MixtureSampler.INIT)), 1, 0, null, 1);
        return new UncollapsedGaussianSweep(new UncollapsedGaussianChain(GaussianPriors.components(data, params),
                params.getDouble(MixtureSampler.ALPHA), parallel, rowsPerBlock, settings, dist, rng), rng);
    }

    public int blocks() {
        return chain.blockCount();
    }

    /** Block b's rows: {first, last + 1}. */
    public int[] blockRows(int b) {
        return chain.blockRows(b);
    }

    /** Block b's values, centred on the prior mean, d per row. */
    public double[] blockValues(int b) {
        return chain.blockValues(b);
    }

    /** Block b's fixed clusters, −1 for a free row. */
    public int[] blockFixed(int b) {
        return chain.blockFixed(b);
    }

    /** The z-step's keys of the coming sweep: {z-step key of the chain, sweep index}. */
    public long[] keys() {
        return new long[] {chain.zKey(), chain.sweeps()};
    }

    /** The z-step's parameters of the coming sweep: {{d, full}, log π, centred means, Σ or precisions}. */
    public double[][] parameters() {
        return chain.zStepParameters();
    }

    /** Doubles of one block's statistics for the sweep whose parameters are {@code parameters}. */
    public static int statisticsLength(double[][] parameters) {
        return parameters[1].length * GaussianZStep.stride((int) parameters[0][0], parameters[0][1] == 1);
    }

    /**
     * Block {@code b} ({@link #blockRows}, {@link #blockFixed}, {@link #blockValues}) in the sweep of
     * {@code keys}, given the sweep's {@code parameters}: its rows' clusters into {@code z} and its
     * statistics into {@code stats} ({@link #statisticsLength} doubles). Depends on nothing else.
     */
    public static void sampleBlock(Distributions dist, int b, int[] rows, int[] fixed, double[] values, long[] keys,
            double[][] parameters, int[] z, double[] stats) {
        UncollapsedGaussianChain.sampleBlock(dist, keys[0], keys[1], b, parameters, values, rows[0], rows[1], rows[0],
                fixed, z, stats);
    }

    /** Takes every block's assignments and statistics (from {@link #sampleBlock} of block b), then the parameter steps. */
    public void finishSweep(int[][] blockZ, double[][] blockStats) {
        if (blockZ.length != chain.blockCount() || blockStats.length != chain.blockCount()) {
            throw new IllegalArgumentException("expected " + chain.blockCount() + " blocks, got " + blockZ.length
                    + " assignments and " + blockStats.length + " statistics");
        }
        for (int b = 0; b < blockZ.length; b++) {
            chain.acceptBlock(b, blockZ[b], blockStats[b]);
        }
        chain.finishSweep(rng);
    }

    /** One whole sweep on this machine. */
    public void sweep() {
        chain.sweep(rng);
    }

    /** The current cluster of every row (a copy). */
    public int[] assignments() {
        return chain.assignments();
    }

    public double logJoint() {
        return chain.logJoint();
    }
}
