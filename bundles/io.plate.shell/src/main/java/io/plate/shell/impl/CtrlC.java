package io.plate.shell.impl;

import java.util.concurrent.atomic.AtomicReference;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Job;
import org.jline.terminal.Terminal;

/**
 * Ctrl-C for the length of a command: the terminal's INT calls the command's own action (cancel a run,
 * interrupt a fit) instead of Gogo's job interrupt, which returned the prompt with
 * {@code java.lang.InterruptedException} while the work ran on. Without a real terminal (-c, a script), the
 * launcher runs the action when a signal ends the process. Nothing for a background job.
 */
final class CtrlC implements AutoCloseable {
    /**
     * Session variable the launcher sets under -c and scripts: an {@code AtomicReference<Runnable>} it runs when a
     * signal (SIGINT, SIGTERM) ends the process, before the framework stops.
     */
    static final String LAUNCHER_INTERRUPT = ".plate.interrupt";

    private final Terminal terminal;
    private final Terminal.SignalHandler previous;
    private final AtomicReference<Runnable> launcher;
    private final Runnable previousAction;
    private volatile boolean pressed;

    private CtrlC(CommandSession session, Runnable action) {
        Job job = Job.Utils.current();
        boolean background = job != null && job.status() == Job.Status.Background;
        terminal = background ? null : terminal(session);
        Runnable onCtrlC = () -> {
            pressed = true;
            action.run();
        };
        previous = terminal == null ? null : terminal.handle(Terminal.Signal.INT, sig -> onCtrlC.run());
        launcher = background || terminal != null ? null : launcherInterrupt(session);
        previousAction = launcher == null ? null : launcher.getAndSet(onCtrlC);
    }

    /** Installs {@code action} as the Ctrl-C of the current command until {@link #close()}. */
    static CtrlC during(CommandSession session, Runnable action) {
        return new CtrlC(session, action);
    }

    /** Whether Ctrl-C was pressed meanwhile. */
    boolean pressed() {
        return pressed;
    }

    /**
     * Which interrupt stopped the command, for its message: {@code " (Ctrl-C)"}, the signal ending the process
     * ({@code " (interrupted by SIGTERM)"}), or {@code ""} when neither is known.
     */
    String cause() {
        return pressed ? " (Ctrl-C)"
                : System.getProperty(BoundSamplers.SIGNAL_PROPERTY) != null ? " (" + BoundSamplers.stopReason() + ")" : "";
    }

    @Override
    public void close() {
        if (terminal != null) {
            terminal.handle(Terminal.Signal.INT, previous);
        }
        if (launcher != null) {
            launcher.set(previousAction);
        }
    }

    /** The launcher's holder of the current command's Ctrl-C action, or null (another host, the shell). */
    @SuppressWarnings("unchecked")
    private static AtomicReference<Runnable> launcherInterrupt(CommandSession session) {
        Object r = session == null ? null : session.get(LAUNCHER_INTERRUPT);
        return r instanceof AtomicReference<?> ref ? (AtomicReference<Runnable>) ref : null;
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
