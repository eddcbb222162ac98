package io.plate.importers.impl;

import java.util.Arrays;

/** A growable {@code double} array. */
final class DoubleList {
    double[] data;
    int size;

    DoubleList(int capacity) {
        data = new double[Math.max(8, capacity)];
    }

    /** Makes room for {@code capacity} elements in {@code data}. */
    void ensure(int capacity) {
        if (capacity > data.length) {
            data = Arrays.copyOf(data, Math.max(capacity, data.length + (data.length >> 1) + 8));
        }
    }

    void add(double v) {
        if (size == data.length) {
            data = Arrays.copyOf(data, data.length + (data.length >> 1) + 8);
        }
        data[size++] = v;
    }

    /** Bytes held (the array's capacity). */
    long bytes() {
        return 16 + 8L * data.length;
    }

    double[] toArray() {
        return data.length == size ? data : Arrays.copyOf(data, size);
    }
}
