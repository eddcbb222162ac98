package io.plate.api.learn;

import io.plate.api.data.Dataset;
import java.util.List;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A model whose log posterior is a sum of per-feature terms (naive Bayes and its relatives), so that a
 * prediction can be explained as the log-odds decomposition
 * {@code log P(y=j|x)/P(y=k|x) = [prior_j - prior_k] + Σ_f [term_f,j - term_f,k]}.
 *
 * <p>Models that can do this implement this interface beside {@link Model}; callers test with
 * {@code instanceof}.
 */
@ProviderType
public interface Explainable {
    /**
     * The additive terms of the unnormalised log posterior of row {@code row} of {@code data} (matched
     * to the model's features by name, as {@link Model#predictLogProba} does).
     *
     * @throws io.plate.api.PlateException when {@code row} is outside the dataset
     */
    Explanation explain(Dataset data, int row);

    /**
     * For each class (in {@link Model#classes()} order), the {@code top} features whose presence most
     * favours that class over the others (for word-count models: the most telling words). Empty when the
     * model has no such per-feature weights.
     */
    List<List<FeatureWeight>> tellingFeatures(int top);
}
