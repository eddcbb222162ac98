package io.plate.shell.impl;

import io.plate.api.learn.UnseenLevels;
import io.plate.api.text.Plural;
import java.util.ArrayList;
import java.util.List;

/**
 * The line plate:predict and plate:evaluate --test print about a scored dataset's categorical cells whose level
 * the model never saw and that add no term ({@code Model.unseenLevels}): how many, in which columns, a few levels.
 */
final class UnseenLevelsWarning {
    /** Columns, and levels per column, named on the line; the rest are counted. */
    static final int SHOWN = 3;

    private UnseenLevelsWarning() {
    }

    /** "warning: 5 cells of 'b' …: c2: 3 rows (levels v9, vNEW); f0: 2 rows (level 4)", or "" when there are none. */
    static String line(String dataset, List<UnseenLevels> unseen) {
        if (unseen.isEmpty()) {
            return "";
        }
        long cells = unseen.stream().mapToLong(UnseenLevels::rows).sum();
        List<String> columns = new ArrayList<>();
        for (UnseenLevels u : unseen.subList(0, Math.min(SHOWN, unseen.size()))) {
            List<String> levels = u.levels();
            String shown = String.join(", ", levels.subList(0, Math.min(SHOWN, levels.size())))
                    + (levels.size() > SHOWN ? ", … " + (levels.size() - SHOWN) + " more" : "");
            columns.add(u.column() + ": " + Plural.of(u.rows(), "row") + " (" + (levels.size() == 1 ? "level " : "levels ")
                    + shown + ")");
        }
        String more = unseen.size() > SHOWN ? "; … " + Plural.of(unseen.size() - SHOWN, "more column") : "";
        return "warning: " + Plural.of(cells, "cell") + " of '" + dataset + "' " + (cells == 1 ? "has" : "have")
                + " a level the model never saw in training and add" + (cells == 1 ? "s" : "") + " no term: "
                + String.join("; ", columns) + more;
    }
}
