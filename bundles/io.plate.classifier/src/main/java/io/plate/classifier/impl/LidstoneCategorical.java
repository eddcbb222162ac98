package io.plate.classifier.impl;

import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Explanation;
import java.util.List;

/**
 * The categorical event model with Lidstone smoothing:
 * θ_kiv = (N_kiv + α) / (N_ki + α·K_i), where N_ki counts the non-missing values of feature i in class k
 * and K_i is the number of categories of feature i (every level in the training level table, including
 * declared levels never seen, and at least {@code min_categories}). This is scikit-learn's CategoricalNB,
 * and also the exact posterior predictive of one value under a symmetric Dirichlet(α) prior on θ_ki.
 * Tables are laid out {@code logTheta[i][level * K + k]}.
 */
final class LidstoneCategorical implements Likelihood {
    private final CategoricalCounts stats;
    private final double[][] logTheta;
    private final int k;

    LidstoneCategorical(CategoricalCounts stats, double alpha, int minCategories) {
        if (!(alpha > 0)) {
            throw new IllegalArgumentException("alpha must be > 0, got " + alpha);
        }
        this.stats = stats;
        this.k = stats.classes;
        this.logTheta = new double[stats.features()][];
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
    }

    @Override
    public void addTo(Dataset data, double[][] jll) {
        CategoricalColumn[] cols = stats.bind(data);
        for (int f = 0; f < cols.length; f++) {
            CategoricalColumn col = cols[f];
            int[] map = col.mapTo(stats.levels.get(f));
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
        CategoricalColumn[] cols = stats.bind(data);
        for (int f = 0; f < cols.length; f++) {
            String level = cols[f].level(row);
            if (level == null) {
                continue;
            }
            int v = stats.levels.get(f).indexOf(level);
            if (v < 0) {
                continue;
            }
            double[] t = new double[k];
            System.arraycopy(logTheta[f], v * k, t, 0, k);
            out.add(new Explanation.Term(stats.names.get(f), level, t));
        }
    }
}
