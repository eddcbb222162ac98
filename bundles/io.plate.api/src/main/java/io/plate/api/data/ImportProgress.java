package io.plate.api.data;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Receives progress while an {@link Importer} reads a file: at most every mebibyte read, from the importing
 * thread. Implementations must return quickly and must not throw.
 */
@ConsumerType
@FunctionalInterface
public interface ImportProgress {
    /** Ignores every report. */
    ImportProgress NONE = (bytesRead, totalBytes) -> {
    };

    /**
     * @param bytesRead  bytes read so far
     * @param totalBytes the size of the input, or -1 when unknown
     */
    void progress(long bytesRead, long totalBytes);
}
