package io.plate.modelfile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.plate.api.BundleOrigin;
import io.plate.api.learn.ModelFormatException;
import io.plate.api.learn.Provenance;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The provenance's import options (a text model's tokenising) are written, read back, and checked. */
class ProvenanceFieldsTest {
    private static final Map<String, String> TEXT = Map.of("format", "text", "tokens", "lowercase=true",
            "stop-words", "english", "ngram", "1-2", "binary", "false");

    private static String write(Provenance p) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ModelFile.write(out, "t", p, ModelFile.object());
        return out.toString(StandardCharsets.UTF_8);
    }

    private static ModelFile.Contents read(String text) throws IOException {
        return ModelFile.read(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "t", List.of(), Set.of());
    }

    @Test
    void importOptionsReadBackAsWritten() throws IOException {
        String text = write(new Provenance("t", Map.of(), 3, "news: 3 rows", "1", "now", TEXT));
        assertTrue(text.contains("\"dataImport\""), text);
        assertEquals(TEXT, read(text).provenance().dataImport());
    }

    @Test
    void aModelOfOtherDataHasNoImportOptionsAndOlderFilesStillRead() throws IOException {
        String text = write(new Provenance("t", Map.of(), 3, "iris: 150 rows", "1", "now"));
        assertFalse(text.contains("dataImport"), text);
        assertEquals(Map.of(), read(text).provenance().dataImport());
    }

    @Test
    void theFittingBundleReadsBackAndOlderFilesReadAsNotKnown() throws IOException {
        BundleOrigin classifier = new BundleOrigin("io.plate.classifier", "0.1.1");
        String text = write(new Provenance("t", Map.of(), 3, "iris: 150 rows", "0.1.0", "now", Map.of(), classifier));
        assertTrue(text.contains("\"bundle\" : \"io.plate.classifier 0.1.1\""), text);
        assertTrue(text.contains("\"plateVersion\" : \"0.1.0\""), text);
        assertEquals(classifier, read(text).provenance().bundle());

        String older = write(new Provenance("t", Map.of(), 3, "iris: 150 rows", "0.1.0", "now"));
        assertFalse(older.contains("bundle"), older);
        assertEquals(BundleOrigin.NONE, read(older).provenance().bundle());
    }

    @Test
    void aBundleThatIsNotNameAndVersionIsNamed() throws IOException {
        String text = write(new Provenance("t", Map.of(), 3, "iris: 150 rows", "0.1.0", "now", Map.of(),
                new BundleOrigin("io.plate.classifier", "0.1.1"))).replace("io.plate.classifier 0.1.1", "0.1.1");
        String m = assertThrows(ModelFormatException.class, () -> read(text)).getMessage();
        assertEquals("model file: field 'provenance.bundle': expected a bundle's symbolic name and version, e.g."
                + " 'io.plate.classifier 0.1.0', or 'unknown', got '0.1.1'", m);
    }

    @Test
    void anImportOptionThatIsNotTextIsNamed() throws IOException {
        ObjectNode root = (ObjectNode) ModelFile.object().setAll((ObjectNode) new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(write(new Provenance("t", Map.of(), 3, "news: 3 rows", "1", "now", TEXT))));
        ((ObjectNode) root.get("provenance").get("dataImport")).put("ngram", 2);
        String m = assertThrows(ModelFormatException.class, () -> read(root.toString())).getMessage();
        assertEquals("model file: field 'provenance.dataImport.ngram' must be text, got 2", m);
    }
}
