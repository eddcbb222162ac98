package io.plate.importers.impl;

import java.util.Arrays;

/** A growable {@code int} array, used to build CSR arrays and code columns without boxing. */
final class IntList {
    int[] data;
    int size;

    IntList(int capacity) {
        data = new int[Math.max(8, capacity)];
    }

    /** Makes room for {@code capacity} elements in {@code data}. */
    void ensure(int capacity) {
        if (capacity > data.length) {
            data = Arrays.copyOf(data, Math.max(capacity, data.length + (data.length >> 1) + 8));
        }
    }

    void add(int v) {
        if (size == data.length) {
            data = Arrays.copyOf(data, data.length + (data.length >> 1) + 8);
        }
        data[size++] = v;
    }

    /** Bytes held (the array's capacity). */
    long bytes() {
        return 16 + 4L * data.length;
    }

    int get(int i) {
        return data[i];
    }

    /** The contents as an array of exactly {@link #size} elements (the backing array when it fits). */
    int[] toArray() {
        return data.length == size ? data : Arrays.copyOf(data, size);
    }
}
