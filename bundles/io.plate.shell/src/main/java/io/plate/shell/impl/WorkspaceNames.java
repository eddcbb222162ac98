package io.plate.shell.impl;

import io.plate.api.PlateException;
import io.plate.api.text.CharacterClass;
import io.plate.api.text.Visible;

/**
 * What the workspace's datasets, models and runs may be named: characters of {@link CharacterClass#NAME}, letters
 * and digits of any script ({@code données}, {@code 日本}), with their combining marks, and {@code _ - .}, which
 * Gogo reads as one plain argument. A file's name is made one by {@link io.plate.api.data.DatasetNames#fromFile}.
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
}
