package io.plate.launcher;

/**
 * Ends the process on SIGTERM (and on SIGINT when no interactive shell reads Ctrl-C itself) so that
 * the work in progress can say which signal stopped it: the handler records the signal's name in the
 * system property {@value #PROPERTY}, then exits with 128 + the signal number, which runs the shutdown
 * hook that stops the framework; the shell's commands cancel their runs on the way down ("interrupted by
 * SIGTERM"), keep the draws and write whole run directories. A second signal ends the process at once.
 * A resized terminal (SIGWINCH) has the commands' widths asked again ({@link #onResize}).
 */
final class Signals {
    /** System property holding the name of the signal that ends the process, e.g. {@code SIGTERM}. */
    static final String PROPERTY = "plate.signal";

    private Signals() {
    }

    /** Installs the handlers; SIGINT only when {@code interactive} is false (JLine handles Ctrl-C there). */
    static void install(boolean interactive) {
        handle("TERM", 143);
        if (!interactive) {
            handle("INT", 130);
        }
    }

    /** In a parent JVM that only waits for its child: Ctrl-C is the child's (a no-op handler, not SIG_IGN,
     * so that a child started after this still gets the default disposition and handles it itself). */
    static void ignoreInterrupt() {
        try {
            sun.misc.Signal.handle(new sun.misc.Signal("INT"), s -> { });
        } catch (IllegalArgumentException e) {
            // no such signal here
        }
    }

    /** In a parent JVM that only waits for its child: SIGTERM (each one) is passed on to the child. */
    static void forwardTerminate(Process child) {
        try {
            sun.misc.Signal.handle(new sun.misc.Signal("TERM"), s -> child.destroy());
        } catch (IllegalArgumentException e) {
            // no such signal here
        }
    }

    /** Runs {@code action} (on the JVM's signal thread) whenever the terminal is resized (SIGWINCH). */
    static void onResize(Runnable action) {
        try {
            sun.misc.Signal.handle(new sun.misc.Signal("WINCH"), s -> action.run());
        } catch (IllegalArgumentException e) {
            // no such signal here (Windows): the widths stay those of the start
        }
    }

    /** "interrupted by SIGTERM" once a signal arrived, else null. */
    static String reason() {
        String s = System.getProperty(PROPERTY);
        return s == null ? null : "interrupted by " + s;
    }

    private static void handle(String name, int status) {
        try {
            sun.misc.Signal.handle(new sun.misc.Signal(name), s -> {
                if (System.getProperty(PROPERTY) != null) {
                    Runtime.getRuntime().halt(status);
                }
                System.setProperty(PROPERTY, "SIG" + name);
                System.exit(status);
            });
        } catch (IllegalArgumentException e) {
            // the platform has no such signal, or the JVM reserves it: keep the JVM's own handling
        }
    }
}
