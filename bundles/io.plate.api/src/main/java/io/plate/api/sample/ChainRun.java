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
 */
public record ChainRun<C extends Chain>(List<C> chains, Trace trace, List<SummaryDiagnostic> diagnostics,
        boolean cancelled, double seconds, long sweeps) {
    public ChainRun {
        chains = List.copyOf(chains);
        diagnostics = List.copyOf(diagnostics);
    }

    /** Sweeps per second over all chains. */
    public double sweepsPerSecond() {
        return seconds > 0 ? sweeps / seconds : Double.NaN;
    }
}
