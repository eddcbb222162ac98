package io.plate.importers.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.plate.api.data.Dataset;
import io.plate.api.data.DocumentFrequency;
import io.plate.api.data.ImportOptions;
import io.plate.api.data.SparseMatrix;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The text importer against scikit-learn's {@code CountVectorizer} on the shared corpora: vocabulary
 * word for word (digest, size, sampled words at their columns) and the whole count matrix (digest of
 * the CSR arrays). The expected values come from {@code bench/sklearn_import_fixtures.py} (scikit-learn
 * 1.9.1), stored in {@code src/test/resources/sklearn-vocabulary.txt}.
 */
class SklearnVocabularyTest {
    private static Properties fixture() throws IOException {
        Properties p = new Properties();
        try (InputStream in = SklearnVocabularyTest.class.getResourceAsStream("/sklearn-vocabulary.txt")) {
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        }
        return p;
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("news-train-default", ImportOptions.defaults()),
                Arguments.of("news-test-default", ImportOptions.defaults()),
                Arguments.of("news-train-stop-mindf5-maxdf0.5",
                        ImportOptions.builder().stopWords(true).minDf(5).maxDf(0.5).build()),
                Arguments.of("sms-bigram-stop-mindf2",
                        ImportOptions.builder().ngramMax(2).stopWords(true).minDf(2).build()),
                Arguments.of("sms-binary-maxfeatures304",
                        ImportOptions.builder().binary(true).maxFeatures(304).build()),
                Arguments.of("sms-default", ImportOptions.defaults()));
    }

    /**
     * min-df and max-df each a count or a proportion, as scikit-learn's: over "aa bb", "aa cc", "aa dd", "bb ee",
     * CountVectorizer(min_df=0.5) keeps ['aa', 'bb'] (2 of 4 documents at least), max_df=2 keeps ['bb', 'cc',
     * 'dd', 'ee'] (aa is in 3), max_df=1.0 keeps all five (scikit-learn 1.9.1, printed by its vocabulary_).
     */
    @Test
    void minDfAndMaxDfAreCountsOrProportions() {
        String file = "label\ttext\nx\taa bb\nx\taa cc\nx\taa dd\nx\tbb ee\n";
        assertEquals(List.of("aa", "bb"), sorted(Inputs.text(file,
                ImportOptions.builder().minDf(DocumentFrequency.proportion(0.5)).build())));
        assertEquals(List.of("bb", "cc", "dd", "ee"), sorted(Inputs.text(file,
                ImportOptions.builder().maxDf(DocumentFrequency.count(2)).build())));
        assertEquals(List.of("aa", "bb", "cc", "dd", "ee"), sorted(Inputs.text(file,
                ImportOptions.builder().maxDf(DocumentFrequency.parse("1.0")).build())));
        Dataset d = Inputs.text(file, ImportOptions.builder().minDf(DocumentFrequency.parse("0.5"))
                .maxDf(DocumentFrequency.parse("3")).build());
        assertEquals("0.5", d.metadata().get("min-df"));
        assertEquals("3", d.metadata().get("max-df"));
        // scikit-learn: "max_df corresponds to < documents than min_df" (1 document < 0.5 × 4)
        Inputs.fails(() -> Inputs.text(file, ImportOptions.builder().minDf(DocumentFrequency.proportion(0.5))
                .maxDf(DocumentFrequency.count(1)).build()), "max-df 1 corresponds to 1 documents, fewer than min-df 0.5 (2 of 4)");
    }

    private static List<String> sorted(Dataset d) {
        return d.sparse().orElseThrow().vocabulary().stream().sorted().toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void matchesScikitLearn(String id, ImportOptions options) throws Exception {
        Properties f = fixture();
        Dataset d = new TextImporter().read(Shared.data(f.getProperty(id + ".file").substring("data/".length())),
                options);
        SparseMatrix m = d.sparse().orElseThrow();
        List<String> vocab = m.vocabulary();
        assertEquals(Integer.parseInt(f.getProperty(id + ".documents")), d.rows(), "documents");
        assertEquals(Integer.parseInt(f.getProperty(id + ".vocabulary")), vocab.size(), "vocabulary size");
        for (String s : f.getProperty(id + ".samples").split("\\|")) {
            int colon = s.indexOf(':');
            int j = Integer.parseInt(s.substring(0, colon));
            assertEquals(s.substring(colon + 1), vocab.get(j), "word of column " + j);
        }
        assertEquals(f.getProperty(id + ".vocabularySha256"),
                sha256(String.join("\n", vocab).getBytes(StandardCharsets.UTF_8)), "vocabulary digest");
        assertEquals(Long.parseLong(f.getProperty(id + ".nonzeros")), m.nonZeros(), "non-zeros");
        long total = 0;
        for (int k = 0; k < m.nonZeros(); k++) {
            total += m.count(k);
        }
        assertEquals(Long.parseLong(f.getProperty(id + ".total")), total, "total count");
        assertEquals(f.getProperty(id + ".matrixSha256"), matrixDigest(m), "CSR matrix digest");
    }

    static String sha256(byte[] b) throws NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    }

    /** SHA-256 of indptr, indices, data as little-endian int32, as the fixture script computes it. */
    static String matrixDigest(SparseMatrix m) throws NoSuchAlgorithmException {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        ByteBuffer b = ByteBuffer.allocate(4 * (int) Math.max(m.rows() + 1, m.nonZeros())).order(ByteOrder.LITTLE_ENDIAN);
        for (int r = 0; r < m.rows(); r++) {
            b.putInt(m.start(r));
        }
        b.putInt(m.end(m.rows() - 1));
        md.update(b.array(), 0, b.position());
        b.clear();
        for (int k = 0; k < m.nonZeros(); k++) {
            b.putInt(m.column(k));
        }
        md.update(b.array(), 0, b.position());
        b.clear();
        for (int k = 0; k < m.nonZeros(); k++) {
            b.putInt(m.count(k));
        }
        md.update(b.array(), 0, b.position());
        return HexFormat.of().formatHex(md.digest());
    }
}
