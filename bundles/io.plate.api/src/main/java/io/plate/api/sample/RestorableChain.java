package io.plate.api.sample;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * A chain that can write its state and read it back, so that a run can be checkpointed and resumed
 * ({@link Checkpoints}). The runner saves the chain's generator stream, its sweep count and the kept
 * summaries itself; the chain writes everything else its next sweeps and its {@link #keep} results
 * depend on (its parameters, assignments, own streams and what it accumulated from kept draws).
 */
@ConsumerType
public interface RestorableChain extends Chain {
    /** Writes the state; the chain is not changed. */
    void saveState(DataOutputStream out) throws IOException;

    /**
     * Puts this chain, made as the one that saved (same data, parameters, seed and index), in the saved
     * state: its next sweeps are then the saved chain's next sweeps, draw for draw.
     *
     * @throws IOException when the state is not one this chain wrote (another model, size or seed),
     *         with a message that says what differs
     */
    void restoreState(DataInputStream in) throws IOException;
}
