package io.plate.sampler.mixture.impl;

import io.plate.api.sample.Distributions;
import io.plate.distributions.numerics.SpecialFunctions;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Dirichlet-process mixture sampled by Neal (2000) Algorithm 3: the component parameters are
 * integrated out, and each row joins an existing cluster k with weight m_k,−i · p(x_i | cluster k) or a
 * new one with weight α · p(x_i) (the prior predictive). Each sweep then tries {@code splitMerge}
 * split–merge moves (Jain and Neal 2004, conjugate case): two rows i, j are drawn; if they share a
 * cluster a split is proposed, else a merge, with the split found by a restricted Gibbs sampler started
 * from a random launch state and {@code launchScans} intermediate scans, so that the chain can leave
 * partitions that one-row moves cannot. The concentration α has a Gamma(a, b) prior (b a rate) and is
 * drawn after every sweep by the auxiliary-variable method of Escobar and West (1995).
 *
 * <p>Labelled rows of a semi-supervised run stay in their class's cluster (slots 0..C−1); split–merge
 * proposals never touch a cluster that holds labelled rows.
 */
final class DirichletProcessChain extends MixtureChain {
    static final List<String> DP_SUMMARIES = List.of("logJoint", "clusters", "entropy", "alpha");

    private final Components components;
    private final double shape;
    private final double rate;
    private final int splitMerge;
    private final int launchScans;
    private final int reserved;
    private double alpha;
    private double[] logWeights;
    private int[] fixedCount;
    private final int[] members;
    private final int[] saved;
    private final int[] freeRows;
    private long proposed;
    private long accepted;

