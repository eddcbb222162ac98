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
            chars = Arrays.copyOf(chars, chars.length * 2);
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
            chars = Arrays.copyOf(chars, Math.max(capacity, chars.length * 2));
        }
    }

    String substring(int from, int to) {
        return new String(chars, from, to - from);
    }

    @Override
    public String toString() {
        return new String(chars, 0, length);
    }
}
