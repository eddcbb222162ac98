package io.plate.api.sample;

import io.plate.api.data.Dataset;
import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import java.util.List;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A posterior sampler over a dataset. Registered as a service with the property {@link #NAME}
 * ({@code sparse.dirichlet}, {@code sparse.collapsed}, {@code mixture.multinomial},
 * {@code mixture.gaussian}, {@code mixture.dp-multinomial}, …). An implementation is safe to call
 * from several threads at once (one service instance serves every caller).
 */
@ProviderType
public interface Sampler {
    /** Service property: the sampler's name. */
    String NAME = "plate.sampler";

    /** The sampler's name, the value of its {@link #NAME} service property. */
    String name();

    /** One-line description for {@code plate:samplers}. */
    String description();

    /** Descriptions of the parameters the sampler takes. */
    List<ParamSpec> parameters();

    /** The {@code given} parameters checked against {@link #parameters()}, defaults filled in. */
    default Params params(java.util.Map<String, String> given) {
        return Params.parse(parameters(), given);
    }

    /**
     * Runs the sampler's chains on {@code data}.
     *
     * @throws io.plate.api.PlateException when the data does not fit the sampler (no categorical block,
     *         …) with a message that says why
     */
    Posterior run(Dataset data, Params params, RunSettings settings, ProgressListener listener,
            Cancellation cancellation);

    /**
     * {@link #run} with its chains checkpointed, or resumed, as {@code checkpoints} says (null: as
     * {@link #run}). A sampler whose chains cannot save their state refuses checkpoints.
     *
     * @throws io.plate.api.PlateException when this sampler cannot checkpoint, or the checkpoints to
     *         resume are missing, corrupt or of another run
     */
    default Posterior run(Dataset data, Params params, RunSettings settings, ProgressListener listener,
            Cancellation cancellation, Checkpoints checkpoints) {
        if (checkpoints == null) {
            return run(data, params, settings, listener, cancellation);
        }
        throw new io.plate.api.PlateException("sampler " + name() + " cannot checkpoint its chains");
    }

    /**
     * The predictor of new rows' clusters of {@code run}, a run of this sampler read back from its directory
     * ({@link Posterior#clusterPredictor()} is empty there), rebuilt from the partitions the directory keeps and
     * {@code training}, the data the run was sampled on; empty when this sampler keeps none.
     *
     * @throws io.plate.api.PlateException when {@code training} is not the run's data (rows or columns differ) or the
     *         directory's partitions are damaged
     * @since 1.12.0
     */
    default java.util.Optional<ClusterPredictor> clusterPredictor(Posterior run, Dataset training) {
        return java.util.Optional.empty();
    }
}
