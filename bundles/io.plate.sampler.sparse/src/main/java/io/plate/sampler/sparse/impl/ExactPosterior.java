package io.plate.sampler.sparse.impl;

import io.plate.api.PlateException;
import io.plate.api.sample.Distributions;
import io.plate.distributions.numerics.LogMath;
import io.plate.distributions.numerics.SpecialFunctions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The exact posterior of the sparse-prior model, by summing over Z with μ and p integrated out.
 *
 * <p>Within a cell, the collapsed likelihood depends on Z only through which α values are active, so
 * the unobserved categories (all categories in a cell without data) are grouped by their α: a
 * "pattern" says how many of each group are active, and stands for Π C(u_g, t_g) subsets of equal
 * weight. With a symmetric α there are at most J + 1 patterns per cell (a dynamic programme over the
 * subset size); with per-category α at most Π (u_g + 1) ≤ 2^J. Given the pattern, θ restricted to the
 * active set is Dirichlet(α + n), which gives E[θ], E[θ²] and P(Z_j = 1) in closed form (each unobserved
 * category of group g is active with probability t_g/u_g by symmetry). Every cell's Z is non-empty (the
 * prior is restricted to non-empty sets), so V(0) = 0. Cells sharing p are coupled only through their
 * total active count K: P(K_1..K_m) ∝ Π V_c(K_c) · I(a + ΣK, b + ΣJ − ΣK) with
 * I(α, β) = ∫ p^{α−1}(1 − p)^{β−1} / Π_c (1 − (1 − p)^{J_c}) dp (the restricted prior's normalisers; by
 * quadrature, {@link NonEmptyPrior#logIntegral}), so each cell's marginal over K comes from a
 * convolution of the others' V.
 *
 * <p>Used by the tests as the reference for both samplers and by the {@code nb.sparse} learner as its
 * default predictive. Exact draws of θ ({@link #sampleTheta}) give credible intervals.
 */
final class ExactPosterior {
    /** Most patterns per cell before the exact sum is declared intractable. */
    static final int MAX_PATTERNS = 1 << 16;

    private final SparseModel model;
    private final double[] thetaMean;
    private final double[] thetaSd;
    private final double[] activeProb;
    private final double[] pMean;
    private final double[] pSd;
    private final double[][] sizeProb; // per cell, P(|Z| = K | data), K = 0..J
    private final double[][] logV; // per cell, log Σ_{|Z| = K} L(Z), K = 0..J (−∞ where impossible)
    private final double[][] logTotal; // per p-group, log P(Σ|Z| = K | data) unnormalised
    private final double[][] logI; // per p-group, log I(a + K, b + ΣJ − K), K = 0..ΣJ (−∞ below the cell count)
    private final int[][] groupJ; // per p-group, J of each of its cells
    private final Cell[] cellPatterns;

    /** The patterns of one cell: the active count per α group, with weight and size. */
    private record Cell(int[] groupOf, int[] groupSize, double[] groupAlpha, List<int[]> patterns, double[] logWeight,
            int[] size) {
    }

    private ExactPosterior(SparseModel model) {
        this.model = model;
        int cells = model.cells;
        thetaMean = new double[model.slots];
        thetaSd = new double[model.slots];
        activeProb = new double[model.slots];
        pMean = new double[model.pGroups];
        pSd = new double[model.pGroups];
        sizeProb = new double[cells][];
        logV = new double[cells][];
        logTotal = new double[model.pGroups][];
        logI = new double[model.pGroups][];
        groupJ = new int[model.pGroups][];
        cellPatterns = new Cell[cells];
        for (int c = 0; c < cells; c++) {
            enumerate(c);
        }
        for (int g = 0; g < model.pGroups; g++) {
            couple(g);
        }
        for (int c = 0; c < cells; c++) {
            moments(c);
        }
    }

    static ExactPosterior of(SparseModel model) {
        return new ExactPosterior(model);
    }

    /** Pass 1: the patterns of cell {@code c}, their log weights and the log weight V(K) of each size. */
    private void enumerate(int c) {
        int j = model.categories[c];
        int n = model.total[c];
        int from = model.offset[c];
        // the categories whose indicator is free: unobserved ones, or all when the cell has no data
        int[] free = new int[n > 0 ? model.unobserved(c) : j];
        for (int k = 0; k < free.length; k++) {
            free[k] = n > 0 ? model.unobservedSlots[model.unobservedStart[c] + k] : from + k;
        }
        double[] distinct = new double[free.length];
        int[] groupSize = new int[free.length];
        int[] groupOf = new int[free.length];
        int groups = 0;
        for (int k = 0; k < free.length; k++) {
            double al = model.alpha[free[k]];
            int g = 0;
            while (g < groups && distinct[g] != al) {
                g++;
            }
            if (g == groups) {
                distinct[groups++] = al;
            }
            groupOf[k] = g;
            groupSize[g]++;
        }
        long patternCount = 1;
        for (int g = 0; g < groups; g++) {
            patternCount *= groupSize[g] + 1;
            if (patternCount > MAX_PATTERNS) {
                throw new PlateException("the exact posterior of feature '"
                        + model.table.features().get(model.table.featureOf(c)) + "' needs more than " + MAX_PATTERNS
                        + " patterns (too many distinct per-category alpha values); use a sampler");
            }
        }
        int[] gs = Arrays.copyOf(groupSize, groups);
        double[] ga = Arrays.copyOf(distinct, groups);
        int nObs = n > 0 ? model.observed(c) : 0;
        double[] lv = new double[j + 1];
        Arrays.fill(lv, Double.NEGATIVE_INFINITY);
        List<int[]> patterns = new ArrayList<>();
        List<Double> weights = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        int[] t = new int[groups];
        while (true) {
            int size = nObs;
            double shape = n > 0 ? model.alphaObserved[c] : 0;
            double logMult = 0;
            for (int g = 0; g < groups; g++) {
                size += t[g];
                shape += t[g] * ga[g];
                logMult += logChoose(gs[g], t[g]);
            }
            if (size > 0) { // Z = ∅ has prior probability 0
                double w = logMult + (n > 0 ? model.logObservedTerm[c] + model.f(c, shape, size) : 0);
                lv[size] = LogMath.logAddExp(lv[size], w);
                patterns.add(t.clone());
                weights.add(w);
                sizes.add(size);
            }
            int g = 0;
            while (g < groups && t[g] == gs[g]) {
                t[g] = 0;
                g++;
            }
            if (g == groups) {
                break;
            }
            t[g]++;
        }
        logV[c] = lv;
        double[] wa = new double[weights.size()];
        int[] sz = new int[sizes.size()];
        for (int k = 0; k < wa.length; k++) {
            wa[k] = weights.get(k);
            sz[k] = sizes.get(k);
        }
        cellPatterns[c] = new Cell(groupOf, gs, ga, patterns, wa, sz);
        sizeProb[c] = new double[j + 1];
    }

    /**
     * Pass 2, after the coupling gave P(|Z| = K | data): E[θ_j], sd[θ_j] and P(Z_j = 1) of every category,
     * summing each pattern's conditional moments with weight P(K) · w(pattern) / V(K).
     */
    private void moments(int c) {
        Cell cell = cellPatterns[c];
        int j = model.categories[c];
        int n = model.total[c];
        int from = model.offset[c];
        int groups = cell.groupSize.length;
        double[] e1 = new double[j];
        double[] e2 = new double[j];
        double[] ea = new double[j];
        int[] groupOfSlot = new int[j];
        Arrays.fill(groupOfSlot, -1);
        for (int k = 0; k < cell.groupOf.length; k++) {
            int s = n > 0 ? model.unobservedSlots[model.unobservedStart[c] + k] : from + k;
            groupOfSlot[s - from] = cell.groupOf[k];
        }
        for (int k = 0; k < cell.logWeight.length; k++) {
            int size = cell.size[k];
            double pk = sizeProb[c][size];
            if (pk == 0) {
                continue;
            }
            double pr = pk * Math.exp(cell.logWeight[k] - logV[c][size]);
            if (pr == 0) {
                continue;
            }
            int[] t = cell.patterns.get(k);
            double shape = n > 0 ? model.alphaObserved[c] : 0;
            for (int g = 0; g < groups; g++) {
                shape += t[g] * cell.groupAlpha[g];
            }
            double total = shape + n;
            for (int i = 0; i < j; i++) {
                int s = from + i;
                int g = groupOfSlot[i];
                double inclusion = g < 0 ? 1 : (double) t[g] / cell.groupSize[g];
                if (inclusion == 0) {
                    continue;
                }
                double beta = model.alpha[s] + model.count[s];
                e1[i] += pr * inclusion * beta / total;
                e2[i] += pr * inclusion * beta * (beta + 1) / (total * (total + 1));
                ea[i] += pr * inclusion;
            }
        }
        for (int i = 0; i < j; i++) {
            int s = from + i;
            thetaMean[s] = e1[i];
            thetaSd[s] = Math.sqrt(Math.max(0, e2[i] - e1[i] * e1[i]));
            // an observed category is active in every state of positive probability: exactly 1, not a sum
            activeProb[s] = groupOfSlot[i] < 0 ? 1 : ea[i];
        }
    }

    private static double logChoose(int n, int k) {
        return SpecialFunctions.logGamma(n + 1.0) - SpecialFunctions.logGamma(k + 1.0)
                - SpecialFunctions.logGamma(n - k + 1.0);
    }

    /** Log-space convolution of two size distributions. */
    private static double[] convolve(double[] x, double[] y) {
        double[] out = new double[x.length + y.length - 1];
        Arrays.fill(out, Double.NEGATIVE_INFINITY);
        for (int i = 0; i < x.length; i++) {
            if (x[i] == Double.NEGATIVE_INFINITY) {
                continue;
            }
            for (int k = 0; k < y.length; k++) {
                out[i + k] = LogMath.logAddExp(out[i + k], x[i] + y[k]);
            }
        }
        return out;
    }

    private void couple(int g) {
        int first = model.groupStart[g];
        int last = model.groupStart[g + 1];
        int m = last - first;
        int jt = model.groupCategories[g];
        double a = model.a;
        double b = model.b;
        int[] js = new int[m];
        for (int k = 0; k < m; k++) {
            js[k] = model.categories[model.groupCells[first + k]];
        }
        groupJ[g] = js;
        double[][] prefix = new double[m + 1][];
        double[][] suffix = new double[m + 1][];
        prefix[0] = new double[] {0};
        suffix[m] = new double[] {0};
        for (int k = 0; k < m; k++) {
            prefix[k + 1] = convolve(prefix[k], logV[model.groupCells[first + k]]);
        }
        for (int k = m - 1; k >= 0; k--) {
            suffix[k] = convolve(logV[model.groupCells[first + k]], suffix[k + 1]);
        }
        double[] all = prefix[m];
        double[] li = new double[jt + 1];
        double[] lt = new double[jt + 1];
        double[] mean = new double[jt + 1];
        double[] square = new double[jt + 1];
        for (int k = 0; k <= jt; k++) {
            if (k < m) { // every cell has at least one active category
                li[k] = Double.NEGATIVE_INFINITY;
                lt[k] = Double.NEGATIVE_INFINITY;
                continue;
            }
            // E[p | K] and E[p² | K] are ratios of the same integral with the first shape raised by 1, 2
            li[k] = NonEmptyPrior.logIntegral(a + k, b + jt - k, js);
            lt[k] = all[k] + li[k];
            if (lt[k] > Double.NEGATIVE_INFINITY) {
                mean[k] = Math.exp(NonEmptyPrior.logIntegral(a + k + 1, b + jt - k, js) - li[k]);
                square[k] = Math.exp(NonEmptyPrior.logIntegral(a + k + 2, b + jt - k, js) - li[k]);
            }
        }
        logI[g] = li;
        logTotal[g] = lt;
        double norm = LogMath.logSumExp(lt);
        double e1 = 0;
        double e2 = 0;
        for (int k = 0; k <= jt; k++) {
            if (lt[k] == Double.NEGATIVE_INFINITY) {
                continue;
            }
            double w = Math.exp(lt[k] - norm);
            e1 += w * mean[k];
            e2 += w * square[k];
        }
        pMean[g] = e1;
        pSd[g] = Math.sqrt(Math.max(0, e2 - e1 * e1));
        for (int k = 0; k < m; k++) {
            int c = model.groupCells[first + k];
            double[] others = convolve(prefix[k], suffix[k + 1]);
            int j = model.categories[c];
            double[] w = new double[j + 1];
            for (int size = 0; size <= j; size++) {
                if (logV[c][size] == Double.NEGATIVE_INFINITY) {
                    w[size] = Double.NEGATIVE_INFINITY;
                    continue;
                }
                double acc = Double.NEGATIVE_INFINITY;
                for (int r = 0; r < others.length; r++) {
                    if (others[r] > Double.NEGATIVE_INFINITY) {
                        acc = LogMath.logAddExp(acc, others[r] + li[size + r]);
                    }
                }
                w[size] = logV[c][size] + acc;
            }
            LogMath.probabilitiesFromLog(w, 0, w.length, sizeProb[c]);
        }
    }

    double thetaMean(int slot) {
        return thetaMean[slot];
    }

    double thetaSd(int slot) {
        return thetaSd[slot];
    }

    double activeProbability(int slot) {
        return activeProb[slot];
    }

    double pMean(int group) {
        return pMean[group];
    }

    double pSd(int group) {
        return pSd[group];
    }

    /** Posterior predictive probabilities of every slot (= E[θ | data]), a copy. */
    double[] predictive() {
        return thetaMean.clone();
    }

    /**
     * One exact posterior draw of θ for every slot into {@code out}: p from its posterior (a mixture over
     * the group's total active count K of the densities ∝ p^{a+K−1}(1 − p)^{b+ΣJ−K−1} / Π_c (1 − (1 − p)^{J_c})),
     * then per cell a pattern given p, the active subset uniformly within the pattern, and
     * θ ~ Dirichlet(α + n) on it.
     */
    void sampleTheta(UniformRandomProvider rng, Distributions dist, double[] out) {
        for (int g = 0; g < model.pGroups; g++) {
            int jt = model.groupCategories[g];
            int k = dist.nextCategoricalFromLogWeights(rng, logTotal[g], logTotal[g].length);
            double shapeA = model.a + k;
            double shapeB = model.b + jt - k;
            double logAccept = logI[g][k] - SpecialFunctions.logBeta(shapeA - groupJ[g].length, shapeB);
            double p = NonEmptyPrior.drawP(shapeA, shapeB, groupJ[g], logAccept, dist, rng);
            double logP = Math.log(p);
            double log1mP = Math.log1p(-p);
            for (int i = model.groupStart[g]; i < model.groupStart[g + 1]; i++) {
                sampleCell(model.groupCells[i], logP, log1mP, rng, dist, out);
            }
        }
    }

    private void sampleCell(int c, double logP, double log1mP, UniformRandomProvider rng, Distributions dist,
            double[] out) {
        Cell cell = cellPatterns[c];
        int j = model.categories[c];
        double[] w = new double[cell.logWeight.length];
        for (int k = 0; k < w.length; k++) {
            int size = cell.size[k];
            w[k] = cell.logWeight[k] + size * logP + (j - size) * log1mP;
        }
        int pick = dist.nextCategoricalFromLogWeights(rng, w, w.length);
        int[] t = cell.patterns.get(pick);
        int from = model.offset[c];
        boolean[] on = new boolean[j];
        int n = model.total[c];
        for (int i = 0; i < j; i++) {
            on[i] = n > 0 && model.count[from + i] > 0;
        }
        int[] free = new int[cell.groupOf.length];
        for (int k = 0; k < free.length; k++) {
            free[k] = n > 0 ? model.unobservedSlots[model.unobservedStart[c] + k] - from : k;
        }
        for (int g = 0; g < cell.groupSize.length; g++) {
            // choose t[g] members of group g uniformly (selection sampling)
            int need = t[g];
            int left = cell.groupSize[g];
            for (int k = 0; k < free.length && need > 0; k++) {
                if (cell.groupOf[k] != g) {
                    continue;
                }
                if (rng.nextDouble() * left < need) {
                    on[free[k]] = true;
                    need--;
                }
                left--;
            }
        }
        double max = Double.NEGATIVE_INFINITY;
        double[] lg = new double[j];
        for (int i = 0; i < j; i++) {
            if (on[i]) {
                lg[i] = dist.nextLogGamma(rng, model.alpha[from + i] + model.count[from + i]);
                max = Math.max(max, lg[i]);
            }
        }
        double sum = 0;
        for (int i = 0; i < j; i++) {
            if (on[i]) {
                sum += Math.exp(lg[i] - max);
            }
        }
        for (int i = 0; i < j; i++) {
            out[from + i] = on[i] ? Math.exp(lg[i] - max) / sum : 0;
        }
    }
}
