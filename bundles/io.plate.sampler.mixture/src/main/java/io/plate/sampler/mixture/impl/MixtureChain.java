package io.plate.sampler.mixture.impl;

import io.plate.api.sample.Chain;
import io.plate.api.sample.Distributions;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * What every mixture chain shares: the assignment of rows to cluster slots, label-invariant summaries
 * (log joint, number of non-empty clusters, entropy of the cluster sizes), restarts of the
 * initialisation, and the {@link DrawRecorder} that keeps draws in label-invariant form.
 */
abstract class MixtureChain implements Chain {
    static final List<String> SUMMARIES = List.of("logJoint", "clusters", "entropy");

    protected final int rows;
    protected final int[] z;
    protected final ChainSettings settings;
    protected final Distributions dist;
    private final DrawRecorder recorder;

    MixtureChain(int rows, ChainSettings settings, Distributions dist) {
        this.rows = rows;
        this.z = new int[rows];
        this.settings = settings;
        this.dist = dist;
        this.recorder = new DrawRecorder(rows, settings.clusters() * 2 + 2);
    }

    /** log joint density of the current state (parameters integrated out where the chain collapses them). */
    abstract double logJoint();

    /** The most non-empty clusters a state of this chain can have (K of a finite mixture). */
    int maxClusters() {
        return settings.clusters();
    }

    /** One past the highest slot a row may be in. */
    abstract int slotCount();

    /** Rows in slot {@code k}. */
    abstract int slotSize(int k);

    abstract List<String> parameterNames();

    /** Posterior-mean parameters of slot {@code k} given the current state, formatted. */
    abstract List<String> describeSlot(int k);

    /** Puts every row in {@code slots[r]} and rebuilds the state from scratch. */
    abstract void assign(int[] slots, UniformRandomProvider rng);

    /** Seeds the first partition with {@code k} clusters into {@code out}. */
    abstract void seed(UniformRandomProvider rng, int[] out);

    /**
     * Tries {@code settings.restarts()} initialisations, runs {@code restartSweeps} sweeps on each and
     * keeps the state with the highest log joint; a cancelled run stops trying and keeps the best so far.
     * Called once by the subclass constructor.
     */
    protected final void initialise(UniformRandomProvider rng) {
        int[] start = new int[rows];
        int[] best = null;
        double bestLogJoint = Double.NEGATIVE_INFINITY;
        for (int t = 0; t < settings.restarts(); t++) {
            if (best != null && settings.stopped().getAsBoolean()) {
                break;
            }
            seed(rng, start);
            assign(start, rng);
            if (settings.restarts() == 1) {
                return;
            }
            for (int s = 0; s < settings.restartSweeps() && !settings.stopped().getAsBoolean(); s++) {
                sweep(rng);
            }
            double lj = logJoint();
            if (best == null || lj > bestLogJoint) {
                bestLogJoint = lj;
                best = z.clone();
            }
        }
        assign(best, rng);
    }

    @Override
    public List<String> summaryNames() {
        return SUMMARIES;
    }

    @Override
    public void summaries(double[] out) {
        out[0] = logJoint();
        out[1] = clusters();
        out[2] = entropy();
    }

    @Override
    public void keep(long iteration) {
        recorder.record(z, slotCount(), logJoint(), clusters(), iteration, this::describeSlot, concentration());
    }

    /** The concentration α of the state now when the chain samples it (a DP's), else NaN (the run's parameter). */
    double concentration() {
        return Double.NaN;
    }

    /** Fraction of split–merge proposals accepted so far; NaN for a chain without them. */
    double splitMergeAcceptance() {
        return Double.NaN;
    }

    /** Non-empty clusters now. */
    public int clusters() {
        int c = 0;
        for (int k = 0, e = slotCount(); k < e; k++) {
            if (slotSize(k) > 0) {
                c++;
            }
        }
        return c;
    }

    /** Entropy (nats) of the cluster proportions: label-invariant, and sensitive to how rows spread. */
    double entropy() {
        double h = 0;
        for (int k = 0, e = slotCount(); k < e; k++) {
            int m = slotSize(k);
            if (m > 0) {
                double p = (double) m / rows;
                h -= p * Math.log(p);
            }
        }
        return h;
    }

    DrawRecorder recorder() {
        return recorder;
    }

    /** The current slot of every row (a copy). */
    int[] assignments() {
        return z.clone();
    }
}
