package io.plate.importers.impl;

import io.plate.api.data.ImportException;
import java.nio.file.Path;
import java.util.Locale;

/** Checks made on a label column, the same way for every format (and by Plate on Spark). */
public final class Labels {
    /** Fewer rows than this are never refused for their number of classes (a toy table may have a class per row). */
    static final int MIN_ROWS = 20;

    private Labels() {
    }

    /** Whether {@code classes} distinct values in {@code rows} rows are (nearly) one per row: more than half, in at least {@link #MIN_ROWS} rows. */
    public static boolean nearlyOnePerRow(long classes, long rows) {
        return rows >= MIN_ROWS && classes > rows / 2;
    }

    /**
     * Refuses a class column with (nearly) one value per row — more distinct values than half the rows, in
     * at least {@link #MIN_ROWS} rows: it is an identifier, a name or a measurement, not a class.
     * {@code numericFix} is the option that would make it a numeric target, or null when it is not numeric.
     */
    static void checkClasses(Path file, String column, int classes, int rows, String numericFix) {
        if (nearlyOnePerRow(classes, rows)) {
            throw new ImportException(file, 0, column, String.format(Locale.ROOT,
                    "the label has %,d distinct values in %,d rows, nearly one per row: not a class column;"
                            + " %sname the class column with --label COLUMN, or import with --no-label",
                    classes, rows, numericFix == null ? "" : "for a numeric target use " + numericFix + "; "));
        }
    }
}
