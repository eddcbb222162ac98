package io.plate.sampler.sparse.impl;

import io.plate.api.PlateException;
import io.plate.api.sample.Distributions;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The {@code sparse.dirichlet} Gibbs sampler over (μ, Z, p). One sweep, per cell with J categories,
 * N observations and active set A = {j : Z_j = 1}:
 * <ol>
 * <li><b>μ | Z, p, data.</b> Inactive μ_j do not touch the data: μ_j ~ Gamma(α_j, 1). For the active
 * ones, write μ_A = S·w with S = Σ_{j∈A} μ_j and w on the simplex. The density
 * Π_{j∈A} μ_j^{α_j−1} e^{−μ_j} · Π_{j∈A} (μ_j / S)^{n_j} becomes, with the Jacobian S^{|A|−1},
 * S^{Σ_A α_j − 1} e^{−S} · Π w_j^{α_j + n_j − 1}: S and w are independent, w ~ Dirichlet(α_A + n_A)
 * and S ~ Gamma(Σ_{j∈A} α_j, 1) — the <em>prior</em> shapes, since the likelihood depends on μ
 * only through w (drawing S with the posterior shapes α + n would be wrong).</li>
 * <li><b>Z | μ, p, data</b>, by exact enumeration over the non-empty sets (the prior is restricted to
 * them; its normaliser 1 − (1 − p)^J does not depend on Z): P(Z) ∝ p^{|Z|} (1 − p)^{J−|Z|} · L(Z; μ),
 * where L = Π_{j∈obs} (μ_j / S_Z)^{n_j} for Z ⊇ obs and 0 otherwise (the μ prior does not depend on Z).
 * The prior factor p^{|Z|}(1 − p)^{J−|Z|} must not be dropped. The candidates are obs ∪ T for every subset T
 * of the unobserved categories: at most 2^12 per cell. A cell without data has L = 1, so its Z is a draw
 * from the restricted prior.</li>
 * <li><b>p | Z</b>: the augmented step of {@link SparseChain}.</li>
 * </ol>
 * μ is kept in log space (Gamma variates with shapes far below 1 underflow); the sweep allocates nothing.
 */
class DirichletChain extends SparseChain {
    /** Most unobserved categories per cell the Z-step enumerates (2^12 subsets). */
    static final int MAX_UNOBSERVED = 12;

    final double[] logMu; // per slot
    private final double[] scaled; // per slot scratch: μ_j / max μ in the cell
    private final double[] logDraw; // per slot scratch
    private final double[] weights; // 2^MAX_UNOBSERVED
    private final double[] subsetSum; // 2^MAX_UNOBSERVED

    DirichletChain(SparseModel model, Distributions dist) {
        super(model, dist);
        int most = 0;
        for (int c = 0; c < model.cells; c++) {
            int u = model.total[c] > 0 ? model.unobserved(c) : 0;
            if (u > MAX_UNOBSERVED) {
                throw new PlateException("sparse.dirichlet enumerates the subsets of unobserved categories and allows at"
                        + " most " + MAX_UNOBSERVED + " per cell; feature '"
                        + model.table.features().get(model.table.featureOf(c)) + "' of class '"
                        + model.table.classes().get(model.table.classOf(c)) + "' has " + u
                        + " (use sparse.collapsed, valid for any number of categories)");
            }
            most = Math.max(most, u);
        }
        logMu = new double[model.slots];
        scaled = new double[model.slots];
        logDraw = new double[model.slots];
        weights = new double[1 << most];
        subsetSum = new double[1 << most];
    }

    /** A chain started from the prior of p and Z (observed categories switched on) and μ from its conditional. */
    static DirichletChain start(SparseModel model, Distributions dist, UniformRandomProvider rng) {
        DirichletChain chain = new DirichletChain(model, dist);
        chain.initialise(rng);
        for (int c = 0; c < model.cells; c++) {
            chain.sampleMu(c, rng);
        }
        chain.started();
        return chain;
    }

    @Override
    String samplerName() {
        return DirichletSampler.NAME;
    }

    /** Z, the active sums and p, then log μ. */
    @Override
    void writeVariables(DataOutputStream out) throws IOException {
        super.writeVariables(out);
        for (double x : logMu) {
            out.writeDouble(x);
        }
    }

    @Override
    void readVariables(DataInputStream in) throws IOException {
        super.readVariables(in);
        for (int s = 0; s < logMu.length; s++) {
            logMu[s] = in.readDouble();
        }
    }

    @Override
    public void sweep(UniformRandomProvider rng) {
        for (int c = 0; c < model.cells; c++) {
            sampleMu(c, rng);
            sampleZ(c, rng);
        }
        sampleP(rng);
    }

    /**
     * Shape of the Gamma draw of the active total S given its active shape sum and the cell's N.
     * Correct: the prior shapes. (The negative control in the tests overrides this with the posterior
     * shapes.)
     */
    double totalShape(double activeShapeSum, int observations) {
        return activeShapeSum;
    }

    /**
     * The prior term log(p^{|Z|} (1 − p)^{J−|Z|}) of the Z-step. (The negative control in the tests
     * drops it.)
     */
    double zPriorTerm(int size, int categories, double logP, double log1mP) {
        return size * logP + (categories - size) * log1mP;
    }

