package io.plate.sampler.sparse.impl;

import io.plate.api.sample.Distributions;
import io.plate.api.sample.RestorableChain;
import io.plate.mcmc.StateCodec;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.CheckedOutputStream;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * State and steps shared by the sparse-prior samplers: the inclusion indicators Z (per slot), the
 * active counts and shape sums per cell, the inclusion probabilities p (per p-group), the p-step, the
 * summaries and the accumulation of θ over kept draws. Subclasses add their own variables and the
 * rest of the sweep.
 *
 * <p>Every cell's Z is non-empty (the prior is restricted to non-empty sets, {@link NonEmptyPrior}). The
 * p-step: given Z, p has density ∝ p^{a+K−1} (1 − p)^{b+ΣJ−K−1} / Π_c (1 − (1 − p)^{J_c}) over the cells
 * that share p (K = Σ|Z|), which is not Beta. It is drawn by data augmentation: per cell the number r_c
 * of empty sets a rejection sampler of the restricted prior would have discarded, r_c | p ~
 * Geometric(1 − (1 − p)^{J_c}), then p | Z, r ~ Beta(a + K, b + ΣJ − K + Σ J_c r_c). The pair of steps
 * leaves p's conditional invariant; it does not depend on μ or on the data.
 *
 * <p>A chain saves and restores its state for checkpoints ({@link RestorableChain}): the sampler's name, the
 * model's size and checksum and the chain's start key (which data, parameters and seed made it), then Z, the
 * active counts and shape sums, p, the subclass's variables ({@link #writeVariables}) and the kept moments.
 * The chains draw from the runner's generator only, which the runner saves itself.
 */
abstract class SparseChain implements RestorableChain {
    static final List<String> SUMMARIES = List.of("logJoint", "activeCategories", "meanP");

    SparseModel model;
    final Distributions dist;
    final byte[] z; // per slot
    final int[] active; // |Z| per cell
    final double[] activeAlpha; // Σ_{Z_j = 1} α_j per cell
    final double[] p; // per p-group
    final ThetaMoments theta;
    /** Checksum of the state the chain started from ({@link #started}): another seed or chain starts elsewhere. */
    private long startKey;

    SparseChain(SparseModel model, Distributions dist) {
        this.model = model;
        this.dist = dist;
        this.z = new byte[model.slots];
        this.active = new int[model.cells];
        this.activeAlpha = new double[model.cells];
        this.p = new double[model.pGroups];
        this.theta = new ThetaMoments(model.slots, model.pGroups);
    }

    /**
     * Draws p from Beta(a, b) and Z from the restricted prior given p, then makes each cell consistent with
     * its data by activating the observed categories (a cell with data is never empty).
     */
    void initialise(UniformRandomProvider rng) {
        for (int g = 0; g < model.pGroups; g++) {
            p[g] = dist.nextBeta(rng, model.a, model.b);
        }
        for (int c = 0; c < model.cells; c++) {
            double pc = p[model.pGroup[c]];
            if (model.total[c] == 0) {
                NonEmptyPrior.draw(z, model.offset[c], model.categories[c], pc, rng);
            } else {
                for (int j = 0; j < model.categories[c]; j++) {
                    int s = model.offset[c] + j;
                    z[s] = (byte) (model.count[s] > 0 || rng.nextDouble() < pc ? 1 : 0);
                }
            }
            recount(c);
        }
    }

    /** Fixes the start key once the chain has drawn its first state; the {@code start} factories call it. */
    final void started() {
        startKey = checksum(this::writeVariables);
    }

    /** Recomputes |Z| and the active shape sum of cell {@code c} from z. */
    final void recount(int c) {
        int k = 0;
        double al = 0;
        for (int s = model.offset[c], e = s + model.categories[c]; s < e; s++) {
            if (z[s] != 0) {
                k++;
                al += model.alpha[s];
            }
        }
        active[c] = k;
        activeAlpha[c] = al;
    }

    /** The p-step of every p-group (augmented with the discarded empty sets, see the class comment). */
    final void sampleP(UniformRandomProvider rng) {
        for (int g = 0; g < model.pGroups; g++) {
            int k = 0;
            double extra = 0;
            for (int i = model.groupStart[g]; i < model.groupStart[g + 1]; i++) {
                int c = model.groupCells[i];
                k += active[c];
                extra += (double) model.categories[c] * emptyRejections(p[g], model.categories[c], rng);
            }
            p[g] = dist.nextBeta(rng, model.a + k, model.b + model.groupCategories[g] - k + extra);
        }
    }

    /**
     * The auxiliary count r_c of the p-step. (The negative control in the tests returns 0: the conjugate
     * Beta step of the unrestricted prior, which ignores the normaliser 1 − (1 − p)^J.)
     */
    long emptyRejections(double pc, int categories, UniformRandomProvider rng) {
        return NonEmptyPrior.emptyRejections(pc, categories, rng);
    }

