package io.plate.importers.impl;

/**
 * Finds the tokens of scikit-learn's default {@code token_pattern}, {@code (?u)\b\w\w+\b}, without a
 * regular expression: a token is a maximal run of at least two word characters.
 *
 * <p>A word character is what Python's {@code re} module calls {@code \w} for {@code str} patterns:
 * {@code ch.isalnum() or ch == '_'}, i.e. a letter (general categories Lu, Ll, Lt, Lm, Lo), a number
 * (Nd, Nl, No) or the underscore. This is deliberately <em>not</em> Java's
 * {@code Pattern.UNICODE_CHARACTER_CLASS} {@code \w}, which leaves out other numbers such as
 * {@code ²} and {@code ½} (both in Latin-1, both word characters to Python) and takes in combining
 * marks and all connector punctuation. Lengths count code points, as Python strings do.
 */
final class WordScanner {
    /** Word characters among the first 128 code points. */
    static final boolean[] ASCII_WORD = new boolean[128];

    static {
        for (char c = '0'; c <= '9'; c++) {
            ASCII_WORD[c] = true;
        }
        for (char c = 'a'; c <= 'z'; c++) {
            ASCII_WORD[c] = true;
            ASCII_WORD[c - 32] = true;
        }
        ASCII_WORD['_'] = true;
    }

    /** Receives each token as a range of the scanned buffer. */
    interface Sink {
        void token(char[] text, int offset, int length);
    }

    private WordScanner() {
    }

    /** True when code point {@code cp} is a word character in Python's sense. */
    static boolean isWord(int cp) {
        if (cp < 128) {
            return ASCII_WORD[cp];
        }
        switch (Character.getType(cp)) {
            case Character.UPPERCASE_LETTER:
            case Character.LOWERCASE_LETTER:
            case Character.TITLECASE_LETTER:
            case Character.MODIFIER_LETTER:
            case Character.OTHER_LETTER:
            case Character.DECIMAL_DIGIT_NUMBER:
            case Character.LETTER_NUMBER:
            case Character.OTHER_NUMBER:
                return true;
            default:
                return cp == '_';
        }
    }

    /** Reports every token of {@code s[from, to)} to {@code sink}, in order. */
    static void scan(char[] s, int from, int to, Sink sink) {
        int i = from;
        while (i < to) {
            char c = s[i];
            if (c < 128) {
                if (!ASCII_WORD[c]) {
                    i++;
                    continue;
                }
            } else if (!isWord(Character.codePointAt(s, i, to))) {
                i += Character.charCount(Character.codePointAt(s, i, to));
                continue;
            }
            int start = i;
            int points = 0;
            while (i < to) {
                c = s[i];
                if (c < 128) {
                    if (!ASCII_WORD[c]) {
                        break;
                    }
                    i++;
                } else {
                    int cp = Character.codePointAt(s, i, to);
                    if (!isWord(cp)) {
                        break;
                    }
                    i += Character.charCount(cp);
                }
                points++;
            }
            if (points >= 2) {
                sink.token(s, start, i - start);
            }
        }
    }
}
