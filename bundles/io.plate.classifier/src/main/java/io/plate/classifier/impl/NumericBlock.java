package io.plate.classifier.impl;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.data.NumericColumn;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The numeric columns a model uses, by name, and their values as one row-major matrix
 * ({@code x[r * p + d]}, {@code NaN} = missing) so that hot loops read memory in order.
 */
public final class NumericBlock {
    private NumericBlock() {
    }

    /**
     * The refusal of a dataset with no numeric column; when its values are a sparse block, what they are by the
     * dataset's format: a LibSVM file read as counts (the default) and how to read it as numeric columns, else
     * (a text import's) word counts and the learners that read them.
     */
    public static PlateException noNumeric(String learner, Dataset data) {
        String why = "";
        if (data.sparse().isPresent()) {
            String format = data.metadata().get("format");
            why = "libsvm".equals(format)
                    ? " (its values are a sparse block: import the LibSVM file again with --values numeric to read them"
                            + " as numeric columns)"
                    : " (its values are " + ("text".equals(format) ? "the word counts of a text import" : "a sparse block of counts")
                            + ": use a word-count learner, nb.multinomial, nb.complement or nb.bernoulli)";
        }
        return new PlateException(learner + " needs numeric columns; dataset '" + data.name() + "' has none" + why);
    }

    public static List<String> names(Dataset data) {
        List<String> out = new ArrayList<>();
        for (NumericColumn c : data.numeric()) {
            out.add(c.name());
        }
        return List.copyOf(out);
    }

    /**
     * The values of {@code names} in {@code data}, row-major.
     *
     * @throws PlateException naming the first column the dataset lacks
     */
    public static double[] matrix(Dataset data, List<String> names, String learner) {
        Map<String, NumericColumn> byName = new LinkedHashMap<>();
        for (NumericColumn c : data.numeric()) {
            byName.put(c.name(), c);
        }
        int p = names.size();
        int n = data.rows();
        double[] x = new double[n * p];
        for (int d = 0; d < p; d++) {
            NumericColumn c = byName.get(names.get(d));
            if (c == null) {
                throw MissingColumn.of(learner + ": ", data, "numeric", names.get(d));
            }
            for (int r = 0; r < n; r++) {
                x[r * p + d] = c.value(r);
            }
        }
        return x;
    }
}
