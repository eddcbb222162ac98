package io.plate.importers.impl;

import java.util.Arrays;

/** A growable, reusable run of chars (one line, one field): no allocation once it has grown. */
final class CharBuf {
    char[] chars;
    int length;

    CharBuf(int capacity) {
        chars = new char[Math.max(16, capacity)];
    }

    void clear() {
        length = 0;
    }

    void append(char c) {
        if (length == chars.length) {
            ensure(length + 1);
        }
        chars[length++] = c;
    }

    void append(char[] src, int off, int len) {
        ensure(length + len);
        System.arraycopy(src, off, chars, length, len);
        length += len;
    }

    void append(CharSequence s) {
        ensure(length + s.length());
        for (int i = 0; i < s.length(); i++) {
            chars[length++] = s.charAt(i);
        }
    }

    void ensure(int capacity) {
        if (capacity > chars.length) {
            // doubling, but never past the largest array (a line is limited to 2^30 chars before that)
            chars = Arrays.copyOf(chars, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(capacity, 2L * chars.length)));
        }
    }

    /** Bytes held (the array's capacity). */
    long bytes() {
        return 16 + 2L * chars.length;
    }

    String substring(int from, int to) {
        return new String(chars, from, to - from);
    }

    @Override
    public String toString() {
        return new String(chars, 0, length);
    }
}
