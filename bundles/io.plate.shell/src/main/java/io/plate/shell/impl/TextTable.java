package io.plate.shell.impl;

import java.util.ArrayList;
import java.util.List;

/** Renders rows of cells as an aligned plain-text table for people at the shell. */
public final class TextTable {
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
        int[] w = new int[header.size()];
        for (int i = 0; i < w.length; i++) {
            w[i] = header.get(i).length();
        }
        for (List<String> r : rows) {
            for (int i = 0; i < w.length && i < r.size(); i++) {
                w[i] = Math.max(w[i], r.get(i).length());
            }
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
            l.append(i == 0 ? "" : "  ").append(c);
            if (i + 1 < w.length) {
                l.append(" ".repeat(w[i] - c.length()));
            }
        }
        s.append(l.toString().stripTrailing()).append('\n');
    }
}
