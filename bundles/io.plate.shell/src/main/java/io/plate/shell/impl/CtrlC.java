package io.plate.shell.impl;

import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Job;
import org.jline.terminal.Terminal;

/**
 * Ctrl-C for the length of a command: the terminal's INT calls the command's own action (cancel a run,
 * interrupt a fit) instead of Gogo's job interrupt, which returned the prompt with
 * {@code java.lang.InterruptedException} while the work ran on. Nothing for a background job or without a
 * real terminal (a dumb or piped stream).
 */
final class CtrlC implements AutoCloseable {
    private final Terminal terminal;
    private final Terminal.SignalHandler previous;
    private volatile boolean pressed;

    private CtrlC(CommandSession session, Runnable action) {
        Job job = Job.Utils.current();
        boolean background = job != null && job.status() == Job.Status.Background;
        terminal = background ? null : terminal(session);
        previous = terminal == null ? null : terminal.handle(Terminal.Signal.INT, sig -> {
            pressed = true;
            action.run();
        });
    }

    /** Installs {@code action} as the Ctrl-C of the current command until {@link #close()}. */
    static CtrlC during(CommandSession session, Runnable action) {
        return new CtrlC(session, action);
    }

    /** Whether Ctrl-C was pressed meanwhile. */
    boolean pressed() {
        return pressed;
    }

    @Override
    public void close() {
        if (terminal != null) {
            terminal.handle(Terminal.Signal.INT, previous);
        }
    }

    /** The session's terminal when it is a real one (not a dumb or piped stream), else null. */
    private static Terminal terminal(CommandSession session) {
        Object t = session == null ? null : session.get(".terminal");
        if (t instanceof Terminal terminal && terminal.getType() != null && !terminal.getType().startsWith("dumb")) {
            return terminal;
        }
        return null;
    }
}
