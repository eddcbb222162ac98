package io.plate.sampler.sparse.impl;

import io.plate.api.sample.Distributions;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The {@code sparse.collapsed} Gibbs sampler over (Z, p) with μ integrated out. Given Z ⊇ obs (Z ≠ ∅)
 * the cell's data have the Dirichlet-multinomial likelihood Γ(A_Z)/Γ(A_Z + N) · Π_{obs} Γ(α_j + n_j)/Γ(α_j)
 * with A_Z = Σ_{j∈Z} α_j; given Z = ∅ (θ uniform) it is J^{−N}. One sweep, per cell:
 * <ol>
 * <li><b>Observed block.</b> Given the unobserved indicators, the observed ones are either all 1 or
 * (only when no unobserved category is active) all 0, i.e. Z = ∅: a two-way draw with weights
 * p^{|obs|}(1 − p)^{J−|obs|}·L(obs) and (1 − p)^J·J^{−N}. Without this block step the chain could not
 * move between ∅ and the rest when two or more categories are observed.</li>
 * <li><b>Single-site Z_j</b> for each unobserved j: the log-odds of Z_j = 1 are
 * log p − log(1 − p) + F(A + α_j) − F(A), F(A) = log Γ(A) − log Γ(A + N), A the shape sum of the other
 * active categories (Z_j = 0 is forced when the others are ∅ and the cell has data). Valid for any J.</li>
 * <li><b>p | Z</b> ~ Beta(a + Σ|Z|, b + Σ(J − |Z|)).</li>
 * </ol>
 * Kept draws contribute E[θ | Z, data] and E[θ² | Z, data] (Dirichlet(α_Z + n) moments): a
 * Rao-Blackwellised estimate of the posterior of θ. The sweep allocates nothing.
 */
class CollapsedChain extends SparseChain {
    CollapsedChain(SparseModel model, Distributions dist) {
        super(model, dist);
    }

    static CollapsedChain start(SparseModel model, Distributions dist, UniformRandomProvider rng) {
        CollapsedChain chain = new CollapsedChain(model, dist);
        chain.initialise(rng);
        return chain;
    }

    /** log-odds added for Z_j = 1 by the prior: log p − log(1 − p). (The negative control drops it.) */
    double priorLogOdds(double logP, double log1mP) {
        return logP - log1mP;
    }

    @Override
    public void sweep(UniformRandomProvider rng) {
        for (int c = 0; c < model.cells; c++) {
            sampleCell(c, rng);
        }
        sampleP(rng);
    }

    final void sampleCell(int c, UniformRandomProvider rng) {
        recount(c); // exact shape sum, no drift from incremental updates
        int n = model.total[c];
        int j = model.categories[c];
        double pc = p[model.pGroup[c]];
        double logP = Math.log(pc);
        double log1mP = Math.log1p(-pc);
        int nObs = model.observed(c);
        if (n > 0 && active[c] <= nObs) {
            // the observed block: Z = obs (every unobserved inactive) or Z = ∅
            double on = priorLogOdds(logP, log1mP) * nObs + j * log1mP
                    + model.logMarginal(c, model.alphaObserved[c], nObs);
            double off = j * log1mP + model.logMarginal(c, 0, 0);
            boolean keep = rng.nextDouble() < 1 / (1 + Math.exp(off - on));
            byte v = (byte) (keep ? 1 : 0);
            for (int k = model.observedStart[c]; k < model.observedStart[c + 1]; k++) {
                z[model.observedSlots[k]] = v;
            }
            active[c] = keep ? nObs : 0;
            activeAlpha[c] = keep ? model.alphaObserved[c] : 0;
        }
        double prior = priorLogOdds(logP, log1mP);
        int from = model.unobservedStart[c];
        int to = model.unobservedStart[c + 1];
        if (n == 0) {
            for (int k = from; k < to; k++) {
                int s = model.unobservedSlots[k];
                byte v = (byte) (rng.nextDouble() < 1 / (1 + Math.exp(-prior)) ? 1 : 0);
                active[c] += v - z[s];
                activeAlpha[c] += (v - z[s]) * model.alpha[s];
                z[s] = v;
            }
            return;
        }
        for (int k = from; k < to; k++) {
            int s = model.unobservedSlots[k];
            int restCount = active[c] - z[s];
            double restAlpha = z[s] != 0 ? activeAlpha[c] - model.alpha[s] : activeAlpha[c];
            byte v;
            if (restCount == 0) {
                v = 0; // the others are ∅ while the cell has data: {j} alone cannot explain it
            } else {
                double logOdds = prior + model.f(c, restAlpha + model.alpha[s], restCount + 1)
                        - model.f(c, restAlpha, restCount);
                v = (byte) (rng.nextDouble() < 1 / (1 + Math.exp(-logOdds)) ? 1 : 0);
            }
            z[s] = v;
            active[c] = restCount + v;
            activeAlpha[c] = v != 0 ? restAlpha + model.alpha[s] : restAlpha;
        }
    }

    @Override
    double logJoint() {
        double lj = logPriorPZ();
        for (int c = 0; c < model.cells; c++) {
            lj += model.logMarginal(c, activeAlpha[c], active[c]);
        }
        return lj;
    }

    @Override
    void accumulate(ThetaMoments m) {
        for (int c = 0; c < model.cells; c++) {
            int from = model.offset[c];
            int to = from + model.categories[c];
            if (active[c] == 0) {
                double t = 1.0 / model.categories[c];
                for (int s = from; s < to; s++) {
                    m.theta[s] += t;
                    m.thetaSq[s] += t * t;
                }
                continue;
            }
            double total = activeAlpha[c] + model.total[c];
            for (int s = from; s < to; s++) {
                if (z[s] != 0) {
                    double beta = model.alpha[s] + model.count[s];
                    m.theta[s] += beta / total;
                    m.thetaSq[s] += beta * (beta + 1) / (total * (total + 1));
                    m.activeCount[s] += 1;
                }
            }
        }
    }
}
