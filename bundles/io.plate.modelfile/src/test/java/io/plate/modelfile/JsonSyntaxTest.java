package io.plate.modelfile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.plate.api.learn.ModelFormatException;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A model file that is not JSON is named by line, column and a reason in words, without the parser's internals. */
class JsonSyntaxTest {
    private static String failure(String text) {
        String m = assertThrows(ModelFormatException.class,
                () -> ModelFile.type(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)))).getMessage();
        for (String internal : new String[] {"Source", "StreamReadFeature", "marker", "REDACTED", "code "}) {
            assertFalse(m.contains(internal), m);
        }
        return m;
    }

    @Test
    void aTruncatedFileEndsInsideAnObject() {
        assertEquals("not valid JSON at line 1, column 24: the file ends inside an object",
                failure("{\"format\":\"plate-model\""));
        assertEquals("not valid JSON at line 2, column 7: the file ends inside an array", failure("{\"a\":\n[1, 2,"));
        assertEquals("not valid JSON at line 1, column 9: the file ends inside a string", failure("{\"a\":\"bc"));
    }

    /** A NaN written into a model file is named as such, not with the parser's feature name to enable. */
    @Test
    void aNaNIsNotAJsonNumber() {
        assertEquals("not valid JSON at line 1, column 8: 'NaN' is not a JSON number (the numbers must be finite)",
                failure("{\"m2\":[NaN]}"));
    }

    /** A negative sum of squares (an edited m2) is named as the field it is, not as a count only. */
    @Test
    void aNegativeSumOfSquaresIsNamedAsOne() throws Exception {
        com.fasterxml.jackson.databind.JsonNode n = new com.fasterxml.jackson.databind.ObjectMapper().readTree("{\"m2\":[1,-3]}");
        assertEquals("model file: field 'm2[1]' is negative: -3.0; expected a count or a sum of squares, >= 0",
                assertThrows(ModelFormatException.class, () -> Fields.numbers(n, "m2", 2, false, true)).getMessage());
    }

    @Test
    void otherMistakesAreNamedToo() {
        assertEquals("not valid JSON at line 1, column 8: unexpected character '}' (expected a key in double quotes)",
                failure("{\"a\":1,}"));
        assertEquals("not valid JSON at line 1, column 9: unexpected character '2' (expected a comma or the end of the"
                + " array)", failure("{\"a\":[1 2]}"));
        assertEquals("not valid JSON at line 1, column 6: unrecognised word 'nope' (expected a string, number, array,"
                + " object, true, false or null)", failure("{\"a\":nope}"));
        assertEquals("not valid JSON at line 1, column 11: the key 'a' appears twice in one object",
                failure("{\"a\":1,\"a\":2}"));
    }
}
