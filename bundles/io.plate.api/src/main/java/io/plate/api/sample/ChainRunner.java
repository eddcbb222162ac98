package io.plate.api.sample;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Runs chains: {@code settings.chains()} chains in parallel, each on its own stream
 * {@code Distributions.stream(settings.seed(), chainIndex)}, with burn-in, thinning, cancellation at
 * sweep boundaries and progress reports; computes split R-hat and ESS over the summaries. The result
 * does not depend on thread scheduling.
 *
 * <p>When {@link RunSettings#extensible()}, the chains go on past {@code settings.iterations()}, in rounds, while
 * some summary's split R-hat is above {@link RunSettings#TARGET_RHAT} or its bulk ESS below
 * {@link RunSettings#targetBulkEss()}, to at most {@code settings.maxIterations()}; each chain continues its
 * stream, so the draws are those of a run asked for the iterations it went to ({@link ChainRun#iterations()}).
 *
 * <p>If a chain throws, the other chains are cancelled and the exception propagates (wrapped when
 * checked). Cancellation is not an error: the run returns what it kept, marked cancelled.
 */
@ProviderType
public interface ChainRunner {
    /** Runs the chains {@code factory} makes as {@code settings} say, reporting progress to {@code listener}, until done or cancelled. */
    <C extends Chain> ChainRun<C> run(ChainFactory<C> factory, RunSettings settings, ProgressListener listener,
            Cancellation cancellation);

    /**
     * {@link #run} with checkpoints (null: none): every chain must be a {@link RestorableChain}. A resumed
     * run gives what the uninterrupted run gives, draw for draw. A checkpoint that is missing, corrupt or
     * of another run (other description, settings or chains) is refused before any chain sweeps, with a
     * {@link io.plate.api.PlateException} naming the file and what differs.
     */
    default <C extends Chain> ChainRun<C> run(ChainFactory<C> factory, RunSettings settings, ProgressListener listener,
            Cancellation cancellation, Checkpoints checkpoints) {
        if (checkpoints == null) {
            return run(factory, settings, listener, cancellation);
        }
        throw new UnsupportedOperationException(getClass().getSimpleName() + " does not checkpoint runs");
    }
}
