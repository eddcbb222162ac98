package io.plate.classifier.impl.nb;


import io.plate.api.HeapCheck;
import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.data.SparseMatrix;
import io.plate.api.learn.KnownWords;
import io.plate.classifier.impl.MissingColumn;
import java.util.List;

/**
 * A model's vocabulary and its word index, built at the first {@link #bind}: maps the columns of a
 * scored count matrix to the model's words by text.
 */
final class BoundVocabulary {
    final List<String> words;
    /** The list given, to know a matrix over the same vocabulary at once. */
    private final List<String> given;
    private volatile VocabularyIndex index;

    /**
     * Over {@code words}, not copied: a matrix's vocabulary (immutable; a LibSVM file's index names, made on
     * demand, would cost a string each if copied) or a list made for this model, which nothing changes.
     */
    BoundVocabulary(List<String> words) {
        this.given = words;
        this.words = java.util.Collections.unmodifiableList(words);
    }

    /**
     * Column map of {@code m}, the counts of scored dataset {@code data}, into this vocabulary: -1 for a word
     * the model never saw; {@code cache} may be null. A dataset whose numeric columns, read as counts, are none
     * of the model's words (a table given to a model of a text corpus) is refused: every row would get the class
     * prior alone. A sparse block with none of them (short new texts, an empty vocabulary) is scored at the
     * class prior, as scikit-learn scores it; {@link #known} tells the caller, who warns. A table that lacks some of
     * the model's words is refused too, naming the first: scoring it as if that column were 0 was silent.
     */
    int[] bind(Dataset data, SparseMatrix m, String learner, VocabularyIndexCache cache) {
        // an int per column of the scored matrix, whose index space may be far wider than its data
        HeapCheck.require(4L * m.columns(), learner + " scoring '" + data.name() + "'", String.format(java.util.Locale.ROOT,
                "%,d features to find among the model's %,d", m.columns(), words.size()), ", or " + m.fewerColumns());
        int[] id = map(m, cache);
        if (data.sparse().isEmpty() && id.length > 0 && !words.isEmpty() && known(id) == 0) {
            throw new PlateException(learner + ": dataset '" + data.name() + "' has none of the " + words.size()
                    + " words the model was trained on (" + some(words) + "); its " + m.columns()
                    + " numeric columns (" + some(m.vocabulary())
                    + ") would leave every row at the class prior: import it as the training data were imported");
        }
        if (data.sparse().isEmpty() && known(id) < words.size()) {
            throw MissingColumn.of(learner + ": ", data, "numeric", firstMissing(id));
        }
        return id;
    }

    /**
     * The first of the model's words that no column maps to. A dense table (numeric columns read as counts) names
     * its columns, so one the model uses and the table lacks is an error, as in nb.gaussian and scikit-learn, not a
     * count of 0; a text's vocabulary lacks words as a matter of course, so {@link #bind} asks only for a table.
     */
    private String firstMissing(int[] id) {
        boolean[] hit = new boolean[words.size()];
        for (int i : id) {
            if (i >= 0) {
                hit[i] = true;
            }
        }
        int w = 0;
        while (hit[w]) {
            w++;
        }
        return words.get(w);
    }

    /**
     * How the words of {@code m}, the counts of scored dataset {@code data}, meet this vocabulary; {@code withoutWords}:
     * what the learner scores a text without words as ({@link KnownWords#withoutWords}).
     */
    KnownWords known(Dataset data, SparseMatrix m, String learner, VocabularyIndexCache cache, String withoutWords) {
        return new KnownWords(m.columns(), known(bind(data, m, learner, cache)), words.size(), withoutWords);
    }

    private static int known(int[] id) {
        int n = 0;
        for (int i : id) {
            n += i >= 0 ? 1 : 0;
        }
        return n;
    }

    /** The first three names, quoted, and how many more. */
    private static String some(List<String> names) {
        int shown = Math.min(3, names.size());
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < shown; i++) {
            b.append(i == 0 ? "" : ", ").append('\'').append(names.get(i)).append('\'');
        }
        return names.size() > shown ? b.append(", … ").append(names.size() - shown).append(" more").toString()
                : b.toString();
    }

    private int[] map(SparseMatrix m, VocabularyIndexCache cache) {
        List<String> v = m.vocabulary();
        if (v == given || (v.size() == words.size() && v.equals(words))) {
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
