package io.plate.api.text;

import io.plate.api.data.Dataset;
import java.util.ArrayList;
import java.util.List;

/**
 * What a model leaves out of its training data, said on the line its model prints after "ignores " (and
 * {@code plate:evaluate} repeats): columns of a kind it does not model, training rows it cannot use. Every
 * learner and sampler says it with this one text (since 1.3.0).
 */
public final class IgnoredData {
    private final List<String> parts = new ArrayList<>();

    /** "2 categorical columns (color, shape)": at most five names. */
    public IgnoredData columns(String kind, List<String> names) {
        if (!names.isEmpty()) {
            parts.add(columnList(kind, names));
        }
        return this;
    }

    /**
     * "3 numeric columns (a, b, c)", "7 numeric columns (a, b, c, d, e, …)" or "0 numeric columns": the one way a
     * learner's or sampler's line names the columns it uses or leaves out (at most five names).
     *
     * @since 1.4.0
     */
    public static String columnList(String kind, List<String> names) {
        // each name escaped and, holding a comma, quoted (Visible.listed): "size, cm" or a line break kept whole on the line
        String shown = String.join(", ", names.subList(0, Math.min(5, names.size())).stream().map(Visible::listed).toList())
                + (names.size() > 5 ? ", …" : "");
        return Plural.of(names.size(), kind + " column") + (names.isEmpty() ? "" : " (" + shown + ")");
    }

    /** The word counts (the sparse block), when {@code data} has them. */
    public IgnoredData words(Dataset data) {
        if (data.sparse().isPresent()) {
            parts.add("the word counts");
        }
        return this;
    }

    /** The categorical columns and the word counts of {@code data}, for a model of numeric columns only. */
    public IgnoredData allButNumeric(Dataset data) {
        return columns("categorical", data.categorical().stream().map(c -> c.name()).toList()).words(data);
    }

    /** "12 training rows with a missing value", when {@code n} > 0. */
    public IgnoredData rows(int n, String why) {
        if (n > 0) {
            parts.add(Plural.of(n, "training row") + " " + why);
        }
        return this;
    }

    /** What is left out, joined ("2 categorical columns (a, b) and 3 training rows …"), or "" for nothing. */
    public String text(String advice) {
        return parts.isEmpty() ? "" : String.join(" and ", parts) + (advice.isEmpty() ? "" : " " + advice);
    }
}
