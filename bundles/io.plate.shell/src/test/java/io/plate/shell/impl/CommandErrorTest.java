package io.plate.shell.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.plate.api.PlateException;
import java.lang.reflect.InvocationTargetException;
import org.junit.jupiter.api.Test;

/**
 * Apache Karaf's console logs a failed command as an ERROR with its stack trace in karaf.log unless the
 * exception's simple class name is {@code CommandException} (then at debug level, as Karaf's own wrong
 * calls): a user's mistake must carry that name, a bug must not.
 */
class CommandErrorTest {
    private static final String KARAF_USER_ERROR = "CommandException";

    @Test
    void aUsersMistakeIsACommandException() {
        for (Throwable mistake : new Throwable[] {new PlateException("no dataset named 'iris'"),
                new IllegalArgumentException("burn-in must be in [0, 10), got 10"),
                new InvocationTargetException(new PlateException("no dataset named 'iris'"))}) {
            CommandError e = CommandError.of(mistake);
            assertEquals(KARAF_USER_ERROR, e.getClass().getSimpleName(), mistake.toString());
            assertEquals(KARAF_USER_ERROR, e.fitted(20).getClass().getSimpleName(), "a message broken to fit");
        }
        assertEquals("no dataset named 'iris'", CommandError.of(new PlateException("no dataset named 'iris'")).getMessage());
    }

    @Test
    void aBugKeepsAnotherNameSoThatHostsLogItsStackTrace() {
        CommandError e = CommandError.of(new NullPointerException("boom"));
        assertNotEquals(KARAF_USER_ERROR, e.getClass().getSimpleName());
        assertNotEquals(KARAF_USER_ERROR, e.fitted(10).getClass().getSimpleName());
        assertEquals("NullPointerException: boom", e.getMessage());
        assertEquals(NullPointerException.class, e.getCause().getClass());
    }

    /**
     * An OutOfMemoryError that no check foresaw (here wrapped as Gogo's reflective call wraps it) is said with the
     * command and its words, the heap and what to do, as a user's problem: not {@code OutOfMemoryError: Java heap space}.
     */
    @Test
    void runningOutOfMemoryNamesTheCommandAndTheHeapToGive() {
        Throwable oom = new InvocationTargetException(new OutOfMemoryError("Java heap space"));
        CommandError e = CommandError.of(oom, "plate:train", java.util.List.of("nb.multinomial", "w"));
        assertEquals(KARAF_USER_ERROR, e.getClass().getSimpleName());
        long max = Runtime.getRuntime().maxMemory();
        // a quarter more than the heap and a gibibyte, in whole gibibytes
        long xmx = (long) Math.ceil(max * 1.25 / (1L << 30)) + 1;
        assertEquals("plate:train nb.multinomial w ran out of memory: the Java heap (at most " + io.plate.api.HeapCheck.bytes(max)
                + ") could not hold what it needed, and nothing half-made was kept; give Java a larger heap (java -Xmx" + xmx
                + "g -jar plate.jar ...), or give it less to hold (a smaller dataset, fewer features, classes or clusters)",
                e.getMessage());
        // any other failure is said as before
        assertEquals("no dataset named 'w'", CommandError.of(new PlateException("no dataset named 'w'"), "plate:train",
                java.util.List.of("nb.multinomial", "w")).getMessage());
    }
}
