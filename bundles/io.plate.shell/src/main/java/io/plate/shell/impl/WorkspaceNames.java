package io.plate.shell.impl;

import io.plate.api.PlateException;
import io.plate.api.text.CharacterClass;
import io.plate.api.text.Visible;
import java.text.Normalizer;

/**
 * What the workspace's datasets, models and runs may be named: characters of {@link CharacterClass#NAME}, letters
 * and digits of any script ({@code données}, {@code 日本}), with their combining marks, and {@code _ - .}, which
 * Gogo reads as one plain argument.
 */
final class WorkspaceNames {
    private WorkspaceNames() {
    }

    /** Refuses a name with any other character. */
    static void check(String name) {
        if (name == null || name.isEmpty() || !name.codePoints().allMatch(CharacterClass.NAME::contains)) {
            throw new PlateException("invalid name '" + (name == null ? null : Visible.name(name))
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
        n.codePoints().forEach(c -> s.appendCodePoint(CharacterClass.NAME.contains(c) ? c : '_'));
        return s.length() == 0 ? "data" : s.toString();
    }
}
