package io.plate.mcmc;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.commons.rng.RestorableUniformRandomProvider;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.core.RandomProviderDefaultState;

/**
 * How checkpoints write what is not a plain number: a generator's state (Commons RNG's own state bytes,
 * preceded by their length as an {@code int}) and a string (an {@code int} byte count, then UTF-8). The
 * one codec of the chain runner's checkpoints and of the chains' own states.
 */
public final class StateCodec {
    private StateCodec() {
    }

    /** Writes the state of {@code g}, which must be a {@link RestorableUniformRandomProvider}. */
    public static void writeGenerator(UniformRandomProvider g, DataOutputStream out) throws IOException {
        byte[] state = ((RandomProviderDefaultState) restorable(g).saveState()).getState();
        out.writeInt(state.length);
        out.write(state);
    }

    /** Puts {@code g} in the state {@link #writeGenerator} wrote. */
    public static void readGenerator(UniformRandomProvider g, DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > 1 << 16) {
            throw new IOException("a generator state of " + n + " bytes");
        }
        byte[] state = new byte[n];
        in.readFully(state);
        try {
            restorable(g).restoreState(new RandomProviderDefaultState(state));
        } catch (IllegalArgumentException e) { // Commons RNG refuses a state of the wrong size
            throw new IOException("a generator state that does not fit " + g.getClass().getSimpleName() + ": "
                    + e.getMessage(), e);
        }
    }

    public static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    public static String readString(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > 1 << 24) {
            throw new IOException("a string of " + n + " bytes");
        }
        byte[] b = new byte[n];
        in.readFully(b);
        return new String(b, StandardCharsets.UTF_8);
    }

    private static RestorableUniformRandomProvider restorable(UniformRandomProvider g) {
        if (g instanceof RestorableUniformRandomProvider r) {
            return r;
        }
        throw new IllegalStateException("the generator " + g.getClass().getSimpleName() + " cannot save its state");
    }
}
