package io.plate.api.learn;

/**
 * How the words of a scored dataset meet the vocabulary a word model was trained on.
 *
 * @param words   the scored dataset's words (count columns)
 * @param known   how many of them are words of the model
 * @param trained the words of the model's vocabulary
 * @since 1.9
 */
public record KnownWords(int words, int known, int trained) {
    /** Refuses negative counts, or more known words than the dataset has. */
    public KnownWords {
        if (words < 0 || known < 0 || known > words || trained < 0) {
            throw new IllegalArgumentException("known words must be 0 <= known <= words and trained >= 0, got "
                    + known + " of " + words + " (trained " + trained + ")");
        }
    }

    /** True when no word of the scored dataset is one of the model's: every row scores as a document without words. */
    public boolean none() {
        return known == 0;
    }
}
