package io.plate.shell.impl;

import io.plate.api.PlateException;
import java.text.Normalizer;

/**
 * What the workspace's datasets, models and runs may be named: letters and digits of any script
 * ({@code données}, {@code 日本}), with their combining marks, and {@code _ - .}. Gogo reads such a word as one
 * plain argument; the characters it gives a meaning ({@code $ ; | ( ) { } = ' "}, spaces) are none of them.
 */
final class WorkspaceNames {
    private WorkspaceNames() {
    }

    /** Refuses a name with any other character. */
    static void check(String name) {
        if (name == null || name.isEmpty() || !name.codePoints().allMatch(WorkspaceNames::allowed)) {
            throw new PlateException("invalid name '" + (name == null ? null : io.plate.api.text.Visible.name(name))
                    + "': use letters, digits, '_', '-' and '.'");
        }
    }

    /**
     * The name made from {@code base} (a file name without its extension): composed as typed (a macOS file name
     * decomposes é into e and a combining accent), every other character replaced by '_'; {@code data} when empty.
     */
    static String of(String base) {
        String n = Normalizer.normalize(base, Normalizer.Form.NFC);
        StringBuilder s = new StringBuilder(n.length());
        n.codePoints().forEach(c -> s.appendCodePoint(allowed(c) ? c : '_'));
        return s.length() == 0 ? "data" : s.toString();
    }

    private static boolean allowed(int c) {
        if (c == '_' || c == '-' || c == '.') {
            return true;
        }
        switch (Character.getType(c)) {
            case Character.UPPERCASE_LETTER:
            case Character.LOWERCASE_LETTER:
            case Character.TITLECASE_LETTER:
            case Character.MODIFIER_LETTER:
            case Character.OTHER_LETTER:
            case Character.DECIMAL_DIGIT_NUMBER:
            case Character.NON_SPACING_MARK:
            case Character.COMBINING_SPACING_MARK:
                return true;
            default:
                return false;
        }
    }
}
