package io.plate.sampler.mixture.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.plate.api.sample.Distributions;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A {@link BlockRunner} that plays another machine on this thread: the step, each block and the shared
 * value travel as Spark sends them (serialised and read back), the blocks run in reverse order, and each
 * block runs twice (a retried task) with the two results asserted equal byte for byte.
 */
final class BlocksApart implements BlockRunner {
    private final Distributions dist;

    BlocksApart(Distributions dist) {
        this.dist = dist;
    }

    @Override
    public <B extends Serializable> Blocks<B> open(List<B> blocks) {
        List<byte[]> sent = new ArrayList<>();
        for (B b : blocks) {
            sent.add(bytes(b));
        }
        return new Blocks<>() {
            @Override
            @SuppressWarnings("unchecked")
            public <S extends Serializable, R extends Serializable> List<R> map(Step<B, S, R> step, S shared) {
                byte[] stepBytes = bytes(step);
                byte[] sharedBytes = bytes(shared);
                R[] out = (R[]) new Serializable[sent.size()];
                for (int b = sent.size() - 1; b >= 0; b--) {
                    byte[] first = null;
                    for (int attempt = 0; attempt < 2; attempt++) {
                        Step<B, S, R> s = (Step<B, S, R>) read(stepBytes);
                        R r = s.apply(dist, b, (B) read(sent.get(b)), (S) read(sharedBytes));
                        byte[] got = bytes(r);
                        if (first != null) {
                            assertArrayEquals(first, got, "block " + b + " sampled again");
                        }
                        first = got;
                        out[b] = r;
                    }
                }
                return Arrays.asList(out);
            }

            @Override
            public void close() {
            }
        };
    }

    private static byte[] bytes(Object o) {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(buf)) {
            out.writeObject(o);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return buf.toByteArray();
    }

    private static Object read(byte[] b) {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(b))) {
            return in.readObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }
}
