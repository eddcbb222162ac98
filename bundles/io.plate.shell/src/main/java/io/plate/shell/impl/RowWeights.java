package io.plate.shell.impl;

import io.plate.api.data.Dataset;
import io.plate.api.data.Importer;
import io.plate.api.learn.Learner;
import io.plate.api.learn.ParamSpec;
import io.plate.api.text.Visible;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A dataset's column of row weights ({@link Importer#WEIGHT_COLUMN}: Weka's ARFF instance weights) as Weka uses
 * them: the weights of the rows, never a feature. A learner with a {@code weight} parameter gets
 * {@code weight=COLUMN} unless the user gave one; any other learner, and every sampler, gets the dataset without the
 * column.
 */
record RowWeights(Dataset data, Map<String, String> params, String note) {
    /** The learners' parameter that names a column of row weights. */
    static final String PARAM = "weight";

    /** The dataset and parameters {@code l} fits on {@code d} with {@code given}, and the line that says so (null: none). */
    static RowWeights of(Learner l, Dataset d, Map<String, String> given) {
        String column = d.metadata().get(Importer.WEIGHT_COLUMN);
        if (column == null || given.containsKey(PARAM)
                || d.numeric().stream().noneMatch(c -> c.name().equals(column))) {
            return new RowWeights(d, given, null);
        }
        if (l.parameters().stream().map(ParamSpec::name).anyMatch(PARAM::equals)) {
            Map<String, String> p = new LinkedHashMap<>(given);
            p.put(PARAM, column);
            return new RowWeights(d, p, "rows weighed by the instance weights of column '" + column + "' (" + PARAM
                    + "=" + io.plate.api.text.ShellWord.of(column) + "; give " + PARAM + "=COLUMN for another)");
        }
        return leftOut(l.name(), d, given);
    }

    /** {@code d} without its column of row weights for {@code user} (a sampler, or a learner that cannot weigh rows). */
    static RowWeights leftOut(String user, Dataset d, Map<String, String> given) {
        String column = d.metadata().get(Importer.WEIGHT_COLUMN);
        if (column == null || d.numeric().stream().noneMatch(c -> c.name().equals(column))) {
            return new RowWeights(d, given, null);
        }
        return new RowWeights(d.withoutNumeric(column), given, user + " cannot weigh rows: column '"
                + Visible.name(column) + "' of instance weights left out (no feature either)");
    }
}
