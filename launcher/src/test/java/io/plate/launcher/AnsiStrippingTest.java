package io.plate.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Control sequences go, text (other escapes, UTF-8, sequences split across writes) stays. */
class AnsiStrippingTest {
    private static String strip(String... writes) throws IOException {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        try (AnsiStripping s = new AnsiStripping(sink)) {
            for (String w : writes) {
                byte[] b = w.getBytes(StandardCharsets.UTF_8);
                s.write(b, 0, b.length);
            }
        }
        return sink.toString(StandardCharsets.UTF_8);
    }

    @Test
    void gogoGrepsColouredMatchLosesItsCodes() throws IOException {
        assertEquals("nb.gaussian  numeric\n", strip("nb.\u001b[31;1mgauss\u001b[0mian  numeric\n"));
        assertEquals("ab", strip("a\u001b[K", "b"));
    }

    @Test
    void aSequenceSplitAcrossWritesIsDropped() throws IOException {
        assertEquals("xy", strip("x\u001b", "[3", "1m", "y"));
    }

    @Test
    void otherTextStays() throws IOException {
        assertEquals("θ = 0.5, ±1 [see above]", strip("θ = 0.5, ±1 [see above]"));
        assertEquals("\u001bx", strip("\u001bx")); // an escape that starts no control sequence
    }
}
