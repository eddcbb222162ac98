package io.plate.sampler.mixture.impl;

import io.plate.distributions.numerics.SpecialFunctions;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Split–merge proposals for a collapsed mixture chain (Jain and Neal 2004, conjugate case), shared by
 * the finite and the Dirichlet-process chains: two free rows i ≠ j are drawn; if they share a cluster a
 * split is proposed, else the merge of j's cluster into i's. The split is made by a restricted Gibbs
 * scan from a launch state (i and j apart, the other members of their clusters allocated one by one in
 * random order, each by its restricted conditional given the rows placed before it, as in Dahl's
 * sequentially-allocated split–merge; then {@code launchScans} restricted scans), and accepted with
 *
 * <pre>
 *   p(split) / p(merged) · p(x_a) p(x_b) / p(x_c) / q(split)
 * </pre>
 *
 * where the partition prior's ratio comes from the chain's {@link Prior}; a merge is accepted with the
 * inverse ratios times the probability q that a restricted scan from the launch state would recreate
 * the current split. The launch state depends only on the union of the two clusters, i and j, never on
 * how the rows are split now, which is what makes q the right proposal probability (Jain and Neal 2004).
 * (A launch from a random halving, used before, left two merged blobs of 10-dimensional data unsplit
 * for thousands of sweeps: three restricted scans from two look-alike halves rarely separate them.)
 * Clusters that hold labelled rows of a semi-supervised run are never touched.
 */
final class SplitMerge {
    /** The chain's side: its partition prior and its cluster slots. */
    interface Host {
        /**
         * log p(fine) − log p(coarse) of the partition prior, where fine splits one cluster of the coarse
         * partition (which has {@code coarseClusters} non-empty clusters) into clusters of sizes na, nb.
         */
        double logSplitRatio(int na, int nb, int coarseClusters);

        /**
         * The empty slot a split moves j's part into, drawn so that the move is the reverse of a merge
         * (for a finite mixture uniformly among the empty slots: the prior ratio then counts them), or −1
         * when there is none.
         */
        int emptySlot(UniformRandomProvider rng, int except);

        /** Whether the slot holds labelled rows (a semi-supervised class cluster). */
        boolean locked(int slot);

        /** Non-empty clusters now. */
        int clusters();
    }

    /** A partition prior's split ratio, as {@link Host#logSplitRatio}. */
    @FunctionalInterface
    interface Ratio {
        double log(int na, int nb, int coarseClusters);
    }

    /** The Dirichlet process: α Γ(n_a) Γ(n_b) / Γ(n_a + n_b), whatever the number of clusters. */
    static double dirichletProcessRatio(double alpha, int na, int nb) {
        return Math.log(alpha) + SpecialFunctions.logGamma(na) + SpecialFunctions.logGamma(nb)
                - SpecialFunctions.logGamma(na + nb);
    }

    /**
     * A symmetric Dirichlet(α) over K labelled slots, read as a prior over partitions (K!/(K − k)!
     * labellings of a partition into k clusters): (K − k) Γ(n_a + α) Γ(n_b + α) / (Γ(n_a + n_b + α) Γ(α)).
     */
    static double finiteRatio(int slots, double alpha, int na, int nb, int coarseClusters) {
        return Math.log(slots - coarseClusters) + SpecialFunctions.logGamma(na + alpha)
                + SpecialFunctions.logGamma(nb + alpha) - SpecialFunctions.logGamma(na + nb + alpha)
                - SpecialFunctions.logGamma(alpha);
    }

    private final Components components;
    private final int[] z;
    private final int[] freeRows;
    private final int launchScans;
    private final int[] members;
    private final int[] saved;
    private long proposed;
    private long accepted;

    /**
     * @param z        the chain's assignments, read and written in place
     * @param freeRows the rows that may move (not held by a label)
     */
    SplitMerge(Components components, int[] z, int[] freeRows, int launchScans) {
        if (launchScans < 0) {
            throw new IllegalArgumentException("launch_scans must be >= 0, got " + launchScans);
        }
        this.components = components;
        this.z = z;
        this.freeRows = freeRows.clone();
        this.launchScans = launchScans;
        this.members = new int[z.length];
        this.saved = new int[z.length];
    }

    /** The rows of a chain's settings that are not held by a label. */
    static int[] freeRows(ChainSettings settings, int rows) {
        int free = 0;
        for (int r = 0; r < rows; r++) {
            if (!settings.isFixed(r)) {
                free++;
            }
        }
        int[] out = new int[free];
        for (int r = 0, f = 0; r < rows; r++) {
            if (!settings.isFixed(r)) {
                out[f++] = r;
            }
        }
        return out;
    }

    /** One proposal; whether it was accepted (z and the statistics then hold the new partition). */
    boolean propose(UniformRandomProvider rng, Host host) {
        if (freeRows.length < 2) {
            return false;
        }
        int i = freeRows[rng.nextInt(freeRows.length)];
        int j;
        do {
            j = freeRows[rng.nextInt(freeRows.length)];
        } while (j == i);
        int ci = z[i];
        int cj = z[j];
        if (host.locked(ci) || host.locked(cj)) {
            return false;
        }
        proposed++;
        int s = 0;
        for (int r = 0; r < z.length; r++) {
            if (r != i && r != j && (z[r] == ci || z[r] == cj)) {
                members[s++] = r;
            }
        }
        for (int t = s - 1; t > 0; t--) { // the launch allocates (and the scans visit) in random order
            int u = rng.nextInt(t + 1);
            int m = members[t];
            members[t] = members[u];
            members[u] = m;
        }
        return ci == cj ? split(rng, host, j, ci, s) : merge(rng, host, j, ci, cj, s);
    }

