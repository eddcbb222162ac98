package io.plate.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** How the launcher tells a terminal from a file or pipe, and reads a terminal's width. */
class TtyTest {
    @Test
    void terminalDevicesAreTerminalsAndFilesPipesAndDevNullAreNot() {
        for (String tty : new String[] {"/dev/pts/0", "/dev/pts/17", "/dev/tty", "/dev/tty1", "/dev/ttyS0", "/dev/console"}) {
            assertTrue(Tty.isDevice(tty), tty);
        }
        for (String other : new String[] {"pipe:[1480526]", "socket:[42]", "/dev/null", "/tmp/out.txt", "/dev/pts",
                "/home/u/dev/pts/1", "anon_inode:[eventfd]"}) {
            assertFalse(Tty.isDevice(other), other);
        }
    }

    @Test
    void sttySizeAnswersRowsThenColumns() {
        assertEquals(80, Tty.sttyColumns("24 80\n"));
        assertEquals(213, Tty.sttyColumns("50 213"));
        assertEquals(0, Tty.sttyColumns("stty: 'standard input': Inappropriate ioctl for device"));
        assertEquals(0, Tty.sttyColumns(""));
    }

    /** The tests run with their streams redirected (Surefire's pipes): no width is made up for them. */
    @Test
    void aRedirectedStreamHasNoWidth() {
        assertFalse(Tty.isTerminal(Tty.OUT));
        assertEquals(0, Tty.columns(Tty.OUT));
    }
}
