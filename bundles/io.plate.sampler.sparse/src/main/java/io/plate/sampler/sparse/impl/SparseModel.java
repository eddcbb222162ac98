package io.plate.sampler.sparse.impl;

import io.plate.distributions.numerics.SpecialFunctions;

/**
 * The sparse-prior model over a {@link CountTable}: per cell (class y, group k, feature i) with J
 * categories,
 * <pre>
 *   p ~ Beta(a, b)                     (one per cell, or one per feature when shared by the classes)
 *   Z_j ~ Bernoulli(p), j = 1..J,      restricted to Z ≠ ∅ (at least one active category)
 *   μ_j ~ Gamma(α_j, 1)
 *   θ_j = μ_j Z_j / Σ_j' μ_j' Z_j'
 *   x ~ Categorical(θ)                 for each of the cell's N observations
 * </pre>
 * Immutable and shared by the chains of a run: it holds the layout, the counts, the shapes and the
 * precomputed terms of the conditionals. With μ integrated out, the likelihood of a cell given Z is
 * <pre>
 *   Z ⊇ obs:    Γ(A_Z) / Γ(A_Z + N) · Π_{j ∈ obs} Γ(α_j + n_j) / Γ(α_j),   A_Z = Σ_{j ∈ Z} α_j
 *   otherwise:  0
 * </pre>
 * where obs is the set of categories observed in the cell.
 */
final class SparseModel {
    final CountTable table;
    final Hyperparameters hyper;
    final int cells;
    final int slots;
    final int[] offset; // per cell
    final int[] categories; // J per cell
    final int[] total; // N per cell
    final int[] count; // per slot
    final double[] alpha; // per slot
    final int[] observedStart; // per cell + 1, into observedSlots
    final int[] observedSlots;
    final int[] unobservedStart; // per cell + 1, into unobservedSlots
    final int[] unobservedSlots;
    final double[] alphaObserved; // Σ_{obs} α per cell
    final double[] logObservedTerm; // Σ_{obs} log Γ(α_j + n_j) − log Γ(α_j) per cell
    final int[] pGroup; // per cell
    final int pGroups;
    final int[] groupStart; // per p-group + 1, into groupCells
    final int[] groupCells;
    final int[] groupCategories; // Σ J over the group's cells
    final double a;
    final double b;
    final double logBetaAB; // log B(a, b)
    final double[] logGammaAlphaSum; // Σ_j log Γ(α_j) per cell
    final boolean symmetric;
    private final int[] fOffset; // per cell, into fTable (J + 1 entries)
    private final double[] fTable; // log Γ(Kα) − log Γ(Kα + N), K = 0..J (symmetric alpha only)

    SparseModel(CountTable table, Hyperparameters hyper) {
        this.table = table;
        this.hyper = hyper;
        this.cells = table.cells();
        this.slots = table.slots();
        this.a = hyper.a();
        this.b = hyper.b();
        this.symmetric = hyper.symmetric();
        this.logBetaAB = SpecialFunctions.logBeta(a, b);
        this.logGammaAlphaSum = new double[table.cells()];
        offset = new int[cells];
        categories = new int[cells];
        total = new int[cells];
        count = table.counts();
        alpha = new double[slots];
        observedStart = new int[cells + 1];
        unobservedStart = new int[cells + 1];
        alphaObserved = new double[cells];
        logObservedTerm = new double[cells];
        int observed = 0;
        for (int s = 0; s < slots; s++) {
            observed += count[s] > 0 ? 1 : 0;
        }
        observedSlots = new int[observed];
        unobservedSlots = new int[slots - observed];
        int o = 0;
        int u = 0;
        for (int c = 0; c < cells; c++) {
            offset[c] = table.offset(c);
            categories[c] = table.categories(c);
            total[c] = table.total(c);
            String feature = table.features().get(table.featureOf(c));
            observedStart[c] = o;
            unobservedStart[c] = u;
            for (int j = 0; j < categories[c]; j++) {
                int s = offset[c] + j;
                alpha[s] = hyper.alphaOf(j, categories[c], feature);
                logGammaAlphaSum[c] += SpecialFunctions.logGamma(alpha[s]);
                if (count[s] > 0) {
                    observedSlots[o++] = s;
                    alphaObserved[c] += alpha[s];
                    logObservedTerm[c] += SpecialFunctions.logGamma(alpha[s] + count[s])
                            - SpecialFunctions.logGamma(alpha[s]);
                } else {
                    unobservedSlots[u++] = s;
                }
            }
        }
        observedStart[cells] = o;
        unobservedStart[cells] = u;
        // inclusion-probability groups
        int features = table.features().size();
        pGroup = new int[cells];
        pGroups = hyper.sharedP() ? features : cells;
        groupStart = new int[pGroups + 1];
        groupCells = new int[cells];
        groupCategories = new int[pGroups];
        int[] size = new int[pGroups];
        for (int c = 0; c < cells; c++) {
            pGroup[c] = hyper.sharedP() ? table.featureOf(c) : c;
            size[pGroup[c]]++;
            groupCategories[pGroup[c]] += categories[c];
        }
        for (int g = 0; g < pGroups; g++) {
            groupStart[g + 1] = groupStart[g] + size[g];
        }
        int[] fill = new int[pGroups];
        for (int c = 0; c < cells; c++) {
            int g = pGroup[c];
            groupCells[groupStart[g] + fill[g]++] = c;
        }
        // F(K) table for symmetric alpha
        fOffset = new int[cells];
        if (symmetric) {
            int n = 0;
            for (int c = 0; c < cells; c++) {
                fOffset[c] = n;
                n += categories[c] + 1;
            }
            fTable = new double[n];
            double al = hyper.alpha()[0];
            for (int c = 0; c < cells; c++) {
                fTable[fOffset[c]] = Double.NaN;
                for (int k = 1; k <= categories[c]; k++) {
                    fTable[fOffset[c] + k] = -SpecialFunctions.logRisingFactorial(k * al, total[c]);
                }
            }
        } else {
            fTable = null;
        }
    }

    int observed(int c) {
        return observedStart[c + 1] - observedStart[c];
    }

    int unobserved(int c) {
        return unobservedStart[c + 1] - unobservedStart[c];
    }

    /** {@code log Γ(A) − log Γ(A + N_c)} for the active shape sum A of K active categories. */
    double f(int c, double activeAlpha, int activeCount) {
        if (symmetric) {
            return fTable[fOffset[c] + activeCount];
        }
        return -SpecialFunctions.logRisingFactorial(activeAlpha, total[c]);
    }

    /**
     * log of the cell's likelihood with μ integrated out, for an active set of {@code activeCount}
     * categories with shape sum {@code activeAlpha} that contains every observed category.
     */
    double logMarginal(int c, double activeAlpha, int activeCount) {
        if (total[c] == 0) {
            return 0;
        }
        if (activeCount == 0) {
            throw new IllegalStateException("cell " + c + " has data but no active category");
        }
        return logObservedTerm[c] + f(c, activeAlpha, activeCount);
    }

    /** log Beta(p; a, b). */
    double logBetaDensity(double p) {
        return (a - 1) * Math.log(p) + (b - 1) * Math.log1p(-p) - logBetaAB;
    }
}
