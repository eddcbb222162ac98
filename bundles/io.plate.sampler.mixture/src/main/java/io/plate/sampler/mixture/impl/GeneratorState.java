package io.plate.sampler.mixture.impl;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.apache.commons.rng.RestorableUniformRandomProvider;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.core.RandomProviderDefaultState;

/** A generator's state written to and read from a checkpoint (Commons RNG's own state bytes). */
final class GeneratorState {
    private GeneratorState() {
    }

    static void write(UniformRandomProvider g, DataOutputStream out) throws IOException {
        byte[] state = ((RandomProviderDefaultState) restorable(g).saveState()).getState();
        out.writeInt(state.length);
        out.write(state);
    }

    static void read(UniformRandomProvider g, DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > 1 << 16) {
            throw new IOException("a generator state of " + n + " bytes");
        }
        byte[] state = new byte[n];
        in.readFully(state);
        restorable(g).restoreState(new RandomProviderDefaultState(state));
    }

    private static RestorableUniformRandomProvider restorable(UniformRandomProvider g) {
        if (g instanceof RestorableUniformRandomProvider r) {
            return r;
        }
        throw new IllegalStateException("the generator " + g.getClass().getSimpleName() + " cannot save its state");
    }
}
