package io.plate.sampler.sparse.impl;

import io.plate.api.sample.Distributions;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The {@code sparse.collapsed} Gibbs sampler over (Z, p) with μ integrated out. Given Z ⊇ obs the cell's
 * data have the Dirichlet-multinomial likelihood Γ(A_Z)/Γ(A_Z + N) · Π_{obs} Γ(α_j + n_j)/Γ(α_j) with
 * A_Z = Σ_{j∈Z} α_j (any other Z has likelihood 0). Z ranges over the non-empty sets only; in a cell with
 * data the observed indicators are therefore fixed at 1, and the normaliser 1 − (1 − p)^J of the
 * restricted prior does not depend on Z. One sweep, per cell:
 * <ol>
 * <li><b>Single-site Z_j</b> for each unobserved j of a cell with data: the log-odds of Z_j = 1 are
 * log p − log(1 − p) + F(A + α_j) − F(A), F(A) = log Γ(A) − log Γ(A + N), A the shape sum of the other
 * active categories (never empty: they include the observed ones). Valid for any J.</li>
 * <li>A cell without data: Z drawn exactly from the restricted prior.</li>
 * <li><b>p | Z</b>: the augmented step of {@link SparseChain}.</li>
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
        chain.started();
        return chain;
    }

    @Override
    String samplerName() {
        return CollapsedSampler.NAME;
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
        double pc = p[model.pGroup[c]];
        if (model.total[c] == 0) {
            NonEmptyPrior.draw(z, model.offset[c], model.categories[c], pc, rng);
            recount(c);
            return;
        }
        double prior = priorLogOdds(Math.log(pc), Math.log1p(-pc));
        for (int k = model.unobservedStart[c]; k < model.unobservedStart[c + 1]; k++) {
            int s = model.unobservedSlots[k];
            int restCount = active[c] - z[s]; // ≥ the observed count ≥ 1
            double restAlpha = z[s] != 0 ? activeAlpha[c] - model.alpha[s] : activeAlpha[c];
            double logOdds = prior + model.f(c, restAlpha + model.alpha[s], restCount + 1)
                    - model.f(c, restAlpha, restCount);
            byte v = (byte) (rng.nextDouble() < 1 / (1 + Math.exp(-logOdds)) ? 1 : 0);
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
