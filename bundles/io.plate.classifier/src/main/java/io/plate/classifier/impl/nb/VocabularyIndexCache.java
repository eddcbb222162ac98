package io.plate.classifier.impl.nb;


import java.lang.ref.WeakReference;
import java.util.List;

/**
 * The word indexes of the last few vocabularies a learner's models used, found by the identity of the
 * vocabulary list. Models fitted on the same dataset, or on views of it (cross-validation folds share the
 * vocabulary list), then build the index once. Vocabulary lists are held weakly. Each learner instance has
 * its own cache; it is instance state of the service, not global state.
 */
final class VocabularyIndexCache {
    private static final int SLOTS = 4;

    private final Object lock = new Object();
    private final WeakReference<?>[] keys = new WeakReference<?>[SLOTS];
    private final VocabularyIndex[] values = new VocabularyIndex[SLOTS];
    private int next;

    VocabularyIndex index(List<String> vocabulary) {
        synchronized (lock) {
            for (int i = 0; i < SLOTS; i++) {
                if (keys[i] != null && keys[i].get() == vocabulary) {
                    return values[i];
                }
            }
        }
        VocabularyIndex built = new VocabularyIndex(vocabulary);
        synchronized (lock) {
            keys[next] = new WeakReference<>(vocabulary);
            values[next] = built;
            next = (next + 1) % SLOTS;
        }
        return built;
    }
}
