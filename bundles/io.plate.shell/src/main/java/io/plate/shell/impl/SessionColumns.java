package io.plate.shell.impl;

import org.apache.felix.service.command.CommandSession;

/**
 * The widths of the terminals a command session's output and its errors go to, which tables, help, messages
 * and progress lines are fitted to; 0 for a file or a pipe, which get whole lines. A launcher that knows
 * them sets them as session variables (Plate's launcher does for {@code -c}, scripts and a shell whose output
 * is redirected); otherwise the session's own JLine terminal says (Gogo's interactive shell), and a session
 * with neither, or with a dumb terminal, has none.
 */
final class SessionColumns {
    /** The width of the terminal the session's output goes to (0: not a terminal), set by the launcher. */
    static final String OUTPUT = ".plate.out.columns";
    /** The width of the terminal the session's errors go to (0: not a terminal), set by the launcher. */
    static final String ERROR = ".plate.err.columns";

    private SessionColumns() {
    }

    /** The width of the terminal the output of {@code session} (may be null) goes to, or 0. */
    static int output(CommandSession session) {
        return declaredOr(session, OUTPUT);
    }

    /** The width of the terminal the errors of {@code session} (may be null) go to, or 0. */
    static int error(CommandSession session) {
        return declaredOr(session, ERROR);
    }

    private static int declaredOr(CommandSession session, String variable) {
        if (session == null) {
            return 0;
        }
        if (session.get(variable) instanceof Number declared) {
            return Math.max(0, declared.intValue());
        }
        return terminal(session);
    }

    /** The width of the session's real JLine terminal (80 when it does not say), or 0 without one. */
    private static int terminal(CommandSession session) {
        if (session.get(".terminal") instanceof org.jline.terminal.Terminal term) {
            String type = term.getType();
            if (type != null && !type.startsWith("dumb")) {
                return Math.max(1, term.getWidth() > 0 ? term.getWidth() : 80);
            }
        }
        return 0;
    }
}
