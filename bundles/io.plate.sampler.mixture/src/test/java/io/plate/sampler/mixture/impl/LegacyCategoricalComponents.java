package io.plate.sampler.mixture.impl;

import io.plate.api.PlateException;
import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.distributions.numerics.SpecialFunctions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Test copy of the component model as it was before its data moved to a shared class, kept verbatim
 * (renamed) so that {@link SharedDataEqualityTest} runs the old path beside the new one. Original text:
 *
 * Latent-class components over categorical columns: within a cluster the columns are independent,
 * column j is categorical over its L_j levels with a symmetric Dirichlet(β) prior, integrated out. The
 * predictive of a row is Π_j (c_kjl + β) / (n_kj + L_j β) over the columns it has (a missing value
 * is left out, which is exact when values are missing at random).
 */
final class LegacyCategoricalComponents implements Components {
    private final List<CategoricalColumn> columns;
    private final int rows;
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

    public LegacyCategoricalComponents(List<CategoricalColumn> columns, double beta) {
        if (!(beta > 0) || Double.isInfinite(beta)) {
            throw new IllegalArgumentException("beta must be > 0, got " + beta);
        }
        if (columns.isEmpty()) {
            throw new PlateException("a categorical mixture needs at least one categorical column");
        }
        this.columns = List.copyOf(columns);
        this.cols = columns.size();
        this.rows = columns.get(0).size();
        this.codes = new int[rows * cols];
        this.offset = new int[cols];
        this.levels = new int[cols];
        this.lBeta = new double[cols];
        this.logGammaLBeta = new double[cols];
        int off = 0;
        for (int j = 0; j < cols; j++) {
            CategoricalColumn c = columns.get(j);
            if (c.cardinality() == 0) {
                throw new PlateException("categorical column '" + c.name() + "' has no levels");
            }
            offset[j] = off;
            levels[j] = c.cardinality();
            off += levels[j];
            lBeta[j] = levels[j] * beta;
            logGammaLBeta[j] = SpecialFunctions.logGamma(lBeta[j]);
            for (int r = 0; r < rows; r++) {
                codes[r * cols + j] = c.code(r);
            }
        }
        this.totalLevels = off;
        this.beta = beta;
        this.logGammaBeta = SpecialFunctions.logGamma(beta);
        this.counts = new int[0];
        this.present = new int[0];
        this.sizes = new int[0];
    }

    /** Components over every categorical column of {@code data} (labels are not a column). */
    public static LegacyCategoricalComponents of(Dataset data, double beta) {
        if (data.categorical().isEmpty()) {
            throw new PlateException("dataset '" + data.name() + "' has no categorical columns for a categorical "
                    + "mixture (import with --categorical all, or use mixture.gaussian for numbers)");
        }
        return new LegacyCategoricalComponents(data.categorical(), beta);
    }

    @Override
    public int rows() {
        return rows;
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
        double s = 0;
        for (int j = 0; j < cols; j++) {
            int c = codes[rb + j];
            if (c != CategoricalColumn.MISSING) {
                s += Math.log((counts[cb + offset[j] + c] + beta) / (present[pb + j] + lBeta[j]));
            }
        }
        return s;
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
        for (CategoricalColumn c : columns) {
            names.add(c.name());
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
            out.add(columns.get(j).levels().get(best) + ":" + String.format(Locale.ROOT, "%.3f", p));
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

    /** Number of columns. */
    int columns() {
        return cols;
    }

    /** Number of levels of column j. */
    int levels(int j) {
        return levels[j];
    }

    /** Code of row r in column j, or MISSING. */
    int code(int r, int j) {
        return codes[r * cols + j];
    }
}
