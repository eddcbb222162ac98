package io.plate.importers.impl;

import io.plate.api.text.CharacterClass;

/**
 * Finds the tokens of scikit-learn's default {@code token_pattern}, {@code (?u)\b\w\w+\b}, without a
 * regular expression: a token is a maximal run of at least two word characters.
 *
 * <p>A word character is what Python's {@code re} module calls {@code \w} for {@code str} patterns,
 * {@link CharacterClass#WORD} (not Java's {@code Pattern.UNICODE_CHARACTER_CLASS} {@code \w}). Lengths count
 * code points, as Python strings do.
 */
final class WordScanner {
    /** Word characters among the first 128 code points: the scanners' table for the common case. */
    static final boolean[] ASCII_WORD = new boolean[128];

    static {
        for (int c = 0; c < 128; c++) {
            ASCII_WORD[c] = CharacterClass.WORD.contains(c);
        }
    }

    /** Receives each token as a range of the scanned buffer. */
    interface Sink {
        void token(char[] text, int offset, int length);
    }

    private WordScanner() {
    }

    /** True when code point {@code cp} is a word character in Python's sense ({@link CharacterClass#WORD}). */
    static boolean isWord(int cp) {
        return CharacterClass.WORD.contains(cp);
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
