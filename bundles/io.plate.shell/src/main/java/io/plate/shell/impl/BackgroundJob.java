package io.plate.shell.impl;

import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Converter;
import org.apache.felix.service.command.Job;

/**
 * The Gogo job a command runs in, as far as it decides who prints the command's failure and result. Felix
 * Gogo's shell prints them for a job in the foreground; for one started with {@code &}, or moved to the
 * background ({@code Ctrl-Z}, {@code bg}) it printed only "[1] done", so the command's own line was lost. Such a
 * command prints them here, on the job's own streams, as the foreground shows them.
 */
final class BackgroundJob {
    private static final BackgroundJob NONE = new BackgroundJob(null, false);

    private final Job job;
    private final boolean startedInBackground;

    private BackgroundJob(Job job, boolean startedInBackground) {
        this.job = job;
        this.startedInBackground = startedInBackground;
    }

    /** The job the calling thread runs in, when the shell is Felix Gogo's ({@code gogoShell}); else one that prints nothing. */
    static BackgroundJob current(boolean gogoShell) {
        Job j = gogoShell ? Job.Utils.current() : null;
        while (j != null && j.parent() != null) {
            j = j.parent();
        }
        return j == null ? NONE : new BackgroundJob(j, j.status() == Job.Status.Background);
    }

    /** Whether the shell's prompt loop will not print what the command ends with: it runs, or ran, in the background. */
    boolean inBackground() {
        return job != null && (startedInBackground || job.status() != Job.Status.Foreground);
    }

    /** Prints {@code result} to the job's output as the shell prints a foreground command's, if in the background. */
    void printResult(CommandSession session, Object result) {
        if (result != null && inBackground()) {
            System.out.println(session.format(result, Converter.INSPECT));
            System.out.flush();
        }
    }

    /** Prints the failure's one line to the job's error stream, as the shell prints a foreground one, if in the background. */
    void printFailure(Exception e) {
        if (inBackground() && !(e instanceof InterruptedException)) {
            System.err.println(CommandError.of(e));
            System.err.flush();
        }
    }
}
