package io.plate.shell.impl;

import io.plate.api.io.AtomicFiles;
import io.plate.api.sample.ClusterPredictions;
import io.plate.api.text.Plural;
import io.plate.api.text.TextTable;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What {@code plate:predict RUN DATASET} returns: each row's cluster of the run's point estimate (numbered as
 * clusters.csv numbers them), the probability of each cluster and of a cluster without training rows; printed as
 * the classifier's predictions are (the first rows, then where the rest is) and written as CSV.
 */
public final class RunPredictions {
    private final String run;
    private final String dataset;
    private final ClusterPredictions predictions;
    private final List<String> labels; // each row's label, or null without labels
    private final List<String> classes; // per cluster, the class a semi-supervised run holds in it ("" none), or null
    private final double seconds;
    private Path written;

    RunPredictions(String run, String dataset, ClusterPredictions predictions, List<String> labels, double seconds) {
        this(run, dataset, predictions, labels, null, seconds);
    }

    /** {@code classes}: per estimate cluster, the class whose labelled rows a semi-supervised run held there, or null. */
    RunPredictions(String run, String dataset, ClusterPredictions predictions, List<String> labels, List<String> classes,
            double seconds) {
        this.classes = classes == null || classes.stream().allMatch(String::isEmpty) ? null : List.copyOf(classes);
        this.seconds = seconds;
        this.run = run;
        this.dataset = dataset;
        this.predictions = predictions;
        this.labels = labels;
    }

    /** The typed predictions. */
    public ClusterPredictions predictions() {
        return predictions;
    }

    /**
     * Header {@code cluster,p_0,…,p_{K-1},p_new} ({@code cluster,class,…} for a semi-supervised run), one row per input
     * row in input order, doubles that read back the same.
     */
    void writeCsv(Path file) throws IOException {
        AtomicFiles.write(file, o -> {
            BufferedWriter w = new BufferedWriter(new java.io.OutputStreamWriter(o, StandardCharsets.UTF_8));
            int k = predictions.rows() == 0 ? 0 : predictions.probabilities(0).length;
            StringBuilder line = new StringBuilder(classes == null ? "cluster" : "cluster,class");
            for (int c = 0; c < k; c++) {
                line.append(",p_").append(c);
            }
            w.write(line.append(",p_new").toString());
            w.newLine();
            for (int r = 0; r < predictions.rows(); r++) {
                line.setLength(0);
                int c = predictions.cluster(r);
                line.append(c);
                if (classes != null) {
                    line.append(',').append(PredictCommands.Predictions.csv(classes.get(c)));
                }
                for (double p : predictions.probabilities(r)) {
                    line.append(',').append(Double.toString(p));
                }
                line.append(',').append(Double.toString(predictions.newCluster(r)));
                w.write(line.toString());
                w.newLine();
            }
            w.flush();
        });
        written = file;
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        int n = predictions.rows();
        s.append(run).append(" on ").append(dataset).append(": ").append(Plural.of(n, "row")).append(", clusters from ")
                .append(Plural.of(predictions.draws(), "stored draw")).append(String.format(Locale.ROOT, " (%.2f s)", seconds));
        if (written != null) {
            s.append(", written to ").append(written);
        }
        s.append('\n');
        String unseen = UnseenLevelsWarning.line(dataset, predictions.unseenLevels(), "the run");
        if (!unseen.isEmpty()) {
            s.append(unseen).append('\n');
        }
        predictions.knownWords().map(known -> PredictCommands.noKnownWords(run, dataset, n, known, "run"))
                .filter(w -> !w.isEmpty()).ifPresent(w -> s.append(w).append('\n'));
        if (n == 0) {
            return s.toString();
        }
        int k = predictions.probabilities(0).length;
        int[] predicted = predictions.clusters(); // once: the counts, the rows apart, the accuracy and the table read it
        long[] counts = new long[k];
        for (int r = 0; r < n; r++) {
            counts[predicted[r]]++;
        }
        s.append("predicted:");
        for (int c = 0; c < k; c++) {
            s.append(c == 0 ? " cluster " : ", ").append(c).append(classOf(c)).append(' ').append(counts[c]);
        }
        s.append('\n');
        // the cluster shown is the likeliest one holding training rows; a row likelier still alone is said to be
        int apart = 0;
        for (int r = 0; r < n; r++) {
            apart += predictions.newCluster(r) > predictions.probabilities(r)[predicted[r]] ? 1 : 0;
        }
        if (apart > 0) {
            s.append(Plural.of(apart, "row")).append(apart == 1 ? " is" : " are").append(" likelier in a cluster of no"
                    + " training row (p_new) than in any cluster shown: far from the run's data\n");
        }
        predictions.agreement().ifPresent(a -> s.append(String.format(Locale.ROOT,
                "against the dataset's labels: ARI %.4f, NMI %.4f (%d of %s)%n", a.ari(), a.nmi(), a.labelledRows(),
                Plural.of(n, "row"))));
        if (classes != null && labels != null) {
            // a semi-supervised run classifies: a row's class is its cluster's (none for a cluster without one)
            int labelled = 0;
            int right = 0;
            for (int r = 0; r < n; r++) {
                if (labels.get(r) != null) {
                    labelled++;
                    right += labels.get(r).equals(classes.get(predicted[r])) ? 1 : 0;
                }
            }
            if (labelled > 0) {
                s.append(String.format(Locale.ROOT, "accuracy %.4f: the class of the predicted cluster is the row's label"
                        + " in %d of %s%n", right / (double) labelled, right, Plural.of(labelled, "labelled row")));
            }
        }
        if (written == null) {
            List<String> header = new ArrayList<>(List.of("row", "cluster"));
            if (classes != null) {
                header.add("class");
            }
            if (labels != null) {
                header.add("label");
            }
            header.addAll(List.of("probability", "p_new"));
            TextTable t = new TextTable(header.toArray(new String[0]));
            for (int r = 0; r < Math.min(PredictCommands.SHOWN_ROWS, n); r++) {
                int c = predicted[r];
                List<Object> cells = new ArrayList<>(List.of(r + 1, c));
                if (classes != null) {
                    cells.add(classes.get(c));
                }
                if (labels != null) {
                    cells.add(labels.get(r) == null ? "?" : labels.get(r));
                }
                cells.add(String.format(Locale.ROOT, "%.4f", predictions.probabilities(r)[c]));
                cells.add(String.format(Locale.ROOT, "%.4f", predictions.newCluster(r)));
                t.row(cells.toArray());
            }
            s.append(t);
            if (n > PredictCommands.SHOWN_ROWS) {
                s.append("(first ").append(PredictCommands.SHOWN_ROWS).append(" rows; --out FILE.csv writes all, with"
                        + " every cluster's probability)\n");
            }
        }
        return s.toString();
    }

    /** " (CLASS)" after a cluster a semi-supervised run holds a class in, else "". */
    private String classOf(int c) {
        return classes == null || classes.get(c).isEmpty() ? "" : " (" + classes.get(c) + ")";
    }
}
