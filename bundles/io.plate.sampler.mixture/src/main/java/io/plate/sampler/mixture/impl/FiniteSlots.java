package io.plate.sampler.mixture.impl;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * The split–merge side of a finite mixture over K labelled slots, for every finite chain that proposes
 * {@link SplitMerge} moves (the collapsed {@link FiniteMixtureChain} and the uncollapsed
 * {@link UncollapsedMultinomialChain}): the symmetric Dirichlet(α) prior ratio over the K slots
 * ({@link SplitMerge#finiteRatio}), a split's empty slot drawn uniformly (the ratio counts the K − k empty
 * slots), and the slots that hold labelled rows of a semi-supervised run, which are never touched.
 * Cluster sizes are read from the {@link Components} the moves work on.
 */
final class FiniteSlots implements SplitMerge.Host {
    private final Components components;
    private final int k;
    private final SplitMerge.Ratio ratio;
    private final int[] fixedCount;

    /** The slots of {@code components} for K = {@code k}; {@code ratio} null = the symmetric Dirichlet(α)'s (else for tests). */
    FiniteSlots(Components components, int k, double alpha, SplitMerge.Ratio ratio) {
        this.components = components;
        this.k = k;
        this.ratio = ratio != null ? ratio : (na, nb, coarse) -> SplitMerge.finiteRatio(k, alpha, na, nb, coarse);
        this.fixedCount = new int[k];
    }

    /** Records which slots hold labelled rows when the rows are put in {@code slots}. */
    void lock(int[] slots, ChainSettings settings) {
        java.util.Arrays.fill(fixedCount, 0);
        for (int r = 0; r < slots.length; r++) {
            if (settings.isFixed(r)) {
                fixedCount[slots[r]]++;
            }
        }
    }

    @Override
    public double logSplitRatio(int na, int nb, int coarseClusters) {
        return ratio.log(na, nb, coarseClusters);
    }

    /** An empty slot drawn uniformly, or −1 when every slot holds rows. */
    @Override
    public int emptySlot(UniformRandomProvider rng, int except) {
        int empty = 0;
        for (int j = 0; j < k; j++) {
            empty += components.size(j) == 0 ? 1 : 0;
        }
        if (empty == 0) {
            return -1;
        }
        int pick = rng.nextInt(empty);
        for (int j = 0; j < k; j++) {
            if (components.size(j) == 0 && pick-- == 0) {
                return j;
            }
        }
        throw new IllegalStateException("no empty slot among " + empty);
    }

    @Override
    public boolean locked(int slot) {
        return fixedCount[slot] > 0;
    }

    @Override
    public int clusters() {
        int c = 0;
        for (int j = 0; j < k; j++) {
            c += components.size(j) > 0 ? 1 : 0;
        }
        return c;
    }
}
