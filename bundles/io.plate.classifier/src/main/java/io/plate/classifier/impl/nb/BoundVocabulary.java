package io.plate.classifier.impl.nb;


import io.plate.api.data.SparseMatrix;
import java.util.List;

/**
 * A model's vocabulary and its word index, built at the first {@link #bind}: maps the columns of a
 * scored count matrix to the model's words by text.
 */
final class BoundVocabulary {
    final List<String> words;
    private volatile VocabularyIndex index;

    BoundVocabulary(List<String> words) {
        this.words = List.copyOf(words);
    }

    /** Column map of {@code m} into this vocabulary: -1 for a word the model never saw; {@code cache} may be null. */
    int[] bind(SparseMatrix m, VocabularyIndexCache cache) {
        List<String> v = m.vocabulary();
        if (v == words || (v.size() == words.size() && v.equals(words))) {
            int[] id = new int[v.size()];
            for (int i = 0; i < id.length; i++) {
                id[i] = i;
            }
            return id;
        }
        VocabularyIndex x = index;
        if (x == null) {
            x = cache == null ? new VocabularyIndex(words) : cache.index(words);
            index = x;
        }
        return x.map(v);
    }
}
