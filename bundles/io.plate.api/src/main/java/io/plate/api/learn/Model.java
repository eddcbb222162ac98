package io.plate.api.learn;

import io.plate.api.data.Dataset;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Optional;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A fitted model. Immutable and safe to share between threads.
 *
 * <p>Classifiers return {@link #classes()} in sorted order and {@link #predictLogProba(Dataset)} as a
 * rows × classes matrix whose rows are normalised in log space (each row's log-sum-exp is 0).
 * The dataset to score may have been imported on its own: categorical levels and words are matched
 * to the model's by their text, and a level or word the model never saw is handled as the learner
 * documents, never as an index error. Regression models return no classes and answer
 * {@link #predict(Dataset)}.
 */
@ProviderType
public interface Model {
    /** The {@code plate.learner} name that made this model (and that reads its file back). */
    String type();

    /** Class names in sorted order; empty for a regression model. */
    List<String> classes();

    /** Log posterior class probabilities, rows × classes, each row normalised in log space. */
    double[][] predictLogProba(Dataset data);

    /**
     * Point predictions: for a classifier the index into {@link #classes()} of the most probable class
     * (as a double), for a regression model the predicted value.
     */
    default double[] predict(Dataset data) {
        double[][] lp = predictLogProba(data);
        double[] out = new double[lp.length];
        for (int r = 0; r < lp.length; r++) {
            int best = 0;
            for (int c = 1; c < lp[r].length; c++) {
                if (lp[r][c] > lp[r][best]) {
                    best = c;
                }
            }
            out[r] = best;
        }
        return out;
    }

    /**
     * The names of the numeric and categorical columns this model reads from a dataset it scores (matched by
     * name), or empty when the model does not say. A scored dataset's other numeric and categorical columns
     * are not used, and {@code plate:predict} names them (scikit-learn and Weka refuse them). A model trained
     * with a column as its rows' weights names that column too (it was used). A model of word
     * counts does not say: it reads the dataset's sparse block or, without one, its numeric columns as counts.
     *
     * @since 1.4
     */
    default Optional<List<String>> columns() {
        return Optional.empty();
    }

    /**
     * The categorical cells of {@code data} that add no term to their rows' scores because their level was
     * never seen in training, one value per such column (none: an empty list). Models that do not say return
     * an empty list.
     *
     * @since 1.6
     */
    default List<UnseenLevels> unseenLevels(Dataset data) {
        return List.of();
    }

    /**
     * How the words (count columns) of {@code data} meet the vocabulary of a model that reads words; empty
     * for a model that reads none. A dataset with none of the model's words is scored at what the model
     * gives a document without words (for a multinomial, the class prior), as scikit-learn scores it.
     *
     * @since 1.9
     */
    default Optional<KnownWords> knownWords(Dataset data) {
        return Optional.empty();
    }

    /** True for a regression model (numeric target). */
    default boolean isRegression() {
        return classes().isEmpty();
    }

    /** Learner, parameters, seed, data summary and version. */
    Provenance provenance();

    /**
     * Writes the complete model file: a JSON object that starts
     * {@code {"format": "plate-model", "version": 1, "type": …, "provenance": {…}, …}}.
     * The learner named by {@link #type()} reads it back with {@link Learner#readModel}.
     */
    void writeJson(OutputStream out) throws IOException;

    /** True when {@link #update(Dataset)} is supported (online learning). */
    default boolean supportsUpdate() {
        return false;
    }

    /**
     * A new model that has also seen {@code more} (like scikit-learn's {@code partial_fit}); this model
     * is unchanged.
     *
     * @throws io.plate.api.PlateException when {@link #supportsUpdate()} is false, as for any caller's mistake
     *         (since 1.11.0; it was an {@link UnsupportedOperationException})
     */
    default Model update(Dataset more) {
        throw new io.plate.api.PlateException(type() + " does not support online updates (supportsUpdate() is false):"
                + " fit it again on all the rows");
    }
}
