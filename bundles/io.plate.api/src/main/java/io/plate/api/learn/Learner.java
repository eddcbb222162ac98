package io.plate.api.learn;

import io.plate.api.data.Dataset;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Fits models. Registered as a service with the property {@link #NAME} ({@code nb.categorical},
 * {@code nb.multinomial}, {@code nb.bernoulli}, {@code nb.complement}, {@code nb.gaussian},
 * {@code nb.kernel}, {@code nb.sparse}, …).
 *
 * <p>A learner describes its parameters so that the shell can list, validate and explain them;
 * {@link #fit} receives values already checked by {@link Params#parse}. A learner also reads back
 * the model files its models write.
 *
 * <p>An implementation is safe to call from several threads at once: in a framework one service instance
 * serves every shell session and caller.
 */
@ProviderType
public interface Learner {
    /** Service property: the learner's name. */
    String NAME = "plate.learner";

    /** The learner's name (same as the {@link #NAME} property). */
    String name();

    /** One-line description for {@code plate:learners}. */
    String description();

    /** The parameters this learner takes. */
    List<ParamSpec> parameters();

    /** Validates user text against {@link #parameters()}. */
    default Params params(java.util.Map<String, String> given) {
        return Params.parse(parameters(), given);
    }

    /**
     * Fits a model to {@code data}, which must have labels (or a numeric target for regression).
     *
     * @throws io.plate.api.PlateException when the data cannot be used (no labels, no block this
     *         learner models, …), with a message that says why
     */
    Model fit(Dataset data, Params params, long seed);

    /**
     * {@link #fit(Dataset, Params, long)}, reporting the progress of a fit that takes long to {@code progress}, at
     * most a few times per second: {@link io.plate.api.sample.Progress#iteration()} training rows done of
     * {@link io.plate.api.sample.Progress#iterations()} in the fit's slowest pass (one chain, no log joint or
     * R-hat). A learner whose fit is quick reports nothing (the default).
     *
     * @since 1.7
     */
    default Model fit(Dataset data, Params params, long seed, io.plate.api.sample.ProgressListener progress) {
        return fit(data, params, seed);
    }

    /**
     * Reads a model file written by one of this learner's models; validates version, dimensions and
     * values.
     */
    Model readModel(InputStream in) throws IOException, ModelFormatException;
}
