package io.plate.importers.impl;

import java.util.regex.Pattern;

/**
 * How a column of texts that are numbers written with a comma reads: with a decimal comma ({@code 1,5}), with a
 * thousands separator ({@code 1,000,000}), or either way ({@code 2,500}: 2500 to pandas'
 * {@code read_csv(thousands=',')}, 2.5 to {@code read_csv(decimal=',')}); the option the import's warning names.
 */
public enum CommaNumbers {
    /** Not such a column: a text that is no number either way, or no comma at all. */
    NONE,
    /** Numbers with a decimal comma, at least one not grouped by thousands ({@code 1,5}): {@code --decimal ,}. */
    DECIMAL,
    /** Numbers grouped by thousands, at least one with two commas or a point ({@code 1,000.5}): {@code --thousands ,}. */
    THOUSANDS,
    /** Every comma stands before three digits, alone ({@code 2,500}): either option reads them, to different numbers. */
    EITHER,
    /** Numbers grouped by points with a decimal comma ({@code 1.037,1}), as German spreadsheets write them: {@code --decimal , --thousands .}. */
    POINTED_THOUSANDS;

    /** A number whose whole part is grouped by commas in threes: {@code 1,000}, {@code -12,345,678.5}. */
    private static final Pattern GROUPED = Pattern.compile(" *[+-]?\\d{1,3}(,\\d{3})+(\\.\\d*)?([eE][+-]?\\d+)? *");

    /** A number whose whole part is grouped by points in threes, with a decimal comma: {@code 1.037,1}, {@code -12.345.678}. */
    private static final Pattern POINT_GROUPED = Pattern.compile(" *[+-]?\\d{1,3}(\\.\\d{3})+(,\\d*)?([eE][+-]?\\d+)? *");

    /** How {@code texts} read: {@link #NONE} unless every one is a number, plain or with a comma, and some have one. */
    public static CommaNumbers of(Iterable<String> texts) {
        boolean decimal = true;
        boolean grouped = true;
        boolean comma = false;
        boolean european = true; // every text with a comma a decimal comma or point-grouped (1,5 or 1.037,1)
        boolean pointGrouped = false;
        for (String t : texts) {
            if (CsvImporter.isNumber(t)) {
                continue;
            }
            char[] c = t.toCharArray();
            boolean d = Numbers.decimalComma(c, 0, c.length) >= 0;
            boolean g = GROUPED.matcher(t).matches();
            boolean p = POINT_GROUPED.matcher(t).matches(); // not a plain number, so it holds a comma or two points
            if (!d && !g && !p) {
                return NONE;
            }
            comma = true;
            decimal &= d;
            grouped &= g;
            european &= d || p;
            pointGrouped |= p;
        }
        if (!comma) {
            return NONE;
        }
        if (decimal || grouped) {
            return decimal && grouped ? EITHER : decimal ? DECIMAL : THOUSANDS;
        }
        return european && pointGrouped ? POINTED_THOUSANDS : NONE;
    }

    /**
     * The import's warning for the columns {@code names} (as {@link Sources#names} lists them) that read this way
     * and became categorical, {@code example} one of their cells; null for {@link #NONE}.
     */
    String warning(java.util.List<String> names, String example) {
        boolean one = names.size() == 1;
        String columns = "column" + (one ? " " : "s ") + Sources.names(names) + (one ? " holds" : " hold");
        String became = " and became categor" + (one ? "ical" : "ies") + ": ";
        String them = one ? "it" : "them";
        switch (this) {
            case DECIMAL:
                return columns + " numbers written with a decimal comma" + became + "give --decimal , to read " + them
                        + " as numbers";
            case THOUSANDS:
                return columns + " numbers written with ',' between thousands (such as " + Sources.quote(example) + ")"
                        + became + "give --thousands , to read " + them + " as numbers";
            case EITHER:
                return columns + " numbers written with a comma before three digits (such as " + Sources.quote(example)
                        + ")" + became + "give --thousands , if the comma separates thousands (1,000 for 1000), or"
                        + " --decimal , if it is a decimal comma (1,000 for 1)";
            case POINTED_THOUSANDS:
                return columns + " numbers written with '.' between thousands and a decimal comma (such as "
                        + Sources.quote(example) + ")" + became + "give --decimal , --thousands . to read " + them
                        + " as numbers";
            default:
                return null;
        }
    }

    /** The first text of {@code texts} that is no plain number (1,5 or 1.037.000: the example a warning shows), or null. */
    static String example(Iterable<String> texts) {
        for (String t : texts) {
            if (!CsvImporter.isNumber(t)) {
                return t;
            }
        }
        return null;
    }
}
