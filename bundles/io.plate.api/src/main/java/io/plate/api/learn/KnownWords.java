package io.plate.api.learn;

/**
 * How the words of a scored dataset meet the vocabulary a word model was trained on.
 *
 * @param words        the scored dataset's words (count columns)
 * @param known        how many of them are words of the model
 * @param trained      the words of the model's vocabulary
 * @param withoutWords what the model scores a text without words as, in a clause for a warning
 *                     ({@code "(the class prior)"}); empty when other columns of the model still count
 * @since 1.9
 */
public record KnownWords(int words, int known, int trained, String withoutWords) {
    /** Counts without a clause on what a text without words scores as. */
    public KnownWords(int words, int known, int trained) {
        this(words, known, trained, "");
    }

    /** Refuses negative counts, or more known words than the dataset has. */
    public KnownWords {
        java.util.Objects.requireNonNull(withoutWords, "withoutWords");
        if (words < 0 || known < 0 || known > words || trained < 0) {
            throw new IllegalArgumentException("known words must be 0 <= known <= words and trained >= 0, got "
                    + known + " of " + words + " (trained " + trained + ")");
        }
    }

    /** True when no word of the scored dataset is one of the model's: every row scores as a document without words. */
    public boolean none() {
        return known == 0;
    }

    /** These counts without the clause: a model whose other columns still count (nb.mixed). */
    public KnownWords withOtherColumns() {
        return new KnownWords(words, known, trained);
    }
}
