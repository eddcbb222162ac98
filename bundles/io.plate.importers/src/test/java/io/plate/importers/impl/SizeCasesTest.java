package io.plate.importers.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.HeapCheck;
import io.plate.api.data.Dataset;
import io.plate.api.data.ImportException;
import io.plate.api.data.ImportOptions;
import io.plate.api.data.SparseMatrix;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The size cases of issue 18, scaled to run in seconds: each input is refused early with the limit that
 * stops it (naming file, line and option) or imported with memory that follows the output, not the input's
 * shape. The time limits are hang guards (the unfixed importers took minutes or ran out of memory), far
 * above what the cases take.
 */
class SizeCasesTest {
    /** Defaults, with no memory budget: these cases are about the column and line limits. */
    private static final ImportOptions D = ImportOptions.defaults();
    private static final Duration GUARD = Duration.ofSeconds(30);

    private static ImportException refused(org.junit.jupiter.api.function.Executable e, long line, String... words) {
        ImportException x = assertThrows(ImportException.class, e);
        if (line >= 0) {
            assertEquals(line, x.line(), x.getMessage());
        } else {
            assertTrue(x.line() > 0, x.getMessage()); // some line of the file
        }
        assertTrue(x.getMessage().startsWith(Inputs.FILE.toString()), x.getMessage());
        for (String w : words) {
            assertTrue(x.getMessage().contains(w), x.getMessage());
        }
        assertTrue(!x.getMessage().contains("\n"), "one line: " + x.getMessage());
        return x;
    }

    @Test
    void libsvmIndexAboveTheColumnLimitIsRefusedBeforeAnythingIsAllocated() {
        assertTimeoutPreemptively(GUARD, () -> {
            // 15 bytes that took 74 s and 6.4 GB before running out of memory (a String per column)
            refused(() -> Inputs.libsvm("1 999999999:1\n", D), 1, "feature index 999,999,999", "33,554,432",
                    "--max-columns");
            refused(() -> Inputs.libsvm("1 1:1\n-1 99999999:1\n", D), 2, "--max-columns");
            refused(() -> Inputs.libsvm("1 99999999999999:1\n", D), 1, "--max-columns");
            // the declared number of features is checked against the limit before reading
            refused(() -> Inputs.libsvm("1 1:1\n", ImportOptions.builder().extra("n_features", "2147483647").build()), 0,
                    "n_features 2,147,483,647", "--max-columns");
            refused(() -> Inputs.libsvm("1 1:1\n", ImportOptions.builder().extra("n_features", "9999999999").build()), 0,
                    "n_features");
        });
    }

    @Test
    void wideLibsvmNamesItsColumnsWithoutAStringPerColumn() {
        assertTimeoutPreemptively(GUARD, () -> {
            // the limit raised: 10^8 + 1 columns of which one is used; a List of 10^8 Strings would need ~6 GB
            ImportOptions wide = ImportOptions.builder().maxColumns(200_000_000).build();
            Dataset d = Inputs.libsvm("1 3:2 100000001:1\n", wide);
            SparseMatrix m = d.sparse().orElseThrow();
            assertEquals(100_000_001, m.columns());
            assertEquals("100000001", m.vocabulary().get(100_000_000));
            assertEquals("3", m.vocabulary().get(2));
            assertEquals(100_000_000, m.vocabulary().indexOf("100000001"));
            assertEquals(-1, m.vocabulary().indexOf("0"));
            assertTrue(d.memoryBytes() < 1_000, "memory " + d.memoryBytes());
            // a test file imported on its own maps its columns to the model's by name
            SparseMatrix test = Inputs.libsvm("1 2:1\n", D).sparse().orElseThrow();
            assertEquals(List.of(0, 1), List.of(test.mapTo(m.vocabulary())[0], test.mapTo(m.vocabulary())[1]));
            SparseMatrix three = Inputs.libsvm("1 3:1\n", D).sparse().orElseThrow();
            assertEquals(-1, three.mapTo(test.vocabulary())[2]);
        });
    }

