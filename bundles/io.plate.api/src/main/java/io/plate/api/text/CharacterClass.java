package io.plate.api.text;

/**
 * A named set of characters: Unicode general categories ({@link Character#getType}), with a few ASCII characters
 * added or taken out. The one place the bundles say what a word, a name and invisible text are made of (since
 * 1.4.0): the text importer's tokens ({@link #WORD}), the shell's dataset, model and run names ({@link #NAME}) and
 * the characters {@link Visible} escapes ({@link #INVISIBLE}). Immutable.
 */
public final class CharacterClass {
    /**
     * A word character as scikit-learn's {@code token_pattern} reads {@code \w}, Python's {@code str.isalnum() or
     * ch == '_'}: a letter (Lu, Ll, Lt, Lm, Lo), a number (Nd, Nl, No: {@code ½} and {@code ²} too) or '_'. Not
     * Java's {@code UNICODE_CHARACTER_CLASS} {@code \w}, which leaves out No and takes in combining marks.
     */
    public static final CharacterClass WORD = new CharacterClass(letters() | categories(Character.DECIMAL_DIGIT_NUMBER,
            Character.LETTER_NUMBER, Character.OTHER_NUMBER), "_", "");

    /**
     * A character of a name the shell keeps (a dataset, model or run): a letter (Lu, Ll, Lt, Lm, Lo), a decimal digit
     * (Nd), a combining mark (Mn, Mc: the accent of a decomposed é) or one of {@code _ - .}. Gogo reads a run of
     * them as one plain word: none is a character it gives a meaning ({@code $ ; | ( ) { } = ' "}, spaces).
     */
    public static final CharacterClass NAME = new CharacterClass(letters() | categories(Character.DECIMAL_DIGIT_NUMBER,
            Character.NON_SPACING_MARK, Character.COMBINING_SPACING_MARK), "_-.", "");

    /**
     * A character of a plain word in a command line an advice message gives ({@link ShellWord}): a {@link #NAME}
     * character or one of {@code , : / @ +}, which Gogo and a POSIX shell also read as part of a word.
     */
    public static final CharacterClass SHELL_WORD = new CharacterClass(NAME.categories, "_-.,:/@+", "");

    /**
     * A character that prints as nothing, as a space that is not one, or breaks the line: a control (Cc), a format
     * character (Cf: zero-width space and joiners, direction marks, the byte-order mark, a soft hyphen), a space
     * separator (Zs) other than ' ', a line or paragraph separator (Zl, Zp).
     */
    public static final CharacterClass INVISIBLE = new CharacterClass(categories(Character.CONTROL, Character.FORMAT,
            Character.SPACE_SEPARATOR, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR), "", " ");

    /** Bit t set: general category t ({@link Character#getType}, 0 to 30) is in the class. */
    private final int categories;
    /** Bit c set: ASCII character c is in the class, c below 64 in {@code ascii0}, from 64 to 127 in {@code ascii1}. */
    private final long ascii0;
    private final long ascii1;

    private CharacterClass(int categories, String added, String removed) {
        this.categories = categories;
        long a0 = 0;
        long a1 = 0;
        for (int c = 0; c < 128; c++) {
            boolean in = (added.indexOf(c) >= 0 || inCategories(categories, c)) && removed.indexOf(c) < 0;
            if (in && c < 64) {
                a0 |= 1L << c;
            } else if (in) {
                a1 |= 1L << c; // a long shift counts modulo 64: bit c - 64
            }
        }
        this.ascii0 = a0;
        this.ascii1 = a1;
    }

    /** Whether code point {@code c} is in the class; an ASCII character by a table, the others by their category. */
    public boolean contains(int c) {
        if (c >= 0 && c < 128) {
            return ((c < 64 ? ascii0 : ascii1) >>> c & 1) != 0; // a long shift counts modulo 64
        }
        return inCategories(categories, c);
    }

    private static boolean inCategories(int categories, int c) {
        return (categories >>> Character.getType(c) & 1) != 0;
    }

    private static int categories(int... types) {
        int bits = 0;
        for (int t : types) {
            bits |= 1 << t;
        }
        return bits;
    }

    private static int letters() {
        return categories(Character.UPPERCASE_LETTER, Character.LOWERCASE_LETTER, Character.TITLECASE_LETTER,
                Character.MODIFIER_LETTER, Character.OTHER_LETTER);
    }
}
