package io.plate.importers.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.data.ImportException;
import io.plate.api.data.ImportOptions;
import io.plate.api.data.SparseMatrix;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;

/**
 * The LIBSVM importer parses plain ASCII lines from their bytes ({@link LibSvmRows#asciiLabel},
 * {@link LibSvmRows#asciiPairs}) and decodes only the others. Its reference here is the text path alone: every line read by
 * {@link TextInput} and parsed by {@link LibSvmRows#parse(char[], int, long)}. On random documents made
 * of valid and invalid pieces (exponents, long numbers, signs, qid, comments, non-ASCII, NUL, bad UTF-8,
 * CR/LF variants, a byte-order mark), handed out a few bytes per read, both give the same dataset
 * (CSR arrays, labels) or fail with the same message.
 */
class LibSvmBytesTest {
    private static final ImportOptions D = ImportOptions.defaults();

    /**
     * The text path alone: what the importer did before it parsed bytes, on the input with its comments
     * cut (their bytes are never decoded, as scikit-learn's loader skips them).
     */
    static Dataset reference(byte[] input, ImportOptions options) {
        LibSvmRows rows = new LibSvmRows(Inputs.FILE, declared(options), options.maxColumns());
        try (TextInput in = new TextInput(new ByteArrayInputStream(withoutComments(input)), Inputs.FILE)) {
            CharBuf line = new CharBuf(16);
            while (in.readLine(line)) {
                rows.parse(line.chars, line.length, in.line());
            }
            return LibSvmImporter.dataset(rows, in.line(), Inputs.FILE, options);
        }
    }

