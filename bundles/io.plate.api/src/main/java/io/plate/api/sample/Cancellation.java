package io.plate.api.sample;

/**
 * A cancellation token shared between a caller and a run. After {@link #cancel()}, every chain stops
 * at its next sweep boundary and the run returns the draws kept so far, marked cancelled.
 * Thread-safe.
 */
public final class Cancellation {
    private volatile boolean cancelled;
    private volatile String reason = "";

    /** Asks the run to stop at its chains' next sweep boundary, with the reason "cancelled". */
    public void cancel() {
        cancel("cancelled");
    }

    /** Asks the run to stop at its chains' next sweep boundary, giving {@code why} as the {@link #reason()}. */
    public void cancel(String why) {
        reason = why;
        cancelled = true;
    }

    /** Whether {@link #cancel} has been called. */
    public boolean isCancelled() {
        return cancelled;
    }

    /** Why the run was cancelled ({@code ""} until it is). */
    public String reason() {
        return reason;
    }
}
