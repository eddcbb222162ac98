package io.plate.mcmc;

import io.plate.api.sample.ChainRunner;
import io.plate.api.sample.Distributions;
import io.plate.mcmc.impl.ParallelChainRunner;
import java.util.function.Supplier;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A {@link ChainRunner} for direct use (a test, a benchmark, a program without a service registry) that
 * owns its worker threads: chains run in parallel, each on the stream (root seed, chain index) of the
 * given distributions provider. {@link #close()} cancels runs in progress and stops the threads.
 * In a framework, ask for the {@code ChainRunner} service instead.
 */
@ProviderType
public interface ChainRunnerPool extends ChainRunner, AutoCloseable {
    /** A runner whose chains draw from {@code distributions}. */
    static ChainRunnerPool over(Distributions distributions) {
        return new ParallelChainRunner(distributions);
    }

    /** A runner that asks {@code provider} for the distributions at the start of each run. */
    static ChainRunnerPool over(Supplier<Distributions> provider) {
        return new ParallelChainRunner(provider);
    }

    /** Cancels the runs in progress, stops the worker threads and waits for them. */
    @Override
    void close();
}
