package io.plate.spark;

import io.plate.api.sample.Cancellation;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.util.ShutdownHookManager;

/**
 * Ctrl-C (SIGINT) or SIGTERM while {@code cluster} samples, taken as {@code plate:cluster} takes it: the run is
 * cancelled (the chains stop at their next sweep and keep their draws), written and reported before Spark's own
 * shutdown hook stops the context under the chains; the process then ends with the signal's status (130, 143).
 * A second signal ends the process at once.
 */
final class RunInterruption implements AutoCloseable {
    /**
     * Before Spark's hooks, which Spark runs from Hadoop's hook manager at {@code FileSystem.SHUTDOWN_HOOK_PRIORITY + 30}
     * (higher runs first).
     */
    static final int PRIORITY = org.apache.hadoop.fs.FileSystem.SHUTDOWN_HOOK_PRIORITY + 40;
    /** How long the shutdown waits for the command to write its run and say so. */
    static final long WAIT_SECONDS = 120;
    /** Counted down by {@link #ended()} once the command has printed its last line. */
    private static final CountDownLatch ENDED = new CountDownLatch(1);
    /** Why the process is ending ("Ctrl-C", "interrupted by SIGTERM"), as the shell words it; null before a signal. */
    private static volatile String reason;

    private final Runnable hook;

    private RunInterruption(Cancellation run) {
        hook = () -> {
            run.cancel(reason != null ? reason : "interrupted");
            try {
                ENDED.await(WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        ShutdownHookManager.get().addShutdownHook(hook, PRIORITY, WAIT_SECONDS, TimeUnit.SECONDS);
    }

    /** Cancels {@code run} when a signal ends the process, until {@link #close()}. */
    static RunInterruption during(Cancellation run) {
        handle("INT", "Ctrl-C", 130);
        handle("TERM", "interrupted by SIGTERM", 143);
        return new RunInterruption(run);
    }

    /** The command has said all it will: a shutdown waiting for it goes on (the JVM's exit status is the signal's). */
    static void ended() {
        ENDED.countDown();
    }

    /** The run is over: a later signal has nothing to cancel (in a shutdown the hook waits for {@link #ended()}). */
    @Override
    public void close() {
        if (!ShutdownHookManager.get().isShutdownInProgress()) {
            ShutdownHookManager.get().removeShutdownHook(hook);
        }
    }

    /** A handler that records {@code why} and exits with {@code status}, the JVM's own for the signal; a second one halts. */
    private static void handle(String signal, String why, int status) {
        try {
            sun.misc.Signal.handle(new sun.misc.Signal(signal), s -> {
                if (reason != null) {
                    Runtime.getRuntime().halt(status);
                }
                reason = why;
                new Thread(() -> System.exit(status), "plate-spark exit").start(); // not on the signal thread
            });
        } catch (IllegalArgumentException e) {
            // no such signal here, or the JVM keeps it: its default still runs the shutdown hook
        }
    }
}
