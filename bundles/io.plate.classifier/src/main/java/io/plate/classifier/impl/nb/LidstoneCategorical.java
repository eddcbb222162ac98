package io.plate.classifier.impl.nb;


import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Explanation;
import java.util.List;
import java.util.Optional;

/**
 * The categorical event model with Lidstone smoothing:
 * θ_kiv = (N_kiv + α) / (N_ki + α·K_i), where N_ki counts the non-missing values of feature i in class k
 * and K_i is the number of categories of feature i (every level in the training level table, including
 * declared levels never seen, and at least {@code min_categories}). This is scikit-learn's CategoricalNB,
 * and also the exact posterior predictive of one value under a symmetric Dirichlet(α) prior on θ_ki.
 * Tables are laid out {@code logTheta[i][level * K + k]}; a model file may also give them directly.
 */
public final class LidstoneCategorical implements Likelihood {
    private final List<String> names;
    private final List<List<String>> levels;
    private final double[][] logTheta;
    private final int k;

    private LidstoneCategorical(List<String> names, List<List<String>> levels, int k, double[][] logTheta) {
        this.names = List.copyOf(names);
        this.levels = List.copyOf(levels);
        this.k = k;
        this.logTheta = logTheta;
    }

    /** The smoothed tables of {@code stats}. */
    static LidstoneCategorical of(CategoricalCounts stats, double alpha, int minCategories) {
        if (!(alpha > 0)) {
            throw new IllegalArgumentException("alpha must be > 0, got " + alpha);
        }
        int k = stats.classes;
        double[][] logTheta = new double[stats.features()][];
        for (int f = 0; f < stats.features(); f++) {
            int levels = stats.levels.get(f).size();
            int categories = Math.max(levels, minCategories);
            double[] n = stats.counts[f];
            double[] lt = new double[n.length];
            for (int c = 0; c < k; c++) {
                double den = Math.log(stats.total(f, c) + alpha * categories);
                for (int v = 0; v < levels; v++) {
                    lt[v * k + c] = Math.log(n[v * k + c] + alpha) - den;
                }
            }
            logTheta[f] = lt;
        }
        return new LidstoneCategorical(stats.names, stats.levels, k, logTheta);
    }

    /** Tables given as they are ({@code logTheta[f][level * K + k]}), e.g. read from a model file. */
    public static LidstoneCategorical ofTables(List<String> names, List<List<String>> levels, int k,
            double[][] logTheta) {
        return new LidstoneCategorical(names, levels, k, logTheta);
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
                if (code == CategoricalColumn.MISSING) {
                    continue;
                }
                int v = map[code];
                if (v < 0) {
                    continue; // a level the model never saw: skipped
                }
                double[] row = jll[r];
                int base = v * k;
                for (int c = 0; c < k; c++) {
                    row[c] += lt[base + c];
                }
            }
        }
    }

    @Override
    public void explain(Dataset data, int row, List<Explanation.Term> out) {
        if (names.isEmpty()) {
            return;
        }
        CategoricalColumn[] cols = CategoricalCounts.bind(names, data);
        for (int f = 0; f < cols.length; f++) {
            int code = cols[f].code(row);
            if (code == CategoricalColumn.MISSING) {
                continue;
            }
            String level = cols[f].level(row);
            int v = cols[f].mapTo(levels.get(f))[code]; // matched as addTo matches it (1.0 is the model's 1)
            if (v < 0) {
                continue;
            }
            double[] t = new double[k];
            System.arraycopy(logTheta[f], v * k, t, 0, k);
            out.add(new Explanation.Term(names.get(f), level, t));
        }
    }

    @Override
    public String toString() {
        return names.size() + " categorical";
    }
}