    final void sampleMu(int c, UniformRandomProvider rng) {
        int from = model.offset[c];
        int to = from + model.categories[c];
        if (active[c] == 0) {
            for (int s = from; s < to; s++) {
                logMu[s] = dist.nextLogGamma(rng, model.alpha[s]);
            }
            return;
        }
        double max = Double.NEGATIVE_INFINITY;
        for (int s = from; s < to; s++) {
            if (z[s] != 0) {
                double g = dist.nextLogGamma(rng, model.alpha[s] + model.count[s]);
                logDraw[s] = g;
                max = Math.max(max, g);
            } else {
                logMu[s] = dist.nextLogGamma(rng, model.alpha[s]);
            }
        }
        double sum = 0;
        for (int s = from; s < to; s++) {
            if (z[s] != 0) {
                sum += Math.exp(logDraw[s] - max);
            }
        }
        double logNorm = max + Math.log(sum);
        double logTotal = dist.nextLogGamma(rng, totalShape(activeAlpha[c], model.total[c]));
        for (int s = from; s < to; s++) {
            if (z[s] != 0) {
                logMu[s] = logTotal + logDraw[s] - logNorm;
            }
        }
    }

    final void sampleZ(int c, UniformRandomProvider rng) {
        int from = model.offset[c];
        int j = model.categories[c];
        int n = model.total[c];
        double pc = p[model.pGroup[c]];
        if (n == 0) {
            NonEmptyPrior.draw(z, from, j, pc, rng);
            recount(c);
            return;
        }
        double logP = Math.log(pc);
        double log1mP = Math.log1p(-pc);
        double max = Double.NEGATIVE_INFINITY;
        for (int s = from; s < from + j; s++) {
            max = Math.max(max, logMu[s]);
        }
        for (int s = from; s < from + j; s++) {
            scaled[s] = Math.exp(logMu[s] - max);
        }
        int obsFrom = model.observedStart[c];
        int obsTo = model.observedStart[c + 1];
        int nObs = obsTo - obsFrom;
        double observedMass = 0;
        double observedLog = 0;
        for (int k = obsFrom; k < obsTo; k++) {
            int s = model.observedSlots[k];
            observedMass += scaled[s];
            observedLog += model.count[s] * (logMu[s] - max);
        }
        int unFrom = model.unobservedStart[c];
        int u = model.unobservedStart[c + 1] - unFrom;
        int subsets = 1 << u;
        subsetSum[0] = observedMass;
        weights[0] = zPriorTerm(nObs, j, logP, log1mP) + observedLog - n * Math.log(observedMass);
        for (int mask = 1; mask < subsets; mask++) {
            int low = Integer.numberOfTrailingZeros(mask);
            double sum = subsetSum[mask & (mask - 1)] + scaled[model.unobservedSlots[unFrom + low]];
            subsetSum[mask] = sum;
            weights[mask] = zPriorTerm(nObs + Integer.bitCount(mask), j, logP, log1mP) + observedLog
                    - n * Math.log(sum);
        }
        int pick = dist.nextCategoricalFromLogWeights(rng, weights, subsets);
        for (int k = obsFrom; k < obsTo; k++) {
            z[model.observedSlots[k]] = 1;
        }
        for (int b = 0; b < u; b++) {
            z[model.unobservedSlots[unFrom + b]] = (byte) ((pick >>> b) & 1);
        }
        recount(c);
    }

    /** log θ_s of the current state (−∞ for an inactive category). */
    private double logTheta(int s, double logActiveTotal) {
        return z[s] != 0 ? logMu[s] - logActiveTotal : Double.NEGATIVE_INFINITY;
    }

    private double logActiveTotal(int c) {
        double max = Double.NEGATIVE_INFINITY;
        int from = model.offset[c];
        int to = from + model.categories[c];
        for (int s = from; s < to; s++) {
            if (z[s] != 0) {
                max = Math.max(max, logMu[s]);
            }
        }
        if (max == Double.NEGATIVE_INFINITY) {
            throw new IllegalStateException("cell " + c + " has no active category");
        }
        double sum = 0;
        for (int s = from; s < to; s++) {
            if (z[s] != 0) {
                sum += Math.exp(logMu[s] - max);
            }
        }
        return max + Math.log(sum);
    }

    @Override
    double logJoint() {
        double lj = logPriorPZ();
        for (int c = 0; c < model.cells; c++) {
            int from = model.offset[c];
            int to = from + model.categories[c];
            lj -= model.logGammaAlphaSum[c];
            for (int s = from; s < to; s++) {
                lj += (model.alpha[s] - 1) * logMu[s] - Math.exp(logMu[s]);
            }
            if (model.total[c] > 0) {
                double lt = logActiveTotal(c);
                for (int s = from; s < to; s++) {
                    if (model.count[s] > 0) {
                        lj += model.count[s] * logTheta(s, lt);
                    }
                }
            }
        }
        return lj;
    }

    @Override
    void accumulate(ThetaMoments m) {
        for (int c = 0; c < model.cells; c++) {
            double lt = logActiveTotal(c);
            int from = model.offset[c];
            int to = from + model.categories[c];
            for (int s = from; s < to; s++) {
                double t = Math.exp(logTheta(s, lt));
                m.theta[s] += t;
                m.thetaSq[s] += t * t;
                m.activeCount[s] += z[s];
            }
        }
    }
}
