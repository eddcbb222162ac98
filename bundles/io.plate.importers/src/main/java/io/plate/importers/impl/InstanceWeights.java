package io.plate.importers.impl;

import io.plate.api.data.Dataset;
import io.plate.api.data.ImportException;
import io.plate.api.data.Importer;
import io.plate.api.data.NumericColumn;
import io.plate.api.text.Visible;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * Weka's instance weights in ARFF data rows: {@code {w}} after the values, separated by a comma
 * ({@code 1,2,a,{3.5}}) or, after a sparse row, by a comma or spaces ({@code {0 1, 2 a}, {3.5}}).
 * A weight is a finite decimal number {@code >= 0}. The weights become one numeric column; a row without
 * a weight weighs 1. When no row has a weight there is no column.
 */
final class InstanceWeights {
    /** The column's name unless an attribute already has it. */
    static final String NAME = "weight";

    private final Path file;
    private final String column;
    private final DoubleList values = new DoubleList(64);
    private long weighted;

    InstanceWeights(Path file, String column) {
        this.file = file;
        this.column = column;
    }

    /** {@code weight}, or {@code weight_2}, {@code weight_3}, … : the first that no attribute is named. */
    static String columnName(Set<String> attributes) {
        if (!attributes.contains(NAME)) {
            return NAME;
        }
        int k = 2;
        while (attributes.contains(NAME + "_" + k)) {
            k++;
        }
        return NAME + "_" + k;
    }

    /**
     * True when the rest of the line (after the row's values) starts an instance weight: a <code>{</code>,
     * after a comma or not. The weight itself is read by {@link #read}.
     */
    static boolean follows(ArffLine line) {
        return line.peekPastComma() == '{';
    }

    /** Reads the weight that ends the row on {@code line}, if any (1 otherwise); the line must end after it. */
    void read(ArffLine line) {
        if (!line.more()) {
            values.add(1.0);
            return;
        }
        if (line.peek() == ',') {
            line.skip();
        }
        if (!line.more() || line.peek() != '{') {
            throw fail(line, "expected an instance weight {w} after the row's values, found "
                    + (line.more() ? Sources.quote(line.rest()) : "the end of the line"));
        }
        line.skip();
        line.value("}");
        String text = line.textString();
        if (!line.more() || line.peek() != '}') {
            throw fail(line, "unclosed instance weight " + Sources.quote("{" + text) + "; expected '}' after the weight");
        }
        line.skip();
        double w = Numbers.parse(text.toCharArray(), 0, text.length());
        if (w != w) {
            throw fail(line, "instance weight " + Sources.quote(text) + (nonFinite(text) ? " is not finite"
                    : " is not a decimal number") + "; expected a finite decimal number >= 0");
        }
        if (w < 0) {
            throw fail(line, "instance weight " + text + " is negative; expected a finite decimal number >= 0");
        }
        if (line.more()) {
            throw fail(line, "unexpected text after the instance weight: " + Sources.quote(line.rest())
                    + "; expected the end of the line");
        }
        values.add(w + 0.0);
        weighted++;
    }

    /** True for text that Java reads as an infinite or NaN double ({@code 1e999}, {@code Infinity}, {@code NaN}). */
    private static boolean nonFinite(String text) {
        try {
            return !Double.isFinite(Double.parseDouble(text.strip()));
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private ImportException fail(ArffLine line, String problem) {
        return new ImportException(file, line.line(), column, problem);
    }

    /**
     * Adds the weight column to {@code b} when any row had a weight, named as {@link Importer#WEIGHT_COLUMN}, and
     * the line the import prints of it to {@code warnings}: Weka weighs rows by it, so it is no feature.
     */
    void addTo(Dataset.Builder b, List<String> warnings) {
        if (weighted == 0) {
            return;
        }
        b.numeric(NumericColumn.of(column, values.toArray()));
        b.metadata(Importer.WEIGHT_COLUMN, column);
        b.metadata("instance weights", "column '" + column + "': " + weighted + " of " + values.size
                + " rows carry a weight {w}, the others weigh 1");
        warnings.add(String.format(java.util.Locale.ROOT, "%,d of %,d rows carry a Weka instance weight {w} (the others"
                + " weigh 1): kept as column '%s', which plate:train and plate:evaluate use as the rows' weights, not as"
                + " a feature (a learner that cannot weigh rows leaves it out)", weighted, values.size, Visible.name(column)));
    }
}
