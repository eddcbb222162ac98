package io.plate.mcmc.impl;

import static io.plate.api.sample.ClusteringFiles.*;

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
    static final String LOSS = ESTIMATE_LOSS;

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
        int[] assignments = clusterColumn(dir, tables, ASSIGNMENTS);
        int[] highest = clusterColumn(dir, tables, ASSIGNMENTS_HIGHEST_LOG_JOINT);
        Table co = table(dir, tables, COCLUSTERING);
        double[] confidence = new double[co.rows().size()];
        for (int r = 0; r < confidence.length; r++) {
            rowNumber(dir, COCLUSTERING, co, r);
            confidence[r] = decimal(dir, COCLUSTERING, co, r, CONFIDENCE);
        }
        Table cl = table(dir, tables, CLUSTERS);
        int classColumn = cl.header().indexOf(CLASS);
        int majorityColumn = cl.header().indexOf(MAJORITY_LABEL);
        List<Clustering.Cluster> clusters = new ArrayList<>();
        for (int i = 0; i < cl.rows().size(); i++) {
            List<String> row = cl.rows().get(i);
            int size = (int) decimal(dir, CLUSTERS, cl, i, SIZE);
            clusters.add(new Clustering.Cluster(size, decimal(dir, CLUSTERS, cl, i, PROPORTION),
                    decimal(dir, CLUSTERS, cl, i, CONFIDENCE),
                    classColumn < 0 || row.get(classColumn).isEmpty() ? Optional.empty() : Optional.of(row.get(classColumn)),
                    majorityColumn < 0 || row.get(majorityColumn).isEmpty() ? Optional.empty()
                            : Optional.of(row.get(majorityColumn)),
                    majorityColumn < 0 ? Double.NaN : decimal(dir, CLUSTERS, cl, i, PURITY)));
        }
        TreeMap<Integer, Double> kPosterior = new TreeMap<>();
        if (facts.get(K_POSTERIOR) instanceof Map<?, ?> k) {
            for (Map.Entry<?, ?> e : k.entrySet()) {
                try {
                    kPosterior.put(Integer.parseInt(String.valueOf(e.getKey())), number(summary, e.getValue(),
                            K_POSTERIOR));
                } catch (NumberFormatException ex) {
                    throw new ImportException(summary, 0, null, "facts.k_posterior: '" + e.getKey() + "' is not a number of clusters");
                }
            }
        }
        Clustering.Agreement agreement = null;
        if (facts.containsKey(LABELLED_ROWS)) {
            agreement = new Clustering.Agreement((int) fact(summary, facts, LABELLED_ROWS), fact(summary, facts, ARI),
                    fact(summary, facts, NMI), fact(summary, facts, ARI_HIGHEST_LOG_JOINT),
                    fact(summary, facts, ARI_POSTERIOR_MEAN), fact(summary, facts, NMI_POSTERIOR_MEAN));
        }
        Clustering.CredibleBall ball = null;
        if (facts.containsKey(CREDIBLE_BALL_LEVEL)) {
            ball = new Clustering.CredibleBall(fact(summary, facts, CREDIBLE_BALL_LEVEL),
                    fact(summary, facts, CREDIBLE_BALL_RADIUS), bound(summary, facts, CREDIBLE_BALL_HORIZONTAL),
                    bound(summary, facts, CREDIBLE_BALL_UPPER), bound(summary, facts, CREDIBLE_BALL_LOWER));
        }
        try {
            return new Clustering(loss, fact(summary, facts, ESTIMATE_EXPECTED_LOSS), assignments, clusters, confidence,
                    kPosterior, highest, fact(summary, facts, HIGHEST_LOG_JOINT), agreement, ball);
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

    /** The {@code cluster} column of a table of {@code row,cluster} rows, data row 0 first. */
    private static int[] clusterColumn(Path dir, Map<String, Table> tables, String stem) {
        Table t = table(dir, tables, stem);
        int[] out = new int[t.rows().size()];
        for (int r = 0; r < out.length; r++) {
            rowNumber(dir, stem, t, r);
            double c = decimal(dir, stem, t, r, CLUSTER);
            if (c != (int) c || c < 0) {
                throw cell(dir, stem, r, CLUSTER, "'" + t.rows().get(r).get(t.header().indexOf(CLUSTER))
                        + "' is not a cluster number");
            }
            out[r] = (int) c;
        }
        return out;
    }

    /**
     * Checks that line {@code r} of a per-row table is data row {@code r}, in order: numbered {@code r + 1}, as
     * rows are numbered from 1, or {@code r} in a file of an earlier version, whose first row is 0.
     */
    private static void rowNumber(Path dir, String stem, Table t, int r) {
        int first = decimal(dir, stem, t, 0, ROW) == 0 ? 0 : 1;
        if (decimal(dir, stem, t, r, ROW) != r + first) {
            throw cell(dir, stem, r, ROW, "row " + (r + first) + " expected here (one row per data row, in order,"
                    + " numbered from 1)");
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
        if (!(facts.get(name) instanceof Map<?, ?> m) || !(m.get(BOUND_CLUSTERS) instanceof Number k)) {
            throw new ImportException(summary, 0, null, "facts." + name + ": expected {\"clusters\": K, \"distance\": D}");
        }
        return new Clustering.CredibleBall.Bound(k.intValue(), number(summary, m.get(BOUND_DISTANCE), name));
    }
}
