package io.plate.shell.impl;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Params;
import io.plate.api.sample.Cancellation;
import io.plate.api.sample.Posterior;
import io.plate.api.sample.RunSettings;
import io.plate.api.sample.Sampler;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.felix.service.command.CommandSession;
import org.osgi.framework.Constants;

/**
 * What {@code plate:sample} and {@code plate:cluster} share: finding the best-ranked sampler of a name,
 * and running it with progress, guarded against a bundle swapped mid-run, interruptible by Ctrl-C, then
 * keeping the run in the workspace and writing its directory.
 */
final class SamplerRuns {
    private SamplerRuns() {
    }

    /**
     * The highest-ranked sampler registered under {@code name}; the message of a miss lists the installed
     * names that start with {@code prefix} ({@code kind} names them, e.g. "mixture sampler").
     */
    static Sampler find(List<Map.Entry<Map<String, Object>, Sampler>> registered, String name, String prefix,
            String kind) {
        List<Map.Entry<Map<String, Object>, Sampler>> snapshot = new ArrayList<>(registered);
        snapshot.sort(Comparator.comparingInt((Map.Entry<Map<String, Object>, Sampler> e) -> ranking(e.getKey()))
                .reversed());
        TreeSet<String> known = new TreeSet<>();
        for (Map.Entry<Map<String, Object>, Sampler> e : snapshot) {
            Object n = e.getKey().get(Sampler.NAME);
            if (name.equals(n)) {
                return e.getValue();
            }
            if (n != null && n.toString().startsWith(prefix)) {
                known.add(n.toString());
            }
        }
        throw new PlateException("no " + kind + " named '" + name + "'"
                + (known.isEmpty() ? " (none installed)" : "; installed: " + String.join(", ", known)));
    }

    private static int ranking(Map<String, Object> props) {
        Object r = props.get(Constants.SERVICE_RANKING);
        return r instanceof Integer i ? i : 0;
    }

    /** A finished (or interrupted) run, kept in the workspace and written when asked. */
    record Outcome(String kept, Posterior posterior, Path dir, boolean interrupted, PrintStream console) {
        /**
         * Returns {@code result}; after Ctrl-C also prints it, since Gogo drops the value of an interrupted
         * command.
         */
        <R> R report(R result) {
            if (interrupted) {
                console.println();
                console.print(result);
                console.println("(interrupted with Ctrl-C: the chains stopped at their next sweep; the draws so far"
                        + " are kept as run '" + kept + "')");
                console.flush();
            }
            return result;
        }
    }

    /** Options of a run as the commands receive them (empty text = the configured default). */
    record Options(String iterations, String burnIn, String thin, String chains, String seed, String out,
            String name) {
    }

    static Outcome runAndKeep(CommandSession session, Sampler s, String samplerName, String datasetName,
            String[] params, Options o, Workspace workspace, ShellDefaults defaults) throws IOException {
        String what = "the run of " + samplerName;
        Params p = Guard.call(what, () -> s.params(Args.keyValues(Arrays.asList(params))));
        Dataset d = workspace.dataset(datasetName);
        RunSettings settings = defaults.runSettings(o.iterations(), o.burnIn(), o.thin(), o.chains(), o.seed());
        String kept = o.name().isEmpty() ? datasetName + "." + samplerName : o.name();
        Path dir = o.out().isEmpty() ? null : defaults.output(o.out());
        PrintStream console = session != null ? session.getConsole() : System.out;
        Posterior posterior;
        try (ProgressPrinter progress = ProgressPrinter.forSession(session, console,
                samplerName + " on " + datasetName)) {
            posterior = Guard.call(what, () -> s.run(d, p, settings, progress, new Cancellation()));
        }
        // Ctrl-C interrupts the command thread; the runner has already stopped the chains and kept their draws.
        // Clear the flag so that writing the run directory (interruptible file channels) still works.
        boolean interrupted = Thread.interrupted();
        workspace.putRun(kept, posterior);
        if (dir != null) {
            posterior.write(dir);
        }
        return new Outcome(kept, posterior, dir, interrupted, console);
    }
}
