package io.plate.api.text;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Rows of cells as an aligned plain-text table for people: numbers right-aligned, text left-aligned, as
 * pandas and R print a frame. In a terminal narrower than the table, a last column of text (a
 * description, a path) is shortened with "…" first; a table still too wide is broken into stacked blocks
 * of columns, each block repeating the first column (the row's name), as pandas and R print wide frames.
 * A number is never cut. A cell longer than {@link Visible#CELL_LENGTH} characters is cut whatever the width,
 * with a marker saying how much ("… (9999500 more characters)"). Invisible and line-breaking characters in a cell are shown escaped, and columns are
 * aligned by the terminal columns text takes (a wide East Asian character two), both by {@link Visible}. The width is that of the terminal text rendered on this thread goes to
 * ({@link #terminalColumns(int)}, set by the shell); 0 (a pipe, a file, {@code -c}) leaves the table whole.
 */
public final class TextTable {
    private static final ThreadLocal<Integer> COLUMNS = ThreadLocal.withInitial(() -> 0);
    /** A shortened last column keeps at least this many characters however narrow the terminal. */
    private static final int MIN_LAST = 16;
    /** A figure as the tables print one: 12, -1,250, 0.25, 1.5e-09, 95%, inf, NaN, or ? and empty for missing, – for undefined. */
    private static final Pattern NUMBER = Pattern.compile(
            "[-+]?(\\d[\\d,]*(\\.\\d*)?|\\.\\d+)([eE][-+]?\\d+)?%?|[-+]?inf|NaN|\\?|–|");

    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();

    /** An empty table with these column names. */
    public TextTable(String... header) {
        List<String> h = new ArrayList<>(header.length);
        for (String c : header) {
            h.add(Visible.cell(c, Visible.CELL_LENGTH));
        }
        this.header = List.copyOf(h);
    }

    /** Sets the columns of the terminal that text rendered on this thread goes to (0: not a terminal). */
    public static void terminalColumns(int columns) {
        COLUMNS.set(Math.max(0, columns));
    }

    /** The columns set for this thread by {@link #terminalColumns(int)}; 0 when none. */
    public static int terminalColumns() {
        return COLUMNS.get();
    }

    /** Adds a row, each cell shown as {@code String.valueOf} writes it; returns this table. */
    public TextTable row(Object... cells) {
        List<String> r = new ArrayList<>(cells.length);
        for (Object c : cells) {
            // a line break in a cell (a CSV cell may hold one) would break the table; a 10 MB cell is cut
            r.add(Visible.cell(String.valueOf(c), Visible.CELL_LENGTH));
        }
        rows.add(r);
        return this;
    }

    /** Number of rows, the header left out. */
    public int size() {
        return rows.size();
    }

    /** The table fitted to this thread's terminal ({@link #terminalColumns()}). */
    @Override
    public String toString() {
        return render(terminalColumns());
    }

    /**
     * The table with lines shorter than {@code columns} (0: as it is): the last column shortened when it is
     * text, then blocks of columns, each headed by the first column. A column too wide on its own is left
     * whole.
     */
    public String render(int columns) {
        int n = header.size();
        int[] w = new int[n];
        boolean[] numeric = new boolean[n];
        for (int i = 0; i < n; i++) {
            w[i] = Visible.width(header.get(i));
            int col = i;
            // a column of '–' only (a figure no row could give) stays in a number's place
            boolean digits = !rows.isEmpty() && rows.stream().allMatch(r -> cell(r, col).equals("–"));
            numeric[i] = true;
            for (List<String> r : rows) {
                String c = cell(r, i);
                w[i] = Math.max(w[i], Visible.width(c));
                numeric[i] &= NUMBER.matcher(c).matches();
                digits |= c.chars().anyMatch(Character::isDigit) || c.endsWith("inf") || c.equals("NaN");
            }
            numeric[i] &= digits;
        }
        int limit = columns - 1; // a line as wide as the terminal wraps in some terminals
        int last = n - 1;
        boolean shorten = last > 0 && !numeric[last];
        if (columns <= 0 || width(w, 0, n) <= limit) {
            return block(w, numeric, allColumns(n));
        }
        if (shorten && width(w, 0, last) + 2 + MIN_LAST <= limit) {
            w[last] = Math.min(w[last], limit - width(w, 0, last) - 2);
            return block(w, numeric, allColumns(n));
        }
        StringBuilder s = new StringBuilder();
        List<Integer> cols = new ArrayList<>(List.of(0));
        int used = w[0];
        for (int i = 1; i < n; i++) {
            int need = i == last && shorten ? Math.min(w[i], MIN_LAST) : w[i];
            if (cols.size() > 1 && used + 2 + need > limit) {
                s.append(block(w, numeric, cols)).append('\n');
                cols = new ArrayList<>(List.of(0));
                used = w[0];
            }
            if (i == last && shorten) {
                w[i] = Math.min(w[i], Math.max(MIN_LAST, limit - used - 2));
            }
            cols.add(i);
            used += 2 + w[i];
        }
        return s.append(block(w, numeric, cols)).toString();
    }

    /**
     * {@code text} with every line longer than {@code columns} (0: none) broken at its last spaces before
     * the edge, so that a figure in a line of text ({@code accuracy 0.9467   log-loss 0.1479}) is never split
     * by the terminal's own wrapping; a word wider than the terminal is left whole. The continuations of
     * an indented line ({@code help}'s options, a warning's detail) keep its indentation, up to a third of
     * the width.
     */
    public static String wrap(String text, int columns) {
        int limit = columns - 1;
        if (columns <= 0 || text.lines().allMatch(l -> l.length() <= limit)) {
            return text;
        }
        StringBuilder s = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            int leading = line.length() - line.stripLeading().length();
            String indent = leading <= limit / 3 ? line.substring(0, leading) : "";
            String rest = line;
            while (rest.length() > limit) {
                int lead = rest.length() - rest.stripLeading().length();
                int cut = rest.lastIndexOf(' ', limit);
                if (cut <= lead) { // a first word wider than the terminal: a line of its own
                    cut = rest.indexOf(' ', lead);
                }
                int start = cut;
                while (start > lead && rest.charAt(start - 1) == ' ') {
                    start--;
                }
                if (start <= lead) {
                    break;
                }
                s.append(rest, 0, start).append('\n');
                rest = indent + rest.substring(cut + 1).stripLeading();
            }
            s.append(rest).append('\n');
        }
        return s.substring(0, s.length() - 1);
    }

    private static List<Integer> allColumns(int n) {
        List<Integer> all = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            all.add(i);
        }
        return all;
    }

    /** Characters a line of columns {@code from} (inclusive) to {@code to} (exclusive) takes. */
    private static int width(int[] w, int from, int to) {
        int total = 2 * Math.max(0, to - from - 1);
        for (int i = from; i < to; i++) {
            total += w[i];
        }
        return total;
    }

    /** The header, a rule and the rows of the given columns. */
    private String block(int[] w, boolean[] numeric, List<Integer> cols) {
        StringBuilder s = new StringBuilder();
        line(s, header, w, numeric, cols);
        StringBuilder rule = new StringBuilder();
        for (int i : cols) {
            rule.append(rule.length() == 0 ? "" : "  ").append("-".repeat(w[i]));
        }
        s.append(rule).append('\n');
        for (List<String> r : rows) {
            line(s, r, w, numeric, cols);
        }
        return s.toString();
    }

    private static void line(StringBuilder s, List<String> cells, int[] w, boolean[] numeric, List<Integer> cols) {
        StringBuilder l = new StringBuilder();
        boolean first = true;
        for (int i : cols) {
            String c = cell(cells, i);
            if (Visible.width(c) > w[i] && !numeric[i]) {
                c = Visible.cut(c, w[i] - 1) + "…";
            }
            String pad = " ".repeat(Math.max(0, w[i] - Visible.width(c))); // 日本 takes 4 columns
            l.append(first ? "" : "  ").append(numeric[i] ? pad + c : c + pad);
            first = false;
        }
        s.append(l.toString().stripTrailing()).append('\n');
    }

    private static String cell(List<String> cells, int i) {
        return i < cells.size() ? cells.get(i) : "";
    }
}
