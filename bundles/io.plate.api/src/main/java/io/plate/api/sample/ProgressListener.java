package io.plate.api.sample;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Receives progress while chains run, at most a few times per second, from one runner thread at a time.
 * Implementations must return quickly and must not throw.
 */
@ConsumerType
@FunctionalInterface
public interface ProgressListener {
    /** Ignores every report. */
    ProgressListener NONE = p -> {
    };

    /** Receives one progress report. */
    void progress(Progress progress);
}
