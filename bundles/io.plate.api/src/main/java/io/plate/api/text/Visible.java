package io.plate.api.text;

/**
 * Text from a user's file (a cell, a column or class name) as a line for people shows it: the characters that
 * print as nothing or break the line are written as escapes, backslash-n, -r and -t, and backslash-u with four
 * hex digits for the others (a no-break space U+00A0, a zero-width space U+200B, a byte-order mark U+FEFF), and
 * a very long name is shortened with "…"; and how many terminal columns text takes ({@link #width}: a wide East
 * Asian character two). The one place tables ({@link TextTable}), dataset summaries and import
 * messages make such text visible (since 1.3.0).
 */
public final class Visible {
    /** Characters of a name shown in a summary or a message before it is shortened with "…". */
    public static final int NAME_LENGTH = 60;
    /**
     * Characters of a table cell shown before the rest is cut ({@link #cell}): the longest text a table holds
     * (a parameter's meaning, a path) is a few hundred; a 10 MB class name printed whole under {@code -c} is not a table.
     */
    static final int CELL_LENGTH = 500;

    private Visible() {
    }

    /** {@code s} with every invisible or line-breaking character escaped; as it is when it holds none. */
    public static String text(String s) {
        int i = 0;
        while (i < s.length() && !CharacterClass.INVISIBLE.contains(s.charAt(i))) {
            i++;
        }
        if (i == s.length()) {
            return s;
        }
        StringBuilder b = new StringBuilder(s.length() + 8).append(s, 0, i);
        for (; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!CharacterClass.INVISIBLE.contains(c)) {
                b.append(c);
            } else if (c == '\n') {
                b.append("\\n");
            } else if (c == '\r') {
                b.append("\\r");
            } else if (c == '\t') {
                b.append("\\t");
            } else {
                b.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
            }
        }
        return b.toString();
    }

    /** {@link #text} of {@code s} cut to {@link #NAME_LENGTH} characters, as a name in a summary or a message. */
    public static String name(String s) {
        return shortened(s, NAME_LENGTH);
    }

    /**
     * {@link #name} of {@code n} as one entry of a comma-separated list of names ({@code [class, "size, cm", w]},
     * "2 numeric columns (a, "size, cm")"): CSV-quoted, a quote inside doubled, when it holds a comma or a quote,
     * as a list option ({@code --ignore}) reads it back; the one way summaries and messages list names.
     *
     * @since 1.6.0
     */
    public static String listed(String n) {
        return inList(n, name(n));
    }

    /**
     * {@link #listed} of {@code n} in full, never shortened: a name the user types back, as the header's names
     * that a refused option lists ({@code --ignore names a column the header does not have; it has […]}).
     *
     * @since 1.7.0
     */
    public static String listedWhole(String n) {
        return inList(n, text(n));
    }

    /** {@code shown}, the shown form of {@code n}, CSV-quoted when {@code n} holds a comma or a quote. */
    private static String inList(String n, String shown) {
        return n.indexOf(',') >= 0 || n.indexOf('"') >= 0 ? '"' + shown.replace("\"", "\"\"") + '"' : shown;
    }

    /**
     * {@link #text} of {@code s}, its first {@code max - 1} code points and "…" when it has more than {@code max}
     * (a 10 MB class name is a line, not a screenful).
     */
    public static String shortened(String s, int max) {
        if (max < 1) {
            throw new IllegalArgumentException("max must be at least 1, got " + max);
        }
        if (s.length() <= max || s.codePointCount(0, s.length()) <= max) {
            return text(s);
        }
        return text(s.substring(0, s.offsetByCodePoints(0, max - 1))) + "…";
    }

    /**
     * {@link #text} of a table cell {@code s}: its first {@code max} code points and a marker saying how many were
     * cut, e.g. {@code aaa… (9999500 more characters)}, when it has more; what {@link TextTable} shows of a cell
     * that no terminal width shortens (a pipe, {@code -c}).
     */
    static String cell(String s, int max) {
        if (s.length() <= max) {
            return text(s);
        }
        int all = s.codePointCount(0, s.length());
        if (all <= max) {
            return text(s);
        }
        return text(s.substring(0, s.offsetByCodePoints(0, max))) + "… (" + Plural.of(all - max, "more character") + ")";
    }

    /**
     * The columns {@code s} takes in a terminal: 2 for a wide East Asian character ({@code 日本} is 4), 0 for a
     * combining mark (the e and accent of a decomposed é are 1), else 1 per code point; what a table aligns by.
     */
    public static int width(String s) {
        int w = 0;
        for (int i = 0; i < s.length(); ) {
            int c = s.codePointAt(i);
            w += width(c);
            i += Character.charCount(c);
        }
        return w;
    }

    /** The longest start of {@code s} that takes at most {@code columns} columns ({@link #width}). */
    public static String cut(String s, int columns) {
        int w = 0;
        int i = 0;
        while (i < s.length()) {
            int c = s.codePointAt(i);
            if (w + width(c) > columns) {
                break;
            }
            w += width(c);
            i += Character.charCount(c);
        }
        return s.substring(0, i);
    }

    /** Columns of code point {@code c}: Markus Kuhn's wcwidth ranges of wide characters, 0 for combining marks. */
    private static int width(int c) {
        if (c < 0x300) {
            return 1;
        }
        int type = Character.getType(c);
        if (type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK) {
            return 0;
        }
        boolean wide = c >= 0x1100 && (c <= 0x115f || c == 0x2329 || c == 0x232a
                || (c >= 0x2e80 && c <= 0xa4cf && c != 0x303f) || (c >= 0xac00 && c <= 0xd7a3)
                || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xfe10 && c <= 0xfe19) || (c >= 0xfe30 && c <= 0xfe6f)
                || (c >= 0xff00 && c <= 0xff60) || (c >= 0xffe0 && c <= 0xffe6) || (c >= 0x1f300 && c <= 0x1f64f)
                || (c >= 0x1f900 && c <= 0x1f9ff) || (c >= 0x20000 && c <= 0x2fffd) || (c >= 0x30000 && c <= 0x3fffd));
        return wide ? 2 : 1;
    }
}
