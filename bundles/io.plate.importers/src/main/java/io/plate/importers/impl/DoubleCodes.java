package io.plate.importers.impl;

import java.util.Arrays;

/**
 * Numbers each distinct {@code double} in the order it is first seen (an open-addressing hash on the
 * bits of the value; {@code -0.0} and {@code 0.0} are distinct keys, NaN is not expected).
 */
final class DoubleCodes {
    private long[] keys = new long[16];
    private int[] slots = new int[16]; // code + 1; 0 = empty
    private double[] values = new double[8];
    private int size;

    /** The code of {@code v}: 0 for the first distinct value, 1 for the second, … */
    int code(double v) {
        long bits = Double.doubleToRawLongBits(v);
        int mask = keys.length - 1;
        int h = mix(bits) & mask;
        while (slots[h] != 0) {
            if (keys[h] == bits) {
                return slots[h] - 1;
            }
            h = (h + 1) & mask;
        }
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size] = v;
        keys[h] = bits;
        slots[h] = ++size;
        if (size * 2 > keys.length) {
            grow();
        }
        return size - 1;
    }

    /** Number of distinct values. */
    int size() {
        return size;
    }

    /** Bytes held (capacities). */
    long bytes() {
        return 48 + 12L * keys.length + 8L * values.length;
    }

    /** The distinct values by code. */
    double[] values() {
        return Arrays.copyOf(values, size);
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldSlots = slots;
        keys = new long[oldKeys.length * 2];
        slots = new int[oldKeys.length * 2];
        int mask = keys.length - 1;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldSlots[i] != 0) {
                int h = mix(oldKeys[i]) & mask;
                while (slots[h] != 0) {
                    h = (h + 1) & mask;
                }
                keys[h] = oldKeys[i];
                slots[h] = oldSlots[i];
            }
        }
    }

    private static int mix(long bits) {
        long z = bits * 0x9E3779B97F4A7C15L;
        return (int) (z ^ (z >>> 32));
    }
}