    DirichletProcessChain(Components components, double alpha, double shape, double rate, int splitMerge,
            int launchScans, ChainSettings settings, Distributions dist, UniformRandomProvider rng) {
        super(components.rows(), settings, dist);
        if (!(alpha > 0) || Double.isInfinite(alpha)) {
            throw new IllegalArgumentException("alpha must be > 0, got " + alpha);
        }
        if (!(shape > 0)) {
            throw new IllegalArgumentException("alpha_shape must be > 0, got " + shape);
        }
        if (!(rate > 0)) {
            throw new IllegalArgumentException("alpha_rate must be > 0, got " + rate);
        }
        if (splitMerge < 0 || launchScans < 0) {
            throw new IllegalArgumentException("split_merge and launch_scans must be >= 0");
        }
        this.components = components;
        this.alpha = alpha;
        this.shape = shape;
        this.rate = rate;
        this.splitMerge = splitMerge;
        this.launchScans = launchScans;
        this.reserved = settings.fixedClusters();
        int start = Math.max(settings.clusters(), reserved);
        components.ensureCapacity(Math.max(4, 2 * start + 1));
        this.logWeights = new double[components.capacity()];
        this.fixedCount = new int[components.capacity()];
        this.members = new int[rows];
        this.saved = new int[rows];
        int free = 0;
        for (int r = 0; r < rows; r++) {
            if (!settings.isFixed(r)) {
                free++;
            }
        }
        this.freeRows = new int[free];
        for (int r = 0, f = 0; r < rows; r++) {
            if (!settings.isFixed(r)) {
                freeRows[f++] = r;
            }
        }
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
            int now = dist.nextCategoricalFromLogWeights(rng, logWeights, cap);
            components.add(r, now);
            z[r] = now;
        }
        for (int t = 0; t < splitMerge; t++) {
            splitMerge(rng);
        }
        resampleAlpha(rng);
    }

    /** One Jain–Neal split–merge proposal with a restricted Gibbs launch. */
    private void splitMerge(UniformRandomProvider rng) {
        if (freeRows.length < 2) {
            return;
        }
        int i = freeRows[rng.nextInt(freeRows.length)];
        int j;
        do {
            j = freeRows[rng.nextInt(freeRows.length)];
        } while (j == i);
        int ci = z[i];
        int cj = z[j];
        if (fixedCount[ci] > 0 || fixedCount[cj] > 0) {
            return;
        }
        proposed++;
        int s = 0;
        for (int r = 0; r < rows; r++) {
            if (r != i && r != j && (z[r] == ci || z[r] == cj)) {
                members[s++] = r;
            }
        }
        if (ci == cj) {
            split(rng, i, j, ci, s);
        } else {
            merge(rng, i, j, ci, cj, s);
        }
    }

    private void split(UniformRandomProvider rng, int i, int j, int c, int s) {
        int n = components.size(c);
        double before = components.logMarginal(c);
        int a = c;
        int b = emptySlot(c);
        // launch: i in a, j in b, the others uniformly, then restricted Gibbs scans
        components.remove(j, c);
        components.add(j, b);
        for (int t = 0; t < s; t++) {
            int r = members[t];
            if (rng.nextBoolean()) {
                components.remove(r, c);
                components.add(r, b);
                saved[r] = b;
            } else {
                saved[r] = a;
            }
        }
        for (int scan = 0; scan < launchScans; scan++) {
            restrictedScan(rng, s, a, b, false);
        }
        double logQ = restrictedScan(rng, s, a, b, false);
        int na = components.size(a);
        int nb = components.size(b);
        double logAccept = Math.log(alpha) + SpecialFunctions.logGamma(na) + SpecialFunctions.logGamma(nb)
                - SpecialFunctions.logGamma(n) + components.logMarginal(a) + components.logMarginal(b) - before - logQ;
        if (Math.log(rngDouble(rng)) < logAccept) {
            accepted++;
            z[j] = b;
            for (int t = 0; t < s; t++) {
                z[members[t]] = saved[members[t]];
            }
        } else {
            components.remove(j, b);
            components.add(j, a);
            for (int t = 0; t < s; t++) {
                int r = members[t];
                if (saved[r] == b) {
                    components.remove(r, b);
                    components.add(r, a);
                }
            }
        }
    }

    private void merge(UniformRandomProvider rng, int i, int j, int ci, int cj, int s) {
        int ni = components.size(ci);
        int nj = components.size(cj);
        double before = components.logMarginal(ci) + components.logMarginal(cj);
        // launch from a random split of the members between ci (with i) and cj (with j)
        for (int t = 0; t < s; t++) {
            int r = members[t];
            int target = rng.nextBoolean() ? ci : cj;
            if (target != z[r]) {
                components.remove(r, z[r]);
                components.add(r, target);
            }
            saved[r] = target;
        }
        for (int scan = 0; scan < launchScans; scan++) {
            restrictedScan(rng, s, ci, cj, false);
        }
        // probability that one more restricted scan from the launch state gives the current split
        double logQ = restrictedScan(rng, s, ci, cj, true);
        // now every member is back where z says; propose the merge of cj into ci
        for (int t = 0; t < s; t++) {
            int r = members[t];
            if (z[r] == cj) {
                components.remove(r, cj);
                components.add(r, ci);
            }
        }
        components.remove(j, cj);
        components.add(j, ci);
        double logAccept = -Math.log(alpha) + SpecialFunctions.logGamma(ni + nj) - SpecialFunctions.logGamma(ni)
                - SpecialFunctions.logGamma(nj) + components.logMarginal(ci) - before + logQ;
        if (Math.log(rngDouble(rng)) < logAccept) {
            accepted++;
            for (int t = 0; t < s; t++) {
                z[members[t]] = ci;
            }
            z[j] = ci;
        } else {
            for (int t = 0; t < s; t++) {
                int r = members[t];
                if (z[r] == cj) {
                    components.remove(r, ci);
                    components.add(r, cj);
                }
            }
            components.remove(j, ci);
            components.add(j, cj);
        }
    }

    /**
     * One restricted Gibbs scan of the members between slots a and b; {@code saved[r]} holds each
     * member's slot during the scan. With {@code toCurrent} the scan is not sampled but forced to each
     * member's slot in {@code z} (the reverse move of a merge). Returns the log probability of the
     * choices made.
     */
    private double restrictedScan(UniformRandomProvider rng, int s, int a, int b, boolean toCurrent) {
        double logQ = 0;
        for (int t = 0; t < s; t++) {
            int r = members[t];
            int cur = saved[r];
            components.remove(r, cur);
            double la = Math.log(components.size(a)) + components.logPredictive(r, a);
            double lb = Math.log(components.size(b)) + components.logPredictive(r, b);
            double max = Math.max(la, lb);
            double pa = Math.exp(la - max);
            double pb = Math.exp(lb - max);
            double pA = pa / (pa + pb);
            int target;
            if (toCurrent) {
                target = z[r];
            } else {
                target = rngDouble(rng) < pA ? a : b;
            }
            logQ += target == a ? Math.log(pA) : Math.log1p(-pA);
            components.add(r, target);
            saved[r] = target;
        }
        return logQ;
    }

    private static double rngDouble(UniformRandomProvider rng) {
        return rng.nextDouble();
    }

    /** Escobar and West (1995), §6: η ~ Beta(α + 1, n), then α from a two-part Gamma mixture. */
    private void resampleAlpha(UniformRandomProvider rng) {
        int k = clusters();
        double eta = dist.nextBeta(rng, alpha + 1, rows);
        double r = rate - Math.log(eta);
        double odds = (shape + k - 1) / (rows * r);
        double w = odds / (1 + odds);
        double sh = rng.nextDouble() < w ? shape + k : shape + k - 1;
        alpha = dist.nextGamma(rng, sh, 1 / r);
        if (!(alpha > 0)) {
            throw new IllegalStateException("concentration draw " + alpha + " from Gamma(" + sh + ", rate " + r + ")");
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

    /** Fraction of split–merge proposals accepted so far. */
    double acceptance() {
        return proposed == 0 ? Double.NaN : (double) accepted / proposed;
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
