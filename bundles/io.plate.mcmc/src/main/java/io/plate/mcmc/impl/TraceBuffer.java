package io.plate.mcmc.impl;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;

/**
 * The kept summaries of one chain, in bounded memory: every kept draw is stored until {@code capacity}
 * draws are held; then every other stored draw is dropped and from then on only every second kept draw
 * is stored (then every fourth, …). So a chain of any length holds between {@code capacity / 2} and
 * {@code capacity} evenly spaced draws, and a run cut short holds every draw it kept. Written by the
 * chain's worker; read (snapshots) by the run's calling thread, hence synchronized.
 */
final class TraceBuffer {
    private final int summaries;
    private final int capacity;
    private double[] values = new double[0]; // [draw * summaries + s]
    private long[] iterations = new long[0];
    private int size;
    private long seen;
    private long stride = 1;

    /** @param capacity most draws held; even, at least 2 */
    TraceBuffer(int summaries, int capacity) {
        if (capacity < 2 || capacity % 2 != 0) {
            throw new IllegalArgumentException("capacity must be even and at least 2, got " + capacity);
        }
        this.summaries = summaries;
        this.capacity = capacity;
    }

    /** Takes the kept draw of sweep {@code iteration} with summaries {@code row}. */
    synchronized void add(long iteration, double[] row) {
        if (seen++ % stride != 0) {
            return;
        }
        if (size == capacity) {
            for (int d = 0; d < size / 2; d++) {
                System.arraycopy(values, 2 * d * summaries, values, d * summaries, summaries);
                iterations[d] = iterations[2 * d];
            }
            size /= 2;
            stride *= 2;
            if ((seen - 1) % stride != 0) {
                return;
            }
        }
        if (size == iterations.length) {
            int grown = (int) Math.min(capacity, Math.max(16L, 2L * size));
            values = Arrays.copyOf(values, grown * summaries);
            iterations = Arrays.copyOf(iterations, grown);
        }
        System.arraycopy(row, 0, values, size * summaries, summaries);
        iterations[size++] = iteration;
    }

    /** Summaries per draw. */
    int width() {
        return summaries;
    }

    /** Draws held. */
    synchronized int size() {
        return size;
    }

    /** Kept draws seen, stored or not. */
    synchronized long seen() {
        return seen;
    }

    /** Summary {@code s} of every {@code step}-th held draw, the first {@code n} held draws. */
    synchronized double[] series(int s, int n, int step) {
        double[] out = new double[n / step];
        for (int d = 0; d < out.length; d++) {
            out[d] = values[d * step * summaries + s];
        }
        return out;
    }

    /** The held draws as {@code [draw][summary]}. */
    synchronized double[][] rows() {
        double[][] out = new double[size][];
        for (int d = 0; d < size; d++) {
            out[d] = Arrays.copyOfRange(values, d * summaries, (d + 1) * summaries);
        }
        return out;
    }

    synchronized long[] iterations() {
        return Arrays.copyOf(iterations, size);
    }

    /** Writes what {@link #read} restores: the held draws and where the thinning stands. */
    synchronized void write(DataOutputStream out) throws IOException {
        out.writeInt(summaries);
        out.writeInt(capacity);
        out.writeLong(seen);
        out.writeLong(stride);
        out.writeInt(size);
        for (int d = 0; d < size; d++) {
            out.writeLong(iterations[d]);
        }
        for (int i = 0; i < size * summaries; i++) {
            out.writeDouble(values[i]);
        }
    }

    /** Takes the state {@link #write} wrote, from a buffer of the same summaries and capacity. */
    synchronized void read(DataInputStream in) throws IOException {
        int s = in.readInt();
        int c = in.readInt();
        if (s != summaries || c != capacity) {
            throw new IOException("the saved trace has " + s + " summaries and holds " + c + " draws; this run's "
                    + summaries + " and " + capacity);
        }
        long seenIn = in.readLong();
        long strideIn = in.readLong();
        int n = in.readInt();
        if (n < 0 || n > capacity || seenIn < n || strideIn < 1) {
            throw new IOException("a saved trace of " + n + " draws of " + seenIn + " seen, stride " + strideIn);
        }
        long[] its = new long[n];
        for (int d = 0; d < n; d++) {
            its[d] = in.readLong();
        }
        double[] v = new double[n * summaries];
        for (int i = 0; i < v.length; i++) {
            v[i] = in.readDouble();
        }
        iterations = its;
        values = v;
        size = n;
        seen = seenIn;
        stride = strideIn;
    }
}
