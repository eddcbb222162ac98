package io.plate.sampler.mixture.impl;

import static io.plate.api.sample.ClusteringFiles.*;

import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.sample.Clustering;
import io.plate.api.sample.Clustering.Loss;
import io.plate.api.sample.Table;
import io.plate.mcmc.SamplerPosterior;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Turns the chains' recorded draws into label-invariant results: the point estimate that minimises the
 * posterior expected VI or Binder loss over the stored draws ({@link PartitionSearch}), relabelled by
 * decreasing cluster size; how firmly each row sits in its estimated cluster across the draws; the
 * posterior of the number of clusters; the draw with the highest log joint over all chains as a
 * secondary answer; the estimate's 95% credible ball and the draws that bound it ({@link CredibleBall});
 * the posterior similarity matrix for small data; ARI and NMI against the labels.
 * The same facts reach the shell as a typed {@link Clustering}.
 */
final class MixtureSummary {
    /** Fact saying why a semi-supervised run has no agreement with the labels. */
    static final String AGREEMENT = "agreement";
    static final String AGREEMENT_HELD = "ARI/NMI/purity not shown: the labelled rows were held in their classes"
            + " (semi_supervised=true), so they agree with their labels by construction; score the unlabelled rows"
            + " against labels you kept aside";
    /** Fact saying that the estimate comes from fewer draws than the run kept (the chains' stored partitions). */
    static final String ESTIMATE_DRAWS = "estimate_draws";
    /** Draws the search works on (evenly thinned beyond); the reported loss uses every stored draw. */
    static final int MAX_SEARCH_DRAWS = 500;
    /** Stored draws tried as starting points (the best of them starts one search). */
    static final int CANDIDATE_DRAWS = 64;
    /** Searches started by sequential allocation in random order. */
    static final int SEQUENTIAL_STARTS = 4;

    private MixtureSummary() {
    }

