package io.plate.api.sample;

import io.plate.api.data.Dataset;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Assigns the rows of another dataset to the clusters of a mixture run's point estimate (scikit-learn's
 * {@code GaussianMixture.predict} and {@code predict_proba}), label-invariantly from the run's stored draws:
 * for each draw, each new row's posterior predictive probability of every cluster of the draw given its
 * partition (parameters integrated out), carried to the estimate's clusters by the share of the draw's
 * cluster that lies in each, and averaged over the draws. Since 1.11.0.
 */
@ProviderType
public interface ClusterPredictor {
    /** Clusters of the point estimate, numbered as {@code clusters.csv} and {@code assignments.csv} number them. */
    int clusters();

    /** Stored draws the predictions average over. */
    int draws();

    /**
     * The predictions for every row of {@code rows}, read in the run's training columns (levels and words
     * matched by text, a missing value integrated out, an unseen level or word adding nothing).
     *
     * @param cancellation stops the work between draws (then {@link java.util.concurrent.CancellationException})
     * @throws io.plate.api.PlateException when {@code rows} lacks a column the run clustered on
     */
    ClusterPredictions predict(Dataset rows, Cancellation cancellation);
}
