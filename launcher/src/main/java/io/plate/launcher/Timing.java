package io.plate.launcher;

/**
 * With {@code -Dplate.timing=true}, prints on stderr how long the launcher's phases took and when each
 * ended (milliseconds since the launcher's main began), to see where a start spends its time.
 */
final class Timing {
    static final boolean ON = Boolean.getBoolean("plate.timing");
    private static final long ORIGIN = System.nanoTime();

    private Timing() {
    }

    /** Prints "plate.timing: WHAT N ms (at T ms)" for a phase begun at {@code startNanos}. */
    static void phase(String what, long startNanos) {
        if (ON) {
            long now = System.nanoTime();
            System.err.printf("plate.timing: %s %.0f ms (at %.0f ms)%n", what, (now - startNanos) / 1e6,
                    (now - ORIGIN) / 1e6);
        }
    }
}
