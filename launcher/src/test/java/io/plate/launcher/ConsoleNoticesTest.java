package io.plate.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A deploy-folder notice printed while a command's progress line stands on the terminal. */
class ConsoleNoticesTest {
    /**
     * The row as a terminal shows it after {@code output}: characters overwrite from the cursor, {@code \r} returns
     * to the row's start, {@code ESC[K} erases from the cursor to the row's end (ECMA-48 EL), {@code ESC[?7l/h} set
     * wrapping and draw nothing; stops at a newline.
     */
    private static String row(String output) {
        StringBuilder row = new StringBuilder();
        int cursor = 0;
        for (int i = 0; i < output.length(); i++) {
            char c = output.charAt(i);
            if (c == '\n') {
                break;
            } else if (c == '\r') {
                cursor = 0;
            } else if (output.startsWith("\033[K", i)) {
                row.setLength(cursor);
                i += 2;
            } else if (output.startsWith("\033[?7l", i) || output.startsWith("\033[?7h", i)) {
                i += 4;
            } else if (output.startsWith("\033[J", i)) {
                row.setLength(cursor);
                i += 2;
            } else {
                if (cursor < row.length()) {
                    row.setCharAt(cursor, c);
                } else {
                    row.append(c);
                }
                cursor++;
            }
        }
        return row.toString();
    }

    @Test
    void aNoticeOverAProgressLineLeavesNoneOfItsTail() {
        // as the shell's ProgressPrinter draws its line: the cursor waits at the line's start
        String progress = "\r\033[?7lc: 1200/200000 sweeps, 5100 sweeps/s, ETA 109 s, log joint -180.25\033[J\033[?7h\r";
        String notice = "plate: deploy/bad.jar: not installed: not a jar (zip) file";
        assertEquals(notice, row(progress + ConsoleNotices.onTerminal(notice, true) + "\n"));
        // not a terminal (standard error to a file): the line as it is, no control codes
        assertEquals(notice, ConsoleNotices.onTerminal(notice, false));
    }
}
