package io.plate.api.sample;

import io.plate.api.learn.KnownWords;
import io.plate.api.learn.UnseenLevels;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a {@link ClusterPredictor} says of new rows: per row, the probability of each cluster of the point
 * estimate (q_c: that a training row drawn from the row's cluster lies in estimate cluster c) and of a cluster
 * that holds no training row ({@link #newCluster}); they sum to 1. Immutable; arrays are copied in and out.
 * Since 1.11.0.
 */
public final class ClusterPredictions {
    /**
     * Agreement of the predicted clusters with the new rows' labels (rows without a label left out), as
     * scikit-learn's {@code adjusted_rand_score} and {@code normalized_mutual_info_score}.
     *
     * @param labelledRows rows that carry a label
     * @param ari          adjusted Rand index
     * @param nmi          normalised mutual information
     */
    public record Agreement(int labelledRows, double ari, double nmi) {
    }

    private final double[][] probabilities;
    private final double[] newCluster;
    private final int draws;
    private final List<UnseenLevels> unseenLevels;
    private final KnownWords knownWords;
    private final Agreement agreement;

    /** The same without word counts (a run of numeric or categorical columns). */
    public ClusterPredictions(double[][] probabilities, double[] newCluster, int draws, List<UnseenLevels> unseenLevels,
            Agreement agreement) {
        this(probabilities, newCluster, draws, unseenLevels, null, agreement);
    }

    /**
     * @param probabilities rows × clusters of the estimate
     * @param newCluster    per row, the probability of a cluster without training rows
     * @param draws         stored draws averaged over
     * @param unseenLevels  categorical cells whose level the run never saw (they add nothing)
     * @param knownWords    how the rows' words meet the run's vocabulary (a text run), or null
     * @param agreement     agreement with the rows' labels, or null without labels
     */
    public ClusterPredictions(double[][] probabilities, double[] newCluster, int draws, List<UnseenLevels> unseenLevels,
            KnownWords knownWords, Agreement agreement) {
        if (probabilities.length != newCluster.length) {
            throw new IllegalArgumentException("probabilities of " + probabilities.length + " rows, new-cluster"
                    + " probabilities of " + newCluster.length);
        }
        this.probabilities = new double[probabilities.length][];
        for (int r = 0; r < probabilities.length; r++) {
            this.probabilities[r] = probabilities[r].clone();
        }
        this.newCluster = newCluster.clone();
        this.draws = draws;
        this.unseenLevels = List.copyOf(Objects.requireNonNull(unseenLevels, "unseenLevels"));
        this.knownWords = knownWords;
        this.agreement = agreement;
    }

    /** Rows predicted. */
    public int rows() {
        return newCluster.length;
    }

    /** The most probable estimate cluster of row {@code r} (0-based; the lowest number on a tie). */
    public int cluster(int r) {
        double[] p = probabilities[r];
        int best = 0;
        for (int c = 1; c < p.length; c++) {
            if (p[c] > p[best]) {
                best = c;
            }
        }
        return best;
    }

    /** Every row's {@link #cluster(int)}. */
    public int[] clusters() {
        int[] out = new int[rows()];
        for (int r = 0; r < out.length; r++) {
            out[r] = cluster(r);
        }
        return out;
    }

    /** Row {@code r}'s probability of each estimate cluster (a copy). */
    public double[] probabilities(int r) {
        return probabilities[r].clone();
    }

    /** Row {@code r}'s probability of a cluster that holds no training row. */
    public double newCluster(int r) {
        return newCluster[r];
    }

    /** Stored draws averaged over. */
    public int draws() {
        return draws;
    }

    /** The categorical cells whose level the run never saw and that therefore add nothing. */
    public List<UnseenLevels> unseenLevels() {
        return unseenLevels;
    }

    /** How the rows' words meet the vocabulary of a text run (a word it never saw adds nothing); empty for other runs. */
    public Optional<KnownWords> knownWords() {
        return Optional.ofNullable(knownWords);
    }

    /** Agreement with the rows' labels; empty when they have none. */
    public Optional<Agreement> agreement() {
        return Optional.ofNullable(agreement);
    }
}
