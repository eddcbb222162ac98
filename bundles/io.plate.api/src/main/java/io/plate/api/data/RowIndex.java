package io.plate.api.data;

import java.util.Arrays;

/**
 * Maps the rows of a view to rows of the storage it shares. {@code null} where used means identity.
 * Package-private helper for the column classes.
 */
final class RowIndex {
    private RowIndex() {
    }

    /** Composes a view's index with a selection of its rows; checks bounds. */
    static int[] compose(int[] base, int size, int[] selection) {
        int[] out = new int[selection.length];
        for (int i = 0; i < selection.length; i++) {
            int r = selection[i];
            if (r < 0 || r >= size) {
                throw new IndexOutOfBoundsException("row " + r + " outside 0.." + (size - 1));
            }
            out[i] = base == null ? r : base[r];
        }
        return out;
    }

    static int[] copy(int[] a) {
        return a == null ? null : Arrays.copyOf(a, a.length);
    }
}
