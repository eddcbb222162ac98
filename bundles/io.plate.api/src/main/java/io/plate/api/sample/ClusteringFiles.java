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

    public static final String ROW = "row";
    public static final String CLUSTER = "cluster";
    public static final String CONFIDENCE = "confidence";
    public static final String SIZE = "size";
    public static final String PROPORTION = "proportion";
    /** Column of a semi-supervised run's clusters: the class whose labelled rows the cluster holds. */
    public static final String CLASS = "class";
    public static final String MAJORITY_LABEL = "majority_label";
    public static final String PURITY = "purity";
    /**
     * Column of a text mixture's clusters: its most probable words under the posterior mean given the
     * partition, {@code word:probability} separated by spaces (since 1.7.0).
     */
    public static final String TOP_WORDS = "top_words";

    /** Fact: the {@link Clustering.Loss#key()} the estimate minimises; marks a run that has a clustering. */
    public static final String ESTIMATE_LOSS = "estimate_loss";
    public static final String ESTIMATE_EXPECTED_LOSS = "estimate_expected_loss";
    public static final String HIGHEST_LOG_JOINT = "highest_log_joint";
    public static final String LABELLED_ROWS = "labelled_rows";
    public static final String ARI = "ari";
    public static final String NMI = "nmi";
    public static final String ARI_HIGHEST_LOG_JOINT = "ari_highest_log_joint";
    public static final String ARI_POSTERIOR_MEAN = "ari_posterior_mean";
    public static final String NMI_POSTERIOR_MEAN = "nmi_posterior_mean";
    public static final String CREDIBLE_BALL_LEVEL = "credible_ball_level";
    public static final String CREDIBLE_BALL_RADIUS = "credible_ball_radius";
    /** Facts {@code {"clusters": K, "distance": D}}: the credible ball's bounds. */
    public static final String CREDIBLE_BALL_HORIZONTAL = "credible_ball_horizontal";
    public static final String CREDIBLE_BALL_UPPER = "credible_ball_upper";
    public static final String CREDIBLE_BALL_LOWER = "credible_ball_lower";
    public static final String BOUND_CLUSTERS = "clusters";
    public static final String BOUND_DISTANCE = "distance";

    private ClusteringFiles() {
    }
}
