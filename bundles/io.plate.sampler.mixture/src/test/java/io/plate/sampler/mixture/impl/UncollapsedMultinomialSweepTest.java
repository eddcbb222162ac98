package io.plate.sampler.mixture.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.data.SparseMatrix;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The z-step of one block from its slice and the sweep's keys alone (what another machine has): blocks
 * sampled in reverse order, each from a fresh slice, and a block sampled twice (a retried task) give the
 * chain of whole sweeps on one machine.
 */
class UncollapsedMultinomialSweepTest {
    @Test
    void blocksSampledApartGiveTheSameChain() {
        SparseMatrix m = ComponentsTest.counts(UncollapsedMultinomialChainTest.documents(3000, 500, 21));
        UncollapsedMultinomialSweep whole = UncollapsedMultinomialSweep.of(SyntheticData.DIST, m, 6, 1.0, 0.1, "random", 5, 1, false);
        UncollapsedMultinomialSweep apart = UncollapsedMultinomialSweep.of(SyntheticData.DIST, m, 6, 1.0, 0.1, "random", 5, 1, false);
        int blocks = apart.blocks();
        assertTrue(blocks >= 2, "blocks " + blocks);
        for (int sweep = 0; sweep < 5; sweep++) {
            int[][] z = new int[blocks][];
            for (int b = blocks - 1; b >= 0; b--) {
                int[] first = UncollapsedMultinomialSweep.sampleBlock(SyntheticData.DIST, b, apart.block(b), apart.keys(), apart.parameters());
                z[b] = UncollapsedMultinomialSweep.sampleBlock(SyntheticData.DIST, b, apart.block(b), apart.keys(), apart.parameters());
                assertArrayEquals(first, z[b], "block " + b + " sampled again");
            }
            apart.finishSweep(z);
            whole.sweep();
            assertArrayEquals(whole.assignments(), apart.assignments(), "sweep " + sweep);
            assertEquals(whole.logJoint(), apart.logJoint(), 0.0, "sweep " + sweep);
        }
    }

    /**
     * Blocks run by a {@link BlockRunner} (here {@link BlocksApart}: serialised, in reverse order, each
     * twice), returning their word counts for the θ-step, give the chain of whole sweeps; the state saved after sweep 3 and restored
     * into a new chain made the same way continues it draw for draw.
     */
    @Test
    void blocksReturningCountsAndARestoredStateGiveTheSameChain() throws IOException {
        SparseMatrix m = ComponentsTest.counts(UncollapsedMultinomialChainTest.documents(3000, 500, 22));
        UncollapsedMultinomialSweep whole = UncollapsedMultinomialSweep.of(SyntheticData.DIST, m, 6, 1.0, 0.1, "random", 8, 2, false);
        UncollapsedMultinomialSweep apart = UncollapsedMultinomialSweep.of(SyntheticData.DIST, m, 6, 1.0, 0.1, "random", 8, 2, false);
        apart.runBlocksOn(new BlocksApart(SyntheticData.DIST));
        for (int sweep = 0; sweep < 3; sweep++) {
            whole.sweep();
            apart.sweep();
            assertArrayEquals(whole.assignments(), apart.assignments(), "sweep " + sweep);
            assertEquals(whole.logJoint(), apart.logJoint(), 0.0, "sweep " + sweep);
        }
        ByteArrayOutputStream saved = new ByteArrayOutputStream();
        apart.save(saved);
        UncollapsedMultinomialSweep resumed = UncollapsedMultinomialSweep.of(SyntheticData.DIST, m, 6, 1.0, 0.1, "random", 8, 2, false);
        resumed.restore(new ByteArrayInputStream(saved.toByteArray()));
        assertEquals(3, resumed.sweeps());
        for (int sweep = 3; sweep < 6; sweep++) {
            whole.sweep();
            resumed.sweep();
            assertArrayEquals(whole.assignments(), resumed.assignments(), "resumed, sweep " + sweep);
            assertEquals(whole.logJoint(), resumed.logJoint(), 0.0, "resumed, sweep " + sweep);
        }
        UncollapsedMultinomialSweep otherSeed = UncollapsedMultinomialSweep.of(SyntheticData.DIST, m, 6, 1.0, 0.1, "random", 9, 2, false);
        assertThrows(IOException.class, () -> otherSeed.restore(new ByteArrayInputStream(saved.toByteArray())));
    }
}
