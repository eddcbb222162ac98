package io.plate.api.sample;

import io.plate.api.BundleOrigin;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The result of a {@link Sampler} run: the trace of scalar summaries of every chain, their
 * diagnostics, the sampler's own tables (posterior means, assignments …) and the run's settings.
 * Immutable.
 */
@ProviderType
public interface Posterior {
    /** The {@code plate.sampler} name. */
    String sampler();

    /** Effective sampler parameters as text. */
    Map<String, String> params();

    /** The settings the chains ran with; iterations as the run went to, when extended. */
    RunSettings settings();

    /** Name of the dataset the run used. */
    String dataset();

    /** The kept summaries of every chain. */
    Trace trace();

    /** Convergence diagnostics (split R-hat, effective sample size), one per summary. */
    List<SummaryDiagnostic> diagnostics();

    /** Tables by file stem, e.g. {@code theta} → {@code theta.csv}. */
    Map<String, Table> tables();

    /** Extra facts for {@code summary.json} (e.g. the posterior of the number of clusters as text). */
    Map<String, Object> facts();

    /** True when the run stopped early on cancellation; its chains may hold fewer draws. */
    boolean cancelled();

    /** The clustering a mixture sampler read from its draws; empty for other samplers. */
    default Optional<Clustering> clustering() {
        return Optional.empty();
    }

    /**
     * Assigns new rows to the clusters of {@link #clustering()}; empty for a run that keeps no partitions of
     * its draws (another sampler, a run read back from its directory, a run cancelled before a draw was kept).
     * Since 1.11.0.
     */
    default Optional<ClusterPredictor> clusterPredictor() {
        return Optional.empty();
    }

    /**
     * The bundle and version of the sampler that ran ({@code io.plate.sampler.mixture 0.1.1}), written to
     * {@code summary.json} as {@code bundle}; {@link BundleOrigin#NONE} when not known (a run directory written
     * before 1.8.0). Since 1.8.0.
     */
    default BundleOrigin bundle() {
        return BundleOrigin.NONE;
    }

    /** Wall-clock seconds of the whole run. */
    double seconds();

    /** Sweeps per second over all chains. */
    double sweepsPerSecond();

    /**
     * Writes the run directory of the command-line contract: {@code trace.csv} (chain, iteration, and
     * each summary), {@code summary.json} (diagnostics per summary, settings, seed, seconds, sweeps per
     * second, the sampler's bundle, facts) and one CSV per table. Creates the directory; files are replaced atomically.
     */
    void write(Path dir) throws IOException;
}
