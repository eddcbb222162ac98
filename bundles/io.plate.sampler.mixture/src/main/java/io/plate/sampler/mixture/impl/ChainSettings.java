package io.plate.sampler.mixture.impl;

import java.util.function.BooleanSupplier;

/**
 * What every mixture chain needs besides its components.
 *
 * @param clusters       number of clusters K of a finite mixture; the initial number for a DP mixture
 * @param init           how to pick the first partition
 * @param restarts       initialisations tried; the one with the highest log joint after
 *                       {@code restartSweeps} sweeps is kept
 * @param restartSweeps  sweeps run on each initialisation before comparing
 * @param fixed          per row, the cluster a labelled row is held in ({@code -1} = free); null = none
 * @param stopped        true once the run is cancelled: the restarts end early and keep the best so far
 * @param rowUpdate      how a collapsed chain moves one row ({@link RowUpdate#METROPOLISED} unless a test says)
 */
record ChainSettings(int clusters, Initialisation init, int restarts, int restartSweeps, int[] fixed,
        BooleanSupplier stopped, RowUpdate rowUpdate) {
    /** Settings of a run that is never cancelled during its restarts. */
    ChainSettings(int clusters, Initialisation init, int restarts, int restartSweeps, int[] fixed) {
        this(clusters, init, restarts, restartSweeps, fixed, () -> false, RowUpdate.METROPOLISED);
    }

    ChainSettings {
        if (clusters < 1) {
            throw new IllegalArgumentException("k must be at least 1, got " + clusters);
        }
        if (restarts < 1) {
            throw new IllegalArgumentException("restarts must be at least 1, got " + restarts);
        }
        if (restartSweeps < 0) {
            throw new IllegalArgumentException("restart_sweeps must be >= 0, got " + restartSweeps);
        }
    }

    /** The same settings, with the restarts ended early once {@code stopped} is true. */
    ChainSettings stoppedBy(BooleanSupplier stopped) {
        return new ChainSettings(clusters, init, restarts, restartSweeps, fixed, stopped, rowUpdate);
    }

    /** The same settings with collapsed chains moving rows by {@code update}. */
    ChainSettings withRowUpdate(RowUpdate update) {
        return new ChainSettings(clusters, init, restarts, restartSweeps, fixed, stopped, update);
    }

    /** Number of clusters the fixed labels need (largest fixed cluster + 1), 0 without labels. */
    int fixedClusters() {
        int m = 0;
        if (fixed != null) {
            for (int f : fixed) {
                m = Math.max(m, f + 1);
            }
        }
        return m;
    }

    boolean isFixed(int row) {
        return fixed != null && fixed[row] >= 0;
    }
}
