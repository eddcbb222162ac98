package io.plate.classifier.impl.nb;


import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Explanation;
import io.plate.api.learn.UnseenLevels;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The categorical event model with Lidstone smoothing:
 * θ_kiv = (N_kiv + α) / (N_ki + α·K_i), where N_ki counts the non-missing values of feature i in class k
 * and K_i is the number of categories of feature i (every level in the training level table, including
 * declared levels never seen; the largest code + 1 for integer codes, {@link CategoricalCounts#categories}; and at
 * least {@code min_categories}). This is scikit-learn's CategoricalNB, and also the exact posterior predictive of
 * one value under a symmetric Dirichlet(α) prior on θ_ki. While K_i exceeds the levels seen (room left by codes
 * training never used or by {@code min_categories}), a scored level the model never saw is one of the K_i
 * categories with no count, α / (N_ki + α·K_i), as in scikit-learn; without such room
 * it adds no term. Tables are laid out {@code logTheta[i][level * K + k]}, the row of a level never seen after
 * the levels' rows where there is room for one; a model file may also give them (without that row).
 */
public final class LidstoneCategorical implements Likelihood {
    private final List<String> names;
    private final List<List<String>> levels;
    private final double[][] logTheta;
    /** Per feature, the row of {@code logTheta} of a level never seen in training; -1 where there is no room for one. */
    private final int[] unseenRow;
    private final int k;

    private LidstoneCategorical(List<String> names, List<List<String>> levels, int k, double[][] logTheta,
            int[] unseenRow) {
        this.names = List.copyOf(names);
        this.levels = List.copyOf(levels);
        this.k = k;
        this.logTheta = logTheta;
        this.unseenRow = unseenRow;
    }

    /** The smoothed tables of {@code stats}. */
    static LidstoneCategorical of(CategoricalCounts stats, double alpha, int minCategories) {
        if (!(alpha > 0)) {
            throw new IllegalArgumentException("alpha must be > 0, got " + alpha);
        }
        int k = stats.classes;
        double[][] logTheta = new double[stats.features()][];
        int[] unseen = new int[stats.features()];
        for (int f = 0; f < stats.features(); f++) {
            int levels = stats.levels.get(f).size();
            double categories = Math.max(stats.categories(f), minCategories);
            unseen[f] = categories > levels ? levels : -1;
            int rows = categories > levels ? levels + 1 : levels;
            double[] n = stats.counts[f];
            double[] lt = new double[rows * k];
            for (int c = 0; c < k; c++) {
                double den = Math.log(stats.total(f, c) + alpha * categories);
                for (int v = 0; v < rows; v++) { // the unseen row, after the levels', counts nothing
                    lt[v * k + c] = Math.log((v < levels ? n[v * k + c] : 0) + alpha) - den;
                }
            }
            logTheta[f] = lt;
        }
        return new LidstoneCategorical(stats.names, stats.levels, k, logTheta, unseen);
    }

    /**
     * Tables given as they are ({@code logTheta[f][level * K + k]}), e.g. read from a model file; a level they
     * do not have adds no term.
     */
    public static LidstoneCategorical ofTables(List<String> names, List<List<String>> levels, int k,
            double[][] logTheta) {
        int[] noUnseenRow = new int[names.size()];
        Arrays.fill(noUnseenRow, -1);
        return new LidstoneCategorical(names, levels, k, logTheta, noUnseenRow);
    }

    public List<String> names() {
        return names;
    }

    public List<String> levels(int f) {
        return levels.get(f);
    }

    /** log θ of level {@code v} of feature {@code f} in class {@code c}. */
    public double logTheta(int f, int v, int c) {
        return logTheta[f][v * k + c];
    }

    @Override
    public Optional<List<String>> columns() {
        return Optional.of(names);
    }

    @Override
    public void addTo(Dataset data, double[][] jll) {
        if (names.isEmpty()) {
            return;
        }
        CategoricalColumn[] cols = CategoricalCounts.bind(names, data);
        for (int f = 0; f < cols.length; f++) {
            CategoricalColumn col = cols[f];
            int[] map = col.mapTo(levels.get(f));
            double[] lt = logTheta[f];
            for (int r = 0; r < jll.length; r++) {
                int code = col.code(r);
                int v = code == CategoricalColumn.MISSING ? -1 : row(f, map[code]);
                if (v < 0) {
                    continue; // missing, or a level the model never saw that adds no term (unseenLevels names them)
                }
                double[] row = jll[r];
                int base = v * k;
                for (int c = 0; c < k; c++) {
                    row[c] += lt[base + c];
                }
            }
        }
    }

    /**
     * The row of {@code logTheta[f]} that scores model level {@code v}, {@code -1} for a level never seen
     * ({@code v < 0}): the unseen row while min_categories leaves room for one, else -1 (it adds no term).
     */
    private int row(int f, int v) {
        return v >= 0 ? v : unseenRow[f];
    }

    /** Row {@code row}'s term of feature {@code f}: its log θ per class, or null when it adds none. */
    private double[] term(CategoricalColumn col, int f, int row) {
        int code = col.code(row);
        if (code == CategoricalColumn.MISSING) {
            return null;
        }
        int v = row(f, col.mapTo(levels.get(f))[code]); // matched as addTo matches it (1.0 is the model's 1)
        return v < 0 ? null : Arrays.copyOfRange(logTheta[f], v * k, v * k + k);
    }

    /** Receives feature {@code f}'s column and a row's term of it (null when it adds none). */
    private interface RowTerm {
        void of(int f, CategoricalColumn col, double[] term);
    }

    /** Row {@code row}'s term of each feature, its column bound in {@code data}, to {@code to}; what explain lists. */
    private void eachTerm(Dataset data, int row, RowTerm to) {
        if (names.isEmpty()) {
            return;
        }
        CategoricalColumn[] cols = CategoricalCounts.bind(names, data);
        for (int f = 0; f < cols.length; f++) {
            to.of(f, cols[f], term(cols[f], f, row));
        }
    }

    @Override
    public void explain(Dataset data, int row, List<Explanation.Term> out) {
        eachTerm(data, row, (f, col, t) -> {
            if (t != null) {
                out.add(new Explanation.Term(names.get(f), col.level(row), t));
            }
        });
    }

    @Override
    public void skipped(Dataset data, int row, List<Explanation.Skipped> out) {
        eachTerm(data, row, (f, col, t) -> {
            if (t == null && col.code(row) != CategoricalColumn.MISSING) {
                out.add(new Explanation.Skipped(names.get(f), col.level(row), "not seen in training"));
            }
        });
    }

    @Override
    public List<UnseenLevels> unseenLevels(Dataset data) {
        if (names.isEmpty()) {
            return List.of();
        }
        CategoricalColumn[] cols = CategoricalCounts.bind(names, data);
        List<UnseenLevels> out = new ArrayList<>();
        for (int f = 0; f < cols.length; f++) {
            if (unseenRow[f] >= 0) {
                continue; // every level the model never saw is scored
            }
            UnseenLevels.of(names.get(f), cols[f], levels.get(f)).ifPresent(out::add);
        }
        return out;
    }

    @Override
    public String toString() {
        return names.size() + " categorical";
    }
}
