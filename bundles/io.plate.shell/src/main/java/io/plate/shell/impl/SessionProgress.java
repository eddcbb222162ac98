package io.plate.shell.impl;

import io.plate.mcmc.ProgressPrinter;
import java.io.PrintStream;
import org.apache.felix.service.command.CommandSession;

/** The progress printer of a command session: where its line goes and how wide it may be. */
final class SessionProgress {
    private SessionProgress() {
    }

    /**
     * A printer for the command running in {@code session} (may be null): in-place updates on {@code out}
     * when the session's output is a terminal, plain lines on standard error otherwise (so that the
     * results a pipe or a file receives hold no progress lines, as with curl or pip), fitted to standard
     * error's terminal when it is one.
     */
    static ProgressPrinter forSession(CommandSession session, PrintStream out, String label) {
        return SessionColumns.output(session) > 0 ? new ProgressPrinter(out, label, true, () -> SessionColumns.output(session))
                : new ProgressPrinter(System.err, label, false, () -> SessionColumns.error(session));
    }
}
