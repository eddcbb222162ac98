package io.plate.sampler.mixture.impl;

import io.plate.api.sample.ClusteringFiles;
import io.plate.api.sample.Distributions;
import io.plate.api.sample.RestorableChain;
import io.plate.distributions.numerics.LogMath;
import io.plate.distributions.numerics.SpecialFunctions;
import io.plate.mcmc.StateCodec;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The Gibbs sampler for a finite mixture of multinomials, with every variable instantiated:
 *
 * <ol>
 * <li>z_d | θ, π ∝ π_k Π_v θ_kv^x_dv for every document d — independent across documents given (θ, π),
 *     so the documents are split into fixed blocks sampled in parallel, each block and sweep with its
 *     own generator stream keyed by (chain stream, sweep, block), so the result does not depend on
 *     scheduling and any machine can remake one block's stream of one sweep ({@link #zStream});</li>
 * <li>θ_k | z ~ Dirichlet(β + c_k), c_k the word counts of cluster k;</li>
 * <li>π | z ~ Dirichlet(α + m), m the cluster sizes.</li>
 * </ol>
 *
 * <p>θ and π are kept as logarithms: log-space gamma variates are exact for any β (a Gamma(β) variate
 * of small shape underflows to 0 often: half of them below 1e-300 at β = 0.001), and the z-step adds
 * instead of multiplying, so it needs neither rescaling nor a logarithm. θ is kept unnormalised: θ_kv
 * = g_kv / S_k with g the gamma variates and S_k their sum. Since Π_v θ_kv^x_dv = S_k^−N_d Π_v
 * g_kv^x_dv, the z-step subtracts N_d log S_k once per document and cluster instead of a pass that
 * divides every entry; each variate is drawn with its logarithm ({@link GammaTable} for the zero counts,
 * which are most of them) so that S_k costs an addition per entry.
 *
 * <p>Layout: the rows of log g are stored as {@code theta[rank * K + k]}, the words renumbered by
 * decreasing corpus frequency (ties by first document). The z-step works word by word rather than
 * document by document: for a block of documents whose K log weights fit in cache, it reads each row
 * of θ the block needs once, in address order, and adds it into the weights of the block's documents
 * that hold the word (the postings, built once). Document by document, every non-zero read a row from
 * wherever it lay in the 21 MB of 20news' θ, a cache miss for most of the 1.8 million non-zeros; word
 * by word, the rows stream and the misses are in the block's weights, which stay in L2. The θ-step,
 * parallel over blocks of words, counts c_kv from the same postings, each block writing only its own
 * rows. Nothing is allocated per document.
 *
 * <p>Split–merge moves ({@code splitMerge} a sweep, after the θ- and π-steps): the same Jain–Neal
 * proposals as the collapsed chain's ({@link SplitMerge} over a {@link MultinomialComponents} kept in
 * step with z, with the finite Dirichlet(α) prior ratio over the K slots of {@link FiniteSlots}), so they
 * target the collapsed marginal p(z | x), θ and π integrated out; when a move is accepted, π and every
 * θ_k are drawn again from their full conditionals given the new z. The kernel leaves p(z, θ, π | x)
 * invariant: the move never reads the old θ and π, and by detailed balance of the Metropolis–Hastings
 * move on p(z | x), Σ_z p(z | x) q(z → z') a(z, z') · p(θ', π' | z', x) = p(z' | x) p(θ', π' | z', x)
 * for the accepted part, while a rejection keeps (z, θ, π) as it was; with several proposals a sweep the
 * same holds for their composition, a kernel that leaves p(z | x) invariant and keeps z when none is
 * accepted (θ and π are then drawn once, after the last). Without them (K − k empty clusters
 * whose θ is a draw from the prior) the chain cannot split two topics that share a cluster.
 *
 * <p>The log joint is log p(x | z, θ) + log p(z | π) + log p(θ) + log p(π), up to the multinomial
 * coefficients.
 */
final class UncollapsedMultinomialChain extends MixtureChain implements RestorableChain {
    /**
     * How the work is cut into blocks: documents per block of the z-step chosen so that the block's log
     * weights (documents × K doubles) take about {@code blockBytes}, and {@code wordsPerBlock} words per
     * block of the θ-step (at most 64 blocks). Each block has its own generator stream, so the draws
     * depend on the layout but never on the number of threads.
     */
    record Layout(int blockBytes, int wordsPerBlock) {
        /** 256 KiB of log weights (a core's share of L2 here; measured flat from 128 KiB to 1 MiB) and 1,024 words. */
        static final Layout DEFAULT = new Layout(256 * 1024, 1024);

        Layout {
            if (blockBytes < 1 || wordsPerBlock < 1) {
                throw new IllegalArgumentException("block sizes must be >= 1, got " + blockBytes + ", " + wordsPerBlock);
            }
        }
    }

    /** Smallest sum of a cluster's variates added up plainly; below it (tiny β, tiny vocabulary) a log-sum-exp. */
    private static final double PLAIN_SUM_MIN = 1e-250;

    private final MultinomialCorpus data;
    private final int k;
    private final int v;
    private final double alpha;
    private final double beta;
    private final double[] theta; // [rank * k + cluster]: log g, unnormalised: log θ_kv = theta[v * k + c] - logNorm[c]
    private final double[] logNorm; // per cluster: log of the sum of its gamma variates
    private final int[] tokens; // per document: the number of tokens N_d
    private final double[] pi; // log π
    private final int[] wordCounts; // [rank * k + cluster]
    private final int[] sizes;
    private final int[] rankToWord;
    // postings ordered by (document block, word rank, document): block b holds the ranks blockWords[b][j],
    // each with the documents postDoc[q] and counts postCount[q] for q in blockPost[b][j]..blockPost[b][j + 1]
    private final int[] docBlockStart;
    private final int[][] blockWords;
    private final int[][] blockPost;
    private int[] postDoc; // dropped once the blocks run elsewhere (remote)
    private int[] postCount;
    /** Per document block: where each word block's ranks start in blockWords[b] (wordBlocks + 1 entries). */
    private final int[][] blockSegment;
    private double[][] logWeights; // per document block: documents × K log weights, reused every sweep
    private BlockRunner.Blocks<int[][]> remote; // the z-step's blocks when they run elsewhere, else null
    private final long zKey; // the z-step streams' key, drawn from the chain's stream: (seed, chain)
    private long sweeps; // sweeps done, counting those of the restarts: the z-step streams' sweep key
    private final int wordBlocks;
    private final UniformRandomProvider[] wordBlockRng;
    private final GammaTable prior; // Gamma(β), the draw of every entry with a zero count
    /** Doubles of padding around each block's partial sums, so that threads never write to one cache line. */
    private static final int PAD = 16;
    private final double[][] blockSums; // [word block][PAD + k + PAD]: per cluster partial sum of the variates
    private final boolean parallel;
    // the moves' collapsed statistics (z after the moves), for the word counts on a BlockRunner: null without moves
    private final MultinomialComponents collapsed;
    private final CollapsedMoves moves;

    UncollapsedMultinomialChain(MultinomialCorpus data, double alpha, double beta, boolean parallel,
            ChainSettings settings, Distributions dist, UniformRandomProvider rng) {
        this(data, alpha, beta, parallel, Layout.DEFAULT, settings, dist, rng);
    }

    /** The chain with {@code splitMerge} split–merge proposals a sweep, each launched by {@code launchScans} scans. */
    UncollapsedMultinomialChain(MultinomialCorpus data, double alpha, double beta, boolean parallel, int splitMerge,
            int launchScans, ChainSettings settings, Distributions dist, UniformRandomProvider rng) {
        this(data, alpha, beta, parallel, Layout.DEFAULT, splitMerge, launchScans, null, settings, dist, rng);
    }

    /** A chain over the documents of {@code components} (only its shared corpus is read). */
    UncollapsedMultinomialChain(MultinomialComponents components, double alpha, double beta, boolean parallel,
            ChainSettings settings, Distributions dist, UniformRandomProvider rng) {
        this(components.corpus(), alpha, beta, parallel, Layout.DEFAULT, settings, dist, rng);
    }

    UncollapsedMultinomialChain(MultinomialComponents components, double alpha, double beta, boolean parallel,
            Layout layout, ChainSettings settings, Distributions dist, UniformRandomProvider rng) {
        this(components.corpus(), alpha, beta, parallel, layout, settings, dist, rng);
    }

    UncollapsedMultinomialChain(MultinomialCorpus data, double alpha, double beta, boolean parallel, Layout layout,
            ChainSettings settings, Distributions dist, UniformRandomProvider rng) {
        this(data, alpha, beta, parallel, layout, 0, 0, null, settings, dist, rng);
    }

    /**
     * The chain in {@code layout} with {@code splitMerge} split–merge proposals a sweep and the partition
     * prior's split ratio {@code ratio} (null: the symmetric Dirichlet's; another only for tests).
     */
    UncollapsedMultinomialChain(MultinomialCorpus data, double alpha, double beta, boolean parallel, Layout layout,
            int splitMerge, int launchScans, SplitMerge.Ratio ratio, ChainSettings settings, Distributions dist,
            UniformRandomProvider rng) {
        super(data.rows(), settings, dist);
        if (splitMerge < 0) {
            throw new IllegalArgumentException("split_merge must be >= 0, got " + splitMerge);
        }
        if (!(alpha > 0) || Double.isInfinite(alpha)) {
            throw new IllegalArgumentException("alpha must be > 0, got " + alpha);
        }
        if (!(beta > 0) || Double.isInfinite(beta)) {
            throw new IllegalArgumentException("beta must be > 0, got " + beta);
        }
        if (settings.fixedClusters() > settings.clusters()) {
            throw new IllegalArgumentException("k = " + settings.clusters() + " is less than the "
                    + settings.fixedClusters() + " labelled classes");
        }
        this.data = data;
        this.k = settings.clusters();
        this.v = data.vocabularySize();
        this.alpha = alpha;
        this.beta = beta;
        this.parallel = parallel;
        this.theta = new double[Math.multiplyExact(v, k)];
        this.logNorm = new double[k];
        this.tokens = new int[rows];
        this.pi = new double[k];
        this.wordCounts = new int[Math.multiplyExact(v, k)];
        this.sizes = new int[k];
        int[] allWords = data.words();
        int[] starts = data.docStart();
        int[] docCounts = data.wordCounts();
        this.rankToWord = frequencyOrder(allWords, starts);
        int[] wordToRank = new int[v];
        for (int r = 0; r < v; r++) {
            wordToRank[rankToWord[r]] = r;
        }
        for (int d = 0; d < rows; d++) {
            for (int p = starts[d], e = starts[d + 1]; p < e; p++) {
                tokens[d] += docCounts[p];
            }
        }
        // document blocks of about layout.blockBytes() of log weights each, and at least two when the rows allow
        int perBlock = Math.max(1, layout.blockBytes() / (8 * k));
        int nBlocks = Math.max(Math.min(2, rows), (rows + perBlock - 1) / perBlock);
        this.wordBlocks = Math.max(1, Math.min(64, v / layout.wordsPerBlock()));
        this.docBlockStart = new int[nBlocks + 1];
        for (int b = 0; b <= nBlocks; b++) {
            docBlockStart[b] = (int) ((long) rows * b / nBlocks);
        }
        this.blockWords = new int[nBlocks][];
        this.blockPost = new int[nBlocks][];
        this.blockSegment = new int[nBlocks][];
        this.logWeights = new double[nBlocks][];
        this.postDoc = new int[allWords.length];
        this.postCount = new int[allWords.length];
        int[] fill = new int[v + 1];
        for (int b = 0; b < nBlocks; b++) {
            logWeights[b] = new double[Math.multiplyExact(docBlockStart[b + 1] - docBlockStart[b], k)];
            buildPostings(b, wordToRank, fill);
        }
        this.zKey = rng.nextLong();
        this.wordBlockRng = new UniformRandomProvider[wordBlocks];
        long cbase = rng.nextLong();
        for (int b = 0; b < wordBlocks; b++) {
            wordBlockRng[b] = dist.stream(cbase, b);
        }
        // most words have count 0 in a cluster: their shape is β, drawn from a table built once
        this.prior = GammaTable.of(beta);
        this.blockSums = new double[wordBlocks][PAD + k + PAD];
        this.collapsed = splitMerge > 0 ? new MultinomialComponents(data, beta) : null;
        this.moves = collapsed == null ? null : CollapsedMoves.of(collapsed, settings, k, alpha, ratio, launchScans,
                splitMerge);
        initialise(rng);
    }

    /**
     * The postings of document block b (ordered by word rank, then document) at the block's place in
     * {@code postDoc}/{@code postCount}, the ranks it holds, and where each word block's ranks start;
     * {@code fill} is scratch of v + 1 ints.
     */
    private void buildPostings(int b, int[] wordToRank, int[] fill) {
        int[] allWords = data.words();
        int[] starts = data.docStart();
        int[] docCounts = data.wordCounts();
        int d0 = docBlockStart[b];
        int d1 = docBlockStart[b + 1];
        int q = starts[d0]; // the block's postings take the places of its documents' non-zeros
        Arrays.fill(fill, 0);
        for (int p = starts[d0]; p < starts[d1]; p++) {
            fill[wordToRank[allWords[p]] + 1]++;
        }
        int present = 0;
        for (int t = 0; t < v; t++) {
            if (fill[t + 1] > 0) {
                present++;
            }
            fill[t + 1] += fill[t];
        }
        int[] ws = new int[present];
        int[] ps = new int[present + 1];
        int[] seg = new int[wordBlocks + 1];
        for (int t = 0, j = 0, wb = 0; t < v; t++) {
            while (wb < wordBlocks && blockStart(wb + 1) <= t) {
                seg[++wb] = j;
            }
            if (fill[t + 1] > fill[t]) {
                ws[j] = t;
                ps[j] = q + fill[t];
                j++;
            }
        }
        seg[wordBlocks] = present;
        ps[present] = q + fill[v];
        for (int d = d0; d < d1; d++) {
            for (int p = starts[d], e = starts[d + 1]; p < e; p++) {
                int at = q + fill[wordToRank[allWords[p]]]++;
                postDoc[at] = d;
                postCount[at] = docCounts[p];
            }
        }
        blockWords[b] = ws;
        blockPost[b] = ps;
        blockSegment[b] = seg;
    }

    /**
     * Word ids by decreasing corpus frequency, words of equal frequency in the order of the first
     * document that holds them: θ's rows then lie in the order the θ-step and the z-step visit them.
     */
    private int[] frequencyOrder(int[] allWords, int[] starts) {
        long[] freq = new long[v];
        int[] firstDoc = new int[v];
        Arrays.fill(firstDoc, Integer.MAX_VALUE);
        for (int d = 0; d < rows; d++) {
            for (int p = starts[d], e = starts[d + 1]; p < e; p++) {
                int w = allWords[p];
                freq[w]++;
                firstDoc[w] = Math.min(firstDoc[w], d);
            }
        }
        Integer[] order = new Integer[v];
        for (int t = 0; t < v; t++) {
            order[t] = t;
        }
        Arrays.sort(order, (x, y) -> freq[x] != freq[y] ? Long.compare(freq[y], freq[x])
                : firstDoc[x] != firstDoc[y] ? Integer.compare(firstDoc[x], firstDoc[y]) : Integer.compare(x, y));
        int[] out = new int[v];
        for (int r = 0; r < v; r++) {
            out[r] = order[r];
        }
        return out;
    }

    @Override
    void seed(UniformRandomProvider rng, int[] out) {
        // empty components over the shared corpus: seeding reads only their distances
        Seeding.seed(settings.init(), new MultinomialComponents(data, beta), k, settings.fixed(), dist, rng, out);
    }

    @Override
    void assign(int[] start, UniformRandomProvider rng) {
        System.arraycopy(start, 0, z, 0, rows);
        refillCollapsed();
        if (remote != null) { // the postings are with the blocks: they count the words of the new z
            int[][] zb = new int[blockWords.length][];
            for (int b = 0; b < zb.length; b++) {
                zb[b] = Arrays.copyOfRange(z, docBlockStart[b], docBlockStart[b + 1]);
            }
            addCounts(remote.map(counting(k), zb), 0);
        }
        countAndDraw(rng);
    }

    @Override
    public void sweep(UniformRandomProvider rng) {
        gibbsSweep(rng);
        splitMerge(rng);
    }

    /** The z-step, then the θ- and π-steps. */
    private void gibbsSweep(UniformRandomProvider rng) {
        if (remote != null) {
            remoteSweep(rng);
            return;
        }
        int nBlocks = blockWords.length;
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
     * The sweep's split–merge proposals on p(z | x): the collapsed statistics follow the rows that the
     * z-step moved (their words only), the moves run on them, and if any was accepted z takes the new
     * partition and θ and π are drawn again given it.
     */
    private void splitMerge(UniformRandomProvider rng) {
        if (moves == null) {
            return;
        }
        if (moves.run(z, rng)) {
            System.arraycopy(moves.partition(), 0, z, 0, rows);
            if (remote != null) { // no postings here: the word counts of the new z are the collapsed ones
                for (int t = 0; t < v; t++) {
                    for (int c = 0, w = rankToWord[t]; c < k; c++) {
                        wordCounts[t * k + c] = collapsed.count(w, c);
                    }
                }
            }
            countAndDraw(rng);
        }
    }

    /** The collapsed statistics of the moves rebuilt for the rows as z holds them (arrays reused). */
    private void refillCollapsed() {
        if (moves != null) {
            moves.refill(z, settings);
        }
    }

    @Override
    double splitMergeAcceptance() {
        return moves == null ? Double.NaN : moves.acceptance();
    }

    /**
     * From now on the z-step's blocks run on {@code runner}: the blocks are cut out once and handed over,
     * and this chain drops its postings (the θ-step then takes the blocks' word counts).
     */
    void runBlocksOn(BlockRunner runner) {
        if (remote != null) {
            throw new IllegalStateException("the blocks already run elsewhere");
        }
        List<int[][]> slices = new ArrayList<>();
        for (int b = 0; b < blockWords.length; b++) {
            slices.add(blockSlice(b));
        }
        remote = runner.open(slices);
        postDoc = null;
        postCount = null;
        logWeights = null;
    }

    /** Releases the blocks placed by {@link #runBlocksOn}; the chain cannot sweep after this. */
    void closeBlocks() {
        if (remote != null) {
            remote.close();
        }
    }

    /**
     * The z-step on the blocks' runner; the blocks' word counts (integers, exact in any order) replace
     * the counting from postings in the θ-step, then the θ- and π-steps as on one machine.
     */
    private void remoteSweep(UniformRandomProvider rng) {
        List<int[][]> drawn = remote.map(UncollapsedMultinomialChain::sampleBlockWithCounts,
                new BlockRunner.Sweep(zKey, sweeps, zStepParameters()));
        if (drawn.size() != blockWords.length) {
            throw new IllegalStateException("expected " + blockWords.length + " blocks, got " + drawn.size());
        }
        for (int b = 0; b < drawn.size(); b++) {
            int[] zb = drawn.get(b)[0];
            if (zb.length != docBlockStart[b + 1] - docBlockStart[b]) {
                throw new IllegalStateException("block " + b + " came back with " + zb.length + " documents");
            }
            System.arraycopy(zb, 0, z, docBlockStart[b], zb.length);
        }
        addCounts(drawn, 1);
        finishSweep(rng);
    }

    /** wordCounts = the sum of the blocks' {indices, counts}, found at {@code perBlock.get(b)[at]} and the next. */
    private void addCounts(List<int[][]> perBlock, int at) {
        if (perBlock.size() != blockWords.length) {
            throw new IllegalStateException("expected the counts of " + blockWords.length + " blocks, got "
                    + perBlock.size());
        }
        Arrays.fill(wordCounts, 0);
        for (int[][] block : perBlock) {
            int[] index = block[at];
            int[] n = block[at + 1];
            for (int i = 0; i < index.length; i++) {
                wordCounts[index[i]] += n[i];
            }
        }
    }

    /**
     * The z-step of a {@link #blockSlice} b on a {@link BlockRunner}: its documents' clusters, then their
     * word counts per (rank · K + cluster) under them, {z, indices, counts}; K is the length of log π.
     */
    static int[][] sampleBlockWithCounts(Distributions dist, int b, int[][] block, BlockRunner.Sweep s) {
        int[] zb = sampleSlice(dist, b, block, s);
        int[][] counts = blockCounts(block, zb, s.parameters()[2].length);
        return new int[][] {zb, counts[0], counts[1]};
    }

    /** The assignments of a {@link #blockSlice} b in the sweep {@code s}; K is the length of log π. */
    static int[] sampleSlice(Distributions dist, int b, int[][] block, BlockRunner.Sweep s) {
        double[][] parameters = s.parameters();
        int kk = parameters[2].length;
        int d0 = block[0][0];
        int d1 = block[0][1];
        int[] fixed = block[6];
        int[] zb = new int[d1 - d0];
        for (int i = 0; i < zb.length; i++) {
            zb[i] = Math.max(fixed[i], 0);
        }
        sampleBlock(dist, zStream(dist, s.key(), s.sweep(), b), kk, parameters[0], parameters[1], parameters[2], d0, d1,
                d0, block[1], block[2], block[3], block[4], block[5], fixed, new double[Math.multiplyExact(d1 - d0, kk)], zb);
        return zb;
    }

    /** The step that counts a block's words under its assignments {@code z[b]} (the shared value), K = {@code kk}. */
    private static BlockRunner.Step<int[][], int[][], int[][]> counting(int kk) {
        return (dist, b, block, z) -> blockCounts(block, z[b], kk);
    }

    /**
     * Word counts of one block's documents per (rank · K + cluster), as {indices, counts} of the non-zero
     * entries, from a {@link #blockSlice} and the block's assignments {@code zb}.
     */
    static int[][] blockCounts(int[][] block, int[] zb, int kk) {
        int d0 = block[0][0];
        int[] ws = block[1];
        int[] ps = block[2];
        int[] postDoc = block[3];
        int[] postCount = block[4];
        int[] at = new int[postDoc.length]; // at most one entry per posting
        int[] n = new int[postDoc.length];
        int[] one = new int[kk];
        int[] touched = new int[kk]; // the clusters of this word's documents, in first-seen order
        int m = 0;
        for (int j = 0; j < ws.length; j++) {
            int t = 0;
            for (int q = ps[j]; q < ps[j + 1]; q++) {
                int c = zb[postDoc[q] - d0];
                if (one[c] == 0 && postCount[q] != 0) {
                    touched[t++] = c;
                }
                one[c] += postCount[q];
            }
            // a word is in few of a block's documents: visit only their clusters, not all K
            for (int i = 0; i < t; i++) {
                int c = touched[i];
                at[m] = ws[j] * kk + c;
                n[m++] = one[c];
                one[c] = 0;
            }
        }
        return new int[][] {Arrays.copyOf(at, m), Arrays.copyOf(n, m)};
    }

    /**
     * Everything that changes from sweep to sweep, for a checkpoint: z, θ with its normalisers, π, the
     * word counts, the sweep count, the θ-step's streams (the π-step's stream is the caller's) and the
     * split–merge moves' counts (their statistics are rebuilt from z).
     */
    void writeState(DataOutputStream out) throws IOException {
        out.writeInt(rows);
        out.writeInt(k);
        out.writeInt(v);
        out.writeLong(zKey);
        out.writeLong(sweeps);
        for (int x : z) {
            out.writeInt(x);
        }
        for (double x : theta) {
            out.writeDouble(x);
        }
        for (double x : logNorm) {
            out.writeDouble(x);
        }
        for (double x : pi) {
            out.writeDouble(x);
        }
        for (int x : wordCounts) {
            out.writeInt(x);
        }
        for (UniformRandomProvider g : wordBlockRng) {
            StateCodec.writeGenerator(g, out);
        }
        if (moves != null) { // the moves' statistics are those of z; their acceptance counts are not
            moves.writeCounts(out);
        }
    }

    /** Takes the state {@link #writeState} wrote, for a chain made as the one that wrote it. */
    void readState(DataInputStream in) throws IOException {
        int r = in.readInt();
        int kk = in.readInt();
        int vv = in.readInt();
        long key = in.readLong();
        if (r != rows || kk != k || vv != v || key != zKey) {
            throw new IOException("the saved chain has " + r + " documents, K = " + kk + ", " + vv
                    + " words and key " + key + "; this chain " + rows + ", " + k + ", " + v + " and " + zKey
                    + " (another corpus, k or seed)");
        }
        sweeps = in.readLong();
        for (int i = 0; i < z.length; i++) {
            z[i] = in.readInt();
        }
        for (int i = 0; i < theta.length; i++) {
            theta[i] = in.readDouble();
        }
        for (int i = 0; i < k; i++) {
            logNorm[i] = in.readDouble();
        }
        for (int i = 0; i < k; i++) {
            pi[i] = in.readDouble();
        }
        for (int i = 0; i < wordCounts.length; i++) {
            wordCounts[i] = in.readInt();
        }
        for (UniformRandomProvider g : wordBlockRng) {
            StateCodec.readGenerator(g, in);
        }
        if (moves != null) {
            moves.readCounts(in);
        }
        Arrays.fill(sizes, 0);
        for (int x : z) {
            sizes[x]++;
        }
        refillCollapsed();
    }

    /** For the chain runner's checkpoints: {@link #writeState}, then the kept draws. */
    @Override
    public void saveState(DataOutputStream out) throws IOException {
        writeState(out);
        recorder().write(out);
    }

    @Override
    public void restoreState(DataInputStream in) throws IOException {
        readState(in);
        recorder().read(in);
    }

    /** The θ- and π-steps after the z-step of every block has set its documents' z. */
    void finishSweep(UniformRandomProvider rng) {
        sweeps++;
        countAndDraw(rng);
    }

    int blockCount() {
        return blockWords.length;
    }

    /**
     * Document block b cut out for another machine, as {@link #sampleBlock(Distributions,
     * UniformRandomProvider, int, double[], double[], double[], int, int, int, int[], int[], int[], int[],
     * int[], int[], double[], int[])} takes it with base d0: {d0, d1}, the ranks, their posting starts
     * (from 0), the postings' documents and counts, the documents' tokens and fixed clusters (−1 = free).
     */
    int[][] blockSlice(int b) {
        int d0 = docBlockStart[b];
        int d1 = docBlockStart[b + 1];
        int[] ps = blockPost[b].clone();
        int q0 = ps[0];
        for (int j = 0; j < ps.length; j++) {
            ps[j] -= q0;
        }
        int q1 = blockPost[b][ps.length - 1];
        int[] fixed = new int[d1 - d0];
        for (int d = d0; d < d1; d++) {
            fixed[d - d0] = settings.isFixed(d) ? settings.fixed()[d] : -1;
        }
        return new int[][] {{d0, d1}, blockWords[b].clone(), ps, Arrays.copyOfRange(postDoc, q0, q1),
            Arrays.copyOfRange(postCount, q0, q1), Arrays.copyOfRange(tokens, d0, d1), fixed};
    }

    /** The z-step's inputs of the current sweep: log θ unnormalised, its log normalisers, log π (live arrays). */
    double[][] zStepParameters() {
        return new double[][] {theta, logNorm, pi};
    }

    long zKey() {
        return zKey;
    }

    long sweeps() {
        return sweeps;
    }

    /**
     * The generator of the z-step of document block {@code block} in sweep {@code sweep} of the chain
     * whose z-step key is {@code key}: a SplitMix64 mix of the three, so that it depends on nothing else.
     */
    static UniformRandomProvider zStream(Distributions dist, long key, long sweep, int block) {
        return dist.stream(mix(mix(key + 0x9e3779b97f4a7c15L * (sweep + 1)) + 0x9e3779b97f4a7c15L * (block + 1L)), 0);
    }

    /** SplitMix64's output function (Stafford's Mix13), a bijection of the longs. */
    private static long mix(long x) {
        x = (x ^ (x >>> 30)) * 0xbf58476d1ce4e5b9L;
        x = (x ^ (x >>> 27)) * 0x94d049bb133111ebL;
        return x ^ (x >>> 31);
    }

    private void sampleBlock(int b) {
        int d0 = docBlockStart[b];
        sampleBlock(dist, zStream(dist, zKey, sweeps, b), k, theta, logNorm, pi, d0, docBlockStart[b + 1], 0,
                blockWords[b], blockPost[b], postDoc, postCount, tokens, settings.fixed(), logWeights[b], z);
    }

    /**
     * z-step for the documents {@code [d0, d1)} of one block, given θ (with its log normalisers) and π:
     * the log weights of all the block's documents at once, word by word (each row of log θ is read once
     * per block, in address order, and added into the weights of the block's documents that hold the
     * word, which stay in cache), then one draw per document. The block holds the ranks {@code ws}, each
     * with the documents {@code postDoc[q]} and counts {@code postCount[q]} for q in ps[j]..ps[j + 1];
     * {@code tokens}, {@code fixed} (null = none) and {@code z} hold document d at d − {@code base}, and
     * {@code w} is scratch of (d1 − d0) · k doubles. The one z-step of the chain on one machine and on
     * many.
     */
    static void sampleBlock(Distributions dist, UniformRandomProvider g, int kk, double[] theta, double[] logNorm,
            double[] pi, int d0, int d1, int base, int[] ws, int[] ps, int[] postDoc, int[] postCount, int[] tokens,
            int[] fixed, double[] w, int[] z) {
        for (int d = d0, o = 0; d < d1; d++, o += kk) {
            double n = tokens[d - base];
            for (int c = 0; c < kk; c++) {
                w[o + c] = pi[c] - n * logNorm[c];
            }
        }
        final int k4 = kk & ~3;
        for (int j = 0, e = ws.length; j < e; j++) {
            int row = ws[j] * kk;
            int q0 = ps[j];
            int qe = ps[j + 1];
            for (int c = 0; c < k4; c += 4) {
                double t0 = theta[row + c];
                double t1 = theta[row + c + 1];
                double t2 = theta[row + c + 2];
                double t3 = theta[row + c + 3];
                for (int q = q0; q < qe; q++) {
                    int o = (postDoc[q] - d0) * kk + c;
                    double x = postCount[q];
                    w[o] += x * t0;
                    w[o + 1] += x * t1;
                    w[o + 2] += x * t2;
                    w[o + 3] += x * t3;
                }
            }
            for (int c = k4; c < kk; c++) {
                double t0 = theta[row + c];
                for (int q = q0; q < qe; q++) {
                    w[(postDoc[q] - d0) * kk + c] += postCount[q] * t0;
                }
            }
        }
        final double[] one = new double[kk]; // per block and sweep
        for (int d = d0, o = 0; d < d1; d++, o += kk) {
            if (fixed == null || fixed[d - base] < 0) {
                System.arraycopy(w, o, one, 0, kk);
                z[d - base] = dist.nextCategoricalFromLogWeights(g, one, kk);
            }
        }
    }

    /**
     * Cluster sizes from z; counts per word block and θ | z (parallel over word blocks); then π | z. θ is
     * left unnormalised: the z-step subtracts N_d · logNorm[c] once per document and cluster, which
     * saves a pass over all of θ.
     */
    private void countAndDraw(UniformRandomProvider rng) {
        Arrays.fill(sizes, 0);
        for (int d = 0; d < rows; d++) {
            sizes[z[d]]++;
        }
        if (parallel && wordBlocks > 1) {
            IntStream.range(0, wordBlocks).parallel().forEach(this::drawGammas);
        } else {
            for (int b = 0; b < wordBlocks; b++) {
                drawGammas(b);
            }
        }
        normalisers();
        for (int c = 0; c < k; c++) {
            pi[c] = dist.nextLogGamma(rng, sizes[c] + alpha);
        }
        LogMath.normalizeLog(pi, 0, k);
    }

    /** Words {@code [from, to)} of block b: contiguous ranks, about equal blocks. */
    private int blockStart(int b) {
        return (int) ((long) v * b / wordBlocks);
    }

    /**
     * θ_c ~ Dirichlet(β + counts of c) for every cluster, as gamma variates divided by their sum. The
     * words of word block b draw the logarithms of their K variates, on the block's own stream, and the
     * block keeps the partial sum of the variates per cluster; {@link #normalisers()} adds the blocks'
     * sums, and the variates are never divided (the z-step and the log joint subtract log of the sum).
     * The blocks are fixed by the vocabulary size and each has its own stream, so the draws do not depend
     * on how many threads run them.
     */
    private void drawGammas(int b) {
        UniformRandomProvider g = wordBlockRng[b];
        double[] sums = blockSums[b];
        int from = blockStart(b) * k;
        int to = blockStart(b + 1) * k;
        // c_kv for the words of this block, from each document block's postings: writes only this block's
        // rows (when the blocks run elsewhere, their counts are already in)
        if (remote == null) {
            countWords(b, from, to);
        }
        drawBlock(g, sums, from, to);
    }

    private void countWords(int b, int from, int to) {
        Arrays.fill(wordCounts, from, to, 0);
        for (int db = 0; db < blockWords.length; db++) {
            int[] ws = blockWords[db];
            int[] ps = blockPost[db];
            for (int j = blockSegment[db][b], je = blockSegment[db][b + 1]; j < je; j++) {
                int row = ws[j] * k;
                for (int q = ps[j], e = ps[j + 1]; q < e; q++) {
                    wordCounts[row + z[postDoc[q]]] += postCount[q];
                }
            }
        }
    }

    private void drawBlock(UniformRandomProvider g, double[] sums, int from, int to) {
        final int o = PAD;
        final GammaTable prior = this.prior;
        Arrays.fill(sums, o, o + k, 0.0);
        for (int i = from, c = 0; i < to; i++) {
            int n = wordCounts[i];
            double x;
            if (n == 0) {
                x = prior.nextLogInto(g, theta, i);
                sums[o + c] += x;
            } else {
                theta[i] = dist.nextGamma(g, beta + n, 1.0);
            }
            if (++c == k) {
                c = 0;
            }
        }
        for (int i = from, c = 0; i < to; i++) {
            if (wordCounts[i] != 0) {
                double x = theta[i];
                sums[o + c] += x;
                theta[i] = Math.log(x);
            }
            if (++c == k) {
                c = 0;
            }
        }
    }

    /**
     * log of the normaliser of every cluster from the blocks' partial sums. A sum that is not a normal
     * double far from the underflow (only with shapes so small that most variates underflow) is
     * recomputed exactly as a log-sum-exp over the cluster's stored logarithms.
     */
    private void normalisers() {
        final int o = PAD;
        for (int c = 0; c < k; c++) {
            double s = 0;
            for (double[] bs : blockSums) {
                s += bs[o + c];
            }
            logNorm[c] = s >= PLAIN_SUM_MIN && s < Double.POSITIVE_INFINITY ? Math.log(s) : logSumOfColumn(c);
        }
    }

    private double logSumOfColumn(int c) {
        double max = Double.NEGATIVE_INFINITY;
        for (int i = c; i < theta.length; i += k) {
            max = Math.max(max, theta[i]);
        }
        double s = 0;
        for (int i = c; i < theta.length; i += k) {
            s += Math.exp(theta[i] - max);
        }
        return max + Math.log(s);
    }

    @Override
    double logJoint() {
        double lj = SpecialFunctions.logGamma(k * alpha) - k * SpecialFunctions.logGamma(alpha);
        for (int c = 0; c < k; c++) {
            lj += (sizes[c] + alpha - 1) * logPi(c);
        }
        double thetaNorm = SpecialFunctions.logGamma(v * beta) - v * SpecialFunctions.logGamma(beta);
        lj += k * thetaNorm;
        for (int i = 0, c = 0, e = v * k; i < e; i++) {
            double w = wordCounts[i] + beta - 1;
            if (w != 0) {
                lj += w * (theta[i] - logNorm[c]);
            }
            if (++c == k) {
                c = 0;
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
        return sizes[slot];
    }

    @Override
    List<String> parameterNames() {
        return List.of(ClusteringFiles.TOP_WORDS);
    }

    /**
     * The ten most probable words of the cluster under its posterior-mean θ given the current partition,
     * (c + β) / (T + Vβ) from the word counts of z, as the collapsed chain reports them (not the θ draw).
     */
    @Override
    List<String> describeSlot(int slot) {
        long total = 0;
        for (int t = 0; t < v; t++) {
            total += wordCounts[t * k + slot];
        }
        return List.of(MultinomialComponents.topWords(t -> wordCounts[t * k + slot], v, total, beta,
                t -> data.vocabulary().get(rankToWord[t]), 10));
    }

    /** log θ in cluster {@code c} of the word of frequency rank {@code t}. */
    double logTheta(int t, int c) {
        double x = theta[t * k + c];
        return x - logNorm[c];
    }

    double logPi(int c) {
        return pi[c];
    }
}
