package io.plate.api.sample;

import io.plate.api.io.AtomicFiles;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * A folder that holds a run's checkpoints (a local folder, or one on any Hadoop file system): named
 * files, each written whole or not at all.
 */
@ConsumerType
public interface CheckpointStore {
    /** Writes the file {@code name} with {@code body}, whole or not at all (a hidden name, then a rename). */
    void write(String name, AtomicFiles.Body body) throws IOException;

    /** Reads the file {@code name}. */
    InputStream open(String name) throws IOException;

    /** The names of the whole files in the folder (no hidden or temporary ones); empty when it does not exist. */
    List<String> list() throws IOException;

    /** Removes the file {@code name} if it exists. */
    void delete(String name) throws IOException;

    /** Where the file {@code name} is, for messages (a path or URI). */
    String where(String name);
}