    /** Cluster labels ordered for reading: class clusters first in class order, then by decreasing size. */
    private record Labelled(int[] labels, int[] order, int[] sizes, int[] classOf) {
        static Labelled of(int[] canonical, int[] fixed) {
            int used = ExpectedLoss.labels(canonical);
            int[] sizes = new int[used];
            for (int l : canonical) {
                sizes[l]++;
            }
            int[] classOf = new int[used];
            Arrays.fill(classOf, Integer.MAX_VALUE);
            if (fixed != null) {
                for (int r = 0; r < canonical.length; r++) {
                    if (fixed[r] >= 0) {
                        classOf[canonical[r]] = Math.min(classOf[canonical[r]], fixed[r]);
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
            int[] ord = new int[used];
            for (int i = 0; i < used; i++) {
                rank[order[i]] = i;
                ord[i] = order[i];
            }
            int[] labels = new int[canonical.length];
            for (int r = 0; r < labels.length; r++) {
                labels[r] = rank[canonical[r]];
            }
            return new Labelled(labels, ord, sizes, classOf);
        }

        int clusters() {
            return order.length;
        }

        int size(int cluster) {
            return sizes[order[cluster]];
        }
    }

    /**
     * Adds the tables and facts of the mixture run to {@code out} and returns its {@link Clustering}
     * (null when no draw was kept). With {@code fixed} (a semi-supervised run) the clusters that hold
     * labelled rows come first, in class order, named by their class. {@code rng} drives the search
     * and the description of the estimate's clusters.
     */
    static Clustering addTo(SamplerPosterior.Builder out, List<? extends MixtureChain> chains, Dataset data,
            int[] fixed, Loss loss, UniformRandomProvider rng) {
        int n = data.rows();
        Map<Integer, Long> kCounts = new TreeMap<>();
        long total = 0;
        MixtureChain bestChain = null;
        int bestIndex = -1;
        List<int[]> draws = new ArrayList<>();
        int stride = 1;
        for (int c = 0; c < chains.size(); c++) {
            DrawRecorder rec = chains.get(c).recorder();
            stride = Math.max(stride, rec.stride());
            for (Map.Entry<Integer, Integer> e : rec.clusterCounts().entrySet()) {
                kCounts.merge(e.getKey(), (long) e.getValue(), Long::sum);
                total += e.getValue();
            }
            draws.addAll(rec.partitions());
            if (rec.bestPartition() != null
                    && (bestChain == null || rec.bestLogJoint() > bestChain.recorder().bestLogJoint())) {
                bestChain = chains.get(c);
                bestIndex = c;
            }
        }
        if (bestChain == null || draws.isEmpty()) {
            out.fact("draws", 0);
            return null; // cancelled before any draw was kept: nothing to summarise
        }
        DrawRecorder best = bestChain.recorder();

        // the point estimate
        List<int[]> searchDraws = evenly(draws, MAX_SEARCH_DRAWS);
        ExpectedLoss searchLoss = new ExpectedLoss(loss, searchDraws, n);
        List<int[]> candidates = new ArrayList<>(evenly(searchDraws, CANDIDATE_DRAWS));
        candidates.add(best.bestPartition());
        long t0 = System.nanoTime();
        PartitionSearch.Result found = PartitionSearch.minimise(searchLoss, bestChain.maxClusters(), candidates,
                SEQUENTIAL_STARTS, rng);
        double searchSeconds = (System.nanoTime() - t0) / 1e9;
        ExpectedLoss allLoss = searchDraws.size() == draws.size() ? searchLoss : new ExpectedLoss(loss, draws, n);
        double expectedLoss = allLoss.of(found.partition());
        Labelled est = Labelled.of(found.partition(), fixed);
        Labelled top = Labelled.of(best.bestPartition(), fixed);
        int[] labels = est.labels();

        // k posterior
        List<List<String>> kRows = new ArrayList<>();
        Map<String, Object> kFact = new LinkedHashMap<>();
        TreeMap<Integer, Double> kPosterior = new TreeMap<>();
        double kMean = 0;
        int kMode = -1;
        long kModeCount = -1;
        for (Map.Entry<Integer, Long> e : kCounts.entrySet()) {
            double p = (double) e.getValue() / total;
            kRows.add(List.of(Integer.toString(e.getKey()), fmt(p)));
            kFact.put(Integer.toString(e.getKey()), p);
            kPosterior.put(e.getKey(), p);
            kMean += e.getKey() * p;
            if (e.getValue() > kModeCount) {
                kModeCount = e.getValue();
                kMode = e.getKey();
            }
        }
        out.table(K_POSTERIOR, new Table(List.of("clusters", "probability"), kRows));
        out.table(ASSIGNMENTS, assignmentTable(labels));
        out.table(ASSIGNMENTS_HIGHEST_LOG_JOINT, assignmentTable(top.labels()));

        // how far the posterior strays from the estimate: its credible ball and the draws that bound it
        CredibleBall ball = CredibleBall.of(allLoss, found.partition(), CredibleBall.LEVEL);
        out.table(CREDIBLE_BALL_PREFIX + "horizontal", assignmentTable(Labelled.of(ball.horizontal(), fixed).labels()));
        out.table(CREDIBLE_BALL_PREFIX + "upper", assignmentTable(Labelled.of(ball.upper(), fixed).labels()));
        out.table(CREDIBLE_BALL_PREFIX + "lower", assignmentTable(Labelled.of(ball.lower(), fixed).labels()));

        // how firmly each row sits with its estimated cluster mates across the stored draws
        double[] confidence = confidence(est.labels(), draws);
        List<List<String>> cRows = new ArrayList<>(n);
        for (int r = 0; r < n; r++) {
            cRows.add(List.of(Integer.toString(r + 1), Integer.toString(labels[r]), fmt(confidence[r])));
        }
        out.table(COCLUSTERING, new Table(List.of(ROW, CLUSTER, CONFIDENCE), cRows));

        // clusters of the estimate, described by the posterior given that partition; a semi-supervised run
        // holds every labelled row in its class, so agreement with those labels (ARI, NMI, purity) is 1 by
        // construction and says nothing: it is left out, with the reason as a fact
        CategoricalColumn truthColumn = data.labels().orElse(null);
        int[] truth = truthColumn == null || fixed != null ? null : truthColumn.codes();
        if (fixed != null) {
            out.fact(AGREEMENT, AGREEMENT_HELD);
        }
        MixtureChain describer = chains.get(0);
        describer.assign(found.partition(), rng);
        List<String> header = new ArrayList<>(List.of(CLUSTER, SIZE, PROPORTION, CONFIDENCE));
        if (fixed != null) {
            header.add(CLASS);
        }
        if (truth != null) {
            header.add(MAJORITY_LABEL);
            header.add(PURITY);
        }
        header.addAll(describer.parameterNames());
        List<List<String>> clRows = new ArrayList<>();
        List<Clustering.Cluster> clusters = new ArrayList<>();
        for (int i = 0; i < est.clusters(); i++) {
            int size = est.size(i);
            double meanConfidence = 0;
            for (int r = 0; r < n; r++) {
                meanConfidence += labels[r] == i ? confidence[r] / size : 0;
            }
            List<String> row = new ArrayList<>();
            row.add(Integer.toString(i));
            row.add(Integer.toString(size));
            row.add(fmt((double) size / n));
            row.add(fmt(meanConfidence));
            Optional<String> fixedClass = Optional.empty();
            if (fixed != null) {
                int cls = est.classOf()[est.order()[i]];
                fixedClass = cls == Integer.MAX_VALUE ? Optional.empty()
                        : Optional.of(data.labels().orElseThrow().levels().get(cls));
                row.add(fixedClass.orElse(""));
            }
            Optional<String> majority = Optional.empty();
            double purity = Double.NaN;
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
                if (labelled > 0) {
                    majority = Optional.of(truthColumn.levels().get(m));
                    purity = (double) counts[m] / labelled;
                }
                row.add(majority.orElse(""));
                row.add(fmt(purity));
            }
            row.addAll(describer.describeSlot(est.order()[i]));
            clRows.add(row);
            clusters.add(new Clustering.Cluster(size, (double) size / n, meanConfidence, fixedClass, majority, purity));
        }
        out.table(CLUSTERS, new Table(header, clRows));

        // posterior similarity for small data
        if (n <= DrawRecorder.MAX_SIMILARITY_ROWS) {
            out.table("similarity", similarityTable(chains, n));
        }

        out.fact("draws", total);
        out.fact("stored_partitions", draws.size());
        out.fact("stored_partitions_stride", stride);
        if (draws.size() < total) {
            out.fact(ESTIMATE_DRAWS, estimateDraws(draws.size(), total, stride, n));
        }
        out.fact(K_POSTERIOR, kFact);
        out.fact("clusters_mode", kMode);
        out.fact("clusters_mean", kMean);
        out.fact(ESTIMATE_LOSS, loss.key());
        out.fact(ESTIMATE_EXPECTED_LOSS, expectedLoss);
        out.fact("estimate_clusters", est.clusters());
        out.fact("estimate_search_draws", searchDraws.size());
        out.fact("estimate_search_seconds", searchSeconds);
        out.fact("best_draw_expected_loss", allLoss.of(found.bestDraw()));
        Clustering.CredibleBall cb = ball.summary();
        out.fact(CREDIBLE_BALL_LEVEL, cb.level());
        out.fact(CREDIBLE_BALL_RADIUS, cb.radius());
        out.fact(CREDIBLE_BALL_HORIZONTAL, fact(cb.horizontal()));
        out.fact(CREDIBLE_BALL_UPPER, fact(cb.upper()));
        out.fact(CREDIBLE_BALL_LOWER, fact(cb.lower()));
        out.fact(HIGHEST_LOG_JOINT, best.bestLogJoint());
        out.fact("highest_log_joint_chain", bestIndex);
        out.fact("highest_log_joint_iteration", best.bestIteration());
        out.fact("highest_log_joint_clusters", top.clusters());
        out.fact("highest_log_joint_expected_loss", allLoss.of(best.bestPartition()));
        Clustering.Agreement agreement = null;
        if (truth != null) {
            int labelled = 0;
            for (int t : truth) {
                if (t >= 0) {
                    labelled++;
                }
            }
            if (labelled > 0) {
                double ariMean = 0;
                double nmiMean = 0;
                for (int[] draw : draws) {
                    ariMean += ClusterAgreement.adjustedRandIndex(truth, draw);
                    nmiMean += ClusterAgreement.normalizedMutualInformation(truth, draw);
                }
                agreement = new Clustering.Agreement(labelled, ClusterAgreement.adjustedRandIndex(truth, labels),
                        ClusterAgreement.normalizedMutualInformation(truth, labels),
                        ClusterAgreement.adjustedRandIndex(truth, top.labels()), ariMean / draws.size(),
                        nmiMean / draws.size());
                out.fact(LABELLED_ROWS, labelled);
                out.fact(ARI, agreement.ari());
                out.fact(NMI, agreement.nmi());
                out.fact(ARI_HIGHEST_LOG_JOINT, agreement.ariHighestLogJoint());
                out.fact("nmi_highest_log_joint", ClusterAgreement.normalizedMutualInformation(truth, top.labels()));
                out.fact(ARI_POSTERIOR_MEAN, agreement.ariPosteriorMean());
                out.fact(NMI_POSTERIOR_MEAN, agreement.nmiPosteriorMean());
            }
        }
        return new Clustering(loss, expectedLoss, labels, clusters, confidence, kPosterior, top.labels(),
                best.bestLogJoint(), agreement, cb);
    }

    /**
     * Says that the estimate, its confidences, credible ball and mean agreement come from the {@code held}
     * stored partitions, not all {@code kept} draws, in the words of the diagnostics table's "draws held".
     */
    static String estimateDraws(int held, long kept, int stride, int rows) {
        return String.format(Locale.ROOT, "point estimate, confidences, credible ball and posterior mean ARI from %s,"
                + " 1 in %d of the %d kept draws (a chain stores at most %d partitions of %d rows); the similarity"
                + " and the posterior of the number of clusters from every kept draw",
                io.plate.api.text.Plural.of(held, "draw held", "draws held"), stride, kept,
                DrawRecorder.capacity(rows), rows);
    }

    /** A bound of the credible ball as a fact: its clusters, then its distance to the estimate. */
    private static Map<String, Object> fact(Clustering.CredibleBall.Bound b) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(BOUND_CLUSTERS, b.clusters());
        m.put(BOUND_DISTANCE, b.distance());
        return m;
    }

