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
 * Public, so that Plate on Spark reads each cell of the same files by the same rule ({@link #plain(String)},
 * {@link #unread(String)}), with a style made on each executor from its options ({@link #decimal()},
 * {@link #thousands()}): nothing of it is serialized.
 */
public final class NumberStyle {

    /**
     * {@link ImportOptions#extra()} key: the thousands separator of the file's numbers, one character other than the
     * decimal separator ({@code .} in {@code 1.500,25}), as pandas' {@code read_csv(thousands='.')}; shell
     * {@code --thousands C}.
     */
    public static final String THOUSANDS = "thousands";

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
    public static NumberStyle of(Path file, ImportOptions options) {
        String d = options.extra().getOrDefault(CsvImporter.DECIMAL, ".");
        String t = options.extra().get(THOUSANDS);
        String problem = problem(d, t);
        if (problem != null) {
            throw new ImportException(file, 0, problem.startsWith(THOUSANDS) ? THOUSANDS : CsvImporter.DECIMAL, problem);
        }
        return of(d, t);
    }

    /** The style of the separators {@code decimal} and {@code thousands} (null: none), checked first with {@link #problem}. */
    public static NumberStyle of(String decimal, String thousands) {
        String problem = problem(decimal, thousands);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        return new NumberStyle(decimal.equals(","), thousands == null ? 0 : thousands.charAt(0));
    }

    /**
     * What is wrong with the separators {@code decimal} and {@code thousands} (null: none given), starting with the
     * option's name ({@code decimal must be …}), or null when they are right; for a caller that checks them first.
     */
    public static String problem(String decimal, String thousands) {
        if (!decimal.equals(".") && !decimal.equals(",")) {
            return "decimal must be '.' or ',', got " + Sources.quote(decimal);
        }
        if (thousands != null && (thousands.length() != 1 || thousands.equals(decimal) || Character.isDigit(thousands.charAt(0)))) {
            return "thousands must be one character other than a digit and the decimal separator '" + decimal
                    + "' (such as '.' for 1.500,25 with --decimal ,), got " + Sources.quote(thousands);
        }
        return null;
    }

    /** Whether numbers are plain decimals: nothing to rewrite. */
    public boolean plain() {
        return !decimalComma && thousands == 0;
    }

    public boolean decimalComma() {
        return decimalComma;
    }

    /** The decimal separator as the option gives it, "." or ",". */
    public String decimal() {
        return decimalComma ? "," : ".";
    }

    /** The thousands separator as the option gives it, or null for none. */
    public String thousands() {
        return thousands == 0 ? null : String.valueOf(thousands);
    }

    /** Rewrites the number cells of {@code rec}'s current record ({@code width} fields) in place. */
    void rewrite(CsvRecordReader rec, int width) {
        char[] c = rec.chars();
        for (int i = 0; i < width; i++) {
            int e = rec.end(i);
            int end = cell(c, rec.start(i), e, pointed == null || pointed[i] == null);
            if (end < 0) { // the column's first number written with a '.' that the decimal comma does not read
                end = -end - 1;
                note(i, width, new String(c, rec.start(i), end - rec.start(i)), rec.line());
            }
            if (end != e) {
                rec.shorten(i, end);
            }
        }
    }

    /**
     * The one rule of a cell {@code c[s, e)}, rewritten in place to the plain form the cell parser reads (thousands
     * separators out, the decimal comma a point); returns its new end. When {@code tell} and the cell is a number
     * written with a '.' that the decimal comma does not read ({@link #pointedNumber}), returns {@code -end - 1}.
     */
    private int cell(char[] c, int s, int e, boolean tell) {
        if (thousands != 0) {
            e = Numbers.withoutThousands(c, s, e, thousands, decimalComma);
        }
        if (decimalComma) {
            int comma = Numbers.decimalComma(c, s, e);
            if (comma >= 0) {
                c[comma] = '.';
            } else if (tell && thousands != '.' && pointedNumber(c, s, e)) {
                return -e - 1;
            }
        }
        return e;
    }

    /**
     * {@code text} as this style reads it, as {@link #rewrite} rewrites a record's cell: {@code 1.500,25} to
     * {@code 1500.25} with {@code --thousands .}; any other text as it is (null stays null).
     */
    public String plain(String text) {
        if (text == null || plain()) {
            return text;
        }
        char[] c = text.toCharArray();
        int e = cell(c, 0, c.length, false);
        return new String(c, 0, e);
    }

    /**
     * Whether {@code text} is a number written with a '.' that this style's decimal comma does not read
     * ({@code 1.500} without {@code --thousands .}): a cell that makes its column text, as pandas keeps it.
     */
    public boolean unread(String text) {
        if (text == null || !decimalComma) {
            return false;
        }
        char[] c = text.toCharArray();
        return cell(c, 0, c.length, true) < 0;
    }

    /**
     * Whether {@code c[s, e)} is a number with a '.' in it, which the decimal comma does not read as one:
     * {@code 1.5}, {@code 1.500}, or {@code 1.500,25} (a number with '.' as its thousands separator).
     */
    private static boolean pointedNumber(char[] c, int s, int e) {
        for (int k = s; k < e; k++) {
            if (c[k] == '.') {
                if (!Double.isNaN(Numbers.parse(c, s, e))) {
                    return true;
                }
                char[] copy = java.util.Arrays.copyOfRange(c, s, e); // tried without its '.', the cell left as it is
                return Numbers.withoutThousands(copy, 0, copy.length, '.', true) != copy.length;
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
        return unreadWarning(columns.stream().map(names::get).toList(), pointed[first], pointedLine[first]);
    }

    /**
     * The warning for the columns {@code named} that hold numbers but for cells written with a '.' (such as
     * {@code example}, on {@code line}; 0 when the reader cannot tell the line), and so became categorical.
     */
    public String unreadWarning(List<String> named, String example, long line) {
        boolean one = named.size() == 1;
        return (one ? "column '" + io.plate.api.text.Visible.name(named.get(0)) + "' holds" : "columns " + Sources.names(named)
                + " hold") + " numbers written with a '.' (such as " + Sources.quote(example) + (line > 0 ? ", line " + line : "")
                + "), which --decimal , does not read as a decimal point, as pandas'"
                + " read_csv(decimal=',') does not: kept as text, so " + (one ? "it" : "they") + " became categorical"
                + (thousands == 0 ? ": " + THOUSANDS_FIX : ""); // no "; ": it separates warnings
    }
}
