package io.plate.plot;

import java.util.Objects;

/**
 * One named series of points; {@code error} (may be null) gives symmetric error bars for bar charts.
 */
public record Series(String name, double[] x, double[] y, double[] error) {
    public Series {
        Objects.requireNonNull(name, "name");
        if (x.length != y.length) {
            throw new IllegalArgumentException("series '" + name + "': " + x.length + " x values but " + y.length
                    + " y values");
        }
        if (error != null && error.length != y.length) {
            throw new IllegalArgumentException("series '" + name + "': error bars do not match the values");
        }
        x = x.clone();
        y = y.clone();
        error = error == null ? null : error.clone();
    }

    public static Series of(String name, double[] x, double[] y) {
        return new Series(name, x, y, null);
    }

    /** y against 1, 2, 3, … */
    public static Series indexed(String name, double[] y) {
        double[] x = new double[y.length];
        for (int i = 0; i < x.length; i++) {
            x[i] = i + 1;
        }
        return new Series(name, x, y, null);
    }
}
