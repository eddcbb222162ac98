package io.plate.api.data;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * An immutable categorical column: one {@code int} code per row indexing a level table.
 * {@link #MISSING} marks a missing value. The level table may hold levels that never occur
 * (an ARFF-declared nominal level, say); they still count as categories.
 *
 * <p>A column may be a view over another's storage through a row index (see {@link #select(int[])}).
 */
public final class CategoricalColumn {
    /** Code of a missing value. */
    public static final int MISSING = -1;

    private final String name;
    private final List<String> levels;
    private final int[] codes;
    private final int[] index; // null = identity
    private final int size;
    private final boolean declared;

    private CategoricalColumn(String name, List<String> levels, int[] codes, int[] index, boolean declared) {
        this.name = name;
        this.levels = levels;
        this.codes = codes;
        this.index = index;
        this.size = index == null ? codes.length : index.length;
        this.declared = declared;
    }

    /**
     * A column over a copy of {@code codes}. Every code must be {@link #MISSING} or a valid index of
     * {@code levels}; levels must be distinct.
     */
    public static CategoricalColumn of(String name, List<String> levels, int[] codes) {
        return of(name, levels, codes, false);
    }

    /**
     * As {@link #of}, for a level table the file declared before its rows (an ARFF header's nominal values): every
     * view keeps every level ({@link #levelsToFit}), as Weka's folds share their file's header.
     *
     * @since 1.12.0
     */
    public static CategoricalColumn declared(String name, List<String> levels, int[] codes) {
        return of(name, levels, codes, true);
    }

    private static CategoricalColumn of(String name, List<String> levels, int[] codes, boolean declared) {
        Objects.requireNonNull(name, "name");
        List<String> lv = List.copyOf(levels);
        if (hasDuplicates(lv)) {
            throw new IllegalArgumentException("column '" + name + "': duplicate levels in " + lv);
        }
        int[] c = Arrays.copyOf(codes, codes.length);
        for (int i = 0; i < c.length; i++) {
            if (c[i] != MISSING && (c[i] < 0 || c[i] >= lv.size())) {
                throw new IllegalArgumentException("column '" + name + "', row " + i + ": code " + c[i]
                        + " outside the level table of size " + lv.size());
            }
        }
        return new CategoricalColumn(name, lv, c, null, declared);
    }

    /**
     * True when two levels are equal. An open-addressing table of positions (one {@code int} slot per level
     * and as many spare): a {@code HashSet} made a node per level, 40 MB of garbage for 10^6 ARFF levels.
     */
    private static boolean hasDuplicates(List<String> levels) {
        int n = levels.size();
        if (n < 2) {
            return false;
        }
        int[] slots = new int[Integer.highestOneBit(n * 2 - 1) << 1]; // level index + 1, 0 = empty
        int mask = slots.length - 1;
        for (int i = 0; i < n; i++) {
            String v = levels.get(i);
            int h = v.hashCode();
            int s = (h ^ (h >>> 16)) * 0x9E3779B9 & mask;
            for (int e = slots[s]; e != 0; e = slots[s]) {
                if (levels.get(e - 1).equals(v)) {
                    return true;
                }
                s = (s + 1) & mask;
            }
            slots[s] = i + 1;
        }
        return false;
    }

    /** The column's name, as the data gave it. */
    public String name() {
        return name;
    }

    /** Number of rows. */
    public int size() {
        return size;
    }

    /** The level table (immutable). */
    public List<String> levels() {
        return levels;
    }

    /** Whether the file declared the level table before its rows ({@link #declared}). @since 1.12.0 */
    public boolean levelsDeclared() {
        return declared;
    }

    /** Number of categories, counting declared levels that never occur. */
    public int cardinality() {
        return levels.size();
    }

    /** Code of row {@code row}, or {@link #MISSING}. */
    public int code(int row) {
        return index == null ? codes[row] : codes[index[row]];
    }

    /** Level text of row {@code row}, or {@code null} when missing. */
    public String level(int row) {
        int c = code(row);
        return c == MISSING ? null : levels.get(c);
    }

    /** A copy of the codes in row order. */
    public int[] codes() {
        int[] out = new int[size];
        for (int i = 0; i < size; i++) {
            out[i] = code(i);
        }
        return out;
    }

    /** A view of the given rows (indices into this column), sharing storage. */
    public CategoricalColumn select(int[] rows) {
        return new CategoricalColumn(name, levels, codes, RowIndex.compose(index, size, rows), declared);
    }

    /**
     * Per level, whether a model fitted on this column's rows should know it: a row of this column uses it,
     * or no row of the storage it views uses it (a level declared but never used, as an ARFF header's). A
     * column that is not a view keeps every level; a view (a split's or a fold's rows) leaves out the
     * levels that only rows outside it use, so that a model of a training part does not depend on the rows
     * held out from it, and equals the model of the same rows imported on their own. A {@link #declared}
     * column's views keep every level: the same rows in a file of their own come with the same header.
     */
    public boolean[] levelsToFit() {
        boolean[] keep = new boolean[levels.size()];
        if (index == null || declared) {
            Arrays.fill(keep, true);
            return keep;
        }
        for (int i = 0; i < size; i++) {
            int c = codes[index[i]];
            if (c != MISSING) {
                keep[c] = true;
            }
        }
        boolean[] inStorage = new boolean[keep.length];
        for (int c : codes) {
            if (c != MISSING) {
                inStorage[c] = true;
            }
        }
        for (int l = 0; l < keep.length; l++) {
            keep[l] |= !inStorage[l];
        }
        return keep;
    }

    /**
     * The levels a model fitted on this column's rows knows ({@link #levelsToFit}), in order, and where each of
     * this column's levels goes among them (since 1.8.0): the one renumbering of the learners that count levels.
     */
    public FitLevels fitLevels() {
        boolean[] keep = levelsToFit();
        int[] to = new int[keep.length];
        List<String> kept = new java.util.ArrayList<>();
        for (int l = 0; l < keep.length; l++) {
            to[l] = keep[l] ? kept.size() : MISSING;
            if (keep[l]) {
                kept.add(levels.get(l));
            }
        }
        return new FitLevels(List.copyOf(kept), to);
    }

    /**
     * The levels a fitted model knows, and per level of the column its index among them or {@link #MISSING} for
     * a level left out ({@link #fitLevels}).
     */
    public static final class FitLevels {
        private final List<String> levels;
        private final int[] to;

        private FitLevels(List<String> levels, int[] to) {
            this.levels = levels;
            this.to = to;
        }

        /** The kept levels, in the column's order. */
        public List<String> levels() {
            return levels;
        }

        /** A code of the column as a code among {@link #levels()}: {@link #MISSING} stays missing, and so does a level left out. */
        public int code(int columnCode) {
            return columnCode == MISSING ? MISSING : to[columnCode];
        }
    }

    /** The same data under another name. */
    public CategoricalColumn renamed(String newName) {
        return new CategoricalColumn(newName, levels, codes, index, declared);
    }

    /**
     * Maps this column's codes to positions in {@code targetLevels} by level text: element {@code c}
     * of the result is the index of {@code levels().get(c)} in {@code targetLevels}, or
     * {@link #MISSING} when the target has no such level. This is how a dataset imported on its own is
     * scored by a model: levels are matched by their text, never by code, and a number that is not found
     * by its text ({@code 1.0}) by its value ({@code 1}, {@link LevelNumbers}).
     */
    public int[] mapTo(List<String> targetLevels) {
        Map<String, Integer> pos = new HashMap<>();
        for (int i = 0; i < targetLevels.size(); i++) {
            pos.put(targetLevels.get(i), i);
        }
        int[] map = new int[levels.size()];
        Map<Double, Integer> byValue = null;
        for (int c = 0; c < map.length; c++) {
            map[c] = pos.getOrDefault(levels.get(c), MISSING);
            double v = map[c] == MISSING ? LevelNumbers.value(levels.get(c)) : Double.NaN;
            if (!Double.isNaN(v)) {
                byValue = byValue != null ? byValue : numberPositions(targetLevels);
                map[c] = byValue.getOrDefault(v + 0.0, MISSING);
            }
        }
        return map;
    }

    /** Target levels that are numbers, by value; a value two levels share maps to neither. */
    private static Map<Double, Integer> numberPositions(List<String> targetLevels) {
        Map<Double, Integer> byValue = new HashMap<>();
        for (int i = 0; i < targetLevels.size(); i++) {
            double v = LevelNumbers.value(targetLevels.get(i));
            if (!Double.isNaN(v)) {
                byValue.merge(v + 0.0, i, (a, b) -> MISSING);
            }
        }
        return byValue;
    }

    /** Bytes held by the storage this column refers to (shared storage counted once per column). */
    public long memoryBytes() {
        return memoryBytes(Dataset.identitySet());
    }

    /** As {@link #memoryBytes()}, leaving out storage in {@code counted} and adding this column's to it. */
    public long memoryBytes(java.util.Set<Object> counted) {
        return Dataset.once(counted, codes, 4L * codes.length) + (index == null ? 0 : 4L * index.length)
                + Dataset.once(counted, levels, 48L * levels.size());
    }

    @Override
    public String toString() {
        return name + " (categorical, " + levels.size() + " levels)";
    }
}
