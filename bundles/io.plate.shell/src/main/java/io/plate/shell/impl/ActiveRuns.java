package io.plate.shell.impl;

import io.plate.api.sample.Cancellation;
import java.util.HashSet;
import java.util.Set;

/**
 * The runs a command component has in progress. Deactivating the component (the shell bundle stopping,
 * the launcher ending on a signal) cancels them, so their chains stop at the next sweep, and waits
 * until their commands have kept the draws, written their run directories and returned.
 */
final class ActiveRuns {
    /** System property the launcher sets to the signal that ends the process (e.g. {@code SIGTERM}). */
    static final String SIGNAL_PROPERTY = "plate.signal";

    private final Set<Cancellation> running = new HashSet<>();

    /** A token for a new run; {@link #done} must follow. */
    synchronized Cancellation start() {
        Cancellation c = new Cancellation();
        running.add(c);
        return c;
    }

    /** The command of {@code c}'s run has returned (or failed). */
    synchronized void done(Cancellation c) {
        running.remove(c);
        notifyAll();
    }

    /** Cancels every run with the reason of the stop, and waits at most {@code millis} for their commands. */
    synchronized void stopAll(long millis) {
        String why = stopReason();
        for (Cancellation c : running) {
            c.cancel(why);
        }
        long deadline = System.nanoTime() + millis * 1_000_000L;
        try {
            while (!running.isEmpty()) {
                long left = (deadline - System.nanoTime()) / 1_000_000L;
                if (left <= 0) {
                    return;
                }
                wait(left);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Why the shell stops its runs: the signal the process received, or the shell being stopped. */
    static String stopReason() {
        String signal = System.getProperty(SIGNAL_PROPERTY);
        return signal != null ? "interrupted by " + signal : "the shell was stopped";
    }
}
