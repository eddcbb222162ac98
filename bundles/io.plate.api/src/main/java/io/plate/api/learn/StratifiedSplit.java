package io.plate.api.learn;

import io.plate.api.data.CategoricalColumn;
import java.util.Arrays;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * A stratified holdout split: each class keeps (as nearly as whole rows allow) the same share in the
 * test part as in the whole data.
 *
 * <p>The test part has {@code round(n * fraction)} rows. Class {@code c} with {@code n_c} rows first gets
 * {@code floor(n_c * fraction)} test rows; the rows still missing go one each to the classes with the
 * largest remainders {@code n_c * fraction - floor(…)} (ties: the class that comes first). The rows of
 * each class are shuffled with the given generator (Fisher–Yates) and the first ones go to the test
 * part, so a split is reproducible from its seed. Rows with a missing label form a stratum of their
 * own; data without labels is one stratum. Both parts list rows in increasing order.
 */
public final class StratifiedSplit {
    private final int[] train;
    private final int[] test;

    private StratifiedSplit(int[] train, int[] test) {
        this.train = train;
        this.test = test;
    }

    /** Rows of the training part, increasing. */
    public int[] train() {
        return train.clone();
    }

    /** Rows of the test part, increasing. */
    public int[] test() {
        return test.clone();
    }

    /**
     * Splits rows {@code 0..strata.length-1}; {@code strata[r]} is the class code of row {@code r}
     * ({@link CategoricalColumn#MISSING} allowed), {@code classes} the number of codes.
     *
     * @throws IllegalArgumentException when the fraction is not in (0, 1) or a part would be empty
     */
    public static StratifiedSplit of(int[] strata, int classes, double fraction, UniformRandomProvider rng) {
        if (!(fraction > 0 && fraction < 1)) {
            throw new IllegalArgumentException("test fraction must be in (0, 1), got " + fraction);
        }
        int n = strata.length;
        int k = classes + 1; // last stratum: missing label
        int[] size = new int[k];
        for (int s : strata) {
            size[stratum(s, classes)]++;
        }
        int total = (int) Math.round(n * fraction);
        if (total < 1 || total > n - 1) {
            throw new IllegalArgumentException("a test fraction of " + fraction + " of " + n
                    + " rows leaves one part empty");
        }
        int[] take = new int[k];
        double[] remainder = new double[k];
        int assigned = 0;
        for (int c = 0; c < k; c++) {
            double exact = size[c] * fraction;
            take[c] = (int) Math.floor(exact);
            remainder[c] = exact - take[c];
            assigned += take[c];
        }
        Integer[] order = new Integer[k];
        for (int c = 0; c < k; c++) {
            order[c] = c;
        }
        Arrays.sort(order, (a, b) -> Double.compare(remainder[b], remainder[a])); // stable: ties keep class order
        for (int i = 0; assigned < total && i < k; i++) {
            int c = order[i];
            if (take[c] < size[c]) {
                take[c]++;
                assigned++;
            }
        }
        // rows of each stratum, in row order, then shuffled
        int[] start = new int[k + 1];
        for (int c = 0; c < k; c++) {
            start[c + 1] = start[c] + size[c];
        }
        int[] rows = new int[n];
        int[] fill = Arrays.copyOf(start, k);
        for (int r = 0; r < n; r++) {
            rows[fill[stratum(strata[r], classes)]++] = r;
        }
        int[] test = new int[total];
        int[] train = new int[n - total];
        int t = 0;
        int u = 0;
        for (int c = 0; c < k; c++) {
            int s = start[c];
            for (int i = size[c] - 1; i > 0; i--) {
                int j = rng.nextInt(i + 1);
                int tmp = rows[s + i];
                rows[s + i] = rows[s + j];
                rows[s + j] = tmp;
            }
            for (int i = 0; i < size[c]; i++) {
                if (i < take[c]) {
                    test[t++] = rows[s + i];
                } else {
                    train[u++] = rows[s + i];
                }
            }
        }
        Arrays.sort(test);
        Arrays.sort(train);
        return new StratifiedSplit(train, test);
    }

    private static int stratum(int code, int classes) {
        return code == CategoricalColumn.MISSING ? classes : code;
    }
}
