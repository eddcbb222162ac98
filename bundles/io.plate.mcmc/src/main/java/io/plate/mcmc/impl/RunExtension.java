package io.plate.mcmc.impl;

import io.plate.api.sample.RunSettings;
import io.plate.api.sample.SummaryDiagnostic;
import java.util.List;

/**
 * How far an extensible run ({@link RunSettings#extensible()}) goes next: on while some summary's split
 * R-hat is above {@link RunSettings#TARGET_RHAT} or its bulk ESS below {@link RunSettings#targetBulkEss()}.
 * Constant summaries (sd 0: no R-hat, an ESS that only counts draws) do not count.
 */
final class RunExtension {
    /** An extended run's iterations are a multiple of this (or its maximum): round figures for the reader. */
    static final int STEP = 100;

    private RunExtension() {
    }

    /**
     * The iterations to run on to after {@code target}, or {@code target} when the run stops there: at its
     * maximum, or with both targets met. A short ESS scales the kept draws by 1.2 × target / worst ESS (ESS
     * grows about linearly with the draws), within [1.25, 4]; a high R-hat alone by 1.5.
     */
    static int next(RunSettings settings, int target, List<SummaryDiagnostic> diagnostics) {
        if (target >= settings.maxIterations()) {
            return target;
        }
        double worstEss = Double.POSITIVE_INFINITY;
        boolean apart = false;
        for (SummaryDiagnostic d : diagnostics) {
            if (!(d.sd() > 0)) {
                continue;
            }
            if (!Double.isNaN(d.essBulk())) {
                worstEss = Math.min(worstEss, d.essBulk());
            }
            apart |= d.rhat() > RunSettings.TARGET_RHAT;
        }
        boolean shortEss = worstEss < settings.targetBulkEss();
        if (!shortEss && !apart) {
            return target;
        }
        double factor = shortEss
                ? Math.max(1.25, Math.min(4, 1.2 * settings.targetBulkEss() / Math.max(worstEss, 1)))
                : 1.5;
        long kept = (target - settings.burnIn() + settings.thin() - 1) / settings.thin();
        long next = settings.burnIn() + (long) Math.ceil(kept * factor) * settings.thin();
        next = (next + STEP - 1) / STEP * STEP;
        return (int) Math.min(settings.maxIterations(), Math.max(next, target + 1L));
    }
}
