package io.plate.api.data;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * An immutable numeric column; {@code NaN} marks a missing value. A column of codes written with leading
 * zeros ({@code 007}) may keep its cells as written ({@link #asLevels()}), which its numbers lose.
 */
public final class NumericColumn {
    private final String name;
    private final double[] values;
    private final int[] index; // null = identity
    private final int size;
    private final CategoricalColumn written; // the cells as written, same rows; null when not kept

    private NumericColumn(String name, double[] values, int[] index, CategoricalColumn written) {
        this.name = name;
        this.values = values;
        this.index = index;
        this.size = index == null ? values.length : index.length;
        this.written = written;
    }

    /** A column over a copy of {@code values}; infinite values are refused. */
    public static NumericColumn of(String name, double[] values) {
        Objects.requireNonNull(name, "name");
        double[] v = Arrays.copyOf(values, values.length);
        for (int i = 0; i < v.length; i++) {
            if (Double.isInfinite(v[i])) {
                throw new IllegalArgumentException("column '" + name + "', row " + i + ": infinite value");
            }
        }
        return new NumericColumn(name, v, null, null);
    }

    /**
     * A column over a copy of {@code values} that keeps its cells as written ({@code written}: one level
     * per text, the same rows, a missing cell missing), for codes written with leading zeros ({@code 007}):
     * a model that holds the column as levels matches them by their text.
     */
    public static NumericColumn of(String name, double[] values, CategoricalColumn written) {
        NumericColumn c = of(name, values);
        if (written.size() != c.size) {
            throw new IllegalArgumentException("column '" + name + "': " + written.size() + " cells as written for "
                    + c.size + " values");
        }
        return new NumericColumn(name, c.values, null, written.renamed(name));
    }

    /** The column's name, by which models and import options find it. */
    public String name() {
        return name;
    }

    /** Number of rows. */
    public int size() {
        return size;
    }

    /** Value of row {@code row}; {@code NaN} when missing. */
    public double value(int row) {
        return index == null ? values[row] : values[index[row]];
    }

    /** A copy of the values in row order. */
    public double[] values() {
        double[] out = new double[size];
        for (int i = 0; i < size; i++) {
            out[i] = value(i);
        }
        return out;
    }

    /** A view of the given rows (indices into this column), sharing storage. */
    public NumericColumn select(int[] rows) {
        return new NumericColumn(name, values, RowIndex.compose(index, size, rows),
                written == null ? null : written.select(rows));
    }

    /** The same data under another name. */
    public NumericColumn renamed(String newName) {
        return new NumericColumn(newName, values, index, written == null ? null : written.renamed(newName));
    }

    /**
     * The cells as level texts: as written when they were kept ({@code 007}), else each number as
     * {@link LevelNumbers#text} ({@code 7}, {@code 2.5}), levels in order of first appearance; NaN is
     * missing. How a model with a categorical feature reads a test file whose column held only numbers.
     */
    public CategoricalColumn asLevels() {
        if (written != null) {
            return written;
        }
        Map<String, Integer> levels = new LinkedHashMap<>();
        int[] codes = new int[size];
        for (int r = 0; r < size; r++) {
            double v = value(r);
            if (Double.isNaN(v)) {
                codes[r] = CategoricalColumn.MISSING;
                continue;
            }
            Integer code = levels.putIfAbsent(LevelNumbers.text(v), levels.size());
            codes[r] = code == null ? levels.size() - 1 : code;
        }
        return CategoricalColumn.of(name, new ArrayList<>(levels.keySet()), codes);
    }

    /** Approximate bytes held by the storage this column refers to (shared storage counted too). */
    public long memoryBytes() {
        return memoryBytes(Dataset.identitySet());
    }

    /** As {@link #memoryBytes()}, leaving out storage in {@code counted} and adding this column's to it. */
    public long memoryBytes(java.util.Set<Object> counted) {
        return Dataset.once(counted, values, 8L * values.length) + (index == null ? 0 : 4L * index.length)
                + (written == null ? 0 : written.memoryBytes(counted));
    }

    @Override
    public String toString() {
        return name + " (numeric)";
    }
}
