package io.plate.sampler.mixture.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.distributions.impl.FastDistributions;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/**
 * Bookkeeping of the uncollapsed multinomial chain that its Geweke tests (six documents, a handful of
 * words) cannot reach: the normaliser over thousands of words and under shapes so small that most
 * variates underflow, and draws that do not depend on the number of threads.
 */
class UncollapsedMultinomialChainTest {
    static final FastDistributions DIST = new FastDistributions();

    /** {@code rows} documents of 1–40 tokens over {@code vocabulary} words, word frequencies skewed like text. */
    static int[][] documents(int rows, int vocabulary, long seed) {
        UniformRandomProvider rng = DIST.stream(seed, 0);
        int[][] x = new int[rows][vocabulary];
        for (int[] row : x) {
            int n = 1 + rng.nextInt(40);
            for (int t = 0; t < n; t++) {
                row[(int) (vocabulary * Math.pow(rng.nextDouble(), 3))]++;
            }
        }
        return x;
    }

    static UncollapsedMultinomialChain chain(int[][] x, double beta, boolean parallel, UncollapsedMultinomialChain.Layout layout,
            long seed) {
        ChainSettings s = new ChainSettings(5, Initialisation.RANDOM, 1, 0, null);
        return new UncollapsedMultinomialChain(new MultinomialComponents(ComponentsTest.counts(x), beta), 1.0, beta,
                parallel, layout, s, DIST, DIST.stream(seed, 1));
    }

    /**
     * Every cluster's θ sums to 1 after every sweep: the normaliser, added up from the variates returned
     * beside their logarithms, agrees with the stored logarithms. At β = 0.001 over three words a
     * cluster's three variates are often all below 1e-250, where the plain sum is not used.
     */
    @Test
    void everyClusterSumsToOne() {
        for (int vocabulary : new int[] {3, 3000}) {
            for (double beta : new double[] {0.001, 0.02, 0.3, 2.0}) {
                int[][] x = documents(vocabulary == 3 ? 4 : 300, vocabulary, 7);
                UncollapsedMultinomialChain c = chain(x, beta, true, new UncollapsedMultinomialChain.Layout(4096, 100), 3);
                UniformRandomProvider rng = DIST.stream(5, 0);
                for (int sweep = 0; sweep < 30; sweep++) {
                    c.sweep(rng);
                    for (int k = 0; k < 5; k++) {
                        double[] logs = new double[vocabulary];
                        double max = Double.NEGATIVE_INFINITY;
                        for (int t = 0; t < vocabulary; t++) {
                            logs[t] = c.logTheta(t, k);
                            max = Math.max(max, logs[t]);
                        }
                        double sum = 0;
                        for (double l : logs) {
                            sum += Math.exp(l);
                        }
                        assertEquals(1.0, sum, 1e-12, "V = " + vocabulary + ", beta = " + beta + ", sweep " + sweep
                                + ", cluster " + k + " (largest log theta " + max + ")");
                    }
                }
            }
        }
    }

    /** Fixed blocks with their own streams: the same seed gives the same chain on one thread and on many. */
    @Test
    void drawsDoNotDependOnTheThreads() {
        int[][] x = documents(500, 2000, 11);
        UncollapsedMultinomialChain.Layout layout = new UncollapsedMultinomialChain.Layout(8 * 5 * 64, 128);
        UncollapsedMultinomialChain one = chain(x, 0.3, false, layout, 13);
        UncollapsedMultinomialChain many = chain(x, 0.3, true, layout, 13);
        UniformRandomProvider r1 = DIST.stream(17, 0);
        UniformRandomProvider r2 = DIST.stream(17, 0);
        for (int sweep = 0; sweep < 10; sweep++) {
            one.sweep(r1);
            many.sweep(r2);
            assertArrayEquals(one.assignments(), many.assignments(), "sweep " + sweep);
            assertEquals(one.logJoint(), many.logJoint(), 0.0, "sweep " + sweep);
        }
    }

