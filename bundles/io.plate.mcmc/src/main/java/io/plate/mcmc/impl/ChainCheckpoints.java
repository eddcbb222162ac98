package io.plate.mcmc.impl;

import io.plate.api.PlateException;
import io.plate.api.sample.CheckpointStore;
import io.plate.api.sample.Checkpoints;
import io.plate.api.sample.RestorableChain;
import io.plate.api.sample.RunSettings;
import io.plate.mcmc.StateCodec;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32;
import java.util.zip.CheckedOutputStream;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The checkpoints of one run: one file per chain and saved sweep, {@code chain-<c>-sweep-<s>}, written
 * whole or not at all by the store; a chain's older files are removed once a newer one is in place.
 * Each chain resumes from its own latest file (chains are independent, so they need not have stopped at
 * the same sweep). Format, version 1 (Java {@code DataOutputStream}: big-endian, strings as an {@code int}
 * byte count and UTF-8):
 * <pre>
 * 8 bytes  "PLATECKP"
 * int      format version (1)
 * int      n, then n × (string name, string value): the run (the sampler's description, then iterations,
 *          burn-in, thin, chains, seed and the chain's index)
 * long     sweeps the chain has done
 * …        the chain's stream (StateCodec.writeGenerator: int length, Commons RNG state bytes)
 * …        the kept summaries (TraceBuffer: summaries, capacity, seen, stride, n, n iterations, n × summaries doubles)
 * …        the chain's own state (RestorableChain.saveState)
 * long     CRC-32 of every byte before it
 * </pre>
 */
final class ChainCheckpoints {
    static final int VERSION = 1;
    private static final byte[] MAGIC = "PLATECKP".getBytes(StandardCharsets.US_ASCII);
    private static final Pattern NAME = Pattern.compile("chain-(\\d+)-sweep-(\\d+)");

    private final Checkpoints checkpoints;
    private final CheckpointStore store;
    private final Map<String, String> run;
    private final Map<Integer, String> latest; // per chain: the file to resume from

    /**
     * The checkpoints of a run with {@code settings}: for a resumed run, every chain's latest file, each
     * checked whole (checksum) and of this run; for a new one, a store that holds no checkpoint.
     *
     * @throws PlateException naming the file and what is wrong, before anything is written
     */
    ChainCheckpoints(Checkpoints checkpoints, RunSettings settings) {
        this.checkpoints = checkpoints;
        this.store = checkpoints.store();
        this.run = new LinkedHashMap<>(checkpoints.run());
        run.put("iterations", Integer.toString(settings.iterations()));
        run.put("burn-in", Integer.toString(settings.burnIn()));
        run.put("thin", Integer.toString(settings.thin()));
        run.put("chains", Integer.toString(settings.chains()));
        run.put("seed", Long.toString(settings.seed()));
        Map<Integer, Long> newest = new TreeMap<>();
        List<String> names;
        try {
            names = store.list();
        } catch (IOException e) {
            throw new PlateException("checkpoints in " + store + ": " + e.getMessage(), e);
        }
        for (String name : names) {
            Matcher m = NAME.matcher(name);
            if (m.matches()) {
                int c = parseIndex(m.group(1), name);
                long s = parseSweep(m.group(2), name);
                newest.merge(c, s, Math::max);
            }
        }
        this.latest = new TreeMap<>();
        for (Map.Entry<Integer, Long> e : newest.entrySet()) {
            latest.put(e.getKey(), name(e.getKey(), e.getValue()));
        }
        if (!checkpoints.resume()) {
            if (!latest.isEmpty()) {
                throw new PlateException("checkpoints in " + store + ": the folder already holds a run's checkpoints ("
                        + latest.values().iterator().next() + "); resume that run, or choose another folder");
            }
            return;
        }
        if (latest.isEmpty()) {
            throw new PlateException("checkpoints in " + store + ": no checkpoint to resume (no chain-<c>-sweep-<s> file)");
        }
        for (Map.Entry<Integer, String> e : latest.entrySet()) {
            if (e.getKey() >= settings.chains()) {
                throw new PlateException("checkpoint " + store.where(e.getValue()) + ": saved by chain " + e.getKey()
                        + ", this run has " + settings.chains() + " chains");
            }
            check(e.getKey(), e.getValue());
        }
    }

    static String name(int chain, long sweep) {
        return "chain-" + chain + "-sweep-" + sweep;
    }

    private int parseIndex(String digits, String name) {
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            throw new PlateException("checkpoint " + store.where(name) + ": chain index out of range");
        }
    }

    private long parseSweep(String digits, String name) {
        try {
            return Long.parseLong(digits);
        } catch (NumberFormatException e) {
            throw new PlateException("checkpoint " + store.where(name) + ": sweep out of range");
        }
    }

    int every() {
        return checkpoints.every();
    }

    /** The file chain {@code c} resumes from, or null (it starts anew). */
    String resumeFrom(int c) {
        return latest.get(c);
    }

    private Map<String, String> runOf(int chain) {
        Map<String, String> r = new LinkedHashMap<>(run);
        r.put("chain", Integer.toString(chain));
        return r;
    }

    /** The header and checksum of {@code name}, read without the chain. */
    private void check(int chain, String name) {
        try (InputStream raw = store.open(name)) {
            DataInputStream in = new DataInputStream(new BufferedInputStream(raw, 1 << 16));
            readHeader(in, chain, name);
        } catch (IOException e) {
            throw failure(name, e);
        }
        try (InputStream raw = store.open(name)) {
            if (!checksumMatches(raw)) {
                throw new PlateException("checkpoint " + store.where(name) + ": corrupt (its checksum does not match"
                        + " its content)");
            }
        } catch (IOException e) {
            throw failure(name, e);
        }
    }

    private PlateException failure(String name, IOException e) {
        String why = e instanceof EOFException ? "truncated (the file ends early)" : e.getMessage();
        return new PlateException("checkpoint " + store.where(name) + ": " + why, e);
    }

    /** Reads the magic, version and run of a checkpoint and refuses one of another run; returns nothing. */
    private void readHeader(DataInputStream in, int chain, String name) throws IOException {
        byte[] magic = new byte[MAGIC.length];
        in.readFully(magic);
        if (!java.util.Arrays.equals(magic, MAGIC)) {
            throw new IOException("not a Plate checkpoint");
        }
        int version = in.readInt();
        if (version != VERSION) {
            throw new IOException("format version " + version + "; this Plate reads version " + VERSION);
        }
        int n = in.readInt();
        if (n < 0 || n > 10_000) {
            throw new IOException("a run description of " + n + " entries");
        }
        Map<String, String> saved = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            String key = StateCodec.readString(in);
            saved.put(key, StateCodec.readString(in));
        }
        Map<String, String> now = runOf(chain);
        Set<String> keys = new LinkedHashSet<>(saved.keySet());
        keys.addAll(now.keySet());
        for (String key : keys) {
            String a = saved.get(key);
            String b = now.get(key);
            if (a == null || !a.equals(b)) {
                throw new PlateException("checkpoint " + store.where(name) + ": saved with "
                        + (a == null ? "no " + key : key + "=" + a) + ", this run has "
                        + (b == null ? "no " + key : key + "=" + b) + " (another run's checkpoint)");
            }
        }
    }

    /** True when the last 8 bytes of {@code in} are the CRC-32 of the bytes before them. */
    private static boolean checksumMatches(InputStream in) throws IOException {
        CRC32 crc = new CRC32();
        byte[] buf = new byte[1 << 16];
        byte[] held = new byte[8]; // the last 8 bytes read so far, kept out of the checksum
        int h = 0;
        int n;
        while ((n = in.read(buf)) > 0) {
            int emit = h + n - 8; // bytes now known not to be the trailer
            if (emit <= 0) {
                System.arraycopy(buf, 0, held, h, n);
                h += n;
                continue;
            }
            int fromHeld = Math.min(h, emit);
            crc.update(held, 0, fromHeld);
            crc.update(buf, 0, emit - fromHeld);
            byte[] next = new byte[8];
            int keep = h - fromHeld;
            System.arraycopy(held, fromHeld, next, 0, keep);
            System.arraycopy(buf, emit - fromHeld, next, keep, 8 - keep);
            held = next;
            h = 8;
        }
        if (h < 8) {
            throw new EOFException();
        }
        long trailer = 0;
        for (byte b : held) {
            trailer = (trailer << 8) | (b & 0xff);
        }
        return trailer == crc.getValue();
    }

    /**
     * Saves chain {@code c} after sweep {@code sweep}: its stream, its kept summaries and its state; then
     * removes the chain's older checkpoints.
     */
    void save(int c, long sweep, UniformRandomProvider rng, TraceBuffer trace, RestorableChain chain) {
        String name = name(c, sweep);
        try {
            store.write(name, raw -> {
                CheckedOutputStream checked = new CheckedOutputStream(raw, new CRC32());
                DataOutputStream out = new DataOutputStream(new BufferedOutputStream(checked, 1 << 16));
                out.write(MAGIC);
                out.writeInt(VERSION);
                Map<String, String> r = runOf(c);
                out.writeInt(r.size());
                for (Map.Entry<String, String> e : r.entrySet()) {
                    StateCodec.writeString(out, e.getKey());
                    StateCodec.writeString(out, e.getValue());
                }
                out.writeLong(sweep);
                StateCodec.writeGenerator(rng, out);
                trace.write(out);
                chain.saveState(out);
                out.flush();
                new DataOutputStream(raw).writeLong(checked.getChecksum().getValue());
            });
            for (String old : store.list()) {
                Matcher m = NAME.matcher(old);
                if (m.matches() && Integer.parseInt(m.group(1)) == c && Long.parseLong(m.group(2)) < sweep) {
                    store.delete(old);
                }
            }
        } catch (IOException e) {
            throw new PlateException("checkpoint " + store.where(name) + ": " + e.getMessage(), e);
        }
    }

    /** Puts chain {@code c}'s stream, kept summaries and state where its latest checkpoint left them; returns its sweeps. */
    long restore(int c, UniformRandomProvider rng, TraceBuffer trace, RestorableChain chain) {
        String name = latest.get(c);
        try (InputStream raw = store.open(name)) {
            DataInputStream in = new DataInputStream(new BufferedInputStream(raw, 1 << 16));
            readHeader(in, c, name);
            long sweeps = in.readLong();
            StateCodec.readGenerator(rng, in);
            trace.read(in);
            chain.restoreState(in);
            in.readLong(); // the checksum, checked before the run started
            if (in.read() != -1) {
                throw new IOException("bytes after the chain's state (written by another version of the sampler)");
            }
            return sweeps;
        } catch (IOException e) {
            throw failure(name, e);
        }
    }

    @Override
    public String toString() {
        return store.toString();
    }
}
