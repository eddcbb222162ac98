package io.plate.importers.impl;

/**
 * Strict decimal number parsing: {@code [+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?},
 * surrounding spaces allowed. Unlike {@link Double#parseDouble} it refuses {@code NaN}, {@code Infinity},
 * hexadecimal and Java suffixes such as {@code 1d}, so that a column of such texts stays categorical.
 */
final class Numbers {
    private Numbers() {
    }

    /**
     * The position of the comma in {@code s[from, to)} when it is a number written with a decimal comma
     * ({@code [+-]? digits , digits ([eE] [+-]? digits)?}, spaces around), else −1.
     */
    static int decimalComma(char[] s, int from, int to) {
        from = start(s, from, to);
        to = end(s, from, to);
        int i = from < to && (s[from] == '+' || s[from] == '-') ? from + 1 : from;
        int start = i;
        while (i < to && s[i] >= '0' && s[i] <= '9') {
            i++;
        }
        if (i == start || i == to || s[i] != ',') {
            return -1;
        }
        int comma = i++;
        int frac = i;
        while (i < to && s[i] >= '0' && s[i] <= '9') {
            i++;
        }
        if (i == frac) {
            return -1;
        }
        if (i < to && (s[i] == 'e' || s[i] == 'E')) {
            i++;
            i = i < to && (s[i] == '+' || s[i] == '-') ? i + 1 : i;
            int exp = i;
            while (i < to && s[i] >= '0' && s[i] <= '9') {
                i++;
            }
            if (i == exp) {
                return -1;
            }
        }
        return i == to ? comma : -1;
    }

    /**
     * Takes the thousands separator {@code sep} out of {@code s[from, to)} when it is a number written with it
     * ({@code 1.500,25} with {@code sep} '.' and {@code decimalComma}, {@code 1,500.25} with ','): a separator
     * between two digits of the whole part, as pandas' {@code read_csv(thousands=…)} reads it. The chars are
     * moved left in place; returns the new end, {@code to} when the text is left as it is (no separator, or not
     * such a number).
     */
    static int withoutThousands(char[] s, int from, int to, char sep, boolean decimalComma) {
        int start = start(s, from, to);
        int i = start < to && (s[start] == '+' || s[start] == '-') ? start + 1 : start;
        int digits = i;
        int seps = 0;
        while (i < to && (s[i] >= '0' && s[i] <= '9'
                || s[i] == sep && i > digits && i + 1 < to && s[i + 1] >= '0' && s[i + 1] <= '9')) {
            seps += s[i] == sep ? 1 : 0;
            i++;
        }
        if (seps == 0) {
            return to;
        }
        // the rest after the whole part's last digit must make a number: 5 and what follows it stands for 1500…
        boolean number = decimalComma ? decimalComma(s, i - 1, to) >= 0 || !Double.isNaN(parse(s, i - 1, to))
                : !Double.isNaN(parse(s, i - 1, to));
        if (!number) {
            return to;
        }
        int w = digits;
        for (int k = digits; k < to; k++) {
            if (k >= i || s[k] != sep) {
                s[w++] = s[k];
            }
        }
        return w;
    }

    /** The value of {@code s[from, to)}, or NaN when it is not a finite decimal number. */
    static double parse(char[] s, int from, int to) {
        from = start(s, from, to);
        to = end(s, from, to);
        if (from == to) {
            return Double.NaN;
        }
        int i = from;
        boolean neg = false;
        if (s[i] == '+' || s[i] == '-') {
            neg = s[i] == '-';
            i++;
        }
        long mant = 0;
        int digits = 0;
        int intStart = i;
        while (i < to && s[i] >= '0' && s[i] <= '9') {
            mant = mant * 10 + (s[i] - '0');
            digits++;
            i++;
        }
        int intDigits = i - intStart;
        int fracDigits = 0;
        if (i < to && s[i] == '.') {
            i++;
            int fs = i;
            while (i < to && s[i] >= '0' && s[i] <= '9') {
                mant = mant * 10 + (s[i] - '0');
                digits++;
                i++;
            }
            fracDigits = i - fs;
        }
        if (intDigits + fracDigits == 0) {
            return Double.NaN;
        }
        boolean exp = false;
        if (i < to && (s[i] == 'e' || s[i] == 'E')) {
            exp = true;
            i++;
            if (i < to && (s[i] == '+' || s[i] == '-')) {
                i++;
            }
            int es = i;
            while (i < to && s[i] >= '0' && s[i] <= '9') {
                i++;
            }
            if (i == es) {
                return Double.NaN;
            }
        }
        if (i != to) {
            return Double.NaN;
        }
        if (!exp && digits <= 15) {
            // exact: an integer below 10^15 divided by an exact power of ten is correctly rounded
            double v = fracDigits == 0 ? mant : mant / POW10[fracDigits];
            return neg ? -v : v;
        }
        double v = Double.parseDouble(new String(s, from, to - from));
        return Double.isFinite(v) ? v : Double.NaN;
    }

    /**
     * Whether {@code s[from, to)} is an infinity: {@code inf} or {@code infinity} in any case with an optional
     * sign (numpy, pandas, R and Java write these), or a decimal number too large for a double ({@code 1e999}).
     */
    static boolean infinite(char[] s, int from, int to) {
        from = start(s, from, to);
        to = end(s, from, to);
        int i = from < to && (s[from] == '+' || s[from] == '-') ? from + 1 : from;
        String word = new String(s, i, to - i);
        if (word.equalsIgnoreCase("inf") || word.equalsIgnoreCase("infinity")) {
            return true;
        }
        for (int k = i; k < to; k++) {
            char c = s[k];
            if (!(c >= '0' && c <= '9' || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-')) {
                return false;
            }
        }
        try {
            return to - i > 0 && Double.isInfinite(Double.parseDouble(new String(s, from, to - from)));
        } catch (NumberFormatException e) {
            return false; // not a decimal number at all
        }
    }

    static double parse(String s) {
        return parse(s.toCharArray(), 0, s.length());
    }

    /** 10^k exactly, for 0 <= k <= 15. */
    static double pow10(int k) {
        return POW10[k];
    }

    private static final double[] POW10 = new double[16];

    static {
        POW10[0] = 1;
        for (int i = 1; i < POW10.length; i++) {
            POW10[i] = POW10[i - 1] * 10;
        }
    }

    /** The first index of {@code s[from, to)} after its leading spaces. */
    private static int start(char[] s, int from, int to) {
        while (from < to && s[from] == ' ') {
            from++;
        }
        return from;
    }

    /** The end of {@code s[from, to)} before its trailing spaces. */
    private static int end(char[] s, int from, int to) {
        while (to > from && s[to - 1] == ' ') {
            to--;
        }
        return to;
    }
}
