package io.plate.api.learn;

import java.io.IOException;
import java.nio.file.Path;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Saves and loads models as JSON files. Writes are atomic: the file is written to a temporary file in
 * the same folder and renamed over the target, so a failed save leaves no half-written model.
 * Loading finds the learner named in the file's {@code type} among the installed learners. Safe to call
 * from several threads at once.
 */
@ProviderType
public interface ModelStore {
    /** Writes {@code model} to {@code file} as JSON, atomically, replacing any file there. */
    void save(Model model, Path file) throws IOException;

    /**
     * @throws ModelFormatException when the file is not a Plate model, has an unknown version, or names a
     *         learner that is not installed
     */
    Model load(Path file) throws IOException, ModelFormatException;
}
