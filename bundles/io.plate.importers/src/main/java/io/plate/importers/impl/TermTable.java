package io.plate.importers.impl;

import java.util.Arrays;

/**
 * Interns runs of chars as dense ids (0, 1, 2, … in order of first appearance) with an open-addressing
 * hash table over the chars themselves, so that looking up a token allocates nothing: the text of each
 * distinct term is stored once in a shared char pool, and a {@link String} is made only on request.
 */
final class TermTable {
    private int[] table; // slot -> id + 1, 0 = empty
    private int mask;
    private int[] hashes = new int[4];
    private int[] starts = new int[5];
    private char[] pool = new char[16];
    private int size;

    /** An empty table; it starts small (a CSV column of one row needs little) and doubles as terms come. */
    TermTable() {
        table = new int[8];
        mask = table.length - 1;
    }

    /** A table sized for {@code terms} terms of {@code chars} chars in all (a header's names): no regrowth. */
    TermTable(int terms, int chars) {
        table = new int[Integer.highestOneBit(Math.max(4, 2 * terms + 1)) << 1];
        mask = table.length - 1;
        hashes = new int[terms + 2];
        starts = new int[terms + 3];
        pool = new char[Math.max(16, chars)];
    }

    /** Bytes held (capacities of the hash table, per-term arrays and char pool). */
    long bytes() {
        return 64 + 4L * (table.length + hashes.length + starts.length) + 2L * pool.length;
    }

    /** Number of distinct terms. */
    int size() {
        return size;
    }

    static int hash(char[] s, int off, int len) {
        int h = 0;
        for (int i = off, e = off + len; i < e; i++) {
            h = 31 * h + s[i];
        }
        return mix(h);
    }

    /** The final step of {@link #hash}: {@code h} is the polynomial {@code 31 * h + c} over the chars. */
    static int mix(int h) {
        return h ^ (h >>> 16);
    }

    /** Id of the term {@code s[off, off+len)}, adding it when new. */
    int intern(char[] s, int off, int len) {
        return intern(s, off, len, hash(s, off, len));
    }

    /** As {@link #intern(char[], int, int)} with the term's {@link #hash} already computed. */
    int intern(char[] s, int off, int len, int h) {
        int slot = h & mask;
        while (true) {
            int e = table[slot];
            if (e == 0) {
                return add(s, off, len, h, slot);
            }
            int id = e - 1;
            if (hashes[id] == h && equalsAt(id, s, off, len)) {
                return id;
            }
            slot = (slot + 1) & mask;
        }
    }

    /** Id of the term, or -1 when absent. */
    int find(char[] s, int off, int len) {
        int h = hash(s, off, len);
        int slot = h & mask;
        while (true) {
            int e = table[slot];
            if (e == 0) {
                return -1;
            }
            int id = e - 1;
            if (hashes[id] == h && equalsAt(id, s, off, len)) {
                return id;
            }
            slot = (slot + 1) & mask;
        }
    }

    int find(String s) {
        return find(s.toCharArray(), 0, s.length());
    }

    int intern(String s) {
        return intern(s.toCharArray(), 0, s.length());
    }

    private boolean equalsAt(int id, char[] s, int off, int len) {
        int st = starts[id];
        if (starts[id + 1] - st != len) {
            return false;
        }
        return Arrays.equals(pool, st, st + len, s, off, off + len);
    }

    private int add(char[] s, int off, int len, int h, int slot) {
        int id = size;
        if (id + 1 >= hashes.length) {
            hashes = Arrays.copyOf(hashes, hashes.length * 2);
            starts = Arrays.copyOf(starts, hashes.length + 1);
        }
        int st = starts[id];
        if (st + len > pool.length) {
            pool = Arrays.copyOf(pool, Math.max(st + len, pool.length * 2));
        }
        System.arraycopy(s, off, pool, st, len);
        starts[id + 1] = st + len;
        hashes[id] = h;
        table[slot] = id + 1;
        size++;
        if (size * 2 > table.length) {
            rehash();
        }
        return id;
    }

    private void rehash() {
        int[] t = new int[table.length * 2];
        int m = t.length - 1;
        for (int id = 0; id < size; id++) {
            int slot = hashes[id] & m;
            while (t[slot] != 0) {
                slot = (slot + 1) & m;
            }
            t[slot] = id + 1;
        }
        table = t;
        mask = m;
    }

    /** Interns term {@code id} of {@code other} here; returns its id in this table. */
    int internFrom(TermTable other, int id) {
        int st = other.starts[id];
        return intern(other.pool, st, other.starts[id + 1] - st, other.hashes[id]);
    }

    /** The text of term {@code id}. */
    String term(int id) {
        return new String(pool, starts[id], starts[id + 1] - starts[id]);
    }

    /** Length of term {@code id} in chars. */
    int length(int id) {
        return starts[id + 1] - starts[id];
    }

    /**
     * Compares two terms by Unicode code point, the order of Python's {@code sorted} on strings (which
     * is how scikit-learn orders a vocabulary); {@link String#compareTo} compares UTF-16 units instead
     * and differs for characters above U+FFFF.
     */
    int compare(int a, int b) {
        int i = starts[a];
        int ea = starts[a + 1];
        int j = starts[b];
        int eb = starts[b + 1];
        while (i < ea && j < eb) {
            char x = pool[i++];
            char y = pool[j++];
            if (x != y) {
                return codePointOrder(x) - codePointOrder(y);
            }
        }
        return (ea - starts[a]) - (eb - starts[b]);
    }

    /** Maps a UTF-16 unit so that unit order equals code point order (surrogates sort above U+FFFF's BMP). */
    static int codePointOrder(char c) {
        if (c >= '\uD800' && c <= '\uDFFF') {
            return c + 0x2000; // surrogates (U+10000 and above) after U+E000..U+FFFF
        }
        if (c >= '\uE000') {
            return c - 0x800;
        }
        return c;
    }

    /** Term ids 0..size-1 sorted by {@link #compare} (a merge sort on {@code int}s: no boxing). */
    int[] sortedIds() {
        int[] a = new int[size];
        for (int i = 0; i < size; i++) {
            a[i] = i;
        }
        int[] b = new int[size];
        for (int width = 1; width < size; width *= 2) {
            for (int lo = 0; lo < size; lo += 2 * width) {
                int mid = Math.min(lo + width, size);
                int hi = Math.min(lo + 2 * width, size);
                int i = lo;
                int j = mid;
                int k = lo;
                while (i < mid && j < hi) {
                    b[k++] = compare(a[j], a[i]) < 0 ? a[j++] : a[i++];
                }
                while (i < mid) {
                    b[k++] = a[i++];
                }
                while (j < hi) {
                    b[k++] = a[j++];
                }
            }
            int[] t = a;
            a = b;
            b = t;
        }
        return a;
    }
}
