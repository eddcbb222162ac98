package io.plate.sampler.mixture.impl;

import io.plate.api.sample.Distributions;
import io.plate.distributions.numerics.SpecialFunctions;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Collapsed Gibbs sampler of a finite mixture with K clusters: the mixing weights π ~ Dirichlet(α, …, α)
 * and the component parameters are integrated out, and each row's cluster is drawn from
 *
 * <pre>
 *   p(z_i = k | z_−i, x) ∝ (m_k,−i + α) / (n − 1 + Kα) · p(x_i | rows of cluster k other than i)
 * </pre>
 *
 * (the denominator is the same for every k and drops out), by Liu's Metropolised Gibbs update
 * ({@link RowUpdate#METROPOLISED}: another cluster proposed from that conditional, accepted or not), which
 * leaves it invariant and moves rows more often than a plain draw. Labelled rows of a semi-supervised run
 * stay in their class's cluster. The log joint is log p(z) + Σ_k log p(x_k), with
 * log p(z) = log Γ(Kα) − log Γ(n + Kα) + Σ_k [log Γ(m_k + α) − log Γ(α)].
 *
 * <p>After each Gibbs scan, {@code splitMerge} {@link SplitMerge} proposals (the DP chain's moves) let
 * the chain leave a state where two groups share a cluster and another slot is empty, which one-row
 * moves leave only through a valley of low probability; the split goes to an empty slot drawn
 * uniformly, and the prior ratio counts the K − k empty slots.
 */
final class FiniteMixtureChain extends MixtureChain {
    private final Components components;
    private final int k;
    private final double alpha;
    private final double[] logWeights;
    private final int splitMerge;
    private final SplitMerge moves;
    private final FiniteSlots slots;

    /** A chain without split–merge moves. */
    FiniteMixtureChain(Components components, double alpha, ChainSettings settings, Distributions dist,
            UniformRandomProvider rng) {
        this(components, alpha, 0, 0, settings, dist, rng);
    }

    /** A chain with {@code splitMerge} split–merge proposals per sweep, each launched by {@code launchScans} scans. */
    FiniteMixtureChain(Components components, double alpha, int splitMerge, int launchScans, ChainSettings settings,
            Distributions dist, UniformRandomProvider rng) {
        this(components, alpha, splitMerge, launchScans, null, settings, dist, rng);
    }

    /** The same with the partition prior's split ratio given (null: the symmetric Dirichlet's); for tests. */
    FiniteMixtureChain(Components components, double alpha, int splitMerge, int launchScans, SplitMerge.Ratio ratio,
            ChainSettings settings, Distributions dist, UniformRandomProvider rng) {
        super(components.rows(), settings, dist);
        if (splitMerge < 0) {
            throw new IllegalArgumentException("split_merge must be >= 0, got " + splitMerge);
        }
        if (!(alpha > 0) || Double.isInfinite(alpha)) {
            throw new IllegalArgumentException("alpha must be > 0 and finite, got " + alpha);
        }
        if (settings.fixedClusters() > settings.clusters()) {
            throw new IllegalArgumentException("k = " + settings.clusters() + " is less than the "
                    + settings.fixedClusters() + " labelled classes");
        }
        this.components = components;
        this.k = settings.clusters();
        this.alpha = alpha;
        this.logWeights = new double[k];
        this.splitMerge = splitMerge;
        this.slots = new FiniteSlots(components, k, alpha, ratio);
        components.ensureCapacity(k);
        this.moves = new SplitMerge(components, z, SplitMerge.freeRows(settings, rows), launchScans);
        initialise(rng);
    }

    @Override
    void seed(UniformRandomProvider rng, int[] out) {
        Seeding.seed(settings.init(), components, k, settings.fixed(), dist, rng, out);
    }

    @Override
    void assign(int[] slots, UniformRandomProvider rng) {
        components.clearAll();
        for (int r = 0; r < rows; r++) {
            z[r] = slots[r];
            components.add(r, slots[r]);
        }
        this.slots.lock(slots, settings);
    }

    @Override
    public void sweep(UniformRandomProvider rng) {
        for (int r = 0; r < rows; r++) {
            if (settings.isFixed(r)) {
                continue;
            }
            int old = z[r];
            components.remove(r, old);
            components.logPredictives(r, k, logWeights);
            for (int j = 0; j < k; j++) {
                logWeights[j] += Math.log(components.size(j) + alpha);
            }
            int now = settings.rowUpdate().next(dist, rng, logWeights, k, old);
            components.add(r, now);
            z[r] = now;
        }
        for (int t = 0; t < splitMerge; t++) {
            moves.propose(rng, slots);
        }
    }

    @Override
    double splitMergeAcceptance() {
        return moves.acceptance();
    }

    /** Fraction of split–merge proposals accepted so far (NaN without proposals). */
    double acceptance() {
        return moves.acceptance();
    }

    @Override
    double logJoint() {
        double lj = SpecialFunctions.logGamma(k * alpha) - SpecialFunctions.logGamma(rows + k * alpha);
        double lgA = SpecialFunctions.logGamma(alpha);
        for (int j = 0; j < k; j++) {
            int m = components.size(j);
            if (m > 0) {
                lj += SpecialFunctions.logGamma(m + alpha) - lgA + components.logMarginal(j);
            }
        }
        return lj;
    }

    @Override
    int slotCount() {
        return k;
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
        return components.describe(slot);
    }

    Components components() {
        return components;
    }

    double alpha() {
        return alpha;
    }
}
