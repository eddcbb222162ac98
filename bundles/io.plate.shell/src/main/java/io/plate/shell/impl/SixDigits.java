package io.plate.shell.impl;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/**
 * A number for people: six significant digits, no trailing zeros ({@code 151.234}, not
 * {@code 151.23412345678}; {@code 1.34122} for a standardised feature written with 16 digits), the
 * scientific form outside [1e-4, 1e7). Files keep every digit; only what the shell prints is shortened.
 */
final class SixDigits {
    private SixDigits() {
    }

    static String of(double v) {
        if (!Double.isFinite(v)) {
            return Double.toString(v);
        }
        if (v != 0 && (Math.abs(v) >= 1e7 || Math.abs(v) < 1e-4)) {
            return String.format(Locale.ROOT, "%.5e", v);
        }
        String t = new BigDecimal(v).round(new MathContext(6)).stripTrailingZeros().toPlainString();
        return t.equals("-0") ? "0" : t;
    }

    /**
     * {@code text} shortened when it is a number as {@link Double#toString} writes it (how the classifiers
     * give a numeric feature's value: "-1.341219714076669" reads -1.34122); any other text, such as a level
     * "007" or "1.50", as it is.
     */
    static String ofText(String text) {
        try {
            double v = Double.parseDouble(text);
            return Double.toString(v).equals(text) ? of(v) : text;
        } catch (NumberFormatException e) {
            return text;
        }
    }
}
