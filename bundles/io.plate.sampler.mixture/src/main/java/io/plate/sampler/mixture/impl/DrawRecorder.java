package io.plate.sampler.mixture.impl;

import io.plate.mcmc.StateCodec;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one chain keeps of its draws, in label-invariant form: how often each number of non-empty
 * clusters occurred, the partition of a subset of the draws (relabelled by first appearance so that
 * draws compare), pair co-clustering counts for small data, and the draw with the highest log joint
 * with its clusters' parameters. Allocates one partition copy per stored draw, never per row.
 * <p>
 * The partitions are stored as the runner's trace is ({@code TraceBuffer}): every kept draw until
 * {@link #capacity} partitions are held, then every other one is dropped and only every second kept draw
 * is stored (then every fourth, …). What is stored depends only on the draws kept so far, never on the
 * iterations planned, so a run extended to N iterations stores what a run asked for N stores.
 */
final class DrawRecorder {
    /** Pairwise co-clustering is counted for at most this many rows (n² / 2 counters). */
    static final int MAX_SIMILARITY_ROWS = 300;
    /** Stored partitions per chain are capped at about this many labels in total. */
    static final long MAX_STORED_LABELS = 4_000_000L;

    private final int rows;
    private final int capacity; // stored partitions at which every other one is dropped
    private int stride = 1; // every stride-th kept draw is stored
    private final Map<Integer, Integer> clusterCounts = new TreeMap<>();
    private final List<int[]> partitions = new ArrayList<>();
    private final List<Double> concentrations = new ArrayList<>(); // the chain's α at each stored partition (NaN: none)
    private final int[] pairCounts; // upper triangle i<j at i*rows+j, or null
    private final int[] slotToLabel;
    private long kept;
    private double bestLogJoint = Double.NEGATIVE_INFINITY;
    private int[] bestPartition;
    private List<List<String>> bestParameters = List.of();
    private long bestIteration;

    /**
     * @param rows            rows of the data
     * @param maxSlots        the highest slot number a chain may use, plus one (grows when needed)
     */
    DrawRecorder(int rows, int maxSlots) {
        this(rows, maxSlots, capacity(rows));
    }

    /** A recorder that stores at most {@code capacity} partitions (even, at least 2). */
    DrawRecorder(int rows, int maxSlots, int capacity) {
        if (capacity < 2 || capacity % 2 != 0) {
            throw new IllegalArgumentException("capacity must be even and at least 2, got " + capacity);
        }
        this.rows = rows;
        this.capacity = capacity;
        this.pairCounts = rows <= MAX_SIMILARITY_ROWS ? new int[rows * rows] : null;
        this.slotToLabel = new int[Math.max(1, maxSlots)];
    }

    /** Partitions a chain of {@code rows} rows stores at most: {@link #MAX_STORED_LABELS} labels, even, at least 2. */
    static int capacity(int rows) {
        long c = MAX_STORED_LABELS / Math.max(1, rows);
        return (int) Math.max(2, c - c % 2);
    }

    /**
     * Records one kept draw.
     *
     * @param slots     cluster slot of every row
     * @param logJoint  the state's log joint
     * @param clusters  number of non-empty clusters
     * @param describer gives the parameters of a slot; called only when this draw is the best so far
     */
    void record(int[] slots, int slotCount, double logJoint, int clusters, long iteration,
            java.util.function.IntFunction<List<String>> describer) {
        record(slots, slotCount, logJoint, clusters, iteration, describer, Double.NaN);
    }

    /** The same, with the chain's concentration α of this draw, kept beside its stored partition (a DP's, sampled). */
    void record(int[] slots, int slotCount, double logJoint, int clusters, long iteration,
            java.util.function.IntFunction<List<String>> describer, double concentration) {
        clusterCounts.merge(clusters, 1, Integer::sum);
        int[] labels = null;
        if (kept % stride == 0) {
            if (partitions.size() >= capacity) { // full: keep every other stored partition, store half as often
                halve();
            }
            if (kept % stride == 0) {
                labels = canonical(slots, slotCount);
                partitions.add(labels);
                concentrations.add(concentration);
            }
        }
        kept++;
        if (pairCounts != null) {
            for (int i = 0; i < rows; i++) {
                int zi = slots[i];
                int base = i * rows;
                for (int j = i + 1; j < rows; j++) {
                    if (slots[j] == zi) {
                        pairCounts[base + j]++;
                    }
                }
            }
        }
        if (logJoint > bestLogJoint) {
            if (labels == null) {
                labels = canonical(slots, slotCount);
            }
            bestLogJoint = logJoint;
            bestPartition = labels;
            bestIteration = iteration;
            int used = 0;
            for (int l : labels) {
                used = Math.max(used, l + 1);
            }
            // slot of each canonical label: the slot of its first row
            int[] labelSlot = new int[used];
            Arrays.fill(labelSlot, -1);
            for (int r = 0; r < rows; r++) {
                if (labelSlot[labels[r]] < 0) {
                    labelSlot[labels[r]] = slots[r];
                }
            }
            List<List<String>> params = new ArrayList<>(used);
            for (int l = 0; l < used; l++) {
                params.add(describer.apply(labelSlot[l]));
            }
            bestParameters = params;
        }
    }

    /** Drops every other stored partition (the 2nd, 4th, …) and doubles the stride. */
    private void halve() {
        int half = (partitions.size() + 1) / 2;
        for (int d = 0; d < half; d++) {
            partitions.set(d, partitions.get(2 * d));
            concentrations.set(d, concentrations.get(2 * d));
        }
        partitions.subList(half, partitions.size()).clear();
        concentrations.subList(half, concentrations.size()).clear();
        stride *= 2;
    }

    private int[] canonical(int[] slots, int slotCount) {
        int[] map = slotCount <= slotToLabel.length ? slotToLabel : new int[slotCount];
        Arrays.fill(map, 0, slotCount, -1);
        int[] out = new int[rows];
        int next = 0;
        for (int r = 0; r < rows; r++) {
            int s = slots[r];
            if (map[s] < 0) {
                map[s] = next++;
            }
            out[r] = map[s];
        }
        return out;
    }

    int rows() {
        return rows;
    }

    long kept() {
        return kept;
    }

    Map<Integer, Integer> clusterCounts() {
        return clusterCounts;
    }

    List<int[]> partitions() {
        return partitions;
    }

    /** The concentration α of the draw of each stored partition, NaN where the chain gave none (not written to checkpoints). */
    List<Double> concentrations() {
        return concentrations;
    }

    /** The stored partitions are those of every {@code stride()}-th kept draw (1: every one). */
    int stride() {
        return stride;
    }

    /** Upper-triangle pair counts, or null when the data has more than {@link #MAX_SIMILARITY_ROWS} rows. */
    int[] pairCounts() {
        return pairCounts;
    }

    double bestLogJoint() {
        return bestLogJoint;
    }

    int[] bestPartition() {
        return bestPartition;
    }

    List<List<String>> bestParameters() {
        return bestParameters;
    }

    long bestIteration() {
        return bestIteration;
    }

    /** Writes what {@link #read} restores: every count, stored partition and the best draw so far. */
    void write(DataOutputStream out) throws IOException {
        out.writeInt(rows);
        out.writeInt(stride);
        out.writeLong(kept);
        out.writeInt(clusterCounts.size());
        for (Map.Entry<Integer, Integer> e : clusterCounts.entrySet()) {
            out.writeInt(e.getKey());
            out.writeInt(e.getValue());
        }
        out.writeInt(partitions.size());
        for (int[] p : partitions) {
            writeInts(out, p);
        }
        out.writeBoolean(pairCounts != null);
        if (pairCounts != null) {
            writeInts(out, pairCounts);
        }
        out.writeDouble(bestLogJoint);
        out.writeLong(bestIteration);
        out.writeBoolean(bestPartition != null);
        if (bestPartition != null) {
            writeInts(out, bestPartition);
        }
        out.writeInt(bestParameters.size());
        for (List<String> cluster : bestParameters) {
            out.writeInt(cluster.size());
            for (String v : cluster) {
                StateCodec.writeString(out, v);
            }
        }
    }

    /**
     * Takes what {@link #write} wrote, into a recorder made for the same rows. Saved partitions beyond this
     * recorder's capacity (a checkpoint of a version that sized them by the planned draws) are halved until
     * they fit, as recording them would have.
     */
    void read(DataInputStream in) throws IOException {
        int r = in.readInt();
        int st = in.readInt();
        if (r != rows) {
            throw new IOException("the saved draws are of " + r + " rows; this chain's of " + rows
                    + " (another dataset)");
        }
        if (st < 1) {
            throw new IOException("a saved stride of " + st);
        }
        stride = st;
        kept = in.readLong();
        clusterCounts.clear();
        for (int i = 0, n = count(in, Integer.MAX_VALUE); i < n; i++) {
            clusterCounts.put(in.readInt(), in.readInt());
        }
        partitions.clear();
        concentrations.clear();
        for (int i = 0, n = count(in, Integer.MAX_VALUE); i < n; i++) {
            partitions.add(readInts(in, rows));
            concentrations.add(Double.NaN); // checkpointed chains are finite: their α is the run's parameter
        }
        while (partitions.size() > capacity) {
            halve();
        }
        if (in.readBoolean() != (pairCounts != null)) {
            throw new IOException("the saved draws do not match this chain's co-clustering counts");
        }
        if (pairCounts != null) {
            System.arraycopy(readInts(in, pairCounts.length), 0, pairCounts, 0, pairCounts.length);
        }
        bestLogJoint = in.readDouble();
        bestIteration = in.readLong();
        bestPartition = in.readBoolean() ? readInts(in, rows) : null;
        int clusters = count(in, Integer.MAX_VALUE);
        List<List<String>> params = new ArrayList<>(clusters);
        for (int l = 0; l < clusters; l++) {
            int n = count(in, Integer.MAX_VALUE);
            List<String> one = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                one.add(StateCodec.readString(in));
            }
            params.add(one);
        }
        bestParameters = params;
    }

    private static void writeInts(DataOutputStream out, int[] a) throws IOException {
        out.writeInt(a.length);
        for (int x : a) {
            out.writeInt(x);
        }
    }

    private static int[] readInts(DataInputStream in, int length) throws IOException {
        int n = count(in, length);
        if (n != length) {
            throw new IOException("a saved array of " + n + " entries, expected " + length);
        }
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = in.readInt();
        }
        return a;
    }

    private static int count(DataInputStream in, int max) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > max) {
            throw new IOException("a saved count of " + n);
        }
        return n;
    }
}
