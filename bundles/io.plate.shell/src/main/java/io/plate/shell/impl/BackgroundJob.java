package io.plate.shell.impl;

import java.io.PrintStream;
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
        return of(gogoShell ? Job.Utils.current() : null);
    }

    /** The job {@code j} belongs to (its pipeline's root), or one that prints nothing for null. */
    static BackgroundJob of(Job j) {
        while (j != null && j.parent() != null) {
            j = j.parent();
        }
        return j == null ? NONE : new BackgroundJob(j, j.status() == Job.Status.Background);
    }

    /**
     * {@code out} while the job runs in the foreground, and nothing while it runs in the background: a run started
     * with {@code &} shows its progress line once {@code fg} brings it forward, and stops showing it on {@code bg}
     * (it would overwrite the prompt and what the user types). Outside a job, {@code out} itself.
     */
    PrintStream whileInForeground(PrintStream out) {
        if (job == null) {
            return out;
        }
        return new PrintStream(out, true) {
            @Override
            public void write(int b) {
                if (job.status() == Job.Status.Foreground) {
                    super.write(b);
                }
            }

            @Override
            public void write(byte[] b, int off, int len) {
                if (job.status() == Job.Status.Foreground) {
                    super.write(b, off, len);
                }
            }
        };
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
