package io.plate.importers.impl;

import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.LevelNumbers;
import io.plate.api.data.NumericColumn;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One column of a delimited file while it is read: every cell is interned as a level code and, as long
 * as every non-missing cell parses as a number, also kept as a {@code double}. At the end the column
 * becomes numeric or categorical without a second pass over the file.
 */
final class CellColumn {
    final String name;
    private final TermTable levels;
    private final IntList codes;
    private DoubleList values;
    private long firstBadLine;
    private String firstBad;
    private long firstInfiniteLine;
    /** Cells read as finite numbers. */
    private int finite;
    private String firstInfinite;
    private int present;
    /** Whether a number was written with a leading zero ({@code 007}): a code, kept as written. */
    private boolean zeroPadded;
    /** Whether the cells are text whatever they look like ({@link #notNumbers}): levels as written, in text order. */
    private boolean asWritten;

    CellColumn(String name, int expectedRows) {
        this.name = name;
        this.levels = new TermTable();
        this.codes = new IntList(expectedRows);
        this.values = new DoubleList(expectedRows);
    }

    void addMissing() {
        codes.add(CategoricalColumn.MISSING);
        if (values != null) {
            values.add(Double.NaN);
        }
    }

    void add(char[] c, int from, int to, long line) {
        present++;
        codes.add(levels.intern(c, from, to - from));
        if (values != null) {
            double v = Numbers.parse(c, from, to);
            if (v == v) {
                values.add(v);
                finite++;
                zeroPadded = zeroPadded || LevelNumbers.zeroPadded(c, from, to);
            } else if (Numbers.infinite(c, from, to)) {
                if (firstInfinite == null) { // numeric still: refused at the end unless it turns categorical
                    firstInfiniteLine = line;
                    firstInfinite = new String(c, from, to - from);
                }
                values.add(Double.NaN);
            } else {
                firstBadLine = line;
                firstBad = new String(c, from, to - from);
                values = null; // not numeric: stop keeping numbers
            }
        }
    }

    /**
     * Makes this column text whatever its cells: {@code cell} (on {@code line}) is not a number as the file writes
     * numbers, although the cell parser reads it ({@code 1.500} under a decimal comma).
     */
    void notNumbers(String cell, long line) {
        asWritten = true;
        if (values != null) {
            firstBad = cell;
            firstBadLine = line;
            values = null;
        }
    }

    /** Bytes held while reading (codes, numbers and level table). */
    long bytes() {
        return 48 + (codes == null ? 0 : codes.bytes() + levels.bytes()) + (values == null ? 0 : values.bytes());
    }

    /** Number of distinct non-missing cell texts. */
    int distinct() {
        return levels == null ? -1 : levels.size();
    }

    /**
     * True when every non-missing cell is a number (and there is at least one, or none at all); a column
     * whose cells are all infinities ({@code inf}: no finite number) is words, as any other text.
     */
    boolean allNumeric() {
        return values != null && !(finite == 0 && firstInfinite != null);
    }

    /** Of the first {@code sample} distinct texts, how many hold a space (words, not codes or identifiers). */
    int levelsWithSpace(int sample) {
        int n = 0;
        for (int id = 0, e = Math.min(sample, distinct()); id < e; id++) {
            if (levels.term(id).indexOf(' ') >= 0) {
                n++;
            }
        }
        return n;
    }

    /** Whether the first {@code sample} distinct texts are all numbers, at least one with a decimal comma. */
    CommaNumbers commaNumbers(int sample) {
        return CommaNumbers.of(firstLevels(sample));
    }

    /** The first {@code sample} distinct texts, in the order met. */
    List<String> firstLevels(int sample) {
        List<String> texts = new ArrayList<>();
        for (int id = 0, e = Math.min(sample, distinct()); id < e; id++) {
            texts.add(levels.term(id));
        }
        return texts;
    }

    /** Number of cells read (rows). */
    int rows() {
        return codes != null ? codes.size : values.size;
    }

    int present() {
        return present;
    }

    long firstBadLine() {
        return firstBadLine;
    }

    String firstBad() {
        return firstBad;
    }

    /** The first infinity ({@code inf}, {@code -Infinity}, {@code 1e999}) among the cells, or null. */
    String firstInfinite() {
        return firstInfinite;
    }

    long firstInfiniteLine() {
        return firstInfiniteLine;
    }

    /** Number of non-missing cells that are not numbers, counted from the level table (a pass over the codes). */
    int nonNumberCells() {
        int n = levels.size();
        boolean[] text = new boolean[n];
        for (int id = 0; id < n; id++) {
            text[id] = Double.isNaN(Numbers.parse(levels.term(id)));
        }
        int cells = 0;
        for (int r = 0; r < codes.size; r++) {
            int c = codes.data[r];
            cells += c >= 0 && text[c] ? 1 : 0;
        }
        return cells;
    }

