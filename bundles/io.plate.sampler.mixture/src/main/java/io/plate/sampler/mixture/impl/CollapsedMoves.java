package io.plate.sampler.mixture.impl;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The split–merge moves of an uncollapsed finite chain (multinomial, Gaussian): Jain–Neal proposals on the
 * collapsed marginal p(z | x) through {@link SplitMerge}, over collapsed statistics of the chain's prior kept
 * in step with z (only the rows the z-step moved are moved), with {@link FiniteSlots} as host. The chain draws
 * its parameters again given {@link #partition()} when {@link #run} says a move was accepted.
 */
final class CollapsedMoves {
    private final Components components;
    private final int[] partition; // the rows as the components hold them: z after the moves
    private final SplitMerge moves;
    private final FiniteSlots slots;
    private final int proposals;

    private CollapsedMoves(Components components, ChainSettings settings, int k, double alpha, SplitMerge.Ratio ratio,
            int launchScans, int proposals) {
        components.ensureCapacity(k);
        this.components = components;
        this.partition = new int[components.rows()];
        this.moves = new SplitMerge(components, partition, SplitMerge.freeRows(settings, partition.length), launchScans);
        this.slots = new FiniteSlots(components, k, alpha, ratio);
        this.proposals = proposals;
    }

    /** The moves of {@code proposals} a sweep over {@code components}; null when there are none. */
    static CollapsedMoves of(Components components, ChainSettings settings, int k, double alpha, SplitMerge.Ratio ratio,
            int launchScans, int proposals) {
        return proposals > 0 ? new CollapsedMoves(components, settings, k, alpha, ratio, launchScans, proposals) : null;
    }

    /** The statistics rebuilt for the rows as {@code z} holds them (arrays reused), labelled classes locked. */
    void refill(int[] z, ChainSettings settings) {
        components.fill(z);
        System.arraycopy(z, 0, partition, 0, z.length);
        slots.lock(z, settings);
    }

    /** Follows the rows the z-step moved, then makes the sweep's proposals; true when one was accepted. */
    boolean run(int[] z, UniformRandomProvider rng) {
        for (int r = 0; r < z.length; r++) {
            int now = z[r];
            int was = partition[r];
            if (now != was) {
                components.remove(r, was);
                components.add(r, now);
                partition[r] = now;
            }
        }
        boolean moved = false;
        for (int t = 0; t < proposals; t++) {
            moved |= moves.propose(rng, slots);
        }
        return moved;
    }

    /** The partition after the moves (live: the chain copies it into z). */
    int[] partition() {
        return partition;
    }

    double acceptance() {
        return moves.acceptance();
    }

    void writeCounts(DataOutputStream out) throws IOException {
        moves.writeCounts(out);
    }

    void readCounts(DataInputStream in) throws IOException {
        moves.readCounts(in);
    }
}
