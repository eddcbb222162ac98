package io.plate.api.sample;

/**
 * The names under which a mixture run writes its {@link Clustering} into a run directory, shared by the
 * samplers that write it and the reader that gives it back to a later process: tables ({@code NAME.csv})
 * with their columns, and facts of {@code summary.json}.
 */
public final class ClusteringFiles {
    /** Table {@code row,cluster}: the point estimate. */
    public static final String ASSIGNMENTS = "assignments";
    /** Table {@code row,cluster}: the draw with the highest log joint. */
    public static final String ASSIGNMENTS_HIGHEST_LOG_JOINT = "assignments-highest-log-joint";
    /** Table {@code row,cluster,confidence}: how firmly each row sits in its estimated cluster. */
    public static final String COCLUSTERING = "coclustering";
    /** Table of the estimate's clusters: {@link #CLUSTER}, {@link #SIZE}, {@link #PROPORTION}, … */
    public static final String CLUSTERS = "clusters";
    /** Table {@code clusters,probability}, and the fact of the same name: the posterior of the number of clusters. */
    public static final String K_POSTERIOR = "k_posterior";
    /** Tables {@code row,cluster} of the credible ball's bounds: this prefix, then horizontal, upper or lower. */
    public static final String CREDIBLE_BALL_PREFIX = "credible-ball-";

    /** Column of the per-row tables: the data row, numbered from 1 (from 0 in files of earlier versions). */
    public static final String ROW = "row";
    /** Column: the cluster a row is in, or the one a row of {@link #CLUSTERS} describes, numbered from 0. */
    public static final String CLUSTER = "cluster";
    /** Column: a row's confidence in {@link #COCLUSTERING}, the mean over its rows in {@link #CLUSTERS}. */
    public static final String CONFIDENCE = "confidence";
    /** Column of {@link #CLUSTERS}: the rows in the cluster. */
    public static final String SIZE = "size";
    /** Column of {@link #CLUSTERS}: the cluster's size over all rows. */
    public static final String PROPORTION = "proportion";
    /** Column of a semi-supervised run's clusters: the class whose labelled rows the cluster holds. */
    public static final String CLASS = "class";
    /** Column of {@link #CLUSTERS} when the data have labels: the most frequent label among its labelled rows. */
    public static final String MAJORITY_LABEL = "majority_label";
    /** Column of {@link #CLUSTERS} when the data have labels: the share of its labelled rows with that label. */
    public static final String PURITY = "purity";
    /**
     * Column of a text mixture's clusters: its most probable words under the posterior mean given the
     * partition, {@code word:probability} separated by spaces (since 1.7.0).
     */
    public static final String TOP_WORDS = "top_words";

    /** Fact: the {@link Clustering.Loss#key()} the estimate minimises; marks a run that has a clustering. */
    public static final String ESTIMATE_LOSS = "estimate_loss";
    /** Fact: the point estimate's posterior expected loss over the stored draws. */
    public static final String ESTIMATE_EXPECTED_LOSS = "estimate_expected_loss";
    /** Fact: the log joint of the draw in {@link #ASSIGNMENTS_HIGHEST_LOG_JOINT}. */
    public static final String HIGHEST_LOG_JOINT = "highest_log_joint";
    /** Fact: the number of rows that carry a label; present only with the agreement facts that follow. */
    public static final String LABELLED_ROWS = "labelled_rows";
    /** Fact: the adjusted Rand index of the point estimate against the labels. */
    public static final String ARI = "ari";
    /** Fact: the normalised mutual information of the point estimate against the labels. */
    public static final String NMI = "nmi";
    /** Fact: the adjusted Rand index of the highest-log-joint draw against the labels. */
    public static final String ARI_HIGHEST_LOG_JOINT = "ari_highest_log_joint";
    /** Fact: the mean adjusted Rand index of the stored draws against the labels. */
    public static final String ARI_POSTERIOR_MEAN = "ari_posterior_mean";
    /** Fact: the mean normalised mutual information of the stored draws against the labels. */
    public static final String NMI_POSTERIOR_MEAN = "nmi_posterior_mean";
    /** Fact: the posterior probability the credible ball holds; marks a run that has one. */
    public static final String CREDIBLE_BALL_LEVEL = "credible_ball_level";
    /** Fact: the credible ball's radius, in the estimate's loss. */
    public static final String CREDIBLE_BALL_RADIUS = "credible_ball_radius";
    /** Fact {@code {"clusters": K, "distance": D}}: the horizontal bound, the draw farthest from the estimate. */
    public static final String CREDIBLE_BALL_HORIZONTAL = "credible_ball_horizontal";
    /** Fact {@code {"clusters": K, "distance": D}}: the vertical upper bound, with the fewest clusters. */
    public static final String CREDIBLE_BALL_UPPER = "credible_ball_upper";
    /** Fact {@code {"clusters": K, "distance": D}}: the vertical lower bound, with the most clusters. */
    public static final String CREDIBLE_BALL_LOWER = "credible_ball_lower";
    /** Key of a credible ball bound's fact: the bounding draw's number of non-empty clusters. */
    public static final String BOUND_CLUSTERS = "clusters";
    /** Key of a credible ball bound's fact: the bounding draw's loss to the point estimate. */
    public static final String BOUND_DISTANCE = "distance";

    private ClusteringFiles() {
    }
}
