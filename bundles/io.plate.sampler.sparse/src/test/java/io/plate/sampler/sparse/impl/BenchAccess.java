package io.plate.sampler.sparse.impl;

import com.sun.management.ThreadMXBean;
import io.plate.api.data.Dataset;
import io.plate.api.sample.Distributions;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import org.apache.commons.rng.UniformRandomProvider;

/** The benchmark's window into this package (chains and the test CSV reader). */
public final class BenchAccess {
    private BenchAccess() {
    }

    public static Dataset csv(Path file, String label, String... drop) throws IOException {
        return Datasets.csv(file, label, drop);
    }

    /**
     * Largest |theta table − brute-force enumeration| of θ and of P(Z = 1) over every cell of {@code data}
     * for a sampler service run with alpha = a = b = 1 (see {@link SeedModelTest}).
     */
    public static double[] thetaDeviations(io.plate.api.sample.Sampler sampler, Dataset data,
            io.plate.api.sample.RunSettings settings) {
        return SeedModelTest.check(sampler, data, settings);
    }

    /** Sweeps per second and bytes allocated per sweep of one chain on this thread, after a warm-up. */
    public static double[] singleChain(String sampler, Dataset data, Distributions dist, int warmUp, int sweeps) {
        SparseModel model = new SparseModel(CountTable.of(data, null), Hyperparameters.symmetric(1, 1, 1));
        UniformRandomProvider rng = dist.stream(1L, 0);
        SparseChain chain = sampler.equals("sparse.collapsed") ? CollapsedChain.start(model, dist, rng)
                : DirichletChain.start(model, dist, rng);
        for (int i = 0; i < warmUp; i++) {
            chain.sweep(rng);
        }
        ThreadMXBean mx = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        long bytes = mx.getThreadAllocatedBytes(id);
        long start = System.nanoTime();
        for (int i = 0; i < sweeps; i++) {
            chain.sweep(rng);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        bytes = mx.getThreadAllocatedBytes(id) - bytes;
        return new double[] {sweeps / seconds, (double) bytes / sweeps};
    }
}
