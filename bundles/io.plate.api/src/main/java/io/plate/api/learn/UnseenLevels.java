package io.plate.api.learn;

import java.util.List;
import java.util.Objects;

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
    public UnseenLevels {
        Objects.requireNonNull(column, "column");
        levels = List.copyOf(levels);
    }
}