    /** At most {@code max} of the list, evenly spread. */
    static <T> List<T> evenly(List<T> all, int max) {
        if (all.size() <= max) {
            return all;
        }
        List<T> out = new ArrayList<>(max);
        for (int i = 0; i < max; i++) {
            out.add(all.get((int) ((long) i * all.size() / max)));
        }
        return out;
    }

    /** A {@code row,cluster} table; rows are numbered from 1, as the shell and the README number them. */
    private static Table assignmentTable(int[] labels) {
        List<List<String>> rows = new ArrayList<>(labels.length);
        for (int r = 0; r < labels.length; r++) {
            rows.add(List.of(Integer.toString(r + 1), Integer.toString(labels[r])));
        }
        return new Table(List.of(ROW, CLUSTER), rows);
    }

    private static Table similarityTable(List<? extends MixtureChain> chains, int n) {
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
            sh.add(Integer.toString(j + 1)); // rows numbered from 1, as everywhere
        }
        List<List<String>> sRows = new ArrayList<>(n);
        // each distinct pair count formatted once: n^2 String.format calls took 1-2 s at n = 272, most of the
        // time a run interrupted by SIGTERM needed to end
        Map<Integer, String> text = new HashMap<>();
        String one = fmt(1.0);
        if (draws > 0 && draws <= Integer.MAX_VALUE) {
            text.put((int) draws, one); // pairs together in every draw
        }
        for (int i = 0; i < n; i++) {
            List<String> row = new ArrayList<>(n + 1);
            row.add(Integer.toString(i + 1));
            for (int j = 0; j < n; j++) {
                long d = draws;
                row.add(i == j ? one : text.computeIfAbsent(pairs[Math.min(i, j) * n + Math.max(i, j)], c -> fmt((double) c / d)));
            }
            sRows.add(row);
        }
        return new Table(sh, sRows);
    }

