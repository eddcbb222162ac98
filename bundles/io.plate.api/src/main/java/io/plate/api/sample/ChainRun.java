package io.plate.api.sample;

import java.util.List;

/**
 * What {@link ChainRunner#run} returns: the chains in their final state (holding whatever they
 * accumulated in {@link Chain#keep}), the trace, diagnostics, and how the run went.
 *
 * @param chains         the chains, by index
 * @param trace          kept summaries
 * @param diagnostics    one entry per summary
 * @param cancelled      true when the run stopped early on cancellation
 * @param seconds        wall-clock seconds of the whole run
 * @param sweeps         sweeps done in this run, summed over chains (a resumed run does not count those
 *                       before its checkpoints)
 * @param iterations     sweeps per chain the run went to (since 1.5.0): the settings' {@code iterations},
 *                       or more when the runner extended the run ({@link RunSettings#maxIterations()}); a
 *                       cancelled run stopped before it
 */
public record ChainRun<C extends Chain>(List<C> chains, Trace trace, List<SummaryDiagnostic> diagnostics,
        boolean cancelled, double seconds, long sweeps, int iterations) {
    /** Keeps copies of the chains and diagnostics lists. */
    public ChainRun {
        chains = List.copyOf(chains);
        diagnostics = List.copyOf(diagnostics);
    }

    /** A run of the iterations its settings asked for (0 here: the settings' {@code iterations}). */
    public ChainRun(List<C> chains, Trace trace, List<SummaryDiagnostic> diagnostics, boolean cancelled,
            double seconds, long sweeps) {
        this(chains, trace, diagnostics, cancelled, seconds, sweeps, 0);
    }

    /** {@code settings} as this run went: its iterations are the ones the run went to. */
    public RunSettings asRun(RunSettings settings) {
        return iterations <= 0 || iterations == settings.iterations() ? settings : settings.withIterations(iterations);
    }

    /** Sweeps per second over all chains. */
    public double sweepsPerSecond() {
        return seconds > 0 ? sweeps / seconds : Double.NaN;
    }
}
