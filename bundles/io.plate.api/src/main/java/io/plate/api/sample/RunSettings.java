package io.plate.api.sample;

/**
 * How to run chains.
 *
 * @param iterations total sweeps per chain, burn-in included
 * @param burnIn     sweeps discarded at the start of each chain ({@code < iterations})
 * @param thin       keep every {@code thin}-th sweep after burn-in
 * @param chains     number of chains (run in parallel on up to {@code threads} threads)
 * @param seed       root seed; chain {@code c} uses stream {@code c} of it
 * @param threads    worker threads; 0 means one per available core
 * @param maxIterations sweeps per chain the runner may extend the run to (since 1.5.0): when it is above
 *                   {@code iterations}, the runner goes on past {@code iterations} in rounds while a summary's
 *                   split R-hat is above {@link #TARGET_RHAT} or its bulk ESS below {@link #targetBulkEss()},
 *                   and stops when both are met or at {@code maxIterations}; equal to {@code iterations}, the
 *                   run has exactly {@code iterations} sweeps per chain
 */
public record RunSettings(int iterations, int burnIn, int thin, int chains, long seed, int threads, int maxIterations) {
    /** Split R-hat at or below which a summary counts as converged (Vehtari et al. 2021). */
    public static final double TARGET_RHAT = 1.01;
    /** Bulk effective sample size, over all chains, at or above which a summary counts as well estimated. */
    public static final double TARGET_BULK_ESS = 400;
    /** Bulk ESS per chain that {@link #targetBulkEss()} asks for with more than four chains. */
    public static final double TARGET_BULK_ESS_PER_CHAIN = 100;

    /** Settings of a run of exactly {@code iterations} sweeps per chain. */
    public RunSettings(int iterations, int burnIn, int thin, int chains, long seed, int threads) {
        this(iterations, burnIn, thin, chains, seed, threads, iterations);
    }

    /** Refuses settings out of range, with a message naming the setting and its value. */
    public RunSettings {
        if (iterations < 1) {
            throw new IllegalArgumentException("iterations must be at least 1, got " + iterations);
        }
        if (burnIn < 0 || burnIn >= iterations) {
            throw new IllegalArgumentException("burn-in must be in [0, iterations) = [0, " + iterations + "), got "
                    + burnIn);
        }
        if (thin < 1) {
            throw new IllegalArgumentException("thin must be at least 1, got " + thin);
        }
        if (chains < 1) {
            throw new IllegalArgumentException("chains must be at least 1, got " + chains);
        }
        if (threads < 0) {
            throw new IllegalArgumentException("threads must be >= 0, got " + threads);
        }
        if (maxIterations < iterations) {
            throw new IllegalArgumentException("max iterations must be at least the iterations (" + iterations
                    + "), got " + maxIterations);
        }
    }

    /** Defaults: 2,000 iterations, 500 burn-in, no thinning, 4 chains, seed 1, one thread per core. */
    public static RunSettings defaults() {
        return new RunSettings(2000, 500, 1, 4, 1L, 0);
    }

    /**
     * The bulk ESS an extensible run goes on for: {@link #TARGET_BULK_ESS} (400, Vehtari et al. 2021's
     * figure for four chains), or 100 per chain with more chains.
     */
    public double targetBulkEss() {
        return Math.max(TARGET_BULK_ESS, TARGET_BULK_ESS_PER_CHAIN * chains);
    }

    /** Whether the runner may go on past {@code iterations} (to {@code maxIterations}). */
    public boolean extensible() {
        return maxIterations > iterations;
    }

    /** The same settings with {@code iterations} sweeps per chain (the maximum raised to it when below). */
    public RunSettings withIterations(int n) {
        return new RunSettings(n, burnIn, thin, chains, seed, threads, Math.max(n, maxIterations));
    }

    /** The same settings, extensible to {@code max} sweeps per chain ({@code iterations}: not extensible). */
    public RunSettings withMaxIterations(int max) {
        return new RunSettings(iterations, burnIn, thin, chains, seed, threads, max);
    }

    /** Number of draws each chain keeps. */
    public int keptPerChain() {
        return (iterations - burnIn + thin - 1) / thin;
    }
}
