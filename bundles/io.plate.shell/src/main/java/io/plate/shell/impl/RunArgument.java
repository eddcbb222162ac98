package io.plate.shell.impl;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.sample.Posterior;
import io.plate.mcmc.SamplerPosterior;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * What the RUN of {@code plate:trace} and {@code plate:plot} names: a run kept in this session, else a run
 * directory written with {@code --out} (by this process or an earlier one: each {@code plate.jar -c} is a new
 * session), found as every file to read is ({@link UserPaths#input}: as given, else under the output folder).
 */
final class RunArgument {
    private RunArgument() {
    }

    /**
     * The kept run named {@code given}, else the run directory at {@code given} read back.
     *
     * @param defaults the shell's defaults, for the output folder; null when not bound (paths as given)
     * @throws PlateException when {@code given} names neither, or the folder is no readable run directory
     */
    static Posterior resolve(String given, Workspace workspace, ShellDefaults defaults) {
        Map<String, Posterior> kept = workspace.runs();
        Posterior p = kept.get(given);
        if (p != null) {
            return p;
        }
        Path dir;
        try {
            dir = defaults == null ? UserPaths.of(given) : defaults.input(given);
        } catch (java.nio.file.InvalidPathException e) {
            dir = null;
        }
        if (dir == null || !Files.exists(dir)) {
            throw new PlateException("no run named '" + given + "' (" + (kept.isEmpty() ? "none kept in this session"
                    : "kept: " + String.join(", ", kept.keySet())) + ") and no folder '" + given + "': give a kept run or"
                    + " a run directory written with --out");
        }
        if (!Files.isDirectory(dir)) {
            throw new PlateException(dir + " is a file: give a kept run or a run directory written with --out (the"
                    + " folder that holds trace.csv and summary.json)");
        }
        try {
            return SamplerPosterior.read(dir);
        } catch (java.nio.file.AccessDeniedException e) {
            throw new PlateException("cannot read " + e.getFile() + ": permission denied", e);
        } catch (IOException e) {
            throw new PlateException("cannot read the run directory " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * The rows a clustering run clustered: its dataset, which a run directory does not hold, so the session must have
     * it loaded under the name the run recorded; {@code command} names who needs it in the refusal.
     */
    static Dataset clusteredRows(Posterior p, Workspace workspace, String command) {
        if (!workspace.hasDataset(p.dataset())) {
            throw new PlateException(command + " needs the dataset '" + p.dataset() + "' the run clustered: import it"
                    + " first (plate:import FILE --name " + io.plate.api.text.ShellWord.of(p.dataset()) + ")");
        }
        return workspace.dataset(p.dataset());
    }
}
