package io.plate.api.data;

import java.util.Arrays;
import java.util.Objects;

/** An immutable numeric column; {@code NaN} marks a missing value. */
public final class NumericColumn {
    private final String name;
    private final double[] values;
    private final int[] index; // null = identity
    private final int size;

    private NumericColumn(String name, double[] values, int[] index) {
        this.name = name;
        this.values = values;
        this.index = index;
        this.size = index == null ? values.length : index.length;
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
        return new NumericColumn(name, v, null);
    }

    public String name() {
        return name;
    }

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

    public NumericColumn select(int[] rows) {
        return new NumericColumn(name, values, RowIndex.compose(index, size, rows));
    }

    public NumericColumn renamed(String newName) {
        return new NumericColumn(newName, values, index);
    }

    public long memoryBytes() {
        return 8L * values.length + (index == null ? 0 : 4L * index.length);
    }

    @Override
    public String toString() {
        return name + " (numeric)";
    }
}
