package io.plate.sampler.sparse.impl;

import io.plate.api.sample.Chain;
import io.plate.api.sample.Distributions;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * State and steps shared by the sparse-prior samplers: the inclusion indicators Z (per slot), the
 * active counts and shape sums per cell, the inclusion probabilities p (per p-group), the p-step, the
 * summaries and the accumulation of θ over kept draws. Subclasses add their own variables and the
 * rest of the sweep.
 *
 * <p>The p-step: given Z, p ~ Beta(a + Σ|Z|, b + Σ(J − |Z|)) over the cells that share p; it does not
 * depend on μ or on the data.
 */
abstract class SparseChain implements Chain {
    static final List<String> SUMMARIES = List.of("logJoint", "activeCategories", "meanP");

    SparseModel model;
    final Distributions dist;
    final byte[] z; // per slot
    final int[] active; // |Z| per cell
    final double[] activeAlpha; // Σ_{Z_j = 1} α_j per cell
    final double[] p; // per p-group
    final ThetaMoments theta;

    SparseChain(SparseModel model, Distributions dist) {
        this.model = model;
        this.dist = dist;
        this.z = new byte[model.slots];
        this.active = new int[model.cells];
        this.activeAlpha = new double[model.cells];
        this.p = new double[model.pGroups];
        this.theta = new ThetaMoments(model.slots, model.pGroups);
    }

    /** Draws p and Z from their prior, then makes the cell consistent with its data by activating the observed categories. */
    void initialise(UniformRandomProvider rng) {
        for (int g = 0; g < model.pGroups; g++) {
            p[g] = dist.nextBeta(rng, model.a, model.b);
        }
        for (int c = 0; c < model.cells; c++) {
            double pc = p[model.pGroup[c]];
            for (int j = 0; j < model.categories[c]; j++) {
                int s = model.offset[c] + j;
                z[s] = (byte) (model.count[s] > 0 || rng.nextDouble() < pc ? 1 : 0);
            }
            recount(c);
        }
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

    /** The p-step of every p-group. */
    final void sampleP(UniformRandomProvider rng) {
        for (int g = 0; g < model.pGroups; g++) {
            int k = 0;
            for (int i = model.groupStart[g]; i < model.groupStart[g + 1]; i++) {
                k += active[model.groupCells[i]];
            }
            p[g] = dist.nextBeta(rng, model.a + k, model.b + model.groupCategories[g] - k);
        }
    }

    /** log p(p) + log p(Z | p), the prior part of the log joint shared by both samplers. */
    final double logPriorPZ() {
        double lj = 0;
        for (int g = 0; g < model.pGroups; g++) {
            lj += model.logBetaDensity(p[g]);
        }
        for (int c = 0; c < model.cells; c++) {
            double pc = p[model.pGroup[c]];
            lj += active[c] * Math.log(pc) + (model.categories[c] - active[c]) * Math.log1p(-pc);
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
}
