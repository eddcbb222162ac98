package io.plate.shell.impl;

import io.plate.api.PlateException;
import io.plate.api.ServicePreference;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Params;
import io.plate.mcmc.CheckpointFolder;
import io.plate.api.sample.Cancellation;
import io.plate.api.sample.Checkpoints;
import io.plate.api.sample.Posterior;
import io.plate.api.sample.Progress;
import io.plate.api.sample.RunSettings;
import io.plate.api.sample.Sampler;
import io.plate.api.text.Plural;
import io.plate.mcmc.ProgressPrinter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Job;

/**
 * What {@code plate:sample} and {@code plate:cluster} share: finding the best-ranked sampler of a name,
 * and running it with progress, guarded against a bundle swapped mid-run, interruptible by Ctrl-C, then
 * keeping the run in the workspace and writing its directory.
 */
final class SamplerRuns {
    /** How long stopping the shell waits for the commands of cancelled runs to keep and write their draws. */
    static final long STOP_WAIT_MILLIS = 30_000;

    private SamplerRuns() {
    }

    /**
     * The highest-ranked sampler registered under {@code name}; the message of a miss lists the installed
     * names that start with {@code prefix} ({@code kind} names them, e.g. "mixture sampler").
     */
    static Sampler find(List<Map.Entry<Map<String, Object>, Sampler>> registered, String name, String prefix,
            String kind) {
        List<Map.Entry<Map<String, Object>, Sampler>> snapshot = Guard.current(registered);
        return ServicePreference.bound(snapshot, Sampler.NAME, name).orElseThrow(() -> {
            TreeSet<String> known = new TreeSet<>();
            for (Map.Entry<Map<String, Object>, Sampler> e : snapshot) {
                Object n = e.getKey().get(Sampler.NAME);
                if (n != null && n.toString().startsWith(prefix)) {
                    known.add(n.toString());
                }
            }
            return new PlateException("no " + kind + " named '" + name + "'"
                    + Missing.note(name, known, Sampler.class));
        });
    }

    /**
     * A finished (or stopped) run, kept in the workspace and written when asked; {@code stopped} says why
     * a run ended early (null when it ran to the end).
     */
    record Outcome(String kept, Posterior posterior, Path dir, String stopped, boolean printNow, PrintStream console) {
        /**
         * Returns {@code result}; also prints it when Gogo will not: the command's thread was interrupted
         * (Gogo drops the value). A background job's ({@code &}) is printed by {@link BackgroundJob}.
         */
        <R> R report(R result) {
            if (printNow) {
                console.println();
                // broken between words at the terminal's width, as Gogo's printing of a result is (PlateConverter)
                console.print(io.plate.api.text.TextTable.wrap(String.valueOf(result),
                        io.plate.api.text.TextTable.terminalColumns()));
                console.flush();
            }
            return result;
        }

        /**
         * The line that names a kept run, the sampler bundle that ran it (when known) and the folder it was written
         * to (when {@code written} is not null): {@code kept as run 'x' (sampled by io.plate.sampler.mixture 0.1.1)}.
         */
        static String keptLine(String name, Posterior p, Path written) {
            StringBuilder b = new StringBuilder("kept as run '").append(name).append('\'');
            if (p.bundle().known()) {
                b.append(" (sampled by ").append(p.bundle()).append(')');
            }
            if (written != null) {
                b.append(", written to ").append(written);
            }
            return b.toString();
        }

        /** The line a result ends with when the run stopped early. */
        static String stoppedLine(String kept, String stopped) {
            return stopped == null ? "" : "stopped early (" + stopped + "): the chains stopped at their next sweep;"
                    + " the draws so far are kept as run '" + kept + "'\n";
        }

        /**
         * What a run stopped before its first kept draw says in place of a table of undefined figures: how far
         * the chains got ({@code reached}, their last progress report; null when there was none) and that nothing
         * is kept, or written when {@code written}.
         */
        static String stoppedInBurnIn(String stopped, Progress reached, int burnIn, boolean written) {
            String at = reached == null ? "stopped in burn-in (" + Plural.of(burnIn, "sweep") + ")"
                    : "stopped in burn-in at sweep " + reached.sweeps() / reached.chains() + " of " + burnIn;
            return at + " (" + stopped + "): no draws kept, so no run is kept" + (written ? " or written" : "");
        }
    }

