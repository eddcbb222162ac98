package io.plate.shell.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.HashMap;
import java.util.Map;
import org.apache.felix.service.command.CommandSession;
import org.jline.terminal.Size;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.junit.jupiter.api.Test;

/** The widths text is fitted to: what the launcher declares for the session, else its JLine terminal's. */
class SessionColumnsTest {
    static CommandSession session(Map<String, Object> variables) {
        return (CommandSession) java.lang.reflect.Proxy.newProxyInstance(SessionColumnsTest.class.getClassLoader(),
                new Class<?>[] {CommandSession.class}, (p, m, a) -> m.getName().equals("get") ? variables.get(a[0]) : null);
    }

    static Terminal terminal(String type, int columns) throws Exception {
        Terminal t = TerminalBuilder.builder().system(false).type(type)
                .streams(new ByteArrayInputStream(new byte[0]), new ByteArrayOutputStream()).build();
        t.setSize(new Size(columns, 24));
        return t;
    }

    @Test
    void theInteractiveShellsTerminalGivesBothWidths() throws Exception {
        try (Terminal t = terminal("xterm", 50)) {
            CommandSession s = session(Map.of(".terminal", t));
            assertEquals(50, SessionColumns.output(s));
            assertEquals(50, SessionColumns.error(s));
        }
        try (Terminal dumb = terminal("dumb", 50)) {
            assertEquals(0, SessionColumns.output(session(Map.of(".terminal", dumb))));
        }
    }

    /** -c and scripts: the launcher says where the output and the errors go (no terminal of their own). */
    @Test
    void theLaunchersWidthsComeFirst() throws Exception {
        CommandSession commands = session(Map.of(SessionColumns.OUTPUT, 80, SessionColumns.ERROR, 120));
        assertEquals(80, SessionColumns.output(commands));
        assertEquals(120, SessionColumns.error(commands));
        // the interactive shell with its output redirected: the pipe gets whole lines, errors fit the terminal
        try (Terminal t = terminal("xterm", 50)) {
            Map<String, Object> v = new HashMap<>(Map.of(".terminal", t, SessionColumns.OUTPUT, 0));
            assertEquals(0, SessionColumns.output(session(v)));
            assertEquals(50, SessionColumns.error(session(v)));
        }
        assertEquals(0, SessionColumns.output(session(Map.of())));
        assertEquals(0, SessionColumns.error(null));
    }
}
