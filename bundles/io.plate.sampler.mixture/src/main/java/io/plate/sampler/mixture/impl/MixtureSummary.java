package io.plate.sampler.mixture.impl;

import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.sample.Table;
import io.plate.mcmc.SamplerPosterior;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns the chains' recorded draws into label-invariant results: the posterior of the number of
 * non-empty clusters, the draw with the highest log joint over all chains relabelled by decreasing
 * cluster size (so its labels mean the same whichever chain it came from), how firmly each row sits in
 * its cluster of that draw across the other draws, the posterior similarity matrix for small data, and
 * the adjusted Rand index and NMI against the dataset's labels.
 */
final class MixtureSummary {
    private MixtureSummary() {
    }

    /**
     * Adds the tables and facts of the mixture run to {@code out}. With {@code fixed} (a semi-supervised
     * run) the clusters that hold labelled rows come first, in class order, named by their class.
     */
    static void addTo(SamplerPosterior.Builder out, List<? extends MixtureChain> chains, Dataset data, int[] fixed) {
        int n = data.rows();
        Map<Integer, Long> kCounts = new TreeMap<>();
        long total = 0;
        MixtureChain bestChain = null;
        int bestIndex = -1;
        for (int c = 0; c < chains.size(); c++) {
            DrawRecorder rec = chains.get(c).recorder();
            for (Map.Entry<Integer, Integer> e : rec.clusterCounts().entrySet()) {
                kCounts.merge(e.getKey(), (long) e.getValue(), Long::sum);
                total += e.getValue();
            }
            if (rec.bestPartition() != null
                    && (bestChain == null || rec.bestLogJoint() > bestChain.recorder().bestLogJoint())) {
                bestChain = chains.get(c);
                bestIndex = c;
            }
        }
        if (bestChain == null) {
            out.fact("draws", 0);
            return; // cancelled before any draw was kept: nothing to summarise
        }
        DrawRecorder best = bestChain.recorder();
        // relabel the best draw by decreasing cluster size, ties by first appearance
        int[] canonical = best.bestPartition();
        int used = 0;
        for (int l : canonical) {
            used = Math.max(used, l + 1);
        }
        int[] sizes = new int[used];
        for (int l : canonical) {
            sizes[l]++;
        }
        int[] classOf = new int[used];
        Arrays.fill(classOf, Integer.MAX_VALUE);
        if (fixed != null) {
            for (int r = 0; r < n; r++) {
                if (fixed[r] >= 0) {
                    classOf[canonical[r]] = fixed[r];
                }
            }
        }
        Integer[] order = new Integer[used];
        for (int l = 0; l < used; l++) {
            order[l] = l;
        }
        Arrays.sort(order, (a, b) -> classOf[a] != classOf[b] ? Integer.compare(classOf[a], classOf[b])
                : sizes[b] != sizes[a] ? Integer.compare(sizes[b], sizes[a]) : Integer.compare(a, b));
        int[] rank = new int[used];
        for (int i = 0; i < used; i++) {
            rank[order[i]] = i;
        }
        int[] labels = new int[n];
        for (int r = 0; r < n; r++) {
            labels[r] = rank[canonical[r]];
        }

        // k posterior
        List<List<String>> kRows = new ArrayList<>();
        Map<String, Object> kFact = new LinkedHashMap<>();
        double kMean = 0;
        int kMode = -1;
        long kModeCount = -1;
        for (Map.Entry<Integer, Long> e : kCounts.entrySet()) {
            double p = (double) e.getValue() / total;
            kRows.add(List.of(Integer.toString(e.getKey()), fmt(p)));
            kFact.put(Integer.toString(e.getKey()), p);
            kMean += e.getKey() * p;
            if (e.getValue() > kModeCount) {
                kModeCount = e.getValue();
                kMode = e.getKey();
            }
        }
        out.table("k_posterior", new Table(List.of("clusters", "probability"), kRows));

        // assignments
        List<List<String>> aRows = new ArrayList<>(n);
        for (int r = 0; r < n; r++) {
            aRows.add(List.of(Integer.toString(r), Integer.toString(labels[r])));
        }
        out.table("assignments", new Table(List.of("row", "cluster"), aRows));

        // how firmly each row sits with its best-draw cluster mates across the stored draws
        double[] confidence = new double[n];
        int stored = 0;
        for (MixtureChain ch : chains) {
            for (int[] draw : ch.recorder().partitions()) {
                addConfidence(labels, used, sizes, order, draw, confidence);
                stored++;
            }
        }
        List<List<String>> cRows = new ArrayList<>(n);
        for (int r = 0; r < n; r++) {
            cRows.add(List.of(Integer.toString(r), Integer.toString(labels[r]),
                    stored == 0 ? "NaN" : fmt(confidence[r] / stored)));
        }
        out.table("coclustering", new Table(List.of("row", "cluster", "confidence"), cRows));

        // clusters of the best draw
        CategoricalColumn truthColumn = data.labels().orElse(null);
        int[] truth = truthColumn == null ? null : truthColumn.codes();
        List<String> header = new ArrayList<>(List.of("cluster", "size", "proportion"));
        if (fixed != null) {
            header.add("class");
        }
        if (truth != null) {
            header.add("majority_label");
            header.add("purity");
        }
        header.addAll(bestChain.parameterNames());
        List<List<String>> clRows = new ArrayList<>();
        List<List<String>> params = best.bestParameters();
        for (int i = 0; i < used; i++) {
            int l = order[i];
            List<String> row = new ArrayList<>();
            row.add(Integer.toString(i));
            row.add(Integer.toString(sizes[l]));
            row.add(fmt((double) sizes[l] / n));
            if (fixed != null) {
                row.add(classOf[l] == Integer.MAX_VALUE ? "" : truthColumn.levels().get(classOf[l]));
            }
            if (truth != null) {
                int[] counts = new int[truthColumn.cardinality()];
                int labelled = 0;
                for (int r = 0; r < n; r++) {
                    if (labels[r] == i && truth[r] >= 0) {
                        counts[truth[r]]++;
                        labelled++;
                    }
                }
                int m = 0;
                for (int t = 1; t < counts.length; t++) {
                    if (counts[t] > counts[m]) {
                        m = t;
                    }
                }
                row.add(labelled == 0 ? "" : truthColumn.levels().get(m));
                row.add(labelled == 0 ? "NaN" : fmt((double) counts[m] / labelled));
            }
            row.addAll(params.get(l));
            clRows.add(row);
        }
        out.table("clusters", new Table(header, clRows));

        // posterior similarity for small data
        if (n <= DrawRecorder.MAX_SIMILARITY_ROWS) {
            long draws = 0;
            int[] pairs = new int[n * n];
            for (MixtureChain ch : chains) {
                int[] pc = ch.recorder().pairCounts();
                for (int i = 0; i < pairs.length; i++) {
                    pairs[i] += pc[i];
                }
                draws += ch.recorder().kept();
            }
            List<String> sh = new ArrayList<>();
            sh.add("row");
            for (int j = 0; j < n; j++) {
                sh.add(Integer.toString(j));
            }
            List<List<String>> sRows = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                List<String> row = new ArrayList<>(n + 1);
                row.add(Integer.toString(i));
                for (int j = 0; j < n; j++) {
                    double p = i == j ? 1.0 : (double) pairs[Math.min(i, j) * n + Math.max(i, j)] / draws;
                    row.add(fmt(p));
                }
                sRows.add(row);
            }
            out.table("similarity", new Table(sh, sRows));
        }

