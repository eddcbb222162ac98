package io.plate.importers.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.plate.api.data.ImportException;
import io.plate.api.data.ImportOptions;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;

/**
 * Line reading across chunk boundaries: a stream that reports nothing available (so the reader uses its
 * smallest, 64-character buffers) and hands out 1 to 7 bytes per read splits multi-byte characters and
 * CR LF pairs at every possible place.
 */
class TextInputTest {
    /** Hands out a few bytes per read. */
    static final class Trickle extends InputStream {
        private final byte[] b;
        private final UniformRandomProvider rng;
        private int p;

        Trickle(byte[] b, UniformRandomProvider rng) {
            this.b = b;
            this.rng = rng;
        }

        @Override
        public int read() {
            return p < b.length ? b[p++] & 0xff : -1;
        }

        @Override
        public int read(byte[] out, int off, int len) {
            if (p >= b.length) {
                return -1;
            }
            int n = Math.min(Math.min(len, 1 + rng.nextInt(7)), b.length - p);
            System.arraycopy(b, p, out, off, n);
            p += n;
            return n;
        }

        @Override
        public int available() {
            return 0;
        }
    }

    @Test
    void aBadByteAfterALoneCarriageReturnIsTheNextLinesError() {
        // the look for '\n' after '\r' used to meet the bad byte and fail before line 1 was given out
        byte[] b = {'a', 'b', '\r', (byte) 0xFF, 'c'};
        try (TextInput in = new TextInput(new ByteArrayInputStream(b), Inputs.FILE)) {
            CharBuf line = new CharBuf(8);
            assertEquals(true, in.readLine(line));
            assertEquals("ab", new String(line.chars, 0, line.length));
            ImportException e = assertThrows(ImportException.class, () -> in.readLine(line));
            assertEquals(2, e.line());
        }
    }

    @Test
    void linesSurviveEveryChunkBoundary() {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(11L);
        String[] pieces = {"a", "bc", "é", "日本", "𝔘", "\n", "\r\n", "\r", " ", "\t", "x,y", "\"q\""};
        for (int round = 0; round < 2000; round++) {
            StringBuilder s = new StringBuilder();
            for (int k = rng.nextInt(60); k > 0; k--) {
                s.append(pieces[rng.nextInt(pieces.length)]);
            }
            String text = s.toString();
            List<String> expected = new ArrayList<>(Arrays.asList(text.split("\r\n|\r|\n", -1)));
            if (!expected.isEmpty() && expected.get(expected.size() - 1).isEmpty()) {
                expected.remove(expected.size() - 1); // a final line break ends the last line
            }
            List<String> got = new ArrayList<>();
            CharBuf line = new CharBuf(4);
            try (TextInput in = new TextInput(new Trickle(text.getBytes(StandardCharsets.UTF_8), rng), Inputs.FILE)) {
                while (in.readLine(line)) {
                    got.add(line.toString());
                    assertEquals(got.size(), in.line());
                }
            }
            assertEquals(expected, got, text);
        }
    }

    @Test
    void importersGiveTheSameResultInSmallChunks() {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(12L);
        String csv = "\uFEFFname,\"note, long\",class\r\n\"Zoë\",\"two\r\nlines 日本\",a\r\nx,1.5,b\r\n";
        byte[] b = csv.getBytes(StandardCharsets.UTF_8);
        String whole = new CsvImporter().read(new ByteArrayInputStream(b), Inputs.FILE, ImportOptions.defaults()).summary();
        for (int i = 0; i < 50; i++) {
            assertEquals(whole, new CsvImporter().read(new Trickle(b, rng), Inputs.FILE, ImportOptions.defaults()).summary());
        }
        byte[] bad = Arrays.copyOf(b, b.length + 2);
        bad[b.length] = (byte) 0xE6; // a cut three-byte sequence at the very end
        bad[b.length + 1] = (byte) 0x97;
        ImportException e = assertThrows(ImportException.class,
                () -> new CsvImporter().read(new Trickle(bad, rng), Inputs.FILE, ImportOptions.defaults()));
        assertEquals(5, e.line(), e.getMessage()); // header 1, quoted record 2-3, row 4, the cut bytes on 5
    }
}
