package io.plate.sampler.mixture.impl;

import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.data.FeatureKind;
import io.plate.api.data.SparseMatrix;
import io.plate.api.text.IgnoredData;
import io.plate.api.text.Plural;
import io.plate.api.text.Visible;
import java.util.ArrayList;
import java.util.List;

/**
 * The sentence a mixture run reports about its columns: which ones it clusters on, and which it leaves
 * out — the label or target column (it only scores the clusters, unless a semi-supervised run holds the
 * labelled rows in their classes) and the columns of a kind the model does
 * not describe — with how to include them; and the rows that hold nothing the model reads (an empty
 * document, a row of missing values), which are clustered by the prior alone. Columns are named as every learner
 * and sampler names them ({@link IgnoredData#columnList}); the run shows the sentence under its first line
 * ({@code SamplerPosterior.COLUMNS}), for plate:sample and plate:cluster alike.
 */
final class ClusteredColumns {
    private static final int NAMED = 5;

    private ClusteredColumns() {
    }

    /**
     * What {@code sampler}, whose components model {@code kind} columns, clusters on in {@code data};
     * {@code semiSupervised}: the labelled rows are held in their classes (semi_supervised=true).
     */
    static String describe(Dataset data, FeatureKind kind, String sampler, boolean semiSupervised) {
        String numeric = IgnoredData.columnList("numeric", data.numeric().stream().map(c -> c.name()).toList());
        String categorical = IgnoredData.columnList("categorical", data.categorical().stream().map(c -> c.name()).toList());
        // without a sparse block a count model reads the numeric columns as its counts (Dataset.counts)
        boolean numericCounts = kind == FeatureKind.SPARSE && data.sparse().isEmpty();
        String counts = "the counts of " + (numericCounts ? numeric
                : data.sparse().map(m -> m.columns()).orElse(0) + " words or indices");
        StringBuilder s = new StringBuilder("clusters on ").append(switch (kind) {
            case NUMERIC -> numeric;
            case CATEGORICAL -> categorical;
            case SPARSE -> counts;
        });
        List<String> out = new ArrayList<>();
        // a semi-supervised run reads the label column: its labelled rows stay in their classes' clusters
        data.labels().filter(l -> semiSupervised).ifPresent(l -> s.append("; the label column '").append(Visible.name(l.name()))
                .append("' holds its ").append(Plural.of(labelled(l), "labelled row"))
                .append(" in their classes' clusters (semi_supervised=true) and scores nothing"));
        data.labels().filter(l -> !semiSupervised).ifPresent(l -> out.add("the label column '" + Visible.name(l.name())
                + "', which only scores the clusters"
                + (kind == FeatureKind.CATEGORICAL ? " (import with --no-label to cluster on it too)" : "")));
        // a numeric target is often a class coded as numbers (scikit-learn's y): say how to score against it
        data.target().ifPresent(t -> out.add("the target column '" + Visible.name(t.name()) + "' (import with "
                + (kind == FeatureKind.NUMERIC || numericCounts ? "--no-label to cluster on it too, or with " : "")
                + "--categorical " + io.plate.api.text.ShellWord.of(t.name()) + " to score the clusters against its values as classes)"));
        if (kind != FeatureKind.NUMERIC && !numericCounts && !data.numeric().isEmpty()) {
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
        List<Integer> empty = emptyRows(data, kind);
        if (!empty.isEmpty()) {
            boolean one = empty.size() == 1;
            // rows are numbered from 1, as the files of the run and plate:explain --row number them
            String shown = String.join(", ", empty.subList(0, Math.min(NAMED, empty.size())).stream()
                    .map(r -> String.valueOf(r + 1)).toList()) + (empty.size() > NAMED ? ", …" : "");
            s.append("; ").append(empty.size()).append(one ? " row holds " : " rows hold ").append(switch (kind) {
                case NUMERIC, CATEGORICAL -> "only missing values";
                case SPARSE -> "no counts";
            }).append(one ? " (row " : " (rows ").append(shown).append(", counted from 1 as in assignments.csv): nothing in ").append(one ? "it" : "them")
                    .append(" tells the clusters apart, so ").append(one ? "its cluster comes" : "their clusters come")
                    .append(" from the prior alone");
        }
        return s.toString();
    }

    /** Indices (from 0) of the rows with no value of the kind the model reads. */
    private static List<Integer> emptyRows(Dataset data, FeatureKind kind) {
        List<Integer> empty = new ArrayList<>();
        java.util.Optional<SparseMatrix> counts = kind == FeatureKind.SPARSE ? data.counts() : java.util.Optional.empty();
        for (int row = 0; row < data.rows(); row++) {
            int r = row;
            boolean none = switch (kind) {
                case NUMERIC -> data.numeric().stream().allMatch(c -> Double.isNaN(c.value(r)));
                case CATEGORICAL -> data.categorical().stream().allMatch(c -> c.code(r) == CategoricalColumn.MISSING);
                case SPARSE -> counts.map(m -> noCounts(m, r)).orElse(false);
            };
            if (none) {
                empty.add(row);
            }
        }
        return empty;
    }

    /** Rows with a label (not missing) in {@code labels}. */
    private static long labelled(CategoricalColumn labels) {
        return java.util.Arrays.stream(labels.codes()).filter(c -> c != CategoricalColumn.MISSING).count();
    }

    private static boolean noCounts(SparseMatrix m, int r) {
        for (int k = m.start(r); k < m.end(r); k++) {
            if (m.value(k) != 0) {
                return false;
            }
        }
        return true;
    }
}
