package io.plate.shell.impl;

import io.plate.api.PlateException;
import io.plate.api.io.AtomicFiles;
import io.plate.api.io.WriteFailures;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A file or run directory a command will write: the path the user gave, resolved against the output
 * folder ({@link UserPaths#output}), checked writable when made (before sampling or fitting), and the one
 * message of a failed write. Success and failure name the same path: the given one under the output folder.
 *
 * @param path resolved against the output folder, as the messages name it
 * @param doing how a failure begins, e.g. "cannot write predictions to"
 */
record OutputTarget(Path path, String doing) {
    /** A file (plot, predictions, model, evaluation) to be written by {@link AtomicFiles#write}. */
    static OutputTarget file(ShellDefaults defaults, String given, String doing) {
        return checked(defaults, given, doing, false);
    }

    /** A run directory to be written by {@link AtomicFiles#writeDirectory}. */
    static OutputTarget folder(ShellDefaults defaults, String given, String doing) {
        return checked(defaults, given, doing, true);
    }

    private static OutputTarget checked(ShellDefaults defaults, String given, String doing, boolean directory) {
        OutputTarget t = new OutputTarget(defaults == null ? UserPaths.of(given) : defaults.output(given), doing);
        try {
            AtomicFiles.checkWritable(t.path, directory);
        } catch (java.nio.file.FileAlreadyExistsException e) {
            throw new PlateException(doing + " " + t.path + ": the folder exists and is never replaced", e);
        } catch (IOException e) {
            throw t.failure(e);
        }
        return t;
    }

    /** The one-line failure of writing this target. */
    PlateException failure(IOException e) {
        return new PlateException(WriteFailures.message(doing, path.toString(), path, e), e);
    }
}