    /**
     * Options of a run as the commands receive them (empty text = the configured default); {@code checkpoints}
     * null when the run is not checkpointed.
     */
    record Options(String iterations, String maxIterations, String burnIn, String thin, String chains, String seed,
            String out, String name, Checkpoints checkpoints) {
        Options(String iterations, String maxIterations, String burnIn, String thin, String chains, String seed,
                String out, String name) {
            this(iterations, maxIterations, burnIn, thin, chains, seed, out, name, null);
        }

        /** The run settings these options ask for; a checkpointed run is not extended. */
        RunSettings settings(ShellDefaults defaults) {
            if (checkpoints != null && !maxIterations.isEmpty()) {
                throw new PlateException("--max-iterations cannot be used with --checkpoint or --resume: a checkpointed"
                        + " run has a fixed number of iterations");
            }
            RunSettings s = defaults.runSettings(iterations, burnIn, thin, chains, seed, maxIterations);
            for (String line : defaults.notApplied(iterations, burnIn, maxIterations)) {
                System.out.print(DataCommands.warningLines(line, io.plate.api.text.TextTable.terminalColumns()));
            }
            return checkpoints == null ? s : s.withMaxIterations(s.iterations());
        }
    }

    /** Help of {@code --checkpoint-every}, the same in {@code plate:sample} and {@code plate:cluster}. */
    static final String CHECKPOINT_EVERY_HELP = "sweeps between checkpoints (default 100)";
    /** Help of {@code --resume}, the same in {@code plate:sample} and {@code plate:cluster}. */
    static final String RESUME_HELP = "continue the run checkpointed in this folder (the same command otherwise); the"
            + " result is the uninterrupted run's";

    /**
     * The checkpoints of {@code --checkpoint DIR} or {@code --resume DIR} with {@code --checkpoint-every N}
     * (default 100; empty text = not given), folders resolved as output folders; null when neither is given.
     *
     * @throws PlateException naming the option for a bad value or combination
     */
    static Checkpoints checkpoints(ShellDefaults defaults, String save, String every, String resume) {
        if (!save.isEmpty() && !resume.isEmpty()) {
            throw new PlateException("--checkpoint DIR starts a checkpointed run and --resume DIR continues one: give"
                    + " one of them");
        }
        if (save.isEmpty() && resume.isEmpty()) {
            if (!every.isEmpty()) {
                throw new PlateException("--checkpoint-every needs --checkpoint DIR or --resume DIR");
            }
            return null;
        }
        int n = every.isEmpty() ? 100 : Args.parseInt("--checkpoint-every", every);
        if (n < 1) {
            throw new PlateException("--checkpoint-every must be at least 1 sweep, got " + n);
        }
        if (!resume.isEmpty()) {
            Path dir = defaults.output(resume);
            if (!Files.isDirectory(dir)) {
                throw new PlateException("--resume '" + resume + "': " + (Files.exists(dir)
                        ? "it is a file, not a checkpoint folder (" + dir + ")" : "no such folder (" + dir + ")"));
            }
            return Checkpoints.resuming(new CheckpointFolder(dir), n);
        }
        OutputTarget folder = OutputTarget.folder(defaults, save, "cannot write checkpoints to");
        return Checkpoints.to(new CheckpointFolder(folder.path()), n);
    }

    /**
     * Runs {@code s} and keeps the run. Ctrl-C in the terminal cancels this run's token (in place of
     * Gogo's interrupt of the job, which returns the prompt while the command still runs): the chains stop
     * at their next sweep and the command returns the run with the draws kept, before the next prompt.
     *
     * @throws PlateException also when the run was stopped in burn-in: without draws it is neither kept nor written
     */
    static Outcome runAndKeep(CommandSession session, Sampler s, String samplerName, String datasetName,
            String[] params, Options o, Workspace workspace, ShellDefaults defaults, BoundSamplers active)
            throws IOException {
        Cancellation cancellation = active.start(s);
        try {
            return runAndKeep(session, s, samplerName, datasetName, params, o, workspace, defaults, cancellation);
        } finally {
            active.done(cancellation);
        }
    }

