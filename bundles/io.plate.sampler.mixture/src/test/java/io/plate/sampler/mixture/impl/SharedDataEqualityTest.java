package io.plate.sampler.mixture.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.plate.api.data.Dataset;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Data shared by all chains ({@link MultinomialCorpus}, {@link CategoricalTable}) apart from per-chain
 * counts: two chains sharing one copy of the data and swept in turn follow chains that each have their
 * own copy draw for draw from the same seeds, collapsed finite and Dirichlet-process alike, and no chain
 * writes to the shared data. (That the split changed no draw against the code before it was checked once
 * with the code of both sides; docs/mixtures.md says how.)
 */
class SharedDataEqualityTest {
    private static final double[] WEIGHTS = {0.3, 0.3, 0.4};
    private static final int SWEEPS = 25;
    private static final long[] SEEDS = {11, 12};

    private final Dataset documents = SyntheticData.documents(90, 30, SyntheticData.blockTopics(3, 40, 0.8), WEIGHTS, 5);
    private final Dataset categories = SyntheticData.categories(120, 3, 5, 4, 0.8, 6);

    private static ChainSettings settings(int k) {
        return new ChainSettings(k, Initialisation.KMEANS_PP, 2, 3, null);
    }

    private static MixtureChain finite(Components c, long seed) {
        return new FiniteMixtureChain(c, 1.0, 1, 3, settings(3), SyntheticData.DIST, GewekeTest.rng(seed));
    }

    private static MixtureChain dp(Components c, long seed) {
        return new DirichletProcessChain(c, 1.0, 1.0, 1.0, 5, 3, settings(1), SyntheticData.DIST, GewekeTest.rng(seed));
    }

    /** Two chains each with its own data against two sharing one copy, swept in turn. */
    private static void sameDraws(String what, Function<Long, MixtureChain> before, Function<Long, MixtureChain> after) {
        MixtureChain[] old = {before.apply(SEEDS[0]), before.apply(SEEDS[1])};
        MixtureChain[] now = {after.apply(SEEDS[0]), after.apply(SEEDS[1])};
        for (int s = 0; s <= SWEEPS; s++) {
            for (int c = 0; c < 2; c++) {
                if (s > 0) {
                    old[c].sweep(GewekeTest.rng(1000L * s + c));
                    now[c].sweep(GewekeTest.rng(1000L * s + c));
                }
                String at = what + ", chain " + c + ", sweep " + s;
                assertArrayEquals(old[c].assignments(), now[c].assignments(), at);
                assertEquals(old[c].logJoint(), now[c].logJoint(), 0.0, at);
            }
        }
        for (int c = 0; c < 2; c++) {
            for (int k = 0; k < old[c].slotCount(); k++) {
                if (old[c].slotSize(k) > 0) {
                    assertEquals(old[c].describeSlot(k), now[c].describeSlot(k), what + ", slot " + k);
                }
            }
        }
    }

    @Test
    void multinomialChainsSharingOneCorpusDrawAsChainsWithTheirOwn() {
        MultinomialCorpus shared = MultinomialCorpus.of(documents);
        int[] words = shared.words().clone();
        int[] counts = shared.wordCounts().clone();
        sameDraws("finite multinomial", seed -> finite(MultinomialComponents.of(documents, 0.3), seed),
                seed -> finite(new MultinomialComponents(shared, 0.3), seed));
        sameDraws("DP multinomial", seed -> dp(MultinomialComponents.of(documents, 0.3), seed),
                seed -> dp(new MultinomialComponents(shared, 0.3), seed));
        assertArrayEquals(words, shared.words(), "the chains left the shared words alone");
        assertArrayEquals(counts, shared.wordCounts(), "the chains left the shared counts alone");
    }

    @Test
    void categoricalChainsSharingOneTableDrawAsChainsWithTheirOwn() {
        CategoricalTable shared = CategoricalTable.of(categories);
        int[] codes = shared.codes().clone();
        sameDraws("finite categorical", seed -> finite(CategoricalComponents.of(categories, 1.0), seed),
                seed -> finite(new CategoricalComponents(shared, 1.0), seed));
        sameDraws("DP categorical", seed -> dp(CategoricalComponents.of(categories, 1.0), seed),
                seed -> dp(new CategoricalComponents(shared, 1.0), seed));
        assertArrayEquals(codes, shared.codes(), "the chains left the shared codes alone");
    }

    @Test
    void uncollapsedChainsSharingOneCorpusDrawAsChainsWithTheirOwn() {
        MultinomialCorpus shared = MultinomialCorpus.of(documents);
        sameDraws("uncollapsed multinomial", seed -> new UncollapsedMultinomialChain(
                MultinomialComponents.of(documents, 0.3), 1.0, 0.3, true, settings(3), SyntheticData.DIST,
                GewekeTest.rng(seed)), seed -> new UncollapsedMultinomialChain(shared, 1.0, 0.3, true, settings(3),
                        SyntheticData.DIST, GewekeTest.rng(seed)));
    }
}
