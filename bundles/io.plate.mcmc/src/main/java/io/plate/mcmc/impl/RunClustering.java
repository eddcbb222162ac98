package io.plate.mcmc.impl;

import io.plate.api.data.ImportException;
import io.plate.api.sample.Clustering;
import io.plate.api.sample.Table;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A mixture run's {@link Clustering} read back from its run directory, where the mixture samplers write
 * it: the point estimate in {@code assignments.csv} ({@code row,cluster}), its clusters in
 * {@code clusters.csv}, each row's confidence in {@code coclustering.csv}, the highest-log-joint draw in
 * {@code assignments-highest-log-joint.csv}, and the loss, expected loss, posterior of the number of
 * clusters, agreement with the labels and credible ball as facts of {@code summary.json}.
 */
final class RunClustering {
    /** The fact that marks a run with a clustering: the loss its point estimate minimises. */
    static final String LOSS = "estimate_loss";

    private RunClustering() {
    }

    /**
     * The clustering of a run with these tables and facts; null when it has none (another sampler's run).
     *
     * @throws ImportException naming the file that is missing or malformed
     */
    static Clustering read(Path dir, Map<String, Table> tables, Map<String, Object> facts) {
        if (!facts.containsKey(LOSS)) {
            return null;
        }
        Path summary = dir.resolve(RunDirectory.SUMMARY);
        Clustering.Loss loss;
        try {
            loss = Clustering.Loss.parse(String.valueOf(facts.get(LOSS)));
        } catch (IllegalArgumentException e) {
            throw new ImportException(summary, 0, null, "facts." + LOSS + ": " + e.getMessage());
        }
        int[] assignments = clusterColumn(dir, tables, "assignments");
        int[] highest = clusterColumn(dir, tables, "assignments-highest-log-joint");
        Table co = table(dir, tables, "coclustering");
        double[] confidence = new double[co.rows().size()];
        for (int r = 0; r < confidence.length; r++) {
            rowNumber(dir, "coclustering", co, r);
            confidence[r] = decimal(dir, "coclustering", co, r, "confidence");
        }
        Table cl = table(dir, tables, "clusters");
        int classColumn = cl.header().indexOf("class");
        int majorityColumn = cl.header().indexOf("majority_label");
        List<Clustering.Cluster> clusters = new ArrayList<>();
        for (int i = 0; i < cl.rows().size(); i++) {
            List<String> row = cl.rows().get(i);
            int size = (int) decimal(dir, "clusters", cl, i, "size");
            clusters.add(new Clustering.Cluster(size, decimal(dir, "clusters", cl, i, "proportion"),
                    decimal(dir, "clusters", cl, i, "confidence"),
                    classColumn < 0 || row.get(classColumn).isEmpty() ? Optional.empty() : Optional.of(row.get(classColumn)),
                    majorityColumn < 0 || row.get(majorityColumn).isEmpty() ? Optional.empty()
                            : Optional.of(row.get(majorityColumn)),
                    majorityColumn < 0 ? Double.NaN : decimal(dir, "clusters", cl, i, "purity")));
        }
        TreeMap<Integer, Double> kPosterior = new TreeMap<>();
        if (facts.get("k_posterior") instanceof Map<?, ?> k) {
            for (Map.Entry<?, ?> e : k.entrySet()) {
                try {
                    kPosterior.put(Integer.parseInt(String.valueOf(e.getKey())), number(summary, e.getValue(),
                            "k_posterior"));
                } catch (NumberFormatException ex) {
                    throw new ImportException(summary, 0, null, "facts.k_posterior: '" + e.getKey() + "' is not a number of clusters");
                }
            }
        }
        Clustering.Agreement agreement = null;
        if (facts.containsKey("labelled_rows")) {
            agreement = new Clustering.Agreement((int) fact(summary, facts, "labelled_rows"), fact(summary, facts, "ari"),
                    fact(summary, facts, "nmi"), fact(summary, facts, "ari_highest_log_joint"),
                    fact(summary, facts, "ari_posterior_mean"), fact(summary, facts, "nmi_posterior_mean"));
        }
        Clustering.CredibleBall ball = null;
        if (facts.containsKey("credible_ball_level")) {
            ball = new Clustering.CredibleBall(fact(summary, facts, "credible_ball_level"),
                    fact(summary, facts, "credible_ball_radius"), bound(summary, facts, "credible_ball_horizontal"),
                    bound(summary, facts, "credible_ball_upper"), bound(summary, facts, "credible_ball_lower"));
        }
        try {
            return new Clustering(loss, fact(summary, facts, "estimate_expected_loss"), assignments, clusters, confidence,
                    kPosterior, highest, fact(summary, facts, "highest_log_joint"), agreement, ball);
        } catch (IllegalArgumentException e) {
            throw new ImportException(dir, 0, null, "the clustering's files disagree: " + e.getMessage());
        }
    }

