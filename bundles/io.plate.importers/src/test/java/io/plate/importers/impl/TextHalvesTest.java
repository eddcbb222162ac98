package io.plate.importers.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.data.Dataset;
import io.plate.api.data.ImportException;
import io.plate.api.data.ImportOptions;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Large TSV files read in two halves on two threads ({@code threads=2}): same result, same line numbers. */
class TextHalvesTest {
    private static final ImportOptions TWO = ImportOptions.builder().extra(TextImporter.THREADS, "2").build();

    private static final int DOCS = 60_000; // about 6 MB, above TextImporter.PARALLEL_BYTES

    private static Path corpus(Path dir, int badLine, int badLine2) throws IOException {
        Path f = dir.resolve("big.tsv");
        try (Writer w = Files.newBufferedWriter(f, StandardCharsets.UTF_8)) {
            w.write("label\ttext\n");
            for (int d = 0; d < DOCS; d++) {
                int line = d + 2;
                if (line == badLine || line == badLine2) {
                    w.write("ragged\n");
                    continue;
                }
                w.write((d % 3 == 0 ? "a" : d % 3 == 1 ? "b" : "c") + "\tword" + (d % 5000) + " common Ünïcode\\ttab "
                        + "filler text to make the file large enough for two halves, doc " + d + "\n");
            }
        }
        assertTrue(Files.size(f) >= TextImporter.PARALLEL_BYTES);
        return f;
    }

    @Test
    void halvesGiveTheSameDatasetAsOnePass(@TempDir Path dir) throws IOException {
        Path f = corpus(dir, -1, -1);
        Dataset halves = new TextImporter().read(f, TWO);
        Dataset onePass = new TextImporter().read(Files.newInputStream(f), f, ImportOptions.defaults());
        assertEquals(DOCS, halves.rows());
        assertEquals(onePass.sparse().orElseThrow().vocabulary(), halves.sparse().orElseThrow().vocabulary());
        assertEquals(SklearnVocabularyTestDigest.of(onePass), SklearnVocabularyTestDigest.of(halves));
        assertEquals(onePass.labels().orElseThrow().levels(), halves.labels().orElseThrow().levels());
        assertEquals(java.util.Arrays.toString(onePass.labels().orElseThrow().codes()),
                java.util.Arrays.toString(halves.labels().orElseThrow().codes()));
    }

    @Test
    void errorsInTheSecondHalfNameTheLineInTheFile(@TempDir Path dir) throws IOException {
        Path f = corpus(dir, 50_001, -1);
        ImportException e = assertThrows(ImportException.class, () -> new TextImporter().read(f, TWO));
        assertEquals(50_001, e.line(), e.getMessage());
        assertEquals("field 2", e.column());
        assertTrue(e.getMessage().startsWith(f + ", line 50001, field 2: ragged row"), e.getMessage());
        Path g = corpus(dir, 10, 50_001);
        ImportException first = assertThrows(ImportException.class, () -> new TextImporter().read(g, TWO));
        assertEquals(10, first.line(), "the earlier error is reported");
    }

    /** The CSR digest of {@link SklearnVocabularyTest}. */
    static final class SklearnVocabularyTestDigest {
        static String of(Dataset d) {
            try {
                return SklearnVocabularyTest.matrixDigest(d.sparse().orElseThrow());
            } catch (java.security.NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
