package io.plate.importers.impl;

import io.plate.api.data.ImportException;
import io.plate.api.data.ImportOptions;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Checks made on a label column, the same way for every format (and by Plate on Spark), and the label's
 * "nearly one value per row" rule applied to a categorical feature ({@link #onePerRowWarning}).
 */
public final class Labels {
    /** Fewer rows than this are never refused for their number of classes (a toy table may have a class per row). */
    static final int MIN_ROWS = 20;
    /** Classes of numbers from this many on, with fewer than {@link #ROWS_PER_CLASS} rows each, look like a measurement. */
    static final int MANY_CLASSES = 20;
    static final int ROWS_PER_CLASS = 10;
    /** The fix of a table's class column that is not one: the column to use instead, or none. */
    static final String COLUMN_FIX = "name the class column with --label COLUMN, or import with --no-label";

    private Labels() {
    }

    /**
     * Whether the label column {@code column}, whose cells are all numbers when {@code numbers}, is a numeric
     * target (regression) rather than classes: as in Weka, a column of numbers is one unless {@code --categorical}
     * names it (or {@code all}); {@code --numeric} naming it makes it one.
     */
    public static boolean numericTarget(String column, boolean numbers, ImportOptions options) {
        boolean categorical = options.categorical().contains(ImportOptions.ALL) || options.categorical().contains(column);
        return options.numeric().contains(column) || (numbers && !categorical);
    }

    /**
     * Whether a LibSVM file's label {@code column} is a numeric target (regression) rather than class numbers:
     * when a label has a {@code fraction} (scikit-learn's {@code dump_svmlight_file} of a regression target), as a
     * CSV column of numbers is one, unless {@code --categorical} names it; {@code --numeric} naming it makes whole
     * numbers one too. The LibSVM importer's rule, and Plate on Spark's.
     */
    public static boolean libSvmTarget(String column, boolean fraction, ImportOptions options) {
        return options.numeric().contains(column) || (fraction && !options.categorical().contains(column));
    }

    /**
     * Fewer rows than this never make a categorical feature an identifier: a small table may well have a level
     * for most of its rows (12 levels in 20 rows), where the label's classes never may.
     */
    static final int FEATURE_MIN_ROWS = 50;

    /** Whether {@code classes} distinct values in {@code rows} rows are (nearly) one per row: more than half, in at least {@link #MIN_ROWS} rows. */
    public static boolean nearlyOnePerRow(long classes, long rows) {
        return nearlyOnePerRow(classes, rows, MIN_ROWS);
    }

    /**
     * Whether {@code values} distinct values in {@code rows} rows are (nearly) one per row, more than half, in at
     * least {@code minRows} rows: the label's rule ({@link #MIN_ROWS}), and a categorical feature's ({@link #FEATURE_MIN_ROWS}).
     */
    static boolean nearlyOnePerRow(long values, long rows, int minRows) {
        return rows >= minRows && values > rows / 2;
    }

    /**
     * The warning for a categorical feature {@code column} with {@code levels} distinct values in {@code rows} rows,
     * or null when they are not nearly one per row ({@link #FEATURE_MIN_ROWS}): free text when more than half of the
     * {@code looked} levels looked at hold a space ({@code withSpace}), else an identifier or a name; each with
     * {@code --ignore}, and for free text {@code wordsImport}, the options that import its words (null: the format
     * has none).
     */
    public static String onePerRowWarning(String column, long levels, long rows, int withSpace, int looked, String wordsImport) {
        if (!nearlyOnePerRow(levels, rows, FEATURE_MIN_ROWS)) {
            return null;
        }
        String head = String.format(Locale.ROOT, "column '%s' became one categorical feature with %,d levels in"
                + " %,d rows, nearly one per row", io.plate.api.text.Visible.name(column), levels, rows);
        String ignore = "--ignore " + io.plate.api.text.ShellWord.of(column);
        if (2 * withSpace <= looked) {
            return head + ": an identifier or a name? a value seen once tells a learner nothing: leave it out with " + ignore;
        }
        return head + ": if it is free text, " + (wordsImport == null
                ? "a value seen once tells a learner nothing: leave it out with " + ignore
                : "import its words with " + wordsImport + " (or leave it out with " + ignore + ")");
    }

    /**
     * Refuses a class column with (nearly) one value per row — more distinct values than half the rows, in
     * at least {@link #MIN_ROWS} rows: it is an identifier, a name or a measurement, not a class.
     * {@code fix} says what to give instead ({@link #COLUMN_FIX} for a table).
     */
    static void checkClasses(Path file, String column, int classes, int rows, String fix) {
        if (nearlyOnePerRow(classes, rows)) {
            throw new ImportException(file, 0, column, String.format(Locale.ROOT,
                    "the label has %,d distinct values in %,d rows, nearly one per row: not a class column; %s",
                    classes, rows, fix));
        }
    }

    /**
     * The warning for classes that are numbers, {@link #MANY_CLASSES} or more with fewer than
     * {@link #ROWS_PER_CLASS} rows each on average (a count or a measurement rounded to whole numbers, such as
     * scikit-learn's diabetes target), with {@code numericFix}, what makes them a numeric target ({@code give
     * --numeric label}); else null.
     */
    static String manyNumberClasses(String column, int classes, int rows, String numericFix) {
        if (classes < MANY_CLASSES || (long) classes * ROWS_PER_CLASS <= rows) {
            return null;
        }
        return String.format(Locale.ROOT, "the label '%s' has %,d classes in %,d rows, %.1f rows a class, as whole"
                + " numbers that are a count or a measurement would: for a numeric target (regression) %s", column,
                classes, rows, (double) rows / classes, numericFix);
    }

    /**
     * The warning for a label column with no value in any of its {@code rows} rows (as an empty feature column gets
     * one): neither classes nor a target to learn; a file of unlabelled rows is imported with {@code --no-label}.
     */
    static String emptyLabel(String column, int rows) {
        return String.format(Locale.ROOT, "the label column '%s' has no value in any of the %,d rows, nothing to learn"
                + " or predict: for unlabelled data import with --no-label, or name the label column with --label COLUMN",
                io.plate.api.text.Visible.name(column), rows);
    }

    /** Whether every value is a whole number: class numbers, where a fraction makes the values a measurement. */
    static boolean wholeNumbers(double[] values) {
        for (double v : values) {
            if (!wholeNumber(v)) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code v} is a whole number, a class number; a label with a fraction is a measurement. */
    public static boolean wholeNumber(double v) {
        return v == Math.rint(v);
    }
}
