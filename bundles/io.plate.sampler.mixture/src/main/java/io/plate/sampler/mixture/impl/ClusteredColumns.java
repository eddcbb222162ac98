package io.plate.sampler.mixture.impl;

import io.plate.api.data.Dataset;
import io.plate.api.data.FeatureKind;
import java.util.ArrayList;
import java.util.List;

/**
 * The sentence a mixture run reports about its columns: which ones it clusters on, and which it leaves
 * out — the label or target column (it only scores the clusters) and the columns of a kind the model does
 * not describe — with how to include them.
 */
final class ClusteredColumns {
    private static final int NAMED = 5;

    private ClusteredColumns() {
    }

    /** What {@code sampler}, whose components model {@code kind} columns, clusters on in {@code data}. */
    static String describe(Dataset data, FeatureKind kind, String sampler) {
        String numeric = columns("numeric", data.numeric().stream().map(c -> c.name()).toList());
        String categorical = columns("categorical", data.categorical().stream().map(c -> c.name()).toList());
        String counts = "the counts of " + data.sparse().map(m -> m.columns()).orElse(0) + " words or indices";
        StringBuilder s = new StringBuilder("clusters on ").append(switch (kind) {
            case NUMERIC -> numeric;
            case CATEGORICAL -> categorical;
            case SPARSE -> counts;
        });
        List<String> out = new ArrayList<>();
        data.labels().ifPresent(l -> out.add("the label column '" + l.name() + "', which only scores the clusters"
                + (kind == FeatureKind.CATEGORICAL ? " (import with --no-label to cluster on it too)" : "")));
        data.target().ifPresent(t -> out.add("the target column '" + t.name() + "'"
                + (kind == FeatureKind.NUMERIC ? " (import with --no-label to cluster on it too)" : "")));
        if (kind != FeatureKind.NUMERIC && !data.numeric().isEmpty()) {
            out.add(numeric + ", which mixture.gaussian models");
        }
        if (kind != FeatureKind.CATEGORICAL && !data.categorical().isEmpty()) {
            out.add(categorical + ", which mixture.categorical models");
        }
        if (kind != FeatureKind.SPARSE && data.sparse().isPresent()) {
            out.add(counts + ", which mixture.multinomial models");
        }
        if (!out.isEmpty()) {
            s.append("; ").append(sampler).append(" leaves out ").append(String.join("; ", out));
        }
        return s.toString();
    }

    /** "3 numeric columns (a, b, c)", at most five names. */
    private static String columns(String kind, List<String> names) {
        String shown = String.join(", ", names.subList(0, Math.min(NAMED, names.size())))
                + (names.size() > NAMED ? ", …" : "");
        return names.size() + " " + kind + " column" + (names.size() == 1 ? "" : "s")
                + (names.isEmpty() ? "" : " (" + shown + ")");
    }
}
