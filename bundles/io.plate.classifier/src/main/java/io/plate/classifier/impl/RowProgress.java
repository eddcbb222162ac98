package io.plate.classifier.impl;

import io.plate.api.sample.Progress;
import io.plate.api.sample.ProgressListener;

/**
 * The progress of a fit's pass over its training rows, as {@code Learner.fit(…, ProgressListener)} reports it:
 * rows done of rows, their rate and the seconds left: the first row and the last, and between them at most every
 * quarter second. Also where a long pass stops when its thread is interrupted (Ctrl-C).
 */
public final class RowProgress {
    private static final long EVERY_NANOS = 250_000_000L;

    private final ProgressListener listener;
    private final long rows;
    private final long start = System.nanoTime();
    private long last = start;

    public RowProgress(ProgressListener listener, long rows) {
        this.listener = listener;
        this.rows = rows;
    }

    /** {@code done} rows of the pass are done: reports them when a quarter second has passed since the last report. */
    public void done(long done) {
        Blocks.checkInterrupted();
        long now = System.nanoTime();
        if (listener == ProgressListener.NONE || done <= 0 || done > 1 && done < rows && now - last < EVERY_NANOS) {
            return;
        }
        last = now;
        double perSecond = done / (Math.max(1, now - start) / 1e9);
        listener.progress(new Progress(done, rows, 1, perSecond, (rows - done) / perSecond, Double.NaN, Double.NaN));
    }
}