    /** The proposals made and accepted so far, for a chain's checkpoint. */
    void writeCounts(java.io.DataOutputStream out) throws java.io.IOException {
        out.writeLong(proposed);
        out.writeLong(accepted);
    }

    /** Takes the counts {@link #writeCounts} wrote. */
    void readCounts(java.io.DataInputStream in) throws java.io.IOException {
        long p = in.readLong();
        long a = in.readLong();
        if (p < 0 || a < 0 || a > p) {
            throw new java.io.IOException("split-merge counts " + a + " accepted of " + p + " proposed");
        }
        proposed = p;
        accepted = a;
    }

    /** Fraction of proposals accepted so far (NaN before the first). */
    double acceptance() {
        return proposed == 0 ? Double.NaN : (double) accepted / proposed;
    }

    private boolean split(UniformRandomProvider rng, Host host, int j, int c, int s) {
        int b = host.emptySlot(rng, c);
        if (b < 0) {
            return false; // every slot is taken: no split can be proposed (nor can its reverse merge)
        }
        int n = components.size(c);
        int coarse = host.clusters();
        double before = components.logMarginal(c);
        int a = c;
        // launch: i in a, j in b, the others allocated in turn, then restricted Gibbs scans
        components.remove(j, c);
        components.add(j, b);
        for (int t = 0; t < s; t++) {
            components.remove(members[t], c);
        }
        allocate(rng, s, a, b);
        for (int scan = 0; scan < launchScans; scan++) {
            restrictedScan(rng, s, a, b, false);
        }
        double logQ = restrictedScan(rng, s, a, b, false);
        int na = components.size(a);
        int nb = components.size(b);
        double logAccept = host.logSplitRatio(na, nb, coarse) + components.logMarginal(a) + components.logMarginal(b)
                - before - logQ;
        if (na + nb != n) {
            throw new IllegalStateException("split of " + n + " rows into " + na + " and " + nb);
        }
        if (Math.log(rng.nextDouble()) < logAccept) {
            accepted++;
            z[j] = b;
            for (int t = 0; t < s; t++) {
                z[members[t]] = saved[members[t]];
            }
            return true;
        }
        components.remove(j, b);
        components.add(j, a);
        for (int t = 0; t < s; t++) {
            int r = members[t];
            if (saved[r] == b) {
                components.remove(r, b);
                components.add(r, a);
            }
        }
        return false;
    }

    private boolean merge(UniformRandomProvider rng, Host host, int j, int ci, int cj, int s) {
        int ni = components.size(ci);
        int nj = components.size(cj);
        int coarse = host.clusters() - 1;
        double before = components.logMarginal(ci) + components.logMarginal(cj);
        // launch as a split would: the members allocated in turn between ci (with i) and cj (with j)
        for (int t = 0; t < s; t++) {
            int r = members[t];
            components.remove(r, z[r]);
        }
        allocate(rng, s, ci, cj);
        for (int scan = 0; scan < launchScans; scan++) {
            restrictedScan(rng, s, ci, cj, false);
        }
        // probability that one more restricted scan from the launch state gives the current split
        double logQ = restrictedScan(rng, s, ci, cj, true);
        // now every member is back where z says; propose the merge of cj into ci
        moveCurrentMembers(s, cj, cj, ci);
        components.remove(j, cj);
        components.add(j, ci);
        double logAccept = -host.logSplitRatio(ni, nj, coarse) + components.logMarginal(ci) - before + logQ;
        if (Math.log(rng.nextDouble()) < logAccept) {
            accepted++;
            for (int t = 0; t < s; t++) {
                z[members[t]] = ci;
            }
            z[j] = ci;
            return true;
        }
        moveCurrentMembers(s, cj, ci, cj);
        components.remove(j, ci);
        components.add(j, cj);
        return false;
    }

    /** Moves the statistics of the members whose cluster in z is {@code label} from slot {@code from} to {@code to}. */
    private void moveCurrentMembers(int s, int label, int from, int to) {
        for (int t = 0; t < s; t++) {
            int r = members[t];
            if (z[r] == label) {
                components.remove(r, from);
                components.add(r, to);
            }
        }
    }

    /**
     * Sequential allocation of the members, none of which is in a or b yet: each joins a or b with its
     * restricted conditional probability given the rows placed so far ({@code saved[r]} records where).
     */
    private void allocate(UniformRandomProvider rng, int s, int a, int b) {
        for (int t = 0; t < s; t++) {
            int r = members[t];
            int target = rng.nextDouble() < probabilityOfA(r, a, b) ? a : b;
            components.add(r, target);
            saved[r] = target;
        }
    }

    /** The restricted conditional probability that row r (in neither slot) joins a rather than b. */
    private double probabilityOfA(int r, int a, int b) {
        double la = Math.log(components.size(a)) + components.logPredictive(r, a);
        double lb = Math.log(components.size(b)) + components.logPredictive(r, b);
        double max = Math.max(la, lb);
        double pa = Math.exp(la - max);
        double pb = Math.exp(lb - max);
        return pa / (pa + pb);
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
            double pA = probabilityOfA(r, a, b);
            int target;
            if (toCurrent) {
                target = z[r];
            } else {
                target = rng.nextDouble() < pA ? a : b;
            }
            logQ += target == a ? Math.log(pA) : Math.log1p(-pA);
            components.add(r, target);
            saved[r] = target;
        }
        return logQ;
    }
}