    NumericColumn toNumeric() {
        return NumericColumn.of(name, values.toArray());
    }

    /**
     * The numbers, keeping the cells as written when some are codes with leading zeros ({@code 007}, a
     * zip code): a model that holds the column as levels (the training file named it {@code --categorical})
     * then matches them by their text. Other columns keep no text.
     */
    NumericColumn toNumericKeepingCodes() {
        return zeroPadded ? NumericColumn.of(name, values.toArray(), toCategorical()) : toNumeric();
    }

    CategoricalColumn toCategorical() {
        if (levels == null) {
            throw new IllegalStateException("column '" + name + "' was read as numbers only");
        }
        List<String> texts = new ArrayList<>(levels.size());
        for (int i = 0; i < levels.size(); i++) {
            texts.add(levels.term(i));
        }
        return asWritten ? asWritten(name, texts, codes) : categorical(name, texts, codes);
    }

    /** A categorical column of the texts as written ({@code 1.500} stays itself), levels in code-point order. */
    private static CategoricalColumn asWritten(String name, List<String> texts, IntList codes) {
        Integer[] order = new Integer[texts.size()];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, (a, b) -> compareCodePoints(texts.get(a), texts.get(b)));
        int[] idOf = new int[texts.size()];
        Arrays.setAll(idOf, i -> i);
        return inOrder(name, texts, order, idOf, codes);
    }

    /**
     * A categorical column from the distinct cell texts ({@code texts}, by id) and each row's id
     * ({@code codes}, negative = missing): the texts of one number are one level ({@link LevelNumbers#levels}:
     * {@code 1} and {@code 1.0}), levels in {@link #sortedLevelOrder}.
     */
    static CategoricalColumn categorical(String name, List<String> texts, IntList codes) {
        List<String> spelled = LevelNumbers.levels(texts);
        List<String> distinct = spelled.equals(texts) ? texts : new ArrayList<>();
        int[] idOf = new int[texts.size()];
        if (distinct == texts) { // no two spellings of a number: no map entry per level (10^6 levels)
            Arrays.setAll(idOf, i -> i);
        } else {
            Map<String, Integer> distinctId = new HashMap<>();
            for (int i = 0; i < idOf.length; i++) {
                Integer known = distinctId.putIfAbsent(spelled.get(i), distinct.size());
                idOf[i] = known != null ? known : distinct.size();
                if (known == null) {
                    distinct.add(spelled.get(i));
                }
            }
        }
        return inOrder(name, distinct, sortedLevelOrder(distinct), idOf, codes);
    }

    /**
     * The column whose levels are {@code levels} in {@code order} (ids, first level first), a row of code c at the
     * level of id {@code idOf[c]} ({@code codes}, negative = missing).
     */
    private static CategoricalColumn inOrder(String name, List<String> levels, Integer[] order, int[] idOf,
            IntList codes) {
        int[] rank = new int[order.length];
        List<String> sorted = new ArrayList<>(order.length);
        for (int k = 0; k < order.length; k++) {
            rank[order[k]] = k;
            sorted.add(levels.get(order[k]));
        }
        int[] out = new int[codes.size];
        for (int r = 0; r < out.length; r++) {
            int c = codes.data[r];
            out[r] = c < 0 ? CategoricalColumn.MISSING : rank[idOf[c]];
        }
        return CategoricalColumn.of(name, sorted, out);
    }

    /**
     * Level order: by value when every level is a number ({@link LevelNumbers#value}: so classes 3..10 read
     * 3, 4, …, 10; a code such as {@code 007} is text), else by Unicode code point (Python's {@code sorted},
     * scikit-learn's {@code LabelEncoder}).
     */
    static Integer[] sortedLevelOrder(List<String> texts) {
        int n = texts.size();
        Integer[] order = new Integer[n];
        double[] num = new double[n];
        boolean numeric = true;
        for (int i = 0; i < n; i++) {
            order[i] = i;
            num[i] = LevelNumbers.value(texts.get(i));
            numeric &= num[i] == num[i];
        }
        Comparator<Integer> byText = (a, b) -> compareCodePoints(texts.get(a), texts.get(b));
        if (numeric) {
            Arrays.sort(order, Comparator.<Integer>comparingDouble(i -> num[i]).thenComparing(byText));
        } else {
            Arrays.sort(order, byText);
        }
        return order;
    }

    /** Compares by Unicode code point (Python's string order). */
    static int compareCodePoints(String a, String b) {
        int n = Math.min(a.length(), b.length());
        for (int i = 0; i < n; i++) {
            char x = a.charAt(i);
            char y = b.charAt(i);
            if (x != y) {
                return TermTable.codePointOrder(x) - TermTable.codePointOrder(y);
            }
        }
        return a.length() - b.length();
    }
}
