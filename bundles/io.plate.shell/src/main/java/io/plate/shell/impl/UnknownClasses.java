package io.plate.shell.impl;

import io.plate.api.data.CategoricalColumn;
import io.plate.api.text.Plural;
import java.util.List;
import java.util.TreeSet;

/**
 * The classes of a scored dataset's labels that a model does not have (matched as levels are: {@code 1.0} is
 * {@code 1}), and how many labelled rows are of them: what plate:predict and plate:evaluate --test say about them.
 */
record UnknownClasses(String column, List<String> names, int labelledRows, int unknownRows) {

    static UnknownClasses of(CategoricalColumn labels, List<String> modelClasses) {
        int[] map = labels.mapTo(modelClasses);
        TreeSet<String> names = new TreeSet<>();
        int labelled = 0;
        int unknown = 0;
        for (int r = 0; r < labels.size(); r++) {
            int code = labels.code(r);
            if (code != CategoricalColumn.MISSING) {
                labelled++;
                if (map[code] < 0) {
                    unknown++;
                    names.add(labels.levels().get(code));
                }
            }
        }
        return new UnknownClasses(labels.name(), List.copyOf(names), labelled, unknown);
    }

    /** Every labelled row is of a class the model does not have: no accuracy can be said. */
    boolean none() {
        return labelledRows > 0 && unknownRows == labelledRows;
    }

    /** One line for people, or "" when every labelled row is of a model class. */
    String line(String dataset) {
        if (unknownRows == 0) {
            return "";
        }
        String classes = String.join(", ", names.subList(0, Math.min(10, names.size())))
                + (names.size() > 10 ? ", … " + (names.size() - 10) + " more" : "");
        return none()
                ? "the labels of '" + dataset + "' (column '" + column + "': " + classes + ") share no class with the model;"
                        + " no accuracy"
                : "warning: " + Plural.of(names.size(), "class", "classes") + " of '" + dataset + "' (column '" + column + "') the"
                        + " model does not have: " + classes + " (" + Plural.of(unknownRows, "row") + ", counted as wrong)";
    }
}