    /**
     * Each row's confidence in the estimate {@code labels} (0-based, dense) over {@code draws}: the mean over the
     * draws of the fraction of its estimated cluster mates that share its cluster in the draw; for a row alone
     * in its estimated cluster, which has no mates, the posterior probability that it is alone in the draw too.
     */
    static double[] confidence(int[] labels, List<int[]> draws) {
        double[] confidence = new double[labels.length];
        for (int[] draw : draws) {
            addConfidence(labels, draw, confidence);
        }
        for (int r = 0; r < labels.length; r++) {
            confidence[r] /= draws.size();
        }
        return confidence;
    }

    /**
     * For every row: the fraction of its estimated cluster mates that share its cluster in {@code draw}
     * (for a singleton, 1 when it is a singleton in the draw too).
     */
    private static void addConfidence(int[] labels, int[] draw, double[] confidence) {
        int n = labels.length;
        int ek = ExpectedLoss.labels(labels);
        int dk = ExpectedLoss.labels(draw);
        int[] joint = new int[Math.multiplyExact(ek, dk)];
        int[] drawSizes = new int[dk];
        int[] estSizes = new int[ek];
        for (int r = 0; r < n; r++) {
            joint[labels[r] * dk + draw[r]]++;
            drawSizes[draw[r]]++;
            estSizes[labels[r]]++;
        }
        for (int r = 0; r < n; r++) {
            int size = estSizes[labels[r]];
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
