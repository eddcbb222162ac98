package io.plate.classifier.impl;

import io.plate.api.sample.Progress;
import io.plate.api.sample.ProgressListener;

/**
 * An evaluation's fits as one pass for its progress line: what a fold's fit reports (its rows done of its own
 * pass) is scaled to the fold's training rows and added to the rows of the folds before it, of every fold's
 * training rows together. Folds are fitted one after another, in the order {@link #fold} is called.
 */
final class FoldProgress {
    private final ProgressListener listener;
    private final long rows;
    private final long start = System.nanoTime();
    private long before;

    /** {@code rows}: the training rows of every fold together. */
    FoldProgress(ProgressListener listener, long rows) {
        this.listener = listener;
        this.rows = rows;
    }

    /** The listener of the next fold's fit, whose training part has {@code foldRows} rows. */
    ProgressListener fold(long foldRows) {
        long offset = before;
        before += foldRows;
        if (listener == ProgressListener.NONE) {
            return ProgressListener.NONE;
        }
        return p -> {
            long done = offset + (p.iterations() > 0 ? Math.min(foldRows, p.iteration() * foldRows / p.iterations()) : 0);
            double perSecond = done / (Math.max(1, System.nanoTime() - start) / 1e9);
            listener.progress(new Progress(done, rows, 1, perSecond, perSecond > 0 ? (rows - done) / perSecond : Double.NaN,
                    Double.NaN, Double.NaN));
        };
    }
}