    @Test
    void arffNominalLevelsAreLinear() {
        // 2 x 10^5 levels: a list scan per level (the unfixed importer) took 18.5 s for 10^5, four times that here
        int n = 200_000;
        StringBuilder s = new StringBuilder("@relation r\n@attribute a {");
        for (int i = 0; i < n; i++) {
            s.append(i > 0 ? "," : "").append('v').append(i);
        }
        s.append("}\n@attribute class {p,q}\n@data\nv199999,p\nv0,q\n");
        Dataset d = assertTimeoutPreemptively(Duration.ofSeconds(15), () -> Inputs.arff(s.toString(), D));
        assertEquals(n, d.categorical().get(0).cardinality());
        assertEquals(n - 1, d.categorical().get(0).code(0));
        refused(() -> Inputs.arff("@relation r\n@attribute a {x,y,x}\n@data\nx\n", D), 2, "duplicate nominal level 'x'");
    }

    @Test
    void csvColumnsStartSmall() {
        // the unfixed column preallocated ~4.3 KB (10^6 columns of one row needed more than 4 GB)
        assertTrue(new CellColumn("c", 8).bytes() < 600, "bytes " + new CellColumn("c", 8).bytes());
        int width = 200_000;
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < width; i++) {
            s.append(i > 0 ? "," : "").append('c').append(i);
        }
        s.append('\n');
        for (int i = 0; i < width; i++) {
            s.append(i > 0 ? "," : "").append(i % 7);
        }
        s.append('\n');
        // within a memory budget of 400 MB: the unfixed importer held ~860 MB for these columns
        ImportOptions o = ImportOptions.builder().noLabel(true).maxMemory(400L << 20).build();
        Dataset d = assertTimeoutPreemptively(GUARD, () -> Inputs.csv(s.toString(), o));
        assertEquals(width, d.numeric().size());
        assertEquals(1, d.rows());
        refused(() -> Inputs.csv(s.toString(), ImportOptions.builder().maxColumns(1000).build()), 1,
                "200,000 columns", "--max-columns");
    }

    /** Bytes this thread allocates while {@code body} runs (exact per thread; the JIT can only lower it). */
    static long allocated(Runnable body) {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory
                .getThreadMXBean();
        long before = mx.getCurrentThreadAllocatedBytes();
        body.run();
        return mx.getCurrentThreadAllocatedBytes() - before;
    }

    @Test
    void wideCsvOfOneRowAllocatesLittleBesidesItsColumns() {
        // 10^6 columns of one row took 10 s under load: a column object, a growing list with spare room, a map
        // entry, a boxed index and two copies of the numbers per column, copied again and again by the young
        // collections. Now a name and a finished column each: 351 bytes a column here, line buffers
        // included; the unfixed importer allocated 536
        int width = 200_000;
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < width; i++) {
            s.append(i > 0 ? "," : "").append('c').append(i);
        }
        s.append('\n');
        for (int i = 0; i < width; i++) {
            s.append(i > 0 ? "," : "").append(i % 7);
        }
        byte[] csv = (s + "\n").getBytes(StandardCharsets.US_ASCII);
        ImportOptions o = ImportOptions.builder().noLabel(true).build();
        Dataset[] d = new Dataset[1];
        long perColumn = allocated(() -> d[0] = new CsvImporter().read(Inputs.stream(csv), Inputs.FILE, o)) / width;
        assertEquals(width, d[0].numeric().size());
        assertEquals((width - 4) % 7, d[0].numeric().get(width - 4).value(0));
        assertTrue(perColumn < 440, "bytes allocated per column: " + perColumn);
    }

    @Test
    void arffNominalLevelsAllocateLittleBesidesTheirText() {
        // 10^6 declared levels took 6.75 s under load: a map entry and a boxed index per level while reading,
        // and a hash-set entry per level in CategoricalColumn.of: 224 bytes a level here. Now 152 (a table of
        // ints sized from the line)
        int n = 200_000;
        StringBuilder s = new StringBuilder("@relation r\n@attribute a {");
        for (int i = 0; i < n; i++) {
            s.append(i > 0 ? "," : "").append('v').append(i);
        }
        byte[] arff = (s + "}\n@attribute class {p,q}\n@data\nv199999,p\nv0,q\n").getBytes(StandardCharsets.US_ASCII);
        Dataset[] d = new Dataset[1];
        long perLevel = allocated(() -> d[0] = new ArffImporter().read(Inputs.stream(arff), Inputs.FILE, D)) / n;
        assertEquals(n, d[0].categorical().get(0).cardinality());
        assertEquals("v199999", d[0].categorical().get(0).level(0));
        assertTrue(perLevel < 190, "bytes allocated per level: " + perLevel);
    }

    /** A numeric CSV of about {@code bytes} bytes. */
    private static byte[] numericCsv(int bytes) {
        ByteArrayOutputStream b = new ByteArrayOutputStream(bytes + 100);
        b.writeBytes("a,b,c,d,y\n".getBytes(StandardCharsets.US_ASCII));
        for (int r = 0; b.size() < bytes; r++) {
            b.writeBytes((r + "," + (r * 7 % 1000) / 10.0 + "," + (r % 3) + "," + r * 31 + "," + (r % 2) + "\n")
                    .getBytes(StandardCharsets.US_ASCII));
        }
        return b.toByteArray();
    }

    @Test
    void aLargeFileIsRefusedEarlyWhenItsProjectedMemoryIsAboveTheBudget() {
        byte[] csv = numericCsv(12 << 20);
        ImportOptions tight = ImportOptions.builder().maxMemory(8L << 20).build();
        long t = System.nanoTime();
        ImportException e = assertThrows(ImportException.class,
                () -> new CsvImporter().read(Inputs.stream(csv), Inputs.FILE, tight));
        assertTrue(e.getMessage().contains("needs about") && e.getMessage().contains("--max-memory")
                && e.getMessage().contains("-Xmx") && e.line() > 1 && e.getMessage().contains("12 MB input"), e.getMessage());
        // refused after the first mebibyte, not after the whole file: the line is in its first part
        assertTrue(e.line() < 200_000, e.getMessage());
        assertTrue(System.nanoTime() - t < GUARD.toNanos());
        // the same file within a budget that fits imports
        Dataset d = new CsvImporter().read(Inputs.stream(csv), Inputs.FILE, ImportOptions.builder().maxMemory(1L << 30).build());
        assertTrue(d.rows() > 250_000);
        // LibSVM and text are projected the same way
        StringBuilder svm = new StringBuilder();
        for (int r = 0; svm.length() < (8 << 20); r++) {
            svm.append(r % 2).append(" 1:").append(r).append(" 7:2.5 30:1\n");
        }
        refused(() -> Inputs.libsvm(svm.toString(), tight), -1);
    }

    @Test
    void aSparseArffTooLargeForDenseColumnsIsRefusedWithTheOptionThatReadsItSparse() {
        StringBuilder arff = new StringBuilder("@relation words\n");
        for (int j = 0; j < 3000; j++) {
            arff.append("@attribute w").append(j).append(" numeric\n");
        }
        arff.append("@attribute y {a,b}\n@data\n");
        for (int r = 0; arff.length() < (4 << 20); r++) {
            arff.append('{').append(r % 1000).append(" 1,").append(1000 + r % 2000).append(" 2,3000 ")
                    .append(r % 2 == 0 ? 'a' : 'b').append("}\n");
        }
        ImportOptions tight = ImportOptions.builder().maxMemory(64L << 20).build();
        refused(() -> Inputs.arff(arff.toString(), tight), -1, "needs about", "with --values counts");
        Dataset d = Inputs.arff(arff.toString(), tight.toBuilder().extra("values", "counts").build());
        assertEquals(3000, d.sparse().orElseThrow().columns());
        assertTrue(d.rows() > 100_000, d.rows() + " rows");
    }

    @Test
    void aGzipFileIsProjectedByItsCompressedBytes(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws java.io.IOException {
        // 12 MB of CSV in about 3 MB of gzip: the file's size and the bytes read are both counted compressed
        byte[] csv = numericCsv(12 << 20);
        java.nio.file.Path gz = dir.resolve("big.csv.gz");
        try (java.io.OutputStream out = new java.util.zip.GZIPOutputStream(java.nio.file.Files.newOutputStream(gz))) {
            out.write(csv);
        }
        long size = java.nio.file.Files.size(gz);
        assertTrue(size > (2 << 20) && size < (6 << 20), size + " bytes");
        ImportException e = assertThrows(ImportException.class,
                () -> new CsvImporter().read(gz, ImportOptions.builder().maxMemory(8L << 20).build()));
        assertTrue(e.getMessage().contains("needs about") && e.getMessage().contains(HeapCheck.bytes(size) + " gzip file")
                && e.line() > 1 && e.line() < 400_000, e.getMessage());
        List<long[]> reports = new ArrayList<>();
        Dataset d = new CsvImporter().read(gz, ImportOptions.builder().maxMemory(1L << 30)
                .progress((read, total) -> reports.add(new long[] {read, total})).build());
        assertTrue(d.rows() > 500_000);
        assertTrue(!reports.isEmpty() && reports.stream().allMatch(r -> r[1] == size && r[0] <= size), reports.size() + " reports");
    }

    /**
     * Text that compresses a thousandfold: 1,500,000 rows of {@code 1,p} (6 MB) gzip to about 6 KB, less than
     * the mebibyte of compressed bytes the projection used to wait for. Measured after every mebibyte of text,
     * each format is refused under an 8 MB budget with the figure, as the same text uncompressed is.
     */
    @Test
    void aSmallGzipFileOfMuchTextIsProjectedByTheTextItHolds(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws java.io.IOException {
        ImportOptions tight = ImportOptions.builder().maxMemory(8L << 20).build();
        String[][] cases = {
            {"b.csv.gz", "a,y\n", "1,p\n"},
            {"b.svm.gz", "", "1 1:1\n"},
            {"b.arff.gz", "@relation r\n@attribute a numeric\n@attribute y {p}\n@data\n", "1,p\n"}};
        for (String[] c : cases) {
            java.nio.file.Path gz = dir.resolve(c[0]);
            try (java.io.OutputStream out = new java.io.BufferedOutputStream(
                    new java.util.zip.GZIPOutputStream(java.nio.file.Files.newOutputStream(gz)), 1 << 16)) {
                out.write(c[1].getBytes(StandardCharsets.US_ASCII));
                byte[] row = c[2].getBytes(StandardCharsets.US_ASCII);
                for (int r = 0; r < 1_500_000; r++) {
                    out.write(row);
                }
            }
            assertTrue(java.nio.file.Files.size(gz) < (64 << 10), c[0] + ": " + java.nio.file.Files.size(gz) + " bytes");
            io.plate.api.data.Importer importer = c[0].endsWith(".csv.gz") ? new CsvImporter()
                    : c[0].endsWith(".svm.gz") ? new LibSvmImporter() : new ArffImporter();
            ImportException e = assertThrows(ImportException.class, () -> importer.read(gz, tight), c[0]);
            assertTrue(e.getMessage().contains("gzip file needs about") && e.getMessage().contains("of text)")
                    && e.getMessage().contains("-Xmx"), e.getMessage());
            // refused in its first part: after 1 MiB of text (a quarter of a million rows), not at the end
            assertTrue(e.line() > 1 && e.line() < 1_000_000, e.getMessage());
        }
    }

    @Test
    void aSingleHugeLineIsRefusedNamingItsLineAndTheLimit() {
        String line = "x,".repeat(2 << 20) + "y\n";
        ImportOptions o = ImportOptions.builder().maxLineLength(1 << 20).build();
        refused(() -> Inputs.csv("a,b\n" + line, o), 2, "line longer than 1,048,576 characters", "--max-line");
        refused(() -> Inputs.libsvm("1 1:1\n1 " + line, o), 2, "--max-line");
        refused(() -> Inputs.arff("@relation r\n@attribute a string\n@data\n" + line, o), 4, "--max-line");
        refused(() -> Inputs.text("label\ttext\na\t" + line, o), 2, "--max-line");
        // a quoted field that never closes grows one record: it is limited too
        refused(() -> Inputs.csv("a,b\n\"" + "z\n".repeat(1 << 20), o), 2, "--max-line");
        // within the default limit but not the memory: the projection stops it early too
        refused(() -> Inputs.csv("a,b\n" + "x".repeat(24 << 20) + ",1\n", ImportOptions.builder().maxMemory(16L << 20)
                .build()), 2, "needs about", "--max-memory");
    }

    /**
     * A line is copied a few times while it is parsed, so a small file of one long line (or one long record, or a
     * header of very many columns) could fill the heap before the projection measured anything: each is refused
     * naming its line when the line passes what the budget holds ({@link LineLimit}, 16 bytes a character: under
     * 1 MB, at its first measure, 64 Ki characters), or the columns what it holds (200 bytes a column).
     */
    @Test
    void aLineOrHeaderTooLongForTheBudgetIsRefusedNamingItsLine() {
        ImportOptions tight = ImportOptions.builder().maxMemory(1L << 20).build();
        String x = "x".repeat(200_000);
        String[] words = {"the line is over ", "characters long", "more than the 1 MB the import may use (--max-memory)",
            "-Xmx", "unclosed quote"};
        refused(() -> Inputs.csv("a,b,y\n1,2," + x + "\n", tight), 2, words);
        refused(() -> Inputs.csv("a,b,y\n1,2,\"" + x + "\n", tight), 2, words);
        // a quote that never closes joins the lines after it into one record, named by the line it opens on
        refused(() -> Inputs.csv("a,b\n1,\"" + "z\n".repeat(100_000), tight), 2, words);
        refused(() -> Inputs.text("label\ttext\na\t" + x + "\n", tight), 2, words);
        refused(() -> Inputs.arff("@relation r\n@attribute s string\n@attribute y {a,b}\n@data\n'" + x + "',a\n", tight),
                5, words);
        refused(() -> Inputs.libsvm("0 1:1\n1 1:" + "1".repeat(200_000) + "\n", tight), 2, words);
        // 20,000 columns of one row: a 40,000-character line within the budget, but 200 bytes a column are not
        refused(() -> Inputs.csv(String.join(",", java.util.Collections.nCopies(20_000, "1")) + "\n",
                tight.toBuilder().extra("header", "false").noLabel(true).build()), 1,
                "the 20,000 columns of the first line need about 4 MB of memory, more than the 1 MB the import may use");
        // within the budget they import
        assertEquals(2, Inputs.csv("a,b,y\n1,2," + x + "\n", ImportOptions.builder().maxMemory(8L << 20).build()).numeric()
                .size());
    }

    @Test
    void progressIsReportedAsTheFileIsRead() {
        byte[] csv = numericCsv(5 << 20);
        List<long[]> reports = new ArrayList<>();
        ImportOptions o = ImportOptions.builder().progress((read, total) -> reports.add(new long[] {read, total})).build();
        new CsvImporter().read(Inputs.stream(csv), Inputs.FILE, o);
        assertTrue(reports.size() >= 4, "reports " + reports.size());
        for (int i = 0; i < reports.size(); i++) {
            assertEquals(csv.length, reports.get(i)[1]);
            assertTrue(i == 0 || reports.get(i)[0] > reports.get(i - 1)[0]);
        }
    }
}
