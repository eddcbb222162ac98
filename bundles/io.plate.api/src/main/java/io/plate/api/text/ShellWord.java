package io.plate.api.text;

/**
 * A name from a user's data (a column, a class) as one word of a Gogo command line, for the advice a message
 * gives ({@code import it again with --numeric 'size (cm)'}): as it is when every character is one of
 * {@link CharacterClass#SHELL_WORD}, which the shell reads as plain word characters; else in single
 * quotes, a quote inside written {@code '\''} (close, an escaped quote, open again), which Gogo and a POSIX
 * shell both read back as the name. Shown whole, as {@link Visible#text} shows it: a shortened name in a command
 * names no column (since 1.7.0; shortened as {@link Visible#name} before). Since 1.4.0.
 */
public final class ShellWord {
    private ShellWord() {
    }

    /** {@code name} as one word to type after an option, quoted where the shell would read it otherwise. */
    public static String of(String name) {
        String v = Visible.text(name); // never shortened: the user types it back
        return plain(v) ? v : "'" + v.replace("'", "'\\''") + "'";
    }

    private static boolean plain(String s) {
        return !s.isEmpty() && s.codePoints().allMatch(CharacterClass.SHELL_WORD::contains);
    }
}
