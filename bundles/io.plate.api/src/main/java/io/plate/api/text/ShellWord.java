package io.plate.api.text;

/**
 * A name from a user's data (a column, a class) as one word of a Gogo command line, for the advice a message
 * gives ({@code import it again with --numeric 'size (cm)'}): as it is when every character is a letter, a digit,
 * a combining mark or one of {@code _-.,:/@+}, which the shell reads as plain word characters; else in single
 * quotes, a quote inside written {@code '\''} (close, an escaped quote, open again), which Gogo and a POSIX
 * shell both read back as the name. Shown as {@link Visible#name} shows it (since 1.3.0).
 */
public final class ShellWord {
    private static final String PLAIN = "_-.,:/@+";

    private ShellWord() {
    }

    /** {@code name} as one word to type after an option, quoted where the shell would read it otherwise. */
    public static String of(String name) {
        String v = Visible.name(name);
        return plain(v) ? v : "'" + v.replace("'", "'\\''") + "'";
    }

    private static boolean plain(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); ) {
            int c = s.codePointAt(i);
            int type = Character.getType(c);
            if (!Character.isLetterOrDigit(c) && type != Character.NON_SPACING_MARK && type != Character.COMBINING_SPACING_MARK
                    && PLAIN.indexOf(c) < 0) {
                return false;
            }
            i += Character.charCount(c);
        }
        return true;
    }
}
