package io.plate.shell.impl;

import java.util.ArrayList;
import java.util.List;

/**
 * Renders rows of cells as an aligned plain-text table for people at the shell. In a terminal narrower
 * than the table, the last column (a description) is shortened with "…" to fit: the width is that of the
 * terminal of the command running on this thread ({@link #WIDTH}, set by {@link CommandFunctions}); 0
 * (no terminal: a pipe, a file, -c) leaves the table whole.
 */
public final class TextTable {
    /** Columns of the terminal the current command writes to; 0 when it is not a terminal. */
    static final ThreadLocal<Integer> WIDTH = ThreadLocal.withInitial(() -> 0);
    /** The last column keeps at least this many characters however narrow the terminal. */
    private static final int MIN_LAST = 16;

    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();

    public TextTable(String... header) {
        this.header = List.of(header);
    }

    public TextTable row(Object... cells) {
        List<String> r = new ArrayList<>(cells.length);
        for (Object c : cells) {
            r.add(String.valueOf(c));
        }
        rows.add(r);
        return this;
    }

    public int size() {
        return rows.size();
    }

    @Override
    public String toString() {
        return render(WIDTH.get());
    }

    /** The table fitted to {@code columns} characters a line by shortening its last column (0: as it is). */
    public String render(int columns) {
        int[] w = new int[header.size()];
        for (int i = 0; i < w.length; i++) {
            w[i] = header.get(i).length();
        }
        for (List<String> r : rows) {
            for (int i = 0; i < w.length && i < r.size(); i++) {
                w[i] = Math.max(w[i], r.get(i).length());
            }
        }
        int last = w.length - 1;
        int total = 2 * last;
        for (int x : w) {
            total += x;
        }
        if (columns > 0 && last > 0 && total > columns - 1) {
            w[last] = Math.max(MIN_LAST, w[last] - (total - (columns - 1)));
        }
        StringBuilder s = new StringBuilder();
        line(s, header, w);
        for (int i = 0; i < w.length; i++) {
            s.append(i == 0 ? "" : "  ").append("-".repeat(w[i]));
        }
        s.append('\n');
        for (List<String> r : rows) {
            line(s, r, w);
        }
        return s.toString();
    }

    private static void line(StringBuilder s, List<String> cells, int[] w) {
        StringBuilder l = new StringBuilder();
        for (int i = 0; i < w.length; i++) {
            String c = i < cells.size() ? cells.get(i) : "";
            if (i == w.length - 1 && c.length() > w[i]) {
                c = c.substring(0, w[i] - 1) + "…";
            }
            l.append(i == 0 ? "" : "  ").append(c);
            if (i + 1 < w.length) {
                l.append(" ".repeat(w[i] - c.length()));
            }
        }
        s.append(l.toString().stripTrailing()).append('\n');
    }
}