    /** {@code input} without the bytes after each {@code #} to the end of its line. */
    static byte[] withoutComments(byte[] input) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(input.length);
        boolean comment = false;
        for (byte b : input) {
            comment &= b != '\n' && b != '\r';
            if (!comment) {
                out.write(b); // the '#' itself kept
            }
            comment |= b == '#';
        }
        return out.toByteArray();
    }

    private static int declared(ImportOptions options) {
        String n = options.extra().get(LibSvmImporter.N_FEATURES);
        return n == null ? 0 : Integer.parseInt(n);
    }

    /** The outcome as text: every CSR array and the labels, or the failure's message. */
    static String outcome(ThrowingRead read) {
        try {
            Dataset d = read.get();
            SparseMatrix m = d.sparse().orElseThrow();
            StringBuilder s = new StringBuilder();
            s.append(d.rows()).append(" rows, vocabulary ").append(m.vocabulary()).append(", integral ")
                    .append(m.isIntegral()).append('\n');
            for (int r = 0; r < m.rows(); r++) {
                s.append(r).append(':');
                for (int k = m.start(r); k < m.end(r); k++) {
                    s.append(' ').append(m.column(k)).append('=').append(m.value(k));
                }
                s.append('\n');
            }
            if (d.labels().isPresent()) {
                CategoricalColumn y = d.labels().get();
                s.append(y.levels()).append(Arrays.toString(y.codes()));
            } else { // labels with a fraction: a numeric target
                s.append(Arrays.toString(d.target().orElseThrow().values()));
            }
            s.append('\n').append(d.metadata());
            return s.toString();
        } catch (ImportException e) {
            return "failed: " + e.getMessage() + " (line " + e.line() + ", column " + e.column() + ")";
        }
    }

    interface ThrowingRead {
        Dataset get();
    }

    private static final String[] PIECES = {
        "1", "+1", "-1", "0", "-0", "2.5", "1.", ".5", "007", "1e3", "1E-2", "123456789012345",
        "1234567890123456", "99999999999", "x", "é", "日本", "\u0000", "#", "# note é", "qid:3", "qid:x",
        ":", "1:", ":1", "0:1", "1:1", "2:1", "3:0.25", "4:-2", "5:+3", "6:1e2", "7:1.5e0", "9:12345678901",
        "10:3", "123456789:1", "1234567890:1", "12:1:2", "3:.5", "3:-0", "8:1.0000000000000001", "3:.1234567890123456", "5:0.1234567890123456",
        " ", " ", " ", " ", "\t", "\n", "\n", "\n", "\r\n", "\r", "\f",
    };

    private static String document(UniformRandomProvider rng) {
        StringBuilder s = new StringBuilder();
        if (rng.nextInt(10) == 0) {
            s.append('\uFEFF');
        }
        for (int k = rng.nextInt(40); k > 0; k--) {
            s.append(PIECES[rng.nextInt(PIECES.length)]);
        }
        return s.toString();
    }

    /** Mostly valid rows with increasing indices, so that many documents import. */
    private static String rows(UniformRandomProvider rng) {
        StringBuilder s = new StringBuilder();
        String[] values = {"1", "1", "2", "0", "0.5", "-3", "1e1", "10", "+4", "12345678901"};
        for (int r = rng.nextInt(12); r > 0; r--) {
            s.append(rng.nextInt(3) - 1);
            int index = 0;
            for (int k = rng.nextInt(6); k > 0; k--) {
                index += 1 + rng.nextInt(4);
                s.append(rng.nextInt(3) == 0 ? "\t" : " ").append(index).append(':')
                        .append(values[rng.nextInt(values.length)]);
            }
            if (rng.nextInt(8) == 0) {
                s.append(PIECES[rng.nextInt(PIECES.length)]); // sometimes a wrong or unusual piece
            }
            s.append(rng.nextInt(6) == 0 ? " \r\n" : "\n");
        }
        return s.toString();
    }

    @Test
    void bytesAndTextPathsAgreeOnRandomDocuments() {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(20261124L);
        int imported = 0;
        int failed = 0;
        for (int round = 0; round < 6000; round++) {
            byte[] input = (round % 2 == 0 ? document(rng) : rows(rng)).getBytes(StandardCharsets.UTF_8);
            if (round % 7 == 3 && input.length > 0) {
                input[rng.nextInt(input.length)] = (byte) (0x80 + rng.nextInt(0x80)); // often bad UTF-8
            }
            ImportOptions options = round % 5 == 0
                    ? ImportOptions.builder().extra(LibSvmImporter.N_FEATURES, "12").build() : D;
            byte[] in = input;
            String expected = outcome(() -> reference(in, options));
            String got = outcome(() -> new LibSvmImporter().read(new TextInputTest.Trickle(in, rng), Inputs.FILE, options));
            assertEquals(expected, got, new String(input, StandardCharsets.UTF_8));
            if (expected.startsWith("failed")) {
                failed++;
            } else {
                imported++;
            }
        }
        assertTrue(imported > 1000 && failed > 1000, imported + " imported, " + failed + " failed");
    }

    @Test
    void errorsAndTheirLinesAreThoseOfTheTextPath() {
        String[] inputs = {
            "1 1:1\n-1 0:1 3:2\n", "1 1:abc\n", "1 x:1\n", "# c\n1 1:1 3:1 2:1\n", "yes 1:1\n",
            "1 1:1\r\n2 2:1\r3 3:1 3:1\n", "1 1:1\n1 1:1\u00002:1\n", "1 1:1\n\n\n1 1:1 é:1\n", "",
            "\n# only a comment\n", "\uFEFF1 1:1\n\uFEFF1 1:1\n",
        };
        for (String s : inputs) {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            String expected = outcome(() -> reference(b, D));
            assertEquals(expected, outcome(() -> Inputs.libsvm(s, D)), s);
        }
        byte[] cut = "1 1:1\n2 2:1 caf\u00e9\n".getBytes(StandardCharsets.UTF_8); // not in a comment, which is not decoded
        byte[] bad = Arrays.copyOf(cut, cut.length - 1); // "é" cut after its first byte, before the line feed
        bad[bad.length - 1] = '\n';
        String got = outcome(() -> new LibSvmImporter().read(new ByteArrayInputStream(bad), Inputs.FILE, D));
        assertTrue(got.startsWith("failed: " + Inputs.FILE + ", line 2: invalid UTF-8 byte sequence"), got);
        assertEquals(outcome(() -> reference(bad, D)), got);
    }

    @Test
    void manyClassesInNumericOrder() {
        StringBuilder s = new StringBuilder();
        for (int r = 0; r < 303; r++) {
            s.append(r * 37 % 101 - 50).append(r % 2 == 0 ? ".0" : "").append(" 1:1\n"); // -50..50, each 3 times
        }
        CategoricalColumn y = Inputs.libsvm(s.toString(), D).labels().orElseThrow();
        assertEquals(101, y.levels().size());
        for (int v = -50; v <= 50; v++) {
            assertEquals(Integer.toString(v), y.levels().get(v + 50));
        }
        for (int r = 0; r < 303; r++) {
            assertEquals(r * 37 % 101, y.codes()[r], "row " + r);
        }
    }

    @Test
    void a9aIsTheSameByBothPaths() throws IOException {
        Path a9a = Shared.data("libsvm-a9a/a9a");
        byte[] b = Files.readAllBytes(a9a);
        ImportOptions o = ImportOptions.builder().extra(LibSvmImporter.N_FEATURES, "123").build();
        String viaText = outcome(() -> reference(b, o));
        assertFalse(viaText.startsWith("failed"), viaText);
        try (InputStream in = Files.newInputStream(a9a)) {
            assertEquals(viaText, outcome(() -> new LibSvmImporter().read(in, Inputs.FILE, o)));
        }
    }
}
