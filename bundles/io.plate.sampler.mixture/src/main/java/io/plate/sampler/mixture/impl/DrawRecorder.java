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
 */
final class DrawRecorder {
    /** Pairwise co-clustering is counted for at most this many rows (n² / 2 counters). */
    static final int MAX_SIMILARITY_ROWS = 300;
    /** Stored partitions per chain are capped at about this many labels in total. */
    static final long MAX_STORED_LABELS = 4_000_000L;

    private final int rows;
    private final int storedCap; // stored partitions beyond which every other one is dropped
    private int stride;
    private final Map<Integer, Integer> clusterCounts = new TreeMap<>();
    private final List<int[]> partitions = new ArrayList<>();
    private final int[] pairCounts; // upper triangle i<j at i*rows+j, or null
    private final int[] slotToLabel;
    private long kept;
    private double bestLogJoint = Double.NEGATIVE_INFINITY;
    private int[] bestPartition;
    private List<List<String>> bestParameters = List.of();
    private long bestIteration;

    /**
     * @param rows            rows of the data
     * @param expectedDraws   draws the chain will keep (sets the storage stride)
     * @param maxSlots        the highest slot number a chain may use, plus one (grows when needed)
     */
    DrawRecorder(int rows, int expectedDraws, int maxSlots) {
        this.rows = rows;
        long total = (long) rows * Math.max(1, expectedDraws);
        this.stride = (int) Math.max(1, (total + MAX_STORED_LABELS - 1) / MAX_STORED_LABELS);
        this.storedCap = (int) (2 * ((Math.max(1L, expectedDraws) + stride - 1) / stride)); // twice the planned
        this.pairCounts = rows <= MAX_SIMILARITY_ROWS ? new int[rows * rows] : null;
        this.slotToLabel = new int[Math.max(1, maxSlots)];
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
        clusterCounts.merge(clusters, 1, Integer::sum);
        int[] labels = null;
        if (kept % stride == 0) {
            if (partitions.size() == storedCap) { // a run extended past its expected draws: keep every other
                for (int d = 0; d < storedCap / 2; d++) {
                    partitions.set(d, partitions.get(2 * d));
                }
                partitions.subList(storedCap / 2, storedCap).clear();
                stride *= 2;
            }
            if (kept % stride == 0) {
                labels = canonical(slots, slotCount);
                partitions.add(labels);
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

    /** Takes what {@link #write} wrote, into a recorder made for the same rows and draws. */
    void read(DataInputStream in) throws IOException {
        int r = in.readInt();
        int st = in.readInt();
        if (r != rows || st != stride) {
            throw new IOException("the saved draws are of " + r + " rows stored every " + st + "; this chain's of "
                    + rows + " every " + stride + " (another dataset or number of iterations)");
        }
        kept = in.readLong();
        clusterCounts.clear();
        for (int i = 0, n = count(in, Integer.MAX_VALUE); i < n; i++) {
            clusterCounts.put(in.readInt(), in.readInt());
        }
        partitions.clear();
        for (int i = 0, n = count(in, Integer.MAX_VALUE); i < n; i++) {
            partitions.add(readInts(in, rows));
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
