package io.plate.api.data;

import java.util.regex.Pattern;

/**
 * A document-frequency bound of the text importer ({@code --min-df}, {@code --max-df}), as scikit-learn's
 * {@code CountVectorizer} takes {@code min_df} and {@code max_df}: a count of documents (an int, at least 1)
 * or a proportion of them (a float in [0, 1]). Written as text, a whole number is a count and a number
 * with a decimal point or an exponent a proportion, as Python reads {@code 2} and {@code 1.0}.
 *
 * @param value      the count or the proportion
 * @param proportion true for a proportion of the documents, false for a count
 * @since 1.9
 */
public record DocumentFrequency(double value, boolean proportion) {
    private static final Pattern WHOLE = Pattern.compile("[+-]?\\d+");

    /** Refuses a proportion outside [0, 1], or a count not a whole number in 1..{@code Integer.MAX_VALUE}. */
    public DocumentFrequency {
        if (proportion ? !(value >= 0 && value <= 1) : !(value >= 1 && value == Math.rint(value) && value <= Integer.MAX_VALUE)) {
            throw new IllegalArgumentException(proportion ? "a proportion of documents must be in [0.0, 1.0], got " + value
                    : "a count of documents must be a whole number of at least 1, got " + value);
        }
    }

    /** {@code n} documents. */
    public static DocumentFrequency count(int n) {
        return new DocumentFrequency(n, false);
    }

    /** The fraction {@code p} of the documents. */
    public static DocumentFrequency proportion(double p) {
        return new DocumentFrequency(p, true);
    }

    /**
     * Reads {@code text} as scikit-learn's type decides: a whole number ({@code 2}) is a count, any other
     * number ({@code 0.01}, {@code 1.0}, {@code 1e-3}) a proportion.
     *
     * @throws IllegalArgumentException naming the value when it is neither or out of range
     */
    public static DocumentFrequency parse(String text) {
        String t = text.strip();
        if (WHOLE.matcher(t).matches()) {
            long n;
            try {
                n = Long.parseLong(t.startsWith("+") ? t.substring(1) : t);
            } catch (NumberFormatException e) {
                n = Long.MAX_VALUE;
            }
            if (n < 1 || n > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("a count of documents must be a whole number from 1 to "
                        + Integer.MAX_VALUE + " (or a proportion with a decimal point, 0.0 to 1.0), got " + text);
            }
            return count((int) n);
        }
        double p;
        try {
            p = Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected a count of documents (a whole number, at least 1) or a"
                    + " proportion of them (0.0 to 1.0), got '" + text + "'");
        }
        if (!(p >= 0 && p <= 1)) {
            throw new IllegalArgumentException("a proportion of documents must be in [0.0, 1.0] (a count has no"
                    + " decimal point), got " + text);
        }
        return proportion(p);
    }

    /** The bound in documents for a corpus of {@code documents}: the count, or the proportion times it. */
    public double documents(int documents) {
        return proportion ? value * documents : value;
    }

    /** As {@link #parse} reads it back: {@code 2} for a count, {@code 0.5} or {@code 1.0} for a proportion. */
    @Override
    public String toString() {
        return proportion ? Double.toString(value) : Long.toString((long) value);
    }
}
