package io.plate.sampler.mixture.impl;

import io.plate.api.sample.Distributions;
import io.plate.api.sample.RestorableChain;
import io.plate.distributions.numerics.LogMath;
import io.plate.distributions.numerics.SpecialFunctions;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The Gibbs sampler for a finite Gaussian mixture with every variable instantiated, under the prior of
 * the collapsed sampler's components (full: Normal-Inverse-Wishart; diagonal: Normal-Gamma per column):
 *
 * <ol>
 * <li>z_r | μ, Σ, π ∝ π_k N(x_r | μ_k, Σ_k) — independent across rows given the parameters, so the rows
 *     are cut into fixed blocks, each sampled with its own stream keyed by (the chain's z-step key, sweep,
 *     block) ({@link UncollapsedMultinomialChain#zStream}) and writing its own sufficient statistics
 *     ({@link GaussianZStep}), on this machine's threads or on a {@link BlockRunner} ({@link #runBlocksOn});
 *     the result depends on the seed only, not on threads or machines;</li>
 * <li>the blocks' statistics added in block order, then (μ_k, Σ_k) from their conditionals, one cluster
 *     after another on the chain's stream ({@link GaussianParameterStep});</li>
 * <li>π | z ~ Dirichlet(α + m).</li>
 * </ol>
 *
 * <p>Split–merge moves ({@code splitMerge} a sweep, after the parameter and π steps): the Jain–Neal
 * proposals of the collapsed chain ({@link SplitMerge} over the very {@link Components} whose prior this
 * chain samples under, kept in step with z, with the finite Dirichlet(α) ratio over the K slots of
 * {@link FiniteSlots}), so they target the collapsed marginal p(z | x), μ, Σ and π integrated out; when a
 * move is accepted, the statistics of the blocks that hold moved rows are recomputed from the rows, and
 * every cluster's (μ, Σ) and π are drawn again from their full conditionals given the new z. The kernel
 * leaves p(z, μ, Σ, π | x) invariant: the move never reads the old parameters, and by detailed balance of
 * the Metropolis–Hastings move on p(z | x), Σ_z p(z | x) q(z → z') a(z, z') · p(μ', Σ', π' | z', x) =
 * p(z' | x) p(μ', Σ', π' | z', x) for the accepted part, while a rejection keeps the state as it was; with
 * several proposals a sweep the same holds for their composition (the parameters are drawn once, after the
 * last). Missing values (covariance=diag only: the full components refuse them) are left out of the
 * collapsed statistics as of this chain's likelihood, so both are of the same model.
 *
 * <p>Rows are centred on the prior mean μ0 once. The log joint, log p(x | z, μ, Σ) + log p(z | π) +
 * log p(μ, Σ) + log p(π), comes from the summed statistics without a pass over the rows.
 */
final class UncollapsedGaussianChain extends MixtureChain implements RestorableChain {
    /** Rows per z-step block unless given: enough work per block to pay for its K Cholesky factors. */
    static final int DEFAULT_ROWS_PER_BLOCK = 1024;

    private final Components components; // the prior, seeding distances, and what describeSlot reports
    private final GaussianParameterStep step;
    private final int k;
    private final int d;
    private final int stride;
    private final double alpha;
    private final boolean parallel;
    private final double[] y; // centred rows, y[r * d + j] = x − μ0 (NaN = missing)
    private final int[] blockStart;
    private final double[][] blockStats; // per block: K × stride
    private final double[] stats; // the blocks' sum, in block order
    private final double[][] parameters; // {header, log π, means, spread}: what the z-step reads
    private final long zKey;
    private long sweeps;
    private BlockRunner.Blocks<RowBlock> remote; // the z-step's blocks when they run elsewhere, else null
    private final int[] described; // the partition the components hold for describeSlot (−1: none yet)
    private final CollapsedMoves moves; // null without moves
    private final boolean[] blockMoved; // blocks with a row an accepted move reassigned

    /** A chain over the rows and under the prior of Gaussian {@code components} (full or diagonal). */
    UncollapsedGaussianChain(Components components, double alpha, boolean parallel, int rowsPerBlock,
            ChainSettings settings, Distributions dist, UniformRandomProvider rng) {
        this(components, alpha, parallel, rowsPerBlock, 0, 0, null, settings, dist, rng);
    }

    /**
     * The chain with {@code splitMerge} split–merge proposals a sweep, each launched by {@code launchScans}
     * restricted scans, and the partition prior's split ratio {@code ratio} (null: the symmetric
     * Dirichlet's; another only for tests).
     */
    UncollapsedGaussianChain(Components components, double alpha, boolean parallel, int rowsPerBlock, int splitMerge,
            int launchScans, SplitMerge.Ratio ratio, ChainSettings settings, Distributions dist,
            UniformRandomProvider rng) {
        super(components.rows(), settings, dist);
        if (splitMerge < 0) {
            throw new IllegalArgumentException("split_merge must be >= 0, got " + splitMerge);
        }
        if (!(alpha > 0) || Double.isInfinite(alpha)) {
            throw new IllegalArgumentException("alpha must be > 0, got " + alpha);
        }
        if (rowsPerBlock < 1) {
            throw new IllegalArgumentException("rows per block must be >= 1, got " + rowsPerBlock);
        }
        if (settings.fixedClusters() > settings.clusters()) {
            throw new IllegalArgumentException("k = " + settings.clusters() + " is less than the "
                    + settings.fixedClusters() + " labelled classes");
        }
        this.components = components;
        this.step = GaussianParameterStep.of(components);
        this.k = settings.clusters();
        this.d = step.d;
        this.stride = step.stride();
        this.alpha = alpha;
        this.parallel = parallel;
        double[] x = step.data.x;
        this.y = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            y[i] = x[i] - step.mu0[i % d];
        }
        int nBlocks = blocks(rows, rowsPerBlock);
        this.blockStart = new int[nBlocks + 1];
        for (int b = 0; b <= nBlocks; b++) {
            blockStart[b] = (int) ((long) rows * b / nBlocks);
        }
        this.blockStats = new double[nBlocks][Math.multiplyExact(k, stride)];
        this.stats = new double[k * stride];
        this.parameters = new double[][] {{d, step.full() ? 1 : 0}, new double[k], new double[k * d],
            new double[Math.multiplyExact(k, step.spreadLength())]};
        this.described = new int[rows];
        Arrays.fill(described, -1);
        this.zKey = rng.nextLong();
        this.moves = CollapsedMoves.of(components, settings, k, alpha, ratio, launchScans, splitMerge);
        this.blockMoved = moves == null ? null : new boolean[nBlocks];
        initialise(rng);
    }

    /** Blocks of {@code rowsPerBlock} rows (the last ones shorter), at least two when the rows allow. */
    static int blocks(int rows, int rowsPerBlock) {
        return Math.max(Math.min(2, rows), (rows + rowsPerBlock - 1) / rowsPerBlock);
    }

    @Override
    void seed(UniformRandomProvider rng, int[] out) {
        Seeding.seed(settings.init(), components, k, settings.fixed(), dist, rng, out);
    }

    @Override
    void assign(int[] start, UniformRandomProvider rng) {
        System.arraycopy(start, 0, z, 0, rows);
        refillCollapsed();
        for (int b = 0; b < blockStart.length - 1; b++) {
            GaussianZStep.statistics(step.full(), d, k, y, blockStart[b], blockStart[b + 1], 0, z, blockStats[b]);
        }
        drawParameters(rng);
    }

    @Override
    public void sweep(UniformRandomProvider rng) {
        gibbsSweep(rng);
        splitMerge(rng);
    }

    /** The z-step, then the parameter and π steps. */
    private void gibbsSweep(UniformRandomProvider rng) {
        if (remote != null) {
            remoteSweep(rng);
            return;
        }
        int nBlocks = blockCount();
        if (parallel && nBlocks > 1) {
            IntStream.range(0, nBlocks).parallel().forEach(this::sampleBlock);
        } else {
            for (int b = 0; b < nBlocks; b++) {
                sampleBlock(b);
            }
        }
        finishSweep(rng);
    }

    /**
     * The sweep's split–merge proposals on p(z | x): the components follow the rows that the z-step moved,
     * the moves run on them, and if any was accepted z takes the new partition, the statistics of the
     * blocks holding moved rows are recomputed from the rows (here, also when the z-step ran on a
     * {@link BlockRunner}: the chain keeps the centred rows), and the parameters and π are drawn again.
     */
    private void splitMerge(UniformRandomProvider rng) {
        if (moves == null) {
            return;
        }
        if (!moves.run(z, rng)) {
            return;
        }
        int[] inCollapsed = moves.partition();
        Arrays.fill(blockMoved, false);
        for (int b = 0; b < blockCount(); b++) {
            for (int r = blockStart[b]; r < blockStart[b + 1]; r++) {
                if (z[r] != inCollapsed[r]) {
                    blockMoved[b] = true;
                    z[r] = inCollapsed[r];
                }
            }
            if (blockMoved[b]) {
                GaussianZStep.statistics(step.full(), d, k, y, blockStart[b], blockStart[b + 1], 0, z, blockStats[b]);
            }
        }
        drawParameters(rng);
    }

    /** The moves' components rebuilt for the rows as z holds them. */
    private void refillCollapsed() {
        if (moves == null) {
            return;
        }
        moves.refill(z, settings);
    }

    @Override
    double splitMergeAcceptance() {
        return moves == null ? Double.NaN : moves.acceptance();
    }

    private void sampleBlock(int b) {
        sampleBlock(dist, zKey, sweeps, b, parameters, y, blockStart[b], blockStart[b + 1], 0, settings.fixed(), z,
                blockStats[b]);
    }

    /**
     * The z-step of block b of the sweep {@code sweep} of the chain whose z-step key is {@code key}: rows
     * {@code [r0, r1)} at {@code y[(r − base) · d]}, their fixed clusters (null = none) and assignments at
     * r − base; the block's statistics into {@code stats}. The same on this machine and on any other.
     */
    static void sampleBlock(Distributions dist, long key, long sweep, int b, double[][] parameters, double[] y,
            int r0, int r1, int base, int[] fixed, int[] z, double[] stats) {
        GaussianZStep.of(parameters).sample(dist, UncollapsedMultinomialChain.zStream(dist, key, sweep, b), y, r0, r1,
                base, fixed, z, stats);
    }

    /**
     * From now on the z-step's blocks run on {@code runner}: each block's rows ({@link #block}) are cut out
     * once and handed over; every sweep they come back with their assignments and statistics.
     */
    void runBlocksOn(BlockRunner runner) {
        if (remote != null) {
            throw new IllegalStateException("the blocks already run elsewhere");
        }
        List<RowBlock> blocks = new ArrayList<>();
        for (int b = 0; b < blockCount(); b++) {
            blocks.add(block(b));
        }
        remote = runner.open(blocks);
    }

    /** Releases the blocks placed by {@link #runBlocksOn}; the chain cannot sweep after this. */
    void closeBlocks() {
        if (remote != null) {
            remote.close();
        }
    }

    /** The z-step on the blocks' runner, then the parameter and π steps as on one machine. */
    private void remoteSweep(UniformRandomProvider rng) {
        List<RowBlock.Draw> drawn = remote.map(UncollapsedGaussianChain::drawBlock,
                new BlockRunner.Sweep(zKey, sweeps, parameters));
        if (drawn.size() != blockCount()) {
            throw new IllegalStateException("expected " + blockCount() + " blocks, got " + drawn.size());
        }
        for (int b = 0; b < drawn.size(); b++) {
            acceptBlock(b, drawn.get(b).z(), drawn.get(b).stats());
        }
        finishSweep(rng);
    }

    /**
     * The z-step of block b ({@link #block}) in the sweep {@code s}, on a {@link BlockRunner}: its rows'
     * clusters and statistics. Depends on nothing else.
     */
    static RowBlock.Draw drawBlock(Distributions dist, int b, RowBlock block, BlockRunner.Sweep s) {
        double[][] p = s.parameters();
        int[] zb = new int[block.end() - block.first()];
        double[] stats = new double[p[1].length * GaussianZStep.stride((int) p[0][0], p[0][1] == 1)];
        sampleBlock(dist, s.key(), s.sweep(), b, p, block.values(), block.first(), block.end(), block.first(),
                block.fixed(), zb, stats);
        return new RowBlock.Draw(zb, stats);
    }

    /** The parameter and π steps after the z-step of every block has set its rows' z and statistics. */
    void finishSweep(UniformRandomProvider rng) {
        sweeps++;
        drawParameters(rng);
    }

    /** Adds the blocks' statistics in block order, then draws every cluster's (μ, Σ) and π, on one thread. */
    private void drawParameters(UniformRandomProvider rng) {
        Arrays.fill(stats, 0.0);
        for (double[] bs : blockStats) {
            for (int i = 0; i < stats.length; i++) {
                stats[i] += bs[i];
            }
        }
        double[] pi = parameters[1];
        for (int c = 0; c < k; c++) {
            step.draw(stats, c, dist, rng, parameters[2], parameters[3]);
        }
        for (int c = 0; c < k; c++) {
            pi[c] = dist.nextLogGamma(rng, stats[c * stride] + alpha);
        }
        LogMath.normalizeLog(pi, 0, k);
    }

    int blockCount() {
        return blockStart.length - 1;
    }

    /**
     * For the chain runner's checkpoints: the sizes, key and sweep count, z, each block's statistics and
     * their sum, log π, the means and the spreads, then the kept draws. The chain draws from no stream of
     * its own (the runner saves the chain's stream).
     */
    @Override
    public void saveState(DataOutputStream out) throws IOException {
        out.writeInt(rows);
        out.writeInt(k);
        out.writeInt(d);
        out.writeBoolean(step.full());
        out.writeInt(blockCount());
        out.writeLong(zKey);
        out.writeLong(sweeps);
        for (int x : z) {
            out.writeInt(x);
        }
        for (double[] bs : blockStats) {
            writeDoubles(out, bs);
        }
        writeDoubles(out, stats);
        for (int p = 1; p < parameters.length; p++) {
            writeDoubles(out, parameters[p]);
        }
        if (moves != null) { // the moves' statistics are those of z; their acceptance counts are not
            moves.writeCounts(out);
        }
        recorder().write(out);
    }

    @Override
    public void restoreState(DataInputStream in) throws IOException {
        int r = in.readInt();
        int kk = in.readInt();
        int dd = in.readInt();
        boolean full = in.readBoolean();
        int nBlocks = in.readInt();
        long key = in.readLong();
        if (r != rows || kk != k || dd != d || full != step.full() || nBlocks != blockCount() || key != zKey) {
            throw new IOException("the saved chain has " + r + " rows, K = " + kk + ", " + dd + " columns, "
                    + (full ? "full" : "diagonal") + " covariances, " + nBlocks + " blocks and key " + key + "; this chain "
                    + rows + ", " + k + ", " + d + ", " + (step.full() ? "full" : "diagonal") + ", " + blockCount()
                    + " and " + zKey + " (another dataset, k, covariance or seed)");
        }
        long s = in.readLong();
        for (int i = 0; i < rows; i++) {
            int x = in.readInt();
            if (x < 0 || x >= k) {
                throw new IOException("a saved cluster " + x + " of row " + i + ", K = " + k);
            }
            z[i] = x;
        }
        for (double[] bs : blockStats) {
            readDoubles(in, bs);
        }
        readDoubles(in, stats);
        for (int p = 1; p < parameters.length; p++) {
            readDoubles(in, parameters[p]);
        }
        if (moves != null) {
            moves.readCounts(in);
        }
        refillCollapsed();
        sweeps = s;
        recorder().read(in);
    }

    private static void writeDoubles(DataOutputStream out, double[] a) throws IOException {
        for (double x : a) {
            out.writeDouble(x);
        }
    }

    private static void readDoubles(DataInputStream in, double[] a) throws IOException {
        for (int i = 0; i < a.length; i++) {
            a[i] = in.readDouble();
        }
    }

    /** Block b cut out for another machine: its rows, their fixed clusters (−1 = free) and centred values. */
    RowBlock block(int b) {
        int r0 = blockStart[b];
        int r1 = blockStart[b + 1];
        int[] fixed = new int[r1 - r0];
        for (int r = r0; r < r1; r++) {
            fixed[r - r0] = settings.isFixed(r) ? settings.fixed()[r] : -1;
        }
        return new RowBlock(r0, r1, fixed, Arrays.copyOfRange(y, r0 * d, r1 * d));
    }

    /** Takes block b's assignments and statistics drawn elsewhere. */
    private void acceptBlock(int b, int[] zb, double[] statsB) {
        if (zb.length != blockStart[b + 1] - blockStart[b] || statsB.length != blockStats[b].length) {
            throw new IllegalArgumentException("block " + b + ": " + zb.length + " assignments and " + statsB.length
                    + " statistics, expected " + (blockStart[b + 1] - blockStart[b]) + " and " + blockStats[b].length);
        }
        System.arraycopy(zb, 0, z, blockStart[b], zb.length);
        System.arraycopy(statsB, 0, blockStats[b], 0, statsB.length);
    }

    /** The z-step's inputs of the coming sweep (live arrays). */
    double[][] zStepParameters() {
        return parameters;
    }

    /** The blocks' statistics summed, as the parameter step last read them (a copy, for tests). */
    double[] statistics() {
        return stats.clone();
    }

    long zKey() {
        return zKey;
    }

    long sweeps() {
        return sweeps;
    }

    @Override
    double logJoint() {
        double lj = SpecialFunctions.logGamma(k * alpha) - k * SpecialFunctions.logGamma(alpha);
        for (int c = 0; c < k; c++) {
            lj += (stats[c * stride] + alpha - 1) * parameters[1][c];
            lj += step.logJoint(stats, c, parameters[2], parameters[3]);
        }
        return lj;
    }

    @Override
    int slotCount() {
        return k;
    }

    @Override
    int slotSize(int slot) {
        return (int) stats[slot * stride];
    }

    @Override
    List<String> parameterNames() {
        return components.parameterNames();
    }

    /**
     * The cluster's posterior-mean mean and covariance (or standard deviations) given the current
     * partition, as the collapsed chain reports them: the components are filled with the partition when
     * it has changed since they last were.
     */
    @Override
    List<String> describeSlot(int slot) {
        if (moves != null) { // the moves' components hold z after every sweep
            return components.describe(slot);
        }
        if (!Arrays.equals(described, z)) {
            components.ensureCapacity(k);
            components.fill(z);
            System.arraycopy(z, 0, described, 0, rows);
        }
        return components.describe(slot);
    }
}
