package io.plate.sampler.sparse.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.plate.api.data.Dataset;
import io.plate.api.sample.Distributions;
import io.plate.distributions.impl.FastDistributions;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The samplers with the provider they run with in production (the distributions bundle's {@code fast}
 * provider, ranking 100) against the exact posterior: same criterion and false-failure rate as
 * {@link SamplersMatchExactTest}. Also checks grouping by a categorical column.
 */
class FastProviderTest {
    static final Distributions FAST = new FastDistributions();

    @Test
    void bothSamplersMatchTheExactPosteriorWithTheFastProvider() {
        Hyperparameters h = new Hyperparameters(new double[] {0.3, 1.0, 2.5, 0.8}, 0.8, 1.6, false);
        SparseModel m = new SparseModel(Tables.of(SamplersMatchExactTest.COUNTS), h);
        SamplersMatchExactTest.compare("dirichlet/fast", m, (mm, r) -> DirichletChain.start(mm, FAST, r), 5L);
        SamplersMatchExactTest.compare("collapsed/fast", m, (mm, r) -> CollapsedChain.start(mm, FAST, r), 6L);
    }

    @Test
    void aGroupColumnSplitsTheCells() {
        Dataset d = Datasets.of("g", new String[] {"site", "colour", "label"}, new String[][] {
            {"s1", "red", "yes"}, {"s1", "red", "yes"}, {"s2", "blue", "yes"}, {"s2", "blue", "no"}, {"s1", null, "no"}});
        CountTable t = CountTable.of(d, "site");
        assertEquals(List.of("colour"), t.features());
        assertEquals(List.of("s1", "s2"), t.groups());
        assertEquals(4, t.cells());
        // class yes (level 0), group s1 (0), feature colour: red 2, blue 0
        int c = t.cell(0, 0, 0);
        assertEquals(2, t.count(t.offset(c)));
        assertEquals(0, t.count(t.offset(c) + 1));
        assertEquals(1, t.count(t.offset(t.cell(0, 1, 0)) + 1));
        assertEquals(1, t.count(t.offset(t.cell(1, 1, 0)) + 1));
        assertEquals(0, t.total(t.cell(1, 0, 0)));
        assertEquals(3, t.classRows(0));
        assertEquals(t, CountTable.merge(t, new CountTable(t.classes(), t.groups(), t.features(),
                List.of(t.levels(0)), new int[t.slots()], new int[2])));
    }
}
