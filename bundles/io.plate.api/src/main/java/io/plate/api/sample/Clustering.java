package io.plate.api.sample;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What a mixture run says about the partition of its rows, read label-invariantly from the stored
 * draws: the point estimate that minimises the posterior expected {@link Loss} (Wade and Ghahramani
 * 2018), its clusters, how firmly each row sits in its estimated cluster, the posterior of the number of
 * clusters, the draw with the highest log joint (a secondary answer, named as such) and, when the data
 * have labels, the agreement with them. Immutable; arrays are copied in and out.
 */
public final class Clustering {
    /** Loss between partitions that the point estimate minimises in posterior expectation. */
    public enum Loss {
        /** Variation of information (Meilă 2007): H(c) + H(c') − 2 I(c, c'). */
        VI,
        /** Binder's loss with equal costs: the number of row pairs the two partitions disagree on. */
        BINDER;

        /** The lower-case name used in parameters and files ({@code vi}, {@code binder}). */
        public String key() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** Reads {@code vi} or {@code binder} (any case). */
        public static Loss parse(String s) {
            for (Loss l : values()) {
                if (l.key().equalsIgnoreCase(s)) {
                    return l;
                }
            }
            throw new IllegalArgumentException("loss must be vi or binder, got " + s);
        }
    }

    /**
     * One cluster of the point estimate.
     *
     * @param size           rows in the cluster
     * @param proportion     size / rows
     * @param confidence     mean over its rows of their per-row confidence
     * @param fixedClass     the class whose labelled rows it holds (semi-supervised runs), else empty
     * @param majorityLabel  the most frequent label among its labelled rows, empty without labels
     * @param purity         the fraction of its labelled rows that carry the majority label (NaN without)
     */
    public record Cluster(int size, double proportion, double confidence, Optional<String> fixedClass,
            Optional<String> majorityLabel, double purity) {
        /** Rejects null in place of an empty {@code fixedClass} or {@code majorityLabel}. */
        public Cluster {
            Objects.requireNonNull(fixedClass, "fixedClass");
            Objects.requireNonNull(majorityLabel, "majorityLabel");
        }
    }

    /**
     * Agreement with the dataset's labels (rows without a label left out), as scikit-learn's
     * {@code adjusted_rand_score} and {@code normalized_mutual_info_score}.
     *
     * @param labelledRows       rows that carry a label
     * @param ari                ARI of the point estimate
     * @param nmi                NMI of the point estimate
     * @param ariHighestLogJoint ARI of the highest-log-joint draw
     * @param ariPosteriorMean   mean ARI over the stored draws
     * @param nmiPosteriorMean   mean NMI over the stored draws
     */
    public record Agreement(int labelledRows, double ari, double nmi, double ariHighestLogJoint,
            double ariPosteriorMean, double nmiPosteriorMean) {
    }

    /**
     * The credible ball of the point estimate (Wade and Ghahramani 2018): the smallest ball around it, in
     * its own loss, that holds {@code level} of the posterior (estimated from the stored draws), with three
     * draws in it that bound it: the farthest from the estimate (horizontal), and the farthest of those
     * with the fewest (vertical upper) and with the most clusters (vertical lower).
     *
     * @param level      posterior probability the ball holds, e.g. 0.95
     * @param radius     its radius (VI in nats, Binder in row pairs)
     * @param horizontal the horizontal bound
     * @param upper      the vertical upper bound: fewest clusters in the ball
     * @param lower      the vertical lower bound: most clusters in the ball
     * @since 1.4.0
     */
    public record CredibleBall(double level, double radius, Bound horizontal, Bound upper, Bound lower) {
        /** Rejects a null bound. */
        public CredibleBall {
            Objects.requireNonNull(horizontal, "horizontal");
            Objects.requireNonNull(upper, "upper");
            Objects.requireNonNull(lower, "lower");
        }

        /**
         * A draw that bounds the ball.
         *
         * @param clusters its number of non-empty clusters
         * @param distance its loss to the point estimate
         */
        public record Bound(int clusters, double distance) {
        }
    }

    private final Loss loss;
    private final double expectedLoss;
    private final int[] assignments;
    private final List<Cluster> clusters;
    private final double[] confidence;
    private final SortedMap<Integer, Double> kPosterior;
    private final int[] highestLogJointAssignments;
    private final double highestLogJoint;
    private final Agreement agreement;
    private final CredibleBall credibleBall;

    /** The same without a credible ball. */
    public Clustering(Loss loss, double expectedLoss, int[] assignments, List<Cluster> clusters, double[] confidence,
            SortedMap<Integer, Double> kPosterior, int[] highestLogJointAssignments, double highestLogJoint,
            Agreement agreement) {
        this(loss, expectedLoss, assignments, clusters, confidence, kPosterior, highestLogJointAssignments,
                highestLogJoint, agreement, null);
    }

