package io.plate.importers.impl;

import io.plate.api.data.ImportException;
import io.plate.api.data.ImportOptions;
import java.nio.file.Path;
import java.util.List;

/**
 * How a CSV file writes its numbers, as pandas' {@code read_csv(decimal=…, thousands=…)} reads them: the decimal
 * separator ({@link CsvImporter#DECIMAL}, '.' or ',') and a thousands separator ({@link #THOUSANDS}, none by
 * default). Each record's cells are rewritten in place to the plain form the cell parser reads ({@code 1.500,25}
 * to {@code 1500.25}). With the decimal comma, a number written with a '.' is not read as one (pandas keeps
 * {@code 1.500} as text): its column is noted, to become categorical with a warning that names the option to give.
 */
final class NumberStyle {
    /**
     * {@link ImportOptions#extra()} key: the thousands separator of the file's numbers, one character other than the
     * decimal separator ({@code .} in {@code 1.500,25}), as pandas' {@code read_csv(thousands='.')}; shell
     * {@code --thousands C}.
     */
    static final String THOUSANDS = "thousands";

    private final boolean decimalComma;
    /** The thousands separator, 0 for none. */
    private final char thousands;
    /** Per column, the first number written with a '.' that the decimal comma does not read, and its line; null until one. */
    private String[] pointed;
    private long[] pointedLine;

    private NumberStyle(boolean decimalComma, char thousands) {
        this.decimalComma = decimalComma;
        this.thousands = thousands;
    }

    /** The style the options give; a decimal other than '.' or ',', or a thousands separator that is not one other character, fails. */
    static NumberStyle of(Path file, ImportOptions options) {
        String d = options.extra().getOrDefault(CsvImporter.DECIMAL, ".");
        if (!d.equals(".") && !d.equals(",")) {
            throw new ImportException(file, 0, CsvImporter.DECIMAL, "decimal must be '.' or ',', got " + Sources.quote(d));
        }
        String t = options.extra().get(THOUSANDS);
        if (t != null && (t.length() != 1 || t.equals(d) || Character.isDigit(t.charAt(0)))) {
            throw new ImportException(file, 0, THOUSANDS, "thousands must be one character other than a digit and the"
                    + " decimal separator '" + d + "' (such as '.' for 1.500,25 with --decimal ,), got " + Sources.quote(t));
        }
        return new NumberStyle(d.equals(","), t == null ? 0 : t.charAt(0));
    }

    /** Whether numbers are plain decimals: nothing to rewrite. */
    boolean plain() {
        return !decimalComma && thousands == 0;
    }

    boolean decimalComma() {
        return decimalComma;
    }

    /** Rewrites the number cells of {@code rec}'s current record ({@code width} fields) in place. */
    void rewrite(CsvRecordReader rec, int width) {
        char[] c = rec.chars();
        for (int i = 0; i < width; i++) {
            int s = rec.start(i);
            int e = rec.end(i);
            if (thousands != 0) {
                int shorter = Numbers.withoutThousands(c, s, e, thousands, decimalComma);
                if (shorter != e) {
                    rec.shorten(i, shorter);
                    e = shorter;
                }
            }
            if (decimalComma) {
                int comma = Numbers.decimalComma(c, s, e);
                if (comma >= 0) {
                    c[comma] = '.';
                } else if (thousands != '.' && (pointed == null || pointed[i] == null) && pointedNumber(c, s, e)) {
                    note(i, width, new String(c, s, e - s), rec.line());
                }
            }
        }
    }

    /** A cell copied to be tried without its '.' ({@link #pointedNumber}). */
    private final CharBuf scratch = new CharBuf(64);

    /**
     * Whether {@code c[s, e)} is a number with a '.' in it, which the decimal comma does not read as one:
     * {@code 1.5}, {@code 1.500}, or {@code 1.500,25} (a number with '.' as its thousands separator).
     */
    private boolean pointedNumber(char[] c, int s, int e) {
        for (int k = s; k < e; k++) {
            if (c[k] == '.') {
                if (!Double.isNaN(Numbers.parse(c, s, e))) {
                    return true;
                }
                scratch.clear();
                scratch.append(c, s, e - s);
                return Numbers.withoutThousands(scratch.chars, 0, scratch.length, '.', true) != scratch.length;
            }
        }
        return false;
    }

    /**
     * Whether {@code levels} (a column's texts as rewritten) are all numbers but for those written with a '.'
     * ({@link #pointedNumber}): a column of numbers that the decimal comma left as text.
     */
    boolean numbersButForPoints(List<String> levels) {
        for (String t : levels) {
            char[] c = t.toCharArray();
            if (Double.isNaN(Numbers.parse(c, 0, c.length)) && !pointedNumber(c, 0, c.length)) {
                return false;
            }
        }
        return true;
    }

    private void note(int column, int width, String cell, long line) {
        if (pointed == null) {
            pointed = new String[width];
            pointedLine = new long[width];
        }
        pointed[column] = cell;
        pointedLine[column] = line;
    }

    /** The first number of column {@code i} written with a '.' that the decimal comma does not read, or null. */
    String pointed(int i) {
        return pointed == null ? null : pointed[i];
    }

    long pointedLine(int i) {
        return pointedLine == null ? 0 : pointedLine[i];
    }

    /** Why {@code cell} (of a column forced numeric) is not a number here: its '.' under the decimal comma. */
    String notANumber(String cell) {
        return "expected a number (column forced numeric), found " + Sources.quote(cell) + ": with --decimal , a '.' is"
                + " not a decimal point (as in pandas' read_csv(decimal=','))" + (thousands == 0 ? "; " + THOUSANDS_FIX : "");
    }

    private static final String THOUSANDS_FIX = "if '.' separates thousands (1.500 for 1500), give --thousands .";

    /**
     * The warning for the columns (indices {@code columns}, names {@code names}) that hold numbers but for cells
     * written with a '.', and so became categorical; null when there are none.
     */
    String pointedWarning(List<Integer> columns, List<String> names) {
        if (columns.isEmpty()) {
            return null;
        }
        int first = columns.get(0);
        boolean one = columns.size() == 1;
        List<String> named = columns.stream().map(names::get).toList();
        return (one ? "column '" + io.plate.api.text.Visible.name(named.get(0)) + "' holds" : "columns " + Sources.names(named)
                + " hold") + " numbers written with a '.' (such as " + Sources.quote(pointed[first]) + ", line "
                + pointedLine[first] + "), which --decimal , does not read as a decimal point, as pandas'"
                + " read_csv(decimal=',') does not: kept as text, so " + (one ? "it" : "they") + " became categorical"
                + (thousands == 0 ? ": " + THOUSANDS_FIX : ""); // no "; ": it separates warnings
    }
}
