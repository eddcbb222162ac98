package io.plate.sampler.mixture.impl;

import io.plate.api.sample.Distributions;
import io.plate.distributions.numerics.SpecialFunctions;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Dirichlet-process mixture sampled by Neal (2000) Algorithm 3: the component parameters are
 * integrated out, and each row joins an existing cluster k with weight m_k,−i · p(x_i | cluster k) or a
 * new one with weight α · p(x_i) (the prior predictive), moved by Liu's Metropolised Gibbs update
 * ({@link RowUpdate#METROPOLISED}; a row alone in its cluster is in the "new cluster" option). Each
 * sweep then tries {@code splitMerge} split–merge moves (Jain and Neal 2004, conjugate case): two rows
 * i, j are drawn; if they share a cluster a split is proposed, else a merge, with the split found by a
 * restricted Gibbs sampler started from a random launch state and {@code launchScans} intermediate
 * scans, so that the chain can leave
 * partitions that one-row moves cannot. The concentration α has a Gamma(a, b) prior (b a rate) and is
 * drawn after every sweep by the auxiliary-variable method of Escobar and West (1995).
 *
 * <p>Labelled rows of a semi-supervised run stay in their class's cluster (slots 0..C−1); split–merge
 * proposals never touch a cluster that holds labelled rows.
 */
final class DirichletProcessChain extends MixtureChain implements SplitMerge.Host {
    static final List<String> DP_SUMMARIES = List.of("logJoint", "clusters", "entropy", "alpha");

    private final Components components;
    private final double shape;
    private final double rate;
    private final int splitMerge;
    private final int reserved;
    private double alpha;
    private double[] logWeights;
    private int[] fixedCount;
    private final SplitMerge moves;

    DirichletProcessChain(Components components, double alpha, double shape, double rate, int splitMerge,
            int launchScans, ChainSettings settings, Distributions dist, UniformRandomProvider rng) {
        super(components.rows(), settings, dist);
        if (!(alpha > 0) || Double.isInfinite(alpha)) {
            throw new IllegalArgumentException("alpha must be > 0 and finite, got " + alpha);
        }
        if (!(shape > 0) || Double.isInfinite(shape)) {
            throw new IllegalArgumentException("alpha_shape must be > 0 and finite, got " + shape);
        }
        if (!(rate > 0) || Double.isInfinite(rate)) {
            throw new IllegalArgumentException("alpha_rate must be > 0 and finite, got " + rate);
        }
        if (splitMerge < 0) {
            throw new IllegalArgumentException("split_merge must be >= 0, got " + splitMerge);
        }
        this.components = components;
        this.alpha = alpha;
        this.shape = shape;
        this.rate = rate;
        this.splitMerge = splitMerge;
        this.reserved = settings.fixedClusters();
        int start = Math.max(settings.clusters(), reserved);
        components.ensureCapacity(Math.max(4, 2 * start + 1));
        this.logWeights = new double[components.capacity()];
        this.fixedCount = new int[components.capacity()];
        this.moves = new SplitMerge(components, z, SplitMerge.freeRows(settings, rows), launchScans);
        initialise(rng);
    }

    @Override
    public List<String> summaryNames() {
        return DP_SUMMARIES;
    }

    @Override
    public void summaries(double[] out) {
        super.summaries(out);
        out[3] = alpha;
    }

    @Override
    void seed(UniformRandomProvider rng, int[] out) {
        Seeding.seed(settings.init(), components, Math.max(settings.clusters(), reserved), settings.fixed(), dist,
                rng, out);
    }

    @Override
    void assign(int[] slots, UniformRandomProvider rng) {
        int max = 0;
        for (int s : slots) {
            max = Math.max(max, s + 1);
        }
        grow(max + 1);
        components.clearAll();
        java.util.Arrays.fill(fixedCount, 0);
        for (int r = 0; r < rows; r++) {
            z[r] = slots[r];
            components.add(r, slots[r]);
            if (settings.isFixed(r)) {
                fixedCount[slots[r]]++;
            }
        }
    }

    private void grow(int slots) {
        if (slots <= components.capacity()) {
            return;
        }
        int cap = Math.max(slots, 2 * components.capacity());
        components.ensureCapacity(cap);
        logWeights = java.util.Arrays.copyOf(logWeights, cap);
        fixedCount = java.util.Arrays.copyOf(fixedCount, cap);
    }

    /** The lowest empty slot that no labelled class owns, growing the slots when there is none. */
    private int emptySlot(int except) {
        int cap = components.capacity();
        for (int k = reserved; k < cap; k++) {
            if (k != except && components.size(k) == 0) {
                return k;
            }
        }
        grow(cap + 1);
        return cap;
    }

    @Override
    public void sweep(UniformRandomProvider rng) {
        double logAlpha = Math.log(alpha);
        for (int r = 0; r < rows; r++) {
            if (settings.isFixed(r)) {
                continue;
            }
            int old = z[r];
            components.remove(r, old);
            int fresh = emptySlot(-1);
            int cap = components.capacity();
            components.logPredictives(r, cap, logWeights);
            for (int k = 0; k < cap; k++) {
                int m = components.size(k);
                if (m > 0) {
                    logWeights[k] += Math.log(m);
                } else if (k == fresh) {
                    logWeights[k] += logAlpha;
                } else {
                    logWeights[k] = Double.NEGATIVE_INFINITY;
                }
            }
            // a row that was alone is in the new-cluster option (any empty slot is the same partition)
            int now = settings.rowUpdate().next(dist, rng, logWeights, cap, components.size(old) == 0 ? fresh : old);
            components.add(r, now);
            z[r] = now;
        }
        for (int t = 0; t < splitMerge; t++) {
            moves.propose(rng, this);
        }
        resampleAlpha(rng);
    }

    @Override
    public double logSplitRatio(int na, int nb, int coarseClusters) {
        return SplitMerge.dirichletProcessRatio(alpha, na, nb);
    }

    @Override
    public int emptySlot(UniformRandomProvider rng, int except) {
        return emptySlot(except);
    }

    @Override
    public boolean locked(int slot) {
        return fixedCount[slot] > 0;
    }

    /** Escobar and West (1995), §6: η ~ Beta(α + 1, n), then α from a two-part Gamma mixture. */
    private void resampleAlpha(UniformRandomProvider rng) {
        int k = clusters();
        double eta = dist.nextBeta(rng, alpha + 1, rows);
        double r = rate - Math.log(eta);
        double odds = (shape + (k - 1)) / (rows * r);
        double w = odds / (1 + odds);
        int extra = rng.nextDouble() < w ? k : k - 1;
        double sh = shape + extra; // not shape + k - 1, which rounds 1e-300 + 1 - 1 to 0
        alpha = dist.nextGamma(rng, sh, 1 / r);
        if (!(alpha > 0) || Double.isInfinite(alpha)) {
            // the parameters put the concentration beyond what a double holds: say which ones
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT, "the DP concentration drawn from"
                    + " Gamma(alpha_shape + %d, rate alpha_rate - log eta = %.4g) is %s; alpha_shape = %s and"
                    + " alpha_rate = %s put it outside the range of a double: use a larger alpha_shape or a smaller"
                    + " alpha_rate", extra, r, alpha, shape, rate));
        }
    }

    @Override
    double logJoint() {
        int k = 0;
        double lj = 0;
        for (int c = 0, e = components.capacity(); c < e; c++) {
            int m = components.size(c);
            if (m > 0) {
                k++;
                lj += SpecialFunctions.logGamma(m) + components.logMarginal(c);
            }
        }
        double la = Math.log(alpha);
        lj += k * la + SpecialFunctions.logGamma(alpha) - SpecialFunctions.logGamma(alpha + rows);
        lj += shape * Math.log(rate) - SpecialFunctions.logGamma(shape) + (shape - 1) * la - rate * alpha;
        return lj;
    }

    double alpha() {
        return alpha;
    }

    @Override
    double concentration() {
        return alpha;
    }

    @Override
    double splitMergeAcceptance() {
        return moves.acceptance();
    }

    /** Fraction of split–merge proposals accepted so far. */
    double acceptance() {
        return moves.acceptance();
    }

    @Override
    int maxClusters() {
        return rows;
    }

    @Override
    int slotCount() {
        return components.capacity();
    }

    @Override
    int slotSize(int slot) {
        return components.size(slot);
    }

    @Override
    List<String> parameterNames() {
        return components.parameterNames();
    }

    @Override
    List<String> describeSlot(int slot) {
        return new ArrayList<>(components.describe(slot));
    }

    Components components() {
        return components;
    }
}
