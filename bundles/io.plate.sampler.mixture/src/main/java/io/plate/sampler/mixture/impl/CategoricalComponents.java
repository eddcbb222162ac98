package io.plate.sampler.mixture.impl;

import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.distributions.numerics.SpecialFunctions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Latent-class components over categorical columns: within a cluster the columns are independent,
 * column j is categorical over its L_j levels with a symmetric Dirichlet(β) prior, integrated out. The
 * predictive of a row is Π_j (c_kjl + β) / (n_kj + L_j β) over the columns it has (a missing value
 * is left out, which is exact when values are missing at random).
 *
 * <p>The rows are a {@link CategoricalTable} shared read-only by all chains of a run; an instance holds
 * one chain's counts.
 */
public final class CategoricalComponents implements Components {
    /** Below this a product of column probabilities is logged and restarted (far above underflow). */
    private static final double SMALL = 1e-100;
    private final CategoricalTable table;
    private final int cols;
    private final int[] codes; // [row * cols + j], MISSING = -1
    private final int[] offset; // level offset of column j in a cluster's block
    private final int[] levels;
    private final int totalLevels;
    private final double beta;
    private final double[] lBeta;
    private final double logGammaBeta;
    private final double[] logGammaLBeta;
    private int capacity;
    private int[] counts; // [k * totalLevels + offset[j] + level]
    private int[] present; // [k * cols + j]
    private int[] sizes;

    /** Empty statistics of one chain over the shared {@code table}. */
    public CategoricalComponents(CategoricalTable table, double beta) {
        if (!(beta > 0) || Double.isInfinite(beta)) {
            throw new IllegalArgumentException("beta must be > 0, got " + beta);
        }
        this.table = table;
        this.cols = table.columns();
        this.codes = table.codes();
        this.offset = table.offsets();
        this.levels = table.levelCounts();
        this.totalLevels = table.totalLevels();
        this.lBeta = new double[cols];
        this.logGammaLBeta = new double[cols];
        for (int j = 0; j < cols; j++) {
            lBeta[j] = levels[j] * beta;
            logGammaLBeta[j] = SpecialFunctions.logGamma(lBeta[j]);
        }
        this.beta = beta;
        this.logGammaBeta = SpecialFunctions.logGamma(beta);
        this.counts = new int[0];
        this.present = new int[0];
        this.sizes = new int[0];
    }

    /** Components over a table of {@code columns} read for this instance alone. */
    public CategoricalComponents(List<CategoricalColumn> columns, double beta) {
        this(new CategoricalTable(columns), beta);
    }

    /** Components over every categorical column of {@code data} (labels are not a column). */
    public static CategoricalComponents of(Dataset data, double beta) {
        return new CategoricalComponents(CategoricalTable.of(data), beta);
    }

    /** The shared, read-only columns. */
    public CategoricalTable table() {
        return table;
    }

    @Override
    public int rows() {
        return table.rows();
    }

    @Override
    public long bytesPerSlot() {
        return 4L * totalLevels + 4L * cols + 4;
    }

    @Override
    public int capacity() {
        return capacity;
    }

    @Override
    public void ensureCapacity(int slots) {
        if (slots <= capacity) {
            return;
        }
        counts = Arrays.copyOf(counts, slots * totalLevels);
        present = Arrays.copyOf(present, slots * cols);
        sizes = Arrays.copyOf(sizes, slots);
        capacity = slots;
    }

    @Override
    public void clearAll() {
        Arrays.fill(counts, 0);
        Arrays.fill(present, 0);
        Arrays.fill(sizes, 0);
    }

    @Override
    public void add(int row, int k) {
        change(row, k, 1);
    }

    @Override
    public void remove(int row, int k) {
        if (sizes[k] <= 0) {
            throw new IllegalStateException("row " + row + " removed from empty cluster slot " + k);
        }
        change(row, k, -1);
    }

    private void change(int row, int k, int d) {
        int cb = k * totalLevels;
        int pb = k * cols;
        int rb = row * cols;
        for (int j = 0; j < cols; j++) {
            int c = codes[rb + j];
            if (c != CategoricalColumn.MISSING) {
                counts[cb + offset[j] + c] += d;
                present[pb + j] += d;
            }
        }
        sizes[k] += d;
    }

    @Override
    public int size(int k) {
        return sizes[k];
    }

    @Override
    public double logPredictive(int row, int k) {
        int cb = k * totalLevels;
        int pb = k * cols;
        int rb = row * cols;
        // the columns' probabilities multiplied, one logarithm per run of them: each factor is in (0, 1],
        // and the product is logged before it falls below 1e-100 (a factor that small is logged alone)
        double s = 0;
        double product = 1;
        for (int j = 0; j < cols; j++) {
            int c = codes[rb + j];
            if (c != CategoricalColumn.MISSING) {
                double p = (counts[cb + offset[j] + c] + beta) / (present[pb + j] + lBeta[j]);
                if (p < SMALL) {
                    s += Math.log(p);
                    continue;
                }
                product *= p;
                if (product < SMALL) {
                    s += Math.log(product);
                    product = 1;
                }
            }
        }
        return s + Math.log(product);
    }

    @Override
    public double logMarginal(int k) {
        if (sizes[k] == 0) {
            return 0;
        }
        double s = 0;
        int cb = k * totalLevels;
        for (int j = 0; j < cols; j++) {
            s += logGammaLBeta[j] - SpecialFunctions.logGamma(lBeta[j] + present[k * cols + j]);
            for (int l = 0; l < levels[j]; l++) {
                int c = counts[cb + offset[j] + l];
                if (c > 0) {
                    s += SpecialFunctions.logGamma(beta + c) - logGammaBeta;
                }
            }
        }
        return s;
    }

    @Override
    public List<String> parameterNames() {
        List<String> names = new ArrayList<>();
        for (int j = 0; j < cols; j++) {
            names.add(table.column(j).name());
        }
        return names;
    }

    /** For each column: the most probable level and its posterior mean probability. */
    @Override
    public List<String> describe(int k) {
        List<String> out = new ArrayList<>(cols);
        int cb = k * totalLevels;
        for (int j = 0; j < cols; j++) {
            int best = 0;
            for (int l = 1; l < levels[j]; l++) {
                if (counts[cb + offset[j] + l] > counts[cb + offset[j] + best]) {
                    best = l;
                }
            }
            double p = (counts[cb + offset[j] + best] + beta) / (present[k * cols + j] + lBeta[j]);
            out.add(table.column(j).levels().get(best) + ":" + String.format(Locale.ROOT, "%.3f", p));
        }
        return out;
    }

    @Override
    public double seedingDistance(int a, int b) {
        int mismatches = 0;
        for (int j = 0; j < cols; j++) {
            int ca = codes[a * cols + j];
            int cb = codes[b * cols + j];
            if (ca != CategoricalColumn.MISSING && cb != CategoricalColumn.MISSING && ca != cb) {
                mismatches++;
            }
        }
        return mismatches;
    }
}
