package io.plate.api.sample;

/**
 * A cancellation token shared between a caller and a run. After {@link #cancel()}, every chain stops
 * at its next sweep boundary and the run returns the draws kept so far, marked cancelled.
 * Thread-safe.
 */
public final class Cancellation {
    private volatile boolean cancelled;
    private volatile String reason = "";

    public void cancel() {
        cancel("cancelled");
    }

    public void cancel(String why) {
        reason = why;
        cancelled = true;
    }

    public boolean isCancelled() {
        return cancelled;
    }

    public String reason() {
        return reason;
    }
}
