package io.plate.sampler.sparse.impl;

import io.plate.api.PlateException;
import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.text.IgnoredData;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The sufficient statistics of the sparse-prior model: for every class y, group k and categorical
 * feature i, the number of rows of that class and group whose feature i takes category j. A "cell" is
 * one (y, k, i); its categories are the feature's level table (declared levels count even when unseen).
 * Rows without a label, and missing feature values, contribute nothing. Immutable; {@link #merge}
 * adds the counts of two tables over the same layout (sums of counts are how the model scales out).
 */
public final class CountTable {
    private final List<String> classes;
    private final List<String> groups;
    private final List<String> features;
    private final List<List<String>> levels;
    private final int[] cellOffset; // per cell, start of its slots; length cells + 1
    private final int[] counts; // per slot
    private final int[] totals; // per cell
    private final int[] classRows; // rows per class

    CountTable(List<String> classes, List<String> groups, List<String> features, List<List<String>> levels,
            int[] counts, int[] classRows) {
        this.classes = List.copyOf(classes);
        this.groups = List.copyOf(groups);
        this.features = List.copyOf(features);
        List<List<String>> lv = new ArrayList<>();
        for (List<String> l : levels) {
            if (l.isEmpty()) {
                throw new IllegalArgumentException("a feature without categories");
            }
            lv.add(List.copyOf(l));
        }
        this.levels = List.copyOf(lv);
        if (this.features.size() != this.levels.size()) {
            throw new IllegalArgumentException(features.size() + " features but " + levels.size() + " level tables");
        }
        int cells = this.classes.size() * this.groups.size() * this.features.size();
        this.cellOffset = new int[cells + 1];
        for (int c = 0; c < cells; c++) {
            cellOffset[c + 1] = cellOffset[c] + this.levels.get(c % this.features.size()).size();
        }
        if (counts.length != cellOffset[cells]) {
            throw new IllegalArgumentException(counts.length + " counts for " + cellOffset[cells] + " slots");
        }
        if (classRows.length != this.classes.size()) {
            throw new IllegalArgumentException(classRows.length + " class row counts for " + classes.size() + " classes");
        }
        this.counts = counts.clone();
        this.classRows = classRows.clone();
        this.totals = new int[cells];
        for (int c = 0; c < cells; c++) {
            for (int s = cellOffset[c]; s < cellOffset[c + 1]; s++) {
                if (this.counts[s] < 0) {
                    throw new IllegalArgumentException("negative count " + this.counts[s] + " at slot " + s);
                }
                totals[c] += this.counts[s];
            }
        }
    }

    /**
     * Counts the categorical features of {@code data} per class (its labels; one class {@code all} when
     * it has none) and group (the categorical column named {@code groupColumn}, or one group).
     *
     * @throws PlateException when the dataset has no categorical features, or the group column does not exist
     */
    public static CountTable of(Dataset data, String groupColumn) {
        return of(data, groupColumn, java.util.Set.of());
    }

    private static final String WORD_COUNT_MODELS = "word counts are modelled by nb.multinomial, nb.complement and"
            + " nb.bernoulli (plate:train) and by mixture.multinomial (plate:cluster)";

    private static final String NUMBERS_AS_LEVELS = "a column of levels written as numbers is imported as one"
            + " with --categorical NAME";

    /**
     * What the sparse prior leaves out of {@code data}: its categorical columns (not {@code excluded}) with no
     * category to learn ({@link #withoutCategories}), its numeric columns and word counts; said after "ignores " as
     * every learner says it, or "" when it reads every column.
     */
    static String ignored(Dataset data, java.util.Set<String> excluded) {
        return ignored(data, excluded, null);
    }

    /**
     * As {@link #ignored(Dataset, java.util.Set)}, and, with a {@code groupColumn}, the labelled rows that have no
     * value in it: they belong to no cell, so they count nowhere.
     */
    static String ignored(Dataset data, java.util.Set<String> excluded, String groupColumn) {
        List<String> parts = new ArrayList<>();
        List<String> empty = withoutCategories(data, excluded);
        if (!empty.isEmpty()) {
            parts.add(IgnoredData.columnList("categorical", empty) + " with no value to learn from");
        }
        int noGroup = rowsWithoutGroup(data, groupColumn);
        if (noGroup > 0) {
            parts.add(io.plate.api.text.Plural.of(noGroup, "row") + " with no value in the group column '"
                    + io.plate.api.text.Visible.name(groupColumn) + "'");
        }
        String other = otherKinds(data).text("of the data (the sparse prior models categorical columns; " + NUMBERS_AS_LEVELS
                + ")");
        if (!other.isEmpty()) {
            parts.add(other);
        }
        return String.join(" and ", parts);
    }

    /** The labelled rows (every row, without labels) whose {@code groupColumn} value is missing; 0 without one. */
    private static int rowsWithoutGroup(Dataset data, String groupColumn) {
        CategoricalColumn group = groupColumn == null ? null : data.categorical().stream()
                .filter(c -> c.name().equals(groupColumn)).findFirst().orElse(null);
        if (group == null) {
            return 0;
        }
        CategoricalColumn labels = data.labels().orElse(null);
        int n = 0;
        for (int r = 0; r < data.rows(); r++) {
            if (group.code(r) == CategoricalColumn.MISSING && (labels == null || labels.code(r) != CategoricalColumn.MISSING)) {
                n++;
            }
        }
        return n;
    }

    /**
     * The categorical columns of {@code data}, not {@code excluded}, that have no category: no value in any row and
     * no declared level (a CSV column left empty), or, in a view (a fold's training part), values only in the
     * held-out rows. The model needs one category at least (θ lives on them), and such a column tells nothing about
     * the classes: it is left out, as nb.categorical leaves it out, and said so.
     */
    static List<String> withoutCategories(Dataset data, java.util.Set<String> excluded) {
        return data.categorical().stream().filter(c -> !excluded.contains(c.name()) && c.fitLevels().levels().isEmpty())
                .map(CategoricalColumn::name).toList();
    }

    private static IgnoredData otherKinds(Dataset data) {
        return new IgnoredData().columns("numeric", data.numeric().stream().map(c -> c.name()).toList()).words(data);
    }

    /**
     * As {@link #of(Dataset, String)}, leaving out the categorical columns named in {@code excluded}. Numeric
     * columns and word counts are left out too ({@link #ignored} says so).
     */
    public static CountTable of(Dataset data, String groupColumn, java.util.Set<String> excluded) {
        for (String name : excluded) {
            if (data.categorical().stream().noneMatch(c -> c.name().equals(name))) {
                throw new PlateException("dataset '" + data.name() + "' has no categorical column '" + name
                        + "' to exclude");
            }
        }
        CategoricalColumn group = null;
        List<CategoricalColumn> cols = new ArrayList<>();
        for (CategoricalColumn c : data.categorical()) {
            if (groupColumn != null && c.name().equals(groupColumn)) {
                group = c;
            } else if (!excluded.contains(c.name())) {
                cols.add(c);
            }
        }
        List<String> empty = withoutCategories(data, excluded);
        boolean hadFeatures = !cols.isEmpty();
        cols.removeIf(c -> empty.contains(c.name()));
        if (hadFeatures && cols.isEmpty()) {
            throw new PlateException("dataset '" + data.name() + "' has no categorical feature with a value to learn from: "
                    + IgnoredData.columnList("categorical", empty) + " with no value in any of its rows");
        }
        if (groupColumn != null && group == null) {
            throw new PlateException("dataset '" + data.name() + "' has no categorical column '" + groupColumn
                    + "' to group by");
        }
        if (cols.isEmpty()) {
            String other = otherKinds(data).text("");
            // the advice for what it has: numbers that may be levels; word counts, which other models read
            List<String> advice = new ArrayList<>();
            if (!data.numeric().isEmpty()) {
                advice.add(NUMBERS_AS_LEVELS + ", measurements are for other learners and samplers");
            }
            if (data.sparse().isPresent()) {
                advice.add(WORD_COUNT_MODELS);
            }
            throw new PlateException("dataset '" + data.name() + "' has no categorical features, the only kind the"
                    + " sparse prior models" + (other.isEmpty() ? "" : "; it has " + other + ": " + String.join("; ", advice)));
        }
        CategoricalColumn labels = data.labels().orElse(null);
        // the classes are the labels some row has (a view's level table also holds the held-out rows' classes)
        int[] classOf = null;
        List<String> classes = List.of("all");
        if (labels != null) {
            boolean[] used = new boolean[labels.cardinality()];
            for (int r = 0; r < data.rows(); r++) {
                if (labels.code(r) != CategoricalColumn.MISSING) {
                    used[labels.code(r)] = true;
                }
            }
            classOf = new int[used.length];
            classes = new ArrayList<>();
            for (int c = 0; c < used.length; c++) {
                classOf[c] = used[c] ? classes.size() : CategoricalColumn.MISSING;
                if (used[c]) {
                    classes.add(labels.levels().get(c));
                }
            }
            if (classes.isEmpty()) {
                throw new PlateException("dataset '" + data.name() + "' has no labelled rows");
            }
        }
        List<String> groups = group == null ? List.of("all") : group.levels();
        List<String> features = new ArrayList<>();
        List<List<String>> levels = new ArrayList<>();
        int f = cols.size();
        int[] featureOffset = new int[f + 1];
        int[][] codes = new int[f][];
        for (int i = 0; i < f; i++) {
            CategoricalColumn c = cols.get(i);
            features.add(c.name());
            // a view's levels that only held-out rows use are left out (CategoricalColumn.levelsToFit)
            CategoricalColumn.FitLevels fit = c.fitLevels();
            levels.add(fit.levels());
            featureOffset[i + 1] = featureOffset[i] + fit.levels().size();
            codes[i] = c.codes();
            for (int r = 0; r < codes[i].length; r++) {
                codes[i][r] = fit.code(codes[i][r]);
            }
        }
        int perCell = featureOffset[f];
        int[] counts = new int[classes.size() * groups.size() * perCell];
        int[] classRows = new int[classes.size()];
        int[] groupCodes = group == null ? null : group.codes();
        int[] labelCodes = labels == null ? null : labels.codes();
        for (int r = 0; r < data.rows(); r++) {
            int y = labelCodes == null ? 0 : labelCodes[r] == CategoricalColumn.MISSING ? CategoricalColumn.MISSING
                    : classOf[labelCodes[r]];
            int g = groupCodes == null ? 0 : groupCodes[r];
            if (y == CategoricalColumn.MISSING || g == CategoricalColumn.MISSING) {
                continue;
            }
            classRows[y]++;
            int base = (y * groups.size() + g) * perCell;
            for (int i = 0; i < f; i++) {
                int x = codes[i][r];
                if (x != CategoricalColumn.MISSING) {
                    counts[base + featureOffset[i] + x]++;
                }
            }
        }
        return new CountTable(classes, groups, features, levels, counts, classRows);
    }

    /** The sum of two tables over the same classes, groups, features and levels. */
    public static CountTable merge(CountTable x, CountTable y) {
        if (!x.classes.equals(y.classes) || !x.groups.equals(y.groups) || !x.features.equals(y.features)
                || !x.levels.equals(y.levels)) {
            throw new IllegalArgumentException("count tables over different layouts cannot be merged");
        }
        int[] c = new int[x.counts.length];
        for (int s = 0; s < c.length; s++) {
            c[s] = Math.addExact(x.counts[s], y.counts[s]);
        }
        int[] r = new int[x.classRows.length];
        for (int k = 0; k < r.length; k++) {
            r[k] = Math.addExact(x.classRows[k], y.classRows[k]);
        }
        return new CountTable(x.classes, x.groups, x.features, x.levels, c, r);
    }

    public List<String> classes() {
        return classes;
    }

    public List<String> groups() {
        return groups;
    }

    public List<String> features() {
        return features;
    }

    /** Levels of feature {@code i}. */
    public List<String> levels(int i) {
        return levels.get(i);
    }

    public int cells() {
        return totals.length;
    }

    /** Cell index of (class y, group g, feature i). */
    public int cell(int y, int g, int i) {
        return (y * groups.size() + g) * features.size() + i;
    }

    public int classOf(int cell) {
        return cell / (groups.size() * features.size());
    }

    public int groupOf(int cell) {
        return (cell / features.size()) % groups.size();
    }

    public int featureOf(int cell) {
        return cell % features.size();
    }

    /** First slot of cell {@code c}. */
    public int offset(int c) {
        return cellOffset[c];
    }

    /** Number of categories of cell {@code c}. */
    public int categories(int c) {
        return cellOffset[c + 1] - cellOffset[c];
    }

    /** Total number of slots (categories over all cells). */
    public int slots() {
        return counts.length;
    }

    public int count(int slot) {
        return counts[slot];
    }

    /** Number of observations in cell {@code c}. */
    public int total(int c) {
        return totals[c];
    }

    /** Number of labelled rows of class {@code y}. */
    public int classRows(int y) {
        return classRows[y];
    }

    /** A copy of every slot's count. */
    public int[] counts() {
        return counts.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CountTable t && classes.equals(t.classes) && groups.equals(t.groups)
                && features.equals(t.features) && levels.equals(t.levels) && Arrays.equals(counts, t.counts)
                && Arrays.equals(classRows, t.classRows);
    }

    @Override
    public int hashCode() {
        return Objects.hash(classes, groups, features, Arrays.hashCode(counts));
    }
}
