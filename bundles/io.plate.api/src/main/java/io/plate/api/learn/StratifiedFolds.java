package io.plate.api.learn;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * Stratified k-fold assignment: the rows of each class are shuffled with the given generator and dealt
 * to the folds in turn, continuing from where the previous class stopped, so every fold holds each class
 * in proportion (to within one row) and fold sizes differ by at most one.
 */
public final class StratifiedFolds {
    private StratifiedFolds() {
    }

    /**
     * @param classOf class index of each row, or -1 for a row left out of every fold
     * @return the fold of each row, or -1 for rows left out
     */
    public static int[] assign(int[] classOf, int classes, int folds, UniformRandomProvider rng) {
        int[] fold = new int[classOf.length];
        java.util.Arrays.fill(fold, -1);
        int[] size = new int[classes];
        for (int c : classOf) {
            if (c >= 0) {
                size[c]++;
            }
        }
        int next = 0;
        for (int c = 0; c < classes; c++) {
            int[] rows = new int[size[c]];
            int n = 0;
            for (int r = 0; r < classOf.length; r++) {
                if (classOf[r] == c) {
                    rows[n++] = r;
                }
            }
            for (int i = n - 1; i > 0; i--) {
                int j = rng.nextInt(i + 1);
                int t = rows[i];
                rows[i] = rows[j];
                rows[j] = t;
            }
            for (int i = 0; i < n; i++) {
                fold[rows[i]] = next;
                next = (next + 1) % folds;
            }
        }
        return fold;
    }
}