    /**
     * Split–merge moves (3 a sweep, on the collapsed marginal): after every sweep the sizes and the word
     * counts the θ-step used are those of z (each cluster's description, read from the counts, equals
     * that of a chain without moves assigned the same z), moves were accepted, and the chain is the same
     * on one thread, on many, and with its blocks on a {@link BlockRunner} (where the word counts of an
     * accepted move come from the collapsed statistics, not from postings).
     */
    @Test
    void splitMergeKeepsTheStatisticsOfZ() {
        int[][] x = documents(300, 200, 23);
        MultinomialCorpus corpus = new MultinomialCorpus(ComponentsTest.counts(x));
        UncollapsedMultinomialChain.Layout layout = new UncollapsedMultinomialChain.Layout(8 * 5 * 64, 64);
        ChainSettings s = new ChainSettings(5, Initialisation.RANDOM, 1, 0, null);
        UncollapsedMultinomialChain[] chains = new UncollapsedMultinomialChain[3];
        UniformRandomProvider[] rngs = new UniformRandomProvider[3];
        for (int i = 0; i < 3; i++) {
            rngs[i] = DIST.stream(29, 0);
            chains[i] = new UncollapsedMultinomialChain(corpus, 1.0, 0.3, i == 1, layout, 3, 2, null, s, DIST, rngs[i]);
        }
        chains[2].runBlocksOn(new BlocksApart(DIST));
        for (int sweep = 0; sweep < 40; sweep++) {
            for (int i = 0; i < 3; i++) {
                chains[i].sweep(rngs[i]);
            }
            int[] z = chains[0].assignments();
            UncollapsedMultinomialChain plain = new UncollapsedMultinomialChain(corpus, 1.0, 0.3, false, layout, s, DIST,
                    DIST.stream(31, 0));
            plain.assign(z, DIST.stream(37, 0));
            for (int k = 0; k < 5; k++) {
                assertEquals(plain.slotSize(k), chains[0].slotSize(k), "sweep " + sweep + ", cluster " + k);
                assertEquals(plain.describeSlot(k), chains[0].describeSlot(k), "sweep " + sweep + ", cluster " + k);
            }
            for (int i = 1; i < 3; i++) {
                assertArrayEquals(z, chains[i].assignments(), "chain " + i + ", sweep " + sweep);
                assertEquals(chains[0].logJoint(), chains[i].logJoint(), 0.0, "chain " + i + ", sweep " + sweep);
            }
        }
        assertTrue(chains[0].splitMergeAcceptance() > 0, "acceptance " + chains[0].splitMergeAcceptance());
        chains[2].closeBlocks();
    }

    /**
     * The trap the moves are for: two of three topics share a cluster and the third slot is empty, so its θ
     * is a draw from the prior, which no document prefers. From there the chain with its default move (one
     * proposal a sweep) finds the three topics within 60 sweeps for each of four seeds; without moves it
     * stays merged (the test's teeth: the same start and sweeps, ARI below 0.7; the merged start has 0.64).
     */
    @Test
    void splitMergeSplitsTwoTopicsThatShareACluster() {
        io.plate.api.data.Dataset d = SyntheticData.documents(150, 40, SyntheticData.blockTopics(3, 60, 0.8),
                new double[] {0.3, 0.3, 0.4}, 3);
        int[] truth = d.labels().get().codes();
        int[] merged = new int[truth.length];
        for (int r = 0; r < truth.length; r++) {
            merged[r] = truth[r] == 2 ? 1 : 0; // topics 0 and 1 together in slot 0, topic 2 in slot 1, slot 2 empty
        }
        MultinomialCorpus corpus = MultinomialCorpus.of(d);
        ChainSettings s = new ChainSettings(3, Initialisation.RANDOM, 1, 0, null);
        for (long seed = 1; seed <= 4; seed++) {
            for (int moves : new int[] {0, 1}) {
                UniformRandomProvider rng = DIST.stream(seed, 0);
                UncollapsedMultinomialChain c = new UncollapsedMultinomialChain(corpus, 1.0, 0.3, false, moves, 3, s,
                        DIST, rng);
                c.assign(merged, rng);
                for (int sweep = 0; sweep < 60; sweep++) {
                    c.sweep(rng);
                }
                double ari = ClusterAgreement.adjustedRandIndex(truth, c.assignments());
                if (moves == 0) {
                    assertTrue(ari < 0.7, "seed " + seed + " without moves: ARI " + ari);
                } else {
                    assertEquals(1.0, ari, 0.0, "seed " + seed + " with moves: ARI " + ari);
                }
            }
        }
    }

    /**
     * A cluster is described by its posterior-mean θ given the partition, (c + β) / (T + Vβ), not by the
     * θ draw. By hand, with β = 0.5 over V = 3 words: the cluster of "w0 w0 w1" has T = 3, so w0 = 2.5 /
     * 4.5, w1 = 1.5 / 4.5, w2 = 0.5 / 4.5; the cluster of "w2" has w2 = 1.5 / 2.5, the others 0.5 / 2.5.
     */
    @Test
    void clustersAreDescribedByThePosteriorMean() {
        int[][] x = {{2, 1, 0}, {0, 0, 1}};
        ChainSettings s = new ChainSettings(2, Initialisation.RANDOM, 1, 0, null);
        UncollapsedMultinomialChain c = new UncollapsedMultinomialChain(new MultinomialComponents(ComponentsTest.counts(x), 0.5),
                1.0, 0.5, false, s, DIST, DIST.stream(3, 1));
        c.assign(new int[] {0, 1}, DIST.stream(5, 0));
        assertEquals(java.util.List.of("w0:0.5556 w1:0.3333 w2:0.1111"), c.describeSlot(0));
        assertEquals(java.util.List.of("w2:0.6000 w0:0.2000 w1:0.2000"), c.describeSlot(1));
    }
}
