package io.plate.api.sample;

import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * One Gibbs chain: a sampler bound to its data and its current state. The runner calls
 * {@link #sweep} once per iteration from one thread, reads scalar summaries after each kept sweep
 * and tells the chain to record a kept draw. A chain is used by one thread at a time.
 *
 * <p>Implementations keep preallocated arrays and allocate nothing per data point in {@link #sweep}.
 */
@ConsumerType
public interface Chain {
    /**
     * Names of the scalar summaries, fixed for the chain's life; the first is {@code logJoint}
     * (the log joint density of parameters and data at the current state). Label-invariant
     * summaries only (number of clusters, not cluster 3's size), so that R-hat means something.
     */
    List<String> summaryNames();

    /** One full Gibbs sweep over every variable. */
    void sweep(UniformRandomProvider rng);

    /** Writes the current state's summaries into {@code out[0..summaryNames().size())}. */
    void summaries(double[] out);

    /** The runner keeps the current state as a draw (after burn-in, at the thinning interval). */
    void keep(long iteration);
}
