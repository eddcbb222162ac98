package io.plate.api.learn;

import io.plate.api.data.CategoricalColumn;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The cells of one categorical column of a scored dataset whose level the model never saw in training and
 * which therefore add no term to their rows' scores (a missing value is not one of them).
 *
 * @param column the column's name
 * @param rows   how many rows hold such a level in this column
 * @param levels the distinct levels, sorted by text
 * @since 1.6
 */
public record UnseenLevels(String column, int rows, List<String> levels) {
    /** Refuses a null column; copies {@code levels}. */
    public UnseenLevels {
        Objects.requireNonNull(column, "column");
        levels = List.copyOf(levels);
    }

    /**
     * The cells of {@code cells} whose level is not among {@code trained} (matched as
     * {@link CategoricalColumn#mapTo} matches them, as a model matches a scored dataset's levels to its own),
     * named {@code column}; empty when every present cell has a trained level. Every model that skips such
     * cells counts them with this one method.
     *
     * @since 1.7
     */
    public static Optional<UnseenLevels> of(String column, CategoricalColumn cells, List<String> trained) {
        int[] map = cells.mapTo(trained);
        TreeSet<String> unseen = new TreeSet<>();
        int rows = 0;
        for (int r = 0; r < cells.size(); r++) {
            int code = cells.code(r);
            if (code != CategoricalColumn.MISSING && map[code] < 0) {
                rows++;
                unseen.add(cells.levels().get(code));
            }
        }
        return rows == 0 ? Optional.empty() : Optional.of(new UnseenLevels(column, rows, List.copyOf(unseen)));
    }
}
