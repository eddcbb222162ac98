package io.plate.classifier.impl.nb;


import io.plate.api.learn.KnownWords;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Explanation;
import io.plate.api.learn.FeatureWeight;
import io.plate.api.learn.UnseenLevels;
import java.util.List;
import java.util.Optional;

/**
 * One block's event model: adds log P(x_block | y = k) (up to a term that is the same for every class)
 * to each row's joint log likelihood. Features of the scored dataset are matched to the model's by name,
 * levels and words by text; a missing value and an unseen word add nothing, an unseen level nothing unless
 * the block declares room for it ({@link LidstoneCategorical}).
 * Implementations are immutable and hold only tables derived from their sufficient statistics.
 */
public interface Likelihood {
    /** Adds this block's log likelihood of each row to {@code jll[row][k]}. */
    void addTo(Dataset data, double[][] jll);

    /** Appends this block's per-feature terms of row {@code row} to {@code out}. */
    void explain(Dataset data, int row, List<Explanation.Term> out);

    /** Appends the features of row {@code row} that add no term because their level was never seen in training. */
    default void skipped(Dataset data, int row, List<Explanation.Skipped> out) {
    }

    /** The categorical cells of {@code data} that add no term because their level was never seen in training. */
    default List<UnseenLevels> unseenLevels(Dataset data) {
        return List.of();
    }

    /** How the words of {@code data} meet this block's vocabulary; empty for a block that reads no words. */
    default Optional<KnownWords> knownWords(Dataset data) {
        return Optional.empty();
    }

    /**
     * The numeric and categorical columns this block reads by name; empty for a block of word counts, whose
     * columns depend on the scored dataset (its sparse block, else its numeric columns read as counts).
     */
    default Optional<List<String>> columns() {
        return Optional.empty();
    }

    /** Per class, the {@code top} features that most favour it; empty when the block has no such weights. */
    default List<List<FeatureWeight>> telling(int top) {
        return List.of();
    }
}