        out.fact("draws", total);
        out.fact("stored_partitions", stored);
        out.fact("k_posterior", kFact);
        out.fact("clusters_mode", kMode);
        out.fact("clusters_mean", kMean);
        out.fact("best_log_joint", best.bestLogJoint());
        out.fact("best_chain", bestIndex);
        out.fact("best_iteration", best.bestIteration());
        out.fact("best_clusters", used);
        if (truth != null) {
            int labelled = 0;
            for (int t : truth) {
                if (t >= 0) {
                    labelled++;
                }
            }
            if (labelled > 0) {
                out.fact("labelled_rows", labelled);
                out.fact("ari", ClusterAgreement.adjustedRandIndex(truth, labels));
                out.fact("nmi", ClusterAgreement.normalizedMutualInformation(truth, labels));
                double ariMean = 0;
                double nmiMean = 0;
                for (MixtureChain ch : chains) {
                    for (int[] draw : ch.recorder().partitions()) {
                        ariMean += ClusterAgreement.adjustedRandIndex(truth, draw);
                        nmiMean += ClusterAgreement.normalizedMutualInformation(truth, draw);
                    }
                }
                if (stored > 0) {
                    out.fact("ari_posterior_mean", ariMean / stored);
                    out.fact("nmi_posterior_mean", nmiMean / stored);
                }
            }
        }
    }

    /**
     * For every row: the fraction of its best-draw cluster mates that share its cluster in {@code draw}
     * (for a singleton, 1 when it is a singleton in the draw too).
     */
    private static void addConfidence(int[] labels, int used, int[] sizesByCanonical, Integer[] order, int[] draw,
            double[] confidence) {
        int n = labels.length;
        int dk = 0;
        for (int d : draw) {
            dk = Math.max(dk, d + 1);
        }
        int[] joint = new int[Math.multiplyExact(used, dk)];
        int[] drawSizes = new int[dk];
        for (int r = 0; r < n; r++) {
            joint[labels[r] * dk + draw[r]]++;
            drawSizes[draw[r]]++;
        }
        for (int r = 0; r < n; r++) {
            int size = sizesByCanonical[order[labels[r]]];
            if (size == 1) {
                confidence[r] += drawSizes[draw[r]] == 1 ? 1 : 0;
            } else {
                int together = joint[labels[r] * dk + draw[r]];
                confidence[r] += (together - 1.0) / (size - 1.0);
            }
        }
    }

    static String fmt(double v) {
        return String.format(Locale.ROOT, "%.6g", v);
    }
}