    private static Outcome runAndKeep(CommandSession session, Sampler s, String samplerName, String datasetName,
            String[] params, Options o, Workspace workspace, ShellDefaults defaults, Cancellation cancellation)
            throws IOException {
        String what = "the run of " + samplerName;
        Params p = Guard.call(what, s, () -> s.params(Args.keyValues(Arrays.asList(params), samplerName, s.parameters())));
        // ARFF instance weights are no feature; no sampler weighs rows, so the column is left out, said below
        RowWeights weighed = RowWeights.leftOut(samplerName, workspace.dataset(datasetName), Map.of());
        Dataset d = weighed.data();
        RunSettings settings = o.settings(defaults);
        String kept = o.name().isEmpty() ? datasetName + "." + samplerName : o.name();
        OutputTarget out = o.out().isEmpty() ? null : OutputTarget.folder(defaults, o.out(), "cannot write the run directory");
        Path dir = out == null ? null : out.path();
        if (dir != null) { // a folder the run could not be written to is refused before the sampling, not after
            io.plate.mcmc.SamplerPosterior.checkRunDirectory(dir);
        }
        PrintStream console = session != null ? session.getConsole() : System.out;
        if (weighed.note() != null) {
            console.println("note: " + weighed.note());
        }
        Job job = Job.Utils.current();
        boolean background = job != null && job.status() == Job.Status.Background;
        Posterior posterior;
        Progress reached;
        // a job in the background (&, bg) shows no progress: its line would overwrite the prompt and what the user
        // types; brought forward (fg) it does
        PrintStream progressOut = background ? BackgroundJob.of(job).whileInForeground(console) : console;
        try (CtrlC ctrlC = CtrlC.during(session, () -> cancellation.cancel(ctrlCReason()));
                ProgressPrinter progress = SessionProgress.forSession(session, progressOut,
                        samplerName + " on " + datasetName).asked(settings.iterations())) {
            posterior = Guard.call(what, s, () -> s.run(d, p, settings, progress, cancellation, o.checkpoints()));
            reached = progress.latest();
        }
        // An interrupt of the command thread (Gogo's job interrupt) cancels the run in the runner, which keeps
        // the draws. Clear the flag so that writing the run directory (interruptible file channels) still works.
        boolean interrupted = Thread.interrupted();
        String stopped = null;
        if (posterior.cancelled()) {
            stopped = cancellation.isCancelled() ? cancellation.reason() : "interrupted";
            if (!holdsDraws(posterior)) { // a run without draws has nothing to show, trace or write: it is not kept
                throw new PlateException(Outcome.stoppedInBurnIn(stopped, reached, settings.burnIn(), dir != null));
            }
        }
        Replaced.warn(Replaced.run(kept, posterior, workspace.putRun(kept, posterior)), "run with --name NAME");
        if (dir != null) {
            String earlier = Replaced.runDirectory(o.out(), dir); // said once the new run took its place
            try {
                posterior.write(dir);
            } catch (IOException e) {
                throw new PlateException(out.failure(e).getMessage() + " (the draws are kept as run '" + kept + "')", e);
            } catch (PlateException e) { // the folder changed during the run
                throw new PlateException(e.getMessage() + " (the draws are kept as run '" + kept + "')", e);
            }
            Replaced.warn(earlier, "give --out another folder");
        }
        // a background job's result (and failure) is printed by the checking front, CommandFunctions (BackgroundJob)
        return new Outcome(kept, posterior, dir, stopped, interrupted && !background, console);
    }

    /** Why Ctrl-C's action stops a run: a signal the launcher passed on ("interrupted by SIGTERM"), else Ctrl-C. */
    private static String ctrlCReason() {
        return System.getProperty(BoundSamplers.SIGNAL_PROPERTY) != null ? BoundSamplers.stopReason() : "Ctrl-C";
    }

    /** Whether some chain of {@code p} kept a draw. */
    private static boolean holdsDraws(Posterior p) {
        for (int c = 0; c < p.trace().chains(); c++) {
            if (p.trace().draws(c) > 0) {
                return true;
            }
        }
        return false;
    }
}
