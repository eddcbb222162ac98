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
 */
public record RunSettings(int iterations, int burnIn, int thin, int chains, long seed, int threads) {
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
    }

    /** Defaults: 2,000 iterations, 500 burn-in, no thinning, 4 chains, seed 1, one thread per core. */
    public static RunSettings defaults() {
        return new RunSettings(2000, 500, 1, 4, 1L, 0);
    }

    /** Number of draws each chain keeps. */
    public int keptPerChain() {
        return (iterations - burnIn + thin - 1) / thin;
    }
}