    /**
     * @param loss                        the loss the estimate minimises
     * @param expectedLoss                its posterior expected loss over the stored draws (VI in nats,
     *                                    Binder in row pairs)
     * @param assignments                 cluster of every row in the estimate, 0 = first of {@code clusters}
     * @param clusters                    the estimate's clusters in label order
     * @param confidence                  per row: the posterior mean fraction of its estimated cluster
     *                                    mates that share its cluster; for a row with no mates, the
     *                                    posterior probability that it is alone in its cluster
     * @param kPosterior                  posterior probability of each number of non-empty clusters
     * @param highestLogJointAssignments  the stored draw with the highest log joint, labelled like the
     *                                    estimate (largest cluster first)
     * @param highestLogJoint             that draw's log joint
     * @param agreement                   agreement with the labels, or null when the data have none
     * @param credibleBall                the estimate's credible ball, or null when not computed
     * @since 1.4.0
     */
    public Clustering(Loss loss, double expectedLoss, int[] assignments, List<Cluster> clusters, double[] confidence,
            SortedMap<Integer, Double> kPosterior, int[] highestLogJointAssignments, double highestLogJoint,
            Agreement agreement, CredibleBall credibleBall) {
        this.loss = Objects.requireNonNull(loss, "loss");
        this.expectedLoss = expectedLoss;
        this.assignments = assignments.clone();
        this.clusters = List.copyOf(clusters);
        this.confidence = confidence.clone();
        this.kPosterior = Collections.unmodifiableSortedMap(new TreeMap<>(kPosterior));
        this.highestLogJointAssignments = highestLogJointAssignments.clone();
        this.highestLogJoint = highestLogJoint;
        this.agreement = agreement;
        this.credibleBall = credibleBall;
        int n = this.assignments.length;
        if (this.confidence.length != n || this.highestLogJointAssignments.length != n) {
            throw new IllegalArgumentException("assignments, confidence and highest-log-joint draw differ in length: "
                    + n + ", " + this.confidence.length + ", " + this.highestLogJointAssignments.length);
        }
        int[] sizes = new int[this.clusters.size()];
        for (int a : this.assignments) {
            if (a < 0 || a >= sizes.length) {
                throw new IllegalArgumentException("cluster " + a + " outside 0.." + (sizes.length - 1));
            }
            sizes[a]++;
        }
        for (int c = 0; c < sizes.length; c++) {
            if (sizes[c] != this.clusters.get(c).size()) {
                throw new IllegalArgumentException("cluster " + c + " has " + sizes[c] + " rows but its size says "
                        + this.clusters.get(c).size());
            }
        }
    }

    /** The loss the point estimate minimises. */
    public Loss loss() {
        return loss;
    }

    /** The point estimate's posterior expected loss over the stored draws (VI in nats, Binder in row pairs). */
    public double expectedLoss() {
        return expectedLoss;
    }

    /** Rows clustered. */
    public int rows() {
        return assignments.length;
    }

    /** Cluster of every row in the point estimate (a copy). */
    public int[] assignments() {
        return assignments.clone();
    }

    /** The point estimate's clusters in label order (unmodifiable). */
    public List<Cluster> clusters() {
        return clusters;
    }

    /** Sizes of the estimate's clusters, largest first (class clusters first in a semi-supervised run). */
    public int[] sizes() {
        return clusters.stream().mapToInt(Cluster::size).toArray();
    }

    /** Per-row confidence in [0, 1] (a copy). */
    public double[] confidence() {
        return confidence.clone();
    }

    /** Posterior of the number of non-empty clusters (unmodifiable, by increasing number). */
    public SortedMap<Integer, Double> kPosterior() {
        return kPosterior;
    }

    /** The stored draw with the highest log joint (a copy). */
    public int[] highestLogJointAssignments() {
        return highestLogJointAssignments.clone();
    }

    /** The log joint of the highest-log-joint draw. */
    public double highestLogJoint() {
        return highestLogJoint;
    }

    /** Number of clusters in the highest-log-joint draw. */
    public int highestLogJointClusters() {
        return Arrays.stream(highestLogJointAssignments).max().orElse(-1) + 1;
    }

    /** Agreement with the labels; empty when the data have none. */
    public Optional<Agreement> agreement() {
        return Optional.ofNullable(agreement);
    }

    /**
     * The estimate's credible ball; empty when the run did not compute one.
     *
     * @since 1.4.0
     */
    public Optional<CredibleBall> credibleBall() {
        return Optional.ofNullable(credibleBall);
    }

    @Override
    public String toString() {
        return "Clustering[" + loss.key() + " estimate, " + clusters.size() + " clusters " + Arrays.toString(sizes())
                + ", expected loss " + expectedLoss + "]";
    }
}
