package io.plate.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code exit [N]}, one rule for the interactive shell, scripts, -c and piped commands. */
class ExitCommandTest {
    @Test
    void exitEndsWithItsStatusOrZero() {
        assertEquals(0, ExitCommand.of("exit"));
        assertEquals(0, ExitCommand.of("  exit  "));
        assertEquals(5, ExitCommand.of("exit 5"));
        assertEquals(255, ExitCommand.of("exit 255"));
        assertEquals(3, ExitCommand.status(List.of("3")));
        assertEquals(0, ExitCommand.status(List.of()));
    }

    @Test
    void otherProgramsAreNotExits() {
        assertNull(ExitCommand.of("plate:version"));
        assertNull(ExitCommand.of("exitcode"));
        assertNull(ExitCommand.of("echo exit 3"));
    }

    @Test
    void aStatusOutside0To255OrNotANumberIsRefusedByName() {
        for (String bad : new String[] {"exit 256", "exit -1", "exit abc", "exit 1 2", "exit 3.5"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ExitCommand.of(bad), bad);
            assertEquals("exit: the status is one whole number from 0 to 255, not '" + bad.substring(5) + "'",
                    e.getMessage());
        }
    }
}
