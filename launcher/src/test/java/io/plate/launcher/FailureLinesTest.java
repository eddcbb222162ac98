package io.plate.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The interactive shell prints a failure of Gogo's own commands as -c does, keeping the shell's colour. */
class FailureLinesTest {
    private static final String RED = "\u001b[31m";
    private static final String DEFAULT = "\u001b[39m";

    @Test
    void gogosCannotCoerceIsTheOneLineMessage() {
        Exception e = new IllegalArgumentException("Cannot coerce headers(Token) to any of [(Bundle[])]");
        assertEquals(RED + "headers: the arguments given fit none of its forms, which take (Bundle[]); 'help headers'"
                + " describes them ('lb' lists the bundles' ids)" + DEFAULT,
                FailureLines.rewrite(RED + "java.lang.IllegalArgumentException: Cannot coerce headers(Token) to any of"
                        + " [(Bundle[])]" + DEFAULT, e, 0));
    }

    @Test
    void aClassNameGivesWayToItsShortNameAndALineWithoutTheFailureStays() {
        Exception e = new java.util.concurrent.TimeoutException("waited 5 s");
        assertEquals("TimeoutException: waited 5 s", FailureLines.rewrite(e.toString(), e, 0));
        assertEquals("[1] done", FailureLines.rewrite("[1] done", e, 0));
    }
}
