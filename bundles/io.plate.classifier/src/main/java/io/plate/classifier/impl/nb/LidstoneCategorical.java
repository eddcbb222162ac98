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
 * declared levels never seen, and at least {@code min_categories}). This is scikit-learn's CategoricalNB,
 * and also the exact posterior predictive of one value under a symmetric Dirichlet(α) prior on θ_ki.
 * While K_i exceeds the levels seen (room left by {@code min_categories}), a scored level the model never
 * saw is one of the K_i categories with no count, α / (N_ki + α·K_i), as in scikit-learn; without such room
 * it adds no term. Tables are laid out {@code logTheta[i][level * K + k]}; a model file may also give them.
 */
public final class LidstoneCategorical implements Likelihood {
    private final List<String> names;
    private final List<List<String>> levels;
    private final double[][] logTheta;
    /** Per feature, log θ of each class for a level never seen in training; null where there is no room for one. */
    private final double[][] logThetaUnseen;
    private final int k;

    private LidstoneCategorical(List<String> names, List<List<String>> levels, int k, double[][] logTheta,
            double[][] logThetaUnseen) {
        this.names = List.copyOf(names);
        this.levels = List.copyOf(levels);
        this.k = k;
        this.logTheta = logTheta;
        this.logThetaUnseen = logThetaUnseen;
    }

    /** The smoothed tables of {@code stats}. */
    static LidstoneCategorical of(CategoricalCounts stats, double alpha, int minCategories) {
        if (!(alpha > 0)) {
            throw new IllegalArgumentException("alpha must be > 0, got " + alpha);
        }
        int k = stats.classes;
        double[][] logTheta = new double[stats.features()][];
        double[][] unseen = new double[stats.features()][];
        for (int f = 0; f < stats.features(); f++) {
            int levels = stats.levels.get(f).size();
            int categories = Math.max(levels, minCategories);
            double[] n = stats.counts[f];
            double[] lt = new double[n.length];
            double[] lu = categories > levels ? new double[k] : null;
            for (int c = 0; c < k; c++) {
                double den = Math.log(stats.total(f, c) + alpha * categories);
                for (int v = 0; v < levels; v++) {
                    lt[v * k + c] = Math.log(n[v * k + c] + alpha) - den;
                }
                if (lu != null) {
                    lu[c] = Math.log(alpha) - den;
                }
            }
            logTheta[f] = lt;
            unseen[f] = lu;
        }
        return new LidstoneCategorical(stats.names, stats.levels, k, logTheta, unseen);
    }

    /**
     * Tables given as they are ({@code logTheta[f][level * K + k]}), e.g. read from a model file; a level they
     * do not have adds no term.
     */
    public static LidstoneCategorical ofTables(List<String> names, List<List<String>> levels, int k,
            double[][] logTheta) {
        return new LidstoneCategorical(names, levels, k, logTheta, new double[names.size()][]);
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
            double[] lu = logThetaUnseen[f];
            for (int r = 0; r < jll.length; r++) {
                int code = col.code(r);
                if (code == CategoricalColumn.MISSING) {
                    continue;
                }
                int v = map[code];
                double[] row = jll[r];
                if (v >= 0) {
                    int base = v * k;
                    for (int c = 0; c < k; c++) {
                        row[c] += lt[base + c];
                    }
                } else if (lu != null) { // a level the model never saw, one of the min_categories
                    for (int c = 0; c < k; c++) {
                        row[c] += lu[c];
                    }
                } // else a level the model never saw adds no term (unseenLevels names them)
            }
        }
    }

    /** Row {@code row}'s term of feature {@code f}: its log θ per class, or null when it adds none. */
    private double[] term(CategoricalColumn col, int f, int row) {
        int code = col.code(row);
        if (code == CategoricalColumn.MISSING) {
            return null;
        }
        int v = col.mapTo(levels.get(f))[code]; // matched as addTo matches it (1.0 is the model's 1)
        return v >= 0 ? Arrays.copyOfRange(logTheta[f], v * k, v * k + k)
                : logThetaUnseen[f] == null ? null : logThetaUnseen[f].clone();
    }

    @Override
    public void explain(Dataset data, int row, List<Explanation.Term> out) {
        if (names.isEmpty()) {
            return;
        }
        CategoricalColumn[] cols = CategoricalCounts.bind(names, data);
        for (int f = 0; f < cols.length; f++) {
            double[] t = term(cols[f], f, row);
            if (t != null) {
                out.add(new Explanation.Term(names.get(f), cols[f].level(row), t));
            }
        }
    }

    @Override
    public void skipped(Dataset data, int row, List<Explanation.Skipped> out) {
        if (names.isEmpty()) {
            return;
        }
        CategoricalColumn[] cols = CategoricalCounts.bind(names, data);
        for (int f = 0; f < cols.length; f++) {
            if (cols[f].code(row) != CategoricalColumn.MISSING && term(cols[f], f, row) == null) {
                out.add(new Explanation.Skipped(names.get(f), cols[f].level(row), "not seen in training"));
            }
        }
    }

    @Override
    public List<UnseenLevels> unseenLevels(Dataset data) {
        if (names.isEmpty()) {
            return List.of();
        }
        CategoricalColumn[] cols = CategoricalCounts.bind(names, data);
        List<UnseenLevels> out = new ArrayList<>();
        for (int f = 0; f < cols.length; f++) {
            if (logThetaUnseen[f] != null) {
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