    /** log p(p) + log p(Z | p) with the restricted prior, the prior part of the log joint of both samplers. */
    final double logPriorPZ() {
        double lj = 0;
        for (int g = 0; g < model.pGroups; g++) {
            lj += model.logBetaDensity(p[g]);
        }
        for (int c = 0; c < model.cells; c++) {
            double pc = p[model.pGroup[c]];
            double log1mP = Math.log1p(-pc);
            lj += active[c] * Math.log(pc) + (model.categories[c] - active[c]) * log1mP
                    - NonEmptyPrior.logNonEmpty(log1mP, model.categories[c]);
        }
        return lj;
    }

    @Override
    public List<String> summaryNames() {
        return SUMMARIES;
    }

    @Override
    public void summaries(double[] out) {
        out[0] = logJoint();
        long k = 0;
        for (int c = 0; c < model.cells; c++) {
            k += active[c];
        }
        out[1] = k;
        double sp = 0;
        for (double v : p) {
            sp += v;
        }
        out[2] = sp / p.length;
    }

    /** The log joint density of the chain's variables and the data. */
    abstract double logJoint();

    /** Adds the current draw's θ (or its conditional moments), Z and p to the accumulated moments. */
    abstract void accumulate(ThetaMoments m);

    @Override
    public void keep(long iteration) {
        accumulate(theta);
        theta.addP(p);
        theta.draws++;
    }

    /** Accumulated moments of the kept draws. */
    ThetaMoments moments() {
        return theta;
    }

    /** The name of the sampler whose sweep this chain runs (a checkpoint of the other sampler is refused). */
    abstract String samplerName();

    /**
     * Writes the variables the next sweeps depend on: Z, the active counts and shape sums, p, then what
     * the subclass adds (it overrides this and calls it first).
     */
    void writeVariables(DataOutputStream out) throws IOException {
        out.write(z);
        for (int x : active) {
            out.writeInt(x);
        }
        for (double x : activeAlpha) {
            out.writeDouble(x);
        }
        for (double x : p) {
            out.writeDouble(x);
        }
    }

    /** Reads what {@link #writeVariables} wrote, into a chain of the same model. */
    void readVariables(DataInputStream in) throws IOException {
        in.readFully(z);
        for (int s = 0; s < z.length; s++) {
            if (z[s] != 0 && z[s] != 1) {
                throw new IOException("an indicator Z = " + z[s] + " at category " + s);
            }
        }
        for (int c = 0; c < active.length; c++) {
            active[c] = in.readInt();
        }
        for (int c = 0; c < activeAlpha.length; c++) {
            activeAlpha[c] = in.readDouble();
        }
        for (int g = 0; g < p.length; g++) {
            p[g] = in.readDouble();
        }
    }

    @Override
    public void saveState(DataOutputStream out) throws IOException {
        StateCodec.writeString(out, samplerName());
        out.writeInt(model.cells);
        out.writeInt(model.slots);
        out.writeInt(model.pGroups);
        out.writeLong(modelChecksum());
        out.writeLong(startKey);
        writeVariables(out);
        theta.write(out);
    }

    /** Restores a state {@link #saveState} wrote; refuses, in one line, one of another sampler, model or seed. */
    @Override
    public void restoreState(DataInputStream in) throws IOException {
        String sampler = StateCodec.readString(in);
        if (!sampler.equals(samplerName())) {
            throw new IOException("the saved chain is one of " + sampler + ", this chain one of " + samplerName());
        }
        int cells = in.readInt();
        int slots = in.readInt();
        int groups = in.readInt();
        if (cells != model.cells || slots != model.slots || groups != model.pGroups) {
            throw new IOException("the saved chain has " + cells + " cells, " + slots + " categories and " + groups
                    + " inclusion probabilities; this chain " + model.cells + ", " + model.slots + " and "
                    + model.pGroups + " (other data, group, exclude or shared_p)");
        }
        long sum = in.readLong();
        if (sum != modelChecksum()) {
            throw new IOException("the saved chain's counts and prior have checksum " + sum + ", this chain's "
                    + modelChecksum() + " (other data, or other alpha, a or b)");
        }
        long key = in.readLong();
        if (key != startKey) {
            throw new IOException("the saved chain started from state " + key + ", this chain from " + startKey
                    + " (another seed or chain)");
        }
        readVariables(in);
        theta.read(in);
    }

    /** Checksum of what the sweeps read from the model: its layout, counts, shapes and Beta prior. */
    private long modelChecksum() {
        return checksum(out -> {
            for (int c = 0; c < model.cells; c++) {
                out.writeInt(model.categories[c]);
                out.writeInt(model.pGroup[c]);
            }
            for (int s = 0; s < model.slots; s++) {
                out.writeInt(model.count[s]);
                out.writeDouble(model.alpha[s]);
            }
            out.writeDouble(model.a);
            out.writeDouble(model.b);
        });
    }

    /** What {@link #checksum} sums. */
    private interface Written {
        void write(DataOutputStream out) throws IOException;
    }

    /** The CRC-32 of what {@code w} writes. */
    private static long checksum(Written w) {
        CheckedOutputStream sum = new CheckedOutputStream(OutputStream.nullOutputStream(), new CRC32());
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(sum))) {
            w.write(out);
        } catch (IOException e) { // a null stream does not fail
            throw new UncheckedIOException(e);
        }
        return sum.getChecksum().getValue();
    }
}
