package io.plate.sampler.mixture.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.data.ImportOptions;
import io.plate.api.sample.Clustering;
import io.plate.api.sample.Posterior;
import io.plate.api.sample.Sampler;
import io.plate.importers.impl.CsvImporter;
import io.plate.importers.impl.LibSvmImporter;
import io.plate.mcmc.ChainRunnerPool;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A CSV of word counts (scikit-learn's {@code CountVectorizer().fit_transform(docs).toarray()} written by
 * pandas) is clustered by the multinomial mixtures as the same counts in a LibSVM file are: the same run,
 * draw for draw, from the same seed. Before, the mixture refused a dataset without a sparse block, while
 * nb.multinomial read its numeric columns as counts.
 */
class DenseCountsTest {
    /** Documents by words: two topics (words 1–3 and 4–6), each word used somewhere; -1 is a missing cell. */
    private static final int[][] COUNTS = {
        {3, 2, 4, 0, 0, 1}, {2, 5, 1, 0, 1, 0}, {4, 1, 3, 1, 0, 0}, {0, 0, 1, 3, 4, 2}, {1, 0, 0, 2, 5, 3},
        {0, 1, 0, 4, 2, 4}, {5, 3, 2, 0, 0, 0}, {0, 0, 0, 3, 3, 5}, {2, -1, 3, 0, 1, 0}, {0, 0, 0, 0, 0, 0},
        {1, 4, 2, 0, 0, 1}, {0, 1, 0, 5, 2, 2}, {3, 3, 3, 1, 0, 0}, {0, 0, 1, 2, 4, 4}};

    private static final ChainRunnerPool RUNNER = ChainRunnerPool.over(SyntheticData.DIST);

    @AfterAll
    static void close() {
        RUNNER.close();
    }

    @TempDir
    Path dir;

    /** The counts as pandas writes them, with a label and a column of text (categorical) besides. */
    private Dataset csv() throws IOException {
        StringBuilder s = new StringBuilder("w1,w2,w3,w4,w5,w6,source,label\n");
        for (int r = 0; r < COUNTS.length; r++) {
            for (int c : COUNTS[r]) {
                s.append(c < 0 ? "" : Integer.toString(c)).append(',');
            }
            s.append(r % 3 == 0 ? "web" : "mail").append(',').append(r < 7 ? "a" : "b").append('\n');
        }
        return new CsvImporter().read(Files.writeString(dir.resolve("counts.csv"), s), ImportOptions.defaults());
    }

    /** The same counts as a LibSVM file: 1-based indices, zeros and the missing cell left out. */
    private Dataset libsvm() throws IOException {
        StringBuilder s = new StringBuilder();
        for (int r = 0; r < COUNTS.length; r++) {
            s.append(r < 7 ? 1 : 2);
            for (int j = 0; j < COUNTS[r].length; j++) {
                if (COUNTS[r][j] > 0) {
                    s.append(' ').append(j + 1).append(':').append(COUNTS[r][j]);
                }
            }
            s.append('\n');
        }
        return new LibSvmImporter().read(Files.writeString(dir.resolve("counts.svm"), s), ImportOptions.defaults());
    }

    private static Posterior run(Sampler s, Dataset d, Map<String, String> params) {
        return s.run(d, s.params(params), RecoveryTest.SHORT, null, null);
    }

    private static void sameRun(String what, Posterior expected, Posterior actual) {
        assertEquals(expected.trace().summaryNames(), actual.trace().summaryNames(), what);
        for (int c = 0; c < expected.trace().chains(); c++) {
            for (int s = 0; s < expected.trace().summaryNames().size(); s++) {
                assertArrayEquals(expected.trace().series(c, s), actual.trace().series(c, s),
                        what + ", chain " + c + ", " + expected.trace().summaryNames().get(s));
            }
        }
        Clustering e = expected.clustering().orElseThrow();
        Clustering a = actual.clustering().orElseThrow();
        assertArrayEquals(e.highestLogJointAssignments(), a.highestLogJointAssignments(), what);
        assertArrayEquals(e.assignments(), a.assignments(), what);
    }

    @Test
    void aCsvOfCountsGivesTheRunOfTheSameCountsInALibSvmFile() throws IOException {
        Dataset dense = csv();
        Dataset sparse = libsvm();
        for (Map<String, String> params : List.of(Map.of("k", "2"), Map.of("k", "2", "collapsed", "true"))) {
            Sampler s = new MultinomialMixtureSampler(RUNNER, SyntheticData.DIST);
            sameRun("mixture.multinomial " + params, run(s, sparse, params), run(s, dense, params));
        }
        Sampler dp = new DpMultinomialMixtureSampler(RUNNER, SyntheticData.DIST);
        sameRun("mixture.dp-multinomial", run(dp, sparse, Map.of()), run(dp, dense, Map.of()));
    }

    /** The run names the count columns, the categorical column and the label it leaves out, and the empty row. */
    @Test
    void theRunSaysWhichColumnsAreCountsAndWhichAreLeftOut() throws IOException {
        Sampler s = new MultinomialMixtureSampler(RUNNER, SyntheticData.DIST);
        assertEquals("clusters on the counts of 6 numeric columns (w1, w2, w3, w4, w5, …); mixture.multinomial leaves"
                + " out the label column 'label', which only scores the clusters; 1 categorical column (source), which"
                + " mixture.categorical models; 1 row holds no counts (row 10, counted from 1 as in assignments.csv):"
                + " nothing in it tells the clusters apart, so its cluster comes from the prior alone",
                run(s, csv(), Map.of("k", "2")).facts().get("columns"));
    }

    /** The refusal of one value that is no count, in a CSV otherwise of counts. */
    private String refusal(String value) throws IOException {
        Path file = Files.writeString(dir.resolve("bad.csv"), "w1,w2,w3\n1,0,2\n0," + value + ",1\n");
        Dataset d = new CsvImporter().read(file, ImportOptions.builder().noLabel(true).build());
        Sampler s = new MultinomialMixtureSampler(RUNNER, SyntheticData.DIST);
        return assertThrows(PlateException.class, () -> run(s, d, Map.of("k", "2"))).getMessage();
    }

    @Test
    void aValueThatIsNoCountIsRefusedByDatasetRowAndColumn() throws IOException {
        String needs = "the multinomial mixture needs word counts, whole numbers from 0 to 2147483647: dataset 'bad',"
                + " row 2, column 'w2' is ";
        assertEquals(needs + "2.5", refusal("2.5"));
        assertEquals(needs + "-1", refusal("-1"));
        assertEquals(needs + "2147483648", refusal("2147483648"));
    }
}