    private static Table table(Path dir, Map<String, Table> tables, String stem) {
        Table t = tables.get(stem);
        if (t == null) {
            throw new ImportException(dir.resolve(stem + ".csv"), 0, null, "not found: the run's clustering is read from it");
        }
        return t;
    }

    /** The {@code cluster} column of a table of {@code row,cluster} rows, row 0 first. */
    private static int[] clusterColumn(Path dir, Map<String, Table> tables, String stem) {
        Table t = table(dir, tables, stem);
        int[] out = new int[t.rows().size()];
        for (int r = 0; r < out.length; r++) {
            rowNumber(dir, stem, t, r);
            double c = decimal(dir, stem, t, r, "cluster");
            if (c != (int) c || c < 0) {
                throw cell(dir, stem, r, "cluster", "'" + t.rows().get(r).get(t.header().indexOf("cluster"))
                        + "' is not a cluster number");
            }
            out[r] = (int) c;
        }
        return out;
    }

    /** Checks that row {@code r} of a per-row table is data row {@code r}, in order. */
    private static void rowNumber(Path dir, String stem, Table t, int r) {
        if (decimal(dir, stem, t, r, "row") != r) {
            throw cell(dir, stem, r, "row", "row " + r + " expected here (one row per data row, in order)");
        }
    }

    /** The number in column {@code column} of row {@code r}; the column must be there. */
    private static double decimal(Path dir, String stem, Table t, int r, String column) {
        int c = t.header().indexOf(column);
        if (c < 0) {
            throw new ImportException(dir.resolve(stem + ".csv"), 1, null, "no column '" + column + "'");
        }
        String text = t.rows().get(r).get(c);
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw cell(dir, stem, r, column, "'" + text + "' is not a number");
        }
    }

    /** Row {@code r} of a table is on line {@code r + 2}: its cells are numbers, written without line breaks. */
    private static ImportException cell(Path dir, String stem, int r, String column, String problem) {
        return new ImportException(dir.resolve(stem + ".csv"), r + 2, column, problem);
    }

    private static double fact(Path summary, Map<String, Object> facts, String name) {
        if (!facts.containsKey(name)) {
            throw new ImportException(summary, 0, null, "no facts." + name + ": the run's clustering is read from it");
        }
        return number(summary, facts.get(name), name);
    }

    /** A number of the facts: JSON has no NaN or infinity, which Jackson writes as text ("NaN", "Infinity"). */
    private static double number(Path summary, Object v, String name) {
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        if (v == null || v.equals("NaN")) {
            return Double.NaN;
        }
        if (v.equals("inf") || v.equals("Infinity")) {
            return Double.POSITIVE_INFINITY;
        }
        if (v.equals("-inf") || v.equals("-Infinity")) {
            return Double.NEGATIVE_INFINITY;
        }
        throw new ImportException(summary, 0, null, "facts." + name + ": '" + v + "' is not a number");
    }

    /** A bound of the credible ball, written as {@code {"clusters": K, "distance": D}}. */
    private static Clustering.CredibleBall.Bound bound(Path summary, Map<String, Object> facts, String name) {
        if (!(facts.get(name) instanceof Map<?, ?> m) || !(m.get("clusters") instanceof Number k)) {
            throw new ImportException(summary, 0, null, "facts." + name + ": expected {\"clusters\": K, \"distance\": D}");
        }
        return new Clustering.CredibleBall.Bound(k.intValue(), number(summary, m.get("distance"), name));
    }
}
