package io.plate.shell.impl;

import io.plate.api.learn.FoldReport;
import io.plate.api.learn.UnseenLevels;
import io.plate.api.text.Plural;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The line plate:predict and plate:evaluate (a holdout or cross-validation) print about a scored dataset's categorical cells whose level
 * the model never saw and that add no term ({@code Model.unseenLevels}): how many, in which columns, a few levels.
 */
final class UnseenLevelsWarning {
    /** Columns, and levels per column, named on the line; the rest are counted. */
    static final int SHOWN = 3;

    private UnseenLevelsWarning() {
    }

    /** "warning: 5 cells of 'b' …: c2: 3 rows (levels v9, vNEW); f0: 2 rows (level 4)", or "" when there are none. */
    static String line(String dataset, List<UnseenLevels> unseen) {
        return line(dataset, unseen, "the model");
    }

    /**
     * The line of a cross-validation: each row is scored by one fold, so the folds' cells are summed per column
     * (levels merged), and each cell's level is one "their fold's model" never saw; "" when there are none.
     */
    static String folds(String dataset, List<FoldReport> folds) {
        Map<String, Integer> rows = new LinkedHashMap<>();
        Map<String, TreeSet<String>> levels = new LinkedHashMap<>();
        for (FoldReport f : folds) {
            for (UnseenLevels u : f.unseenLevels()) {
                rows.merge(u.column(), u.rows(), Integer::sum);
                levels.computeIfAbsent(u.column(), c -> new TreeSet<>()).addAll(u.levels());
            }
        }
        List<UnseenLevels> merged = new ArrayList<>();
        rows.forEach((column, n) -> merged.add(new UnseenLevels(column, n, List.copyOf(levels.get(column)))));
        return line(dataset, merged, "their fold's model");
    }

    /** The same, saying whose levels they are not ("the model", "the run"). */
    static String line(String dataset, List<UnseenLevels> unseen, String model) {
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
                + " a level " + model + " never saw in training and add" + (cells == 1 ? "s" : "") + " no term: "
                + String.join("; ", columns) + more;
    }
}
