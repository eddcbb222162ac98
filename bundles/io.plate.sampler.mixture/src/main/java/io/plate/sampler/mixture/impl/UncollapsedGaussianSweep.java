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
 * Spark): the driver keeps the chain and does the parameter and π steps; each fixed block of rows
 * ({@link RowBlock}, cut out once) is handed to a {@link BlockRunner} and sampled anywhere from the sweep's
 * parameters and keys alone, returning its assignments and statistics, which the chain adds in block
 * order. The same seed and chain index give the chain {@link #sweep} runs on this machine, draw for
 * draw, however the blocks were spread.
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
     * ({@code k}, {@code alpha}, {@code init}, {@code split_merge}, {@code launch_scans}, {@code covariance},
     * {@code kappa0}, {@code nu0}, {@code prior_scale}; absent ones take that sampler's defaults) and blocks of {@code rowsPerBlock} rows.
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
                Initialisation.parse(params.getString(MixtureSampler.INIT)), 1, 0, null);
        return new UncollapsedGaussianSweep(new UncollapsedGaussianChain(GaussianPriors.components(data, params),
                params.getDouble(MixtureSampler.ALPHA), parallel, rowsPerBlock, params.getInt(MixtureSampler.SPLIT_MERGE),
                params.getInt(MixtureSampler.LAUNCH_SCANS), null, settings, dist, rng), rng);
    }

    public int blocks() {
        return chain.blockCount();
    }

    /**
     * From now on {@link #sweep} samples the blocks on {@code runner} (cut out and handed over once), which
     * returns their assignments and statistics.
     */
    public void runBlocksOn(BlockRunner runner) {
        chain.runBlocksOn(runner);
    }

    /** Releases the blocks handed to a {@link BlockRunner}. */
    public void closeBlocks() {
        chain.closeBlocks();
    }

    /** The z-step's parameters of the coming sweep: {{d, full}, log π, centred means, Σ or precisions}. */
    public double[][] parameters() {
        return chain.zStepParameters();
    }

    /** One sweep, with the z-step on this machine's threads or on the {@link BlockRunner} given. */
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
