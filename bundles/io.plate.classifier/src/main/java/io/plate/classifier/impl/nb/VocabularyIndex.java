package io.plate.classifier.impl.nb;

import io.plate.classifier.impl.Blocks;
import java.util.List;

/**
 * Position of each word of a vocabulary, for matching a separately imported dataset's words to a model's
 * by text. An open-addressing table of ints with each word's hash beside its index (no boxing, no node per
 * entry, and a word's text is compared only when the hashes agree), so building it for a 100,000-word
 * vocabulary and looking up another takes a few milliseconds.
 */
final class VocabularyIndex {
    private final List<String> words;
    private final int[] slots; // word index + 1, 0 = empty
    private final int[] hashes;
    private final int mask;
    private volatile Matched last; // the most recent map, for scoring the same dataset again

    /** A map from another vocabulary (held weakly) into this one; read-only once made. */
    private record Matched(java.lang.ref.WeakReference<List<String>> other, int[] map) {
    }

    VocabularyIndex(List<String> words) {
        this.words = words;
        int size = Integer.highestOneBit(Math.max(4, words.size() * 2 - 1)) << 1;
        slots = new int[size];
        hashes = new int[size];
        mask = size - 1;
        for (int i = 0; i < words.size(); i++) {
            int h = words.get(i).hashCode();
            int s = spread(h) & mask;
            while (slots[s] != 0) {
                s = (s + 1) & mask;
            }
            slots[s] = i + 1;
            hashes[s] = h;
        }
    }

    private static int spread(int h) {
        return (h ^ (h >>> 16)) * 0x9E3779B9;
    }

    /** Position of {@code word}, or -1. */
    int indexOf(String word) {
        int h = word.hashCode();
        int s = spread(h) & mask;
        for (int v = slots[s]; v != 0; v = slots[s]) {
            if (hashes[s] == h && words.get(v - 1).equals(word)) {
                return v - 1;
            }
            s = (s + 1) & mask;
        }
        return -1;
    }

    /**
     * For each word of {@code other}, its position here or -1. The result is shared with later calls for the
     * same {@code other} list (the same dataset scored again): callers must not modify it.
     */
    int[] map(List<String> other) {
        Matched m = last;
        if (m != null && m.other().get() == other) {
            return m.map();
        }
        int[] out = new int[other.size()];
        Blocks.run(out.length, 64, (from, to) -> {
            for (int i = from; i < to; i++) {
                out[i] = indexOf(other.get(i));
            }
            return 0;
        });
        last = new Matched(new java.lang.ref.WeakReference<>(other), out);
        return out;
    }
}
