package io.plate.importers.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.data.Dataset;
import io.plate.api.data.ImportException;
import io.plate.api.data.ImportOptions;
import io.plate.api.data.Importer;
import io.plate.api.data.NumericColumn;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inputs of the hostile-input pass: what pandas and scikit-learn make of them is the expected value (pandas 3.0.6,
 * scikit-learn 1.9.1, run on the same text; quoted in each test).
 */
class HostileInputTest {
    private static final ImportOptions D = ImportOptions.defaults();
    private static final String GERMAN = "preis;menge;y\n1.500;2,5;p\n2.000;3,5;q\n1.250;1,0;p\n";

    private static ImportOptions decimalComma() {
        return ImportOptions.builder().extra(CsvImporter.DECIMAL, ",").build();
    }

    private static double[] values(Dataset d, String column) {
        return d.numeric().stream().filter(c -> c.name().equals(column)).findFirst().orElseThrow().values();
    }

    @Test
    void underADecimalCommaANumberWithAPointIsTextAsPandasKeepsIt() {
        // pd.read_csv(f, sep=';', decimal=','): preis is text ['1.500', '2.000', '1.250'], menge [2.5, 3.5, 1.0]
        for (int more : new int[] {0, 300}) { // columns made at once, and replayed into growing ones
            String text = GERMAN + "1.500;2,5;p\n".repeat(more);
            Dataset d = Inputs.csv(text, decimalComma());
            assertEquals(List.of("menge"), d.numeric().stream().map(NumericColumn::name).toList());
            assertEquals(List.of("1.250", "1.500", "2.000"), d.categorical().get(0).levels());
            assertEquals("column 'preis' holds numbers written with a '.' (such as '1.500', line 2), which --decimal , does"
                    + " not read as a decimal point, as pandas' read_csv(decimal=',') does not: kept as text, so it became"
                    + " categorical: if '.' separates thousands (1.500 for 1500), give --thousands .",
                    d.metadata().get(Importer.WARNINGS));
        }
        // named numeric, it is refused with the same reason
        Inputs.fails(() -> Inputs.csv(GERMAN, decimalComma().toBuilder().numeric(Set.of("preis")).build()), "line 2",
                "column preis", "'1.500'", "not a decimal point", "--thousands .");
        // a number with a point among words is no number column: no warning
        Dataset words = Inputs.csv("a;y\nx;p\n1.5;q\nz;p\n", decimalComma());
        assertNull(words.metadata().get(Importer.WARNINGS));
    }

    @Test
    void theThousandsSeparatorIsReadAsPandasReadsIt() {
        // pd.read_csv(f, sep=';', decimal=',', thousands='.'): preis [1500, 2000, 1250]
        ImportOptions both = decimalComma().toBuilder().extra(NumberStyle.THOUSANDS, ".").build();
        assertArrayEquals(new double[] {1500, 2000, 1250}, values(Inputs.csv(GERMAN, both), "preis"));
        // ['1.500,25', '2.000', '-1.250,5', '12,5'] -> [1500.25, 2000.0, -1250.5, 12.5]
        assertArrayEquals(new double[] {1500.25, 2000, -1250.5, 12.5},
                values(Inputs.csv("preis;y\n1.500,25;p\n2.000;q\n-1.250,5;p\n12,5;q\n", both), "preis"));
        // without --thousands, 1.500,25 is a number written with '.' too: the same warning
        assertTrue(Inputs.csv("preis;y\n1.500,25;p\n2,5;q\n", decimalComma()).metadata().get(Importer.WARNINGS)
                .contains("give --thousands ."));
        // pd.read_csv(f, thousands=','): '"1,500.25"', '"2,000"', 3 -> [1500.25, 2000.0, 3.0]
        assertArrayEquals(new double[] {1500.25, 2000, 3}, values(Inputs.csv("a,y\n\"1,500.25\",p\n\"2,000\",q\n3,p\n",
                ImportOptions.builder().extra(NumberStyle.THOUSANDS, ",").build()), "a"));
        // a text is left as it is: its level keeps the separator
        assertEquals(List.of("1.2.x", "7"), Inputs.csv("v;y\n1.2.x;p\n7;q\n", both).categorical().get(0).levels());
        Inputs.fails(() -> Inputs.csv(GERMAN, decimalComma().toBuilder().extra(NumberStyle.THOUSANDS, ",").build()),
                "thousands", "other than a digit and the decimal separator ','");
        Inputs.fails(() -> Inputs.arff("@relation r\n@attribute a numeric\n@data\n1\n",
                ImportOptions.builder().extra(NumberStyle.THOUSANDS, ".").build()), "--thousands does not apply to ARFF");
    }

    /**
     * A comma before three digits is a thousands separator as likely as a decimal comma: pandas keeps "2,500" as
     * text unless told thousands=',' (2500.0) or decimal=',' (2.5); the warning names both, not --decimal alone.
     */
    @Test
    void aCommaBeforeThreeDigitsIsAdvisedBothReadings() {
        String thousands = "a,b,class\n\"1,000\",1,x\n\"2,500\",2,y\n\"3,000\",3,x\n\"4,000\",4,y\n";
        String warning = Inputs.csv(thousands, D).metadata().get(Importer.WARNINGS);
        assertEquals("column [a] holds numbers written with a comma before three digits (such as '1,000') and became"
                + " categorical: give --thousands , if the comma separates thousands (1,000 for 1000), or --decimal , if"
                + " it is a decimal comma (1,000 for 1)", warning);
        // pd.read_csv(f, thousands=','): a [1000, 2500, 3000, 4000]
        assertArrayEquals(new double[] {1000, 2500, 3000, 4000},
                values(Inputs.csv(thousands, ImportOptions.builder().extra(NumberStyle.THOUSANDS, ",").build()), "a"));
        // two commas, or one before a point: only thousands read them
        assertEquals("column [a] holds numbers written with ',' between thousands (such as '1,000,000') and became"
                + " categorical: give --thousands , to read it as numbers",
                Inputs.csv("a,class\n\"1,000,000\",x\n\"2,500.5\",y\n3,x\n", D).metadata().get(Importer.WARNINGS));
        // one comma not before three digits: a decimal comma, as before
        assertTrue(Inputs.csv("a,class\n\"1,000\",x\n\"2,5\",y\n", D).metadata().get(Importer.WARNINGS)
                .endsWith("holds numbers written with a decimal comma and became categorical: give --decimal , to read it as numbers"));
        assertEquals(CommaNumbers.NONE, CommaNumbers.of(List.of("1,000", "x")));
    }

    /**
     * German numbers, '.' between thousands and a decimal comma (1.037,1), are advised both options that read them:
     * pandas keeps them as text unless told read_csv(decimal=',', thousands='.').
     */
    @Test
    void pointGroupedNumbersWithADecimalCommaAreAdvisedBothOptions() {
        String german = "a;b;class\n1.037,1;x;p\n2.074,2;y;q\n3,5;x;p\n-1.000.000;y;q\n";
        assertEquals("column [a] holds numbers written with '.' between thousands and a decimal comma (such as '1.037,1')"
                + " and became categorical: give --decimal , --thousands . to read it as numbers",
                Inputs.csv(german, D).metadata().get(Importer.WARNINGS));
        // pd.read_csv(f, sep=';', decimal=',', thousands='.'): a [1037.1, 2074.2, 3.5, -1000000.0]
        ImportOptions both = decimalComma().toBuilder().extra(NumberStyle.THOUSANDS, ".").build();
        assertArrayEquals(new double[] {1037.1, 2074.2, 3.5, -1_000_000}, values(Inputs.csv(german, both), "a"));
        // a point-grouped number beside one grouped by commas reads no one way: no advice
        assertEquals(CommaNumbers.NONE, CommaNumbers.of(List.of("1.037,1", "1,000,000")));
    }

    /**
     * A long column name in a suggested --ignore is given whole, so that the command works as given; the header a
     * wrong --ignore is told lists it whole too, to type from. Before, both cut it at 60 characters with "…".
     */
    @Test
    void aSuggestedIgnoreNamesALongColumnWhole() {
        String name = "free_text_comment_field_entered_by_the_operator_during_the_customer_call_notes"; // 78 characters
        StringBuilder csv = new StringBuilder(name + ",x,class\n");
        for (int i = 0; i < 60; i++) { // an identifier: a distinct value in each of 60 rows
            csv.append('c').append(7 * i).append(',').append(i % 3).append(',').append(i % 2 == 0 ? "a" : "b").append('\n');
        }
        String warning = Inputs.csv(csv.toString(), D).metadata().get(Importer.WARNINGS);
        assertTrue(warning.endsWith("leave it out with --ignore " + name), warning);
        Dataset d = Inputs.csv(csv.toString(), ImportOptions.builder().extra(CsvImporter.IGNORE, name).build());
        assertEquals(List.of("x"), d.numeric().stream().map(NumericColumn::name).toList());
        ImportException e = Inputs.fails(() -> Inputs.csv(csv.toString(),
                ImportOptions.builder().extra(CsvImporter.IGNORE, name.substring(0, 59) + "\u2026").build()));
        assertTrue(e.getMessage().endsWith("it has [" + name + ", x, class]"), e.getMessage());
    }

    /** An advice never pastes a huge cell, nor an invisible character, into the --missing it suggests. */
    @Test
    void anAdviceQuotesAnOddCellShortAndVisible() {
        String huge = "1".repeat(5000) + "x";
        String w = Inputs.csv("a,b,class\n" + huge + ",2,x\n3,4,y\n5,6,x\n7,8,y\n", D).metadata().get(Importer.WARNINGS);
        assertTrue(w.length() < 300 && w.contains("(5,001 characters)") && w.contains("replace it in the file"), w);
        // a no-break space after a number: said visibly, not pasted into a command
        w = Inputs.csv("a,class\n4\u00a0,x\n3,y\n5,x\n7,y\n", D).metadata().get(Importer.WARNINGS);
        assertEquals("column 'a' holds numbers but for 1 cell such as '4\\u00a0' (line 2), so it became categorical: it"
                + " holds a character that prints as nothing (shown as \\u00a0): take it out of the file", w);
        assertTrue(w.indexOf('\u00a0') < 0, w);
        // a short, visible one is still offered as a missing marker
        String dash = Inputs.csv("a,class\n-,x\n3,y\n5,x\n7,y\n", D).metadata().get(Importer.WARNINGS);
        assertTrue(dash.contains("if '-' marks a missing value, import with --missing '?,,") && dash.endsWith(",-'"), dash);
        // an infinity of 400 digits is refused without being pasted into --missing
        String inf = "9".repeat(400);
        ImportException e = org.junit.jupiter.api.Assertions.assertThrows(ImportException.class,
                () -> Inputs.csv("a,class\n" + inf + ",x\n3,y\n", D));
        assertTrue(e.getMessage().length() < 300 && !e.getMessage().contains("--missing"), e.getMessage());
    }

    /** A header read as one column that holds another delimiter: the advice names the delimiter to give. */
    @Test
    void aHeaderOfOneColumnHoldingADelimiterIsAdvisedThatDelimiter() {
        String iris = "sepal_length_cm,sepal_width_cm,class\n5.1,3.5,setosa\n4.9,3.0,setosa\n7.0,3.2,versicolor\n";
        Inputs.fails(() -> Inputs.csv(iris, ImportOptions.builder().delimiter('\t').build()), "line 1",
                "the header is one column, 'sepal_length_cm,sepal_width_cm,class', which holds ',' 2 times: if ','"
                        + " separates the columns, give --delimiter ,");
        // '|' is not found by itself: named, quoted for the shell (Gogo reads a bare | as a pipe)
        Inputs.fails(() -> Inputs.csv("a|b|class\n1|2|x\n3|4|y\n", D), "which holds '|' 2 times", "give --delimiter '|'");
        // without a label the import goes on, the advice first among its warnings
        String w = Inputs.csv(iris, ImportOptions.builder().delimiter(';').noLabel(true).build()).metadata().get(Importer.WARNINGS);
        assertTrue(w.startsWith("the header is one column, 'sepal_length_cm,sepal_width_cm,class', which holds ','"), w);
        // a one-column file whose name holds no delimiter is as before
        assertNull(Inputs.csv("x\n1\n2\n", ImportOptions.builder().noLabel(true).build()).metadata().get(Importer.WARNINGS));
    }

    /**
     * UTF-16 without a byte-order mark and UTF-32 with or without one are named by the NUL bytes or the mark they
     * start with, and the --encoding named reads them (Java's UTF-16LE, UTF-32 charsets decode the same text back).
     */
    @Test
    void utf16AndUtf32AreNamedByTheirFirstBytes() {
        String text = "a,y\n1.5,x\n2.5,y\n";
        Object[][] cases = {
            {text.getBytes(java.nio.charset.StandardCharsets.UTF_16LE), "utf-16le",
                "binary file: NUL byte at character 2 of the line; expected text (the file's first bytes are UTF-16LE text"
                        + " without a byte-order mark: give --encoding utf-16le)"},
            {text.getBytes(java.nio.charset.StandardCharsets.UTF_16BE), "utf-16be", "give --encoding utf-16be"},
            {text.getBytes(java.nio.charset.Charset.forName("UTF-32LE")), "utf-32le", "give --encoding utf-32le"},
            // FF FE 00 00: UTF-32's little-endian mark, which begins with UTF-16's
            {concat(new byte[] {(byte) 0xff, (byte) 0xfe, 0, 0}, text.getBytes(java.nio.charset.Charset.forName("UTF-32LE"))),
                "utf-32", "the file starts with a UTF-32 byte-order mark: give --encoding utf-32"},
        };
        for (Object[] c : cases) {
            byte[] bytes = (byte[]) c[0];
            Inputs.fails(() -> new CsvImporter().read(Inputs.stream(bytes), Inputs.FILE, D), "line 1", (String) c[2]);
            Dataset d = new CsvImporter().read(Inputs.stream(bytes), Inputs.FILE,
                    ImportOptions.builder().extra(Sources.ENCODING, (String) c[1]).build());
            assertArrayEquals(new double[] {1.5, 2.5}, values(d, "a"), (String) c[1]);
        }
        // given utf-16 for a UTF-32 file (its mark begins with UTF-16's), the NUL names utf-32
        byte[] utf32 = (byte[]) cases[3][0];
        Inputs.fails(() -> new CsvImporter().read(Inputs.stream(utf32), Inputs.FILE,
                ImportOptions.builder().extra(Sources.ENCODING, "utf-16").build()), "give --encoding utf-32");
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** pandas' to_csv of a frame with a column 'size, cm': {@code class,final,"size, cm",w}. */
    private static final String COMMA_NAME = "class,final,\"size, cm\",w\na,1,2.5,3\nb,2,3.5,4\na,1,2.0,5\n";

    @Test
    void aColumnNameWithACommaIsNamedWholeOrQuotedInAList() {
        ImportOptions ignoreWhole = ImportOptions.builder().label("class").extra(CsvImporter.IGNORE, "size, cm").build();
        assertEquals(List.of("final", "w"), Inputs.csv(COMMA_NAME, ignoreWhole).numeric().stream().map(NumericColumn::name).toList());
        ImportOptions quoted = ImportOptions.builder().label("class").extra(CsvImporter.IGNORE, "\"size, cm\",w").build();
        assertEquals(List.of("final"), Inputs.csv(COMMA_NAME, quoted).numeric().stream().map(NumericColumn::name).toList());
        Dataset cat = Inputs.csv(COMMA_NAME, ImportOptions.builder().label("class").categorical(Set.of("size, cm")).build());
        assertEquals("size, cm", cat.categorical().get(0).name());
        Dataset num = Inputs.csv(COMMA_NAME, ImportOptions.builder().label("class").numeric(Set.of("\"size, cm\", final"))
                .build());
        assertEquals(3, num.numeric().size());
        // a plain list still splits at commas
        assertEquals(List.of("size, cm"), Inputs.csv(COMMA_NAME, ImportOptions.builder().label("class")
                .extra(CsvImporter.IGNORE, "w, final").build()).numeric().stream().map(NumericColumn::name).toList());
        // a piece the header does not have: the names in header order, the one with a comma quoted, and how to give it
        ImportException e = Inputs.fails(() -> Inputs.csv(COMMA_NAME, ImportOptions.builder().label("class")
                .extra(CsvImporter.IGNORE, "size, cm,w").build()), "column cm:");
        assertTrue(e.getMessage().endsWith("--ignore names a column the header does not have; it has [class, final,"
                + " \"size, cm\", w]; a name that holds a comma is given whole (--ignore 'size, cm') or quoted in a list"
                + " (--ignore '\"size, cm\",…')"), e.getMessage());
        // ARFF: the same reading
        String arff = "@relation r\n@attribute 'size, cm' numeric\n@attribute w numeric\n@attribute c {a,b}\n@data\n1,2,a\n";
        assertEquals(List.of("w"), Inputs.arff(arff, ImportOptions.builder().extra(CsvImporter.IGNORE, "size, cm").build())
                .numeric().stream().map(NumericColumn::name).toList());
        Inputs.fails(() -> Inputs.arff(arff, ImportOptions.builder().categorical(Set.of("size")).build()),
                "does not declare; it declares [\"size, cm\", w, c]");
    }

    @Test
    void aLabelColumnEmptyInEveryRowIsReportedWithTheOptionsToGive() {
        for (int more : new int[] {0, 300}) {
            Dataset d = Inputs.csv("a,b,y\n1,2,\n3,4,\n5,6,\n" + "7,8,\n".repeat(more), D);
            assertEquals("the label column 'y' has no value in any of the " + (3 + more) + " rows, nothing to learn or"
                    + " predict: for unlabelled data import with --no-label, or name the label column with --label COLUMN",
                    d.metadata().get(Importer.WARNINGS));
        }
        // also named as classes, and an ARFF class of '?' only
        assertTrue(Inputs.csv("a,y\n1,\n2,\n", ImportOptions.builder().categorical(Set.of("y")).build()).metadata()
                .get(Importer.WARNINGS).startsWith("the label column 'y' has no value"));
        assertTrue(Inputs.arff("@relation r\n@attribute a numeric\n@attribute c {x,y}\n@data\n1,?\n2,?\n", D).metadata()
                .get(Importer.WARNINGS).startsWith("the label column 'c' has no value in any of the 2 rows"));
        assertNull(Inputs.csv("a,y\n1,\n2,p\n", D).metadata().get(Importer.WARNINGS));
    }

    @Test
    void libsvmFieldsAreSplitAtAnyAsciiWhitespaceAsScikitLearnSplitsThem() {
        // load_svmlight_file of b'1 1:1\x0c 2:2\n0\x0b1:3\t2:4\r\n': X [[1, 2], [3, 4]], y [1, 0]
        Dataset d = Inputs.libsvm("1 1:1\f 2:2\n0\u000b1:3\t2:4\r\n", D);
        io.plate.api.data.SparseMatrix x = d.sparse().orElseThrow();
        double[][] dense = new double[2][2];
        for (int r = 0; r < 2; r++) {
            for (int k = x.start(r); k < x.end(r); k++) {
                dense[r][x.column(k)] = x.value(k);
            }
        }
        assertArrayEquals(new double[] {1, 2}, dense[0]);
        assertArrayEquals(new double[] {3, 4}, dense[1]);
        assertEquals(List.of("0", "1"), d.labels().orElseThrow().levels());
        assertEquals(List.of(1, 0), List.of(d.labels().orElseThrow().code(0), d.labels().orElseThrow().code(1)));
    }

    @Test
    void invisibleCharactersInAQuotedCellAreShownAsEscapes() {
        // a number with a no-break space after it: not a number (pandas keeps '3.5\xa0' as text too)
        ImportException e = Inputs.fails(() -> Inputs.csv("a,y\n3.5\u00a0,p\n4,q\n", ImportOptions.builder()
                .numeric(Set.of("a")).build()));
        assertTrue(e.getMessage().endsWith("found '3.5\\u00a0'"), e.getMessage());
        // a header name with a zero-width space, and a long cell shortened
        assertEquals("'a\\u200bb'", Sources.quote("a\u200bb"));
        assertEquals("'" + "x".repeat(39) + "…'", Sources.quote("x".repeat(10_000_000)));
    }

    @Test
    void foldersInsideTheClassFoldersAreNamedInAWarning(@TempDir Path dir) throws IOException {
        Path corpus = dir.resolve("c4");
        Files.createDirectories(corpus.resolve("a/sub"));
        Files.createDirectories(corpus.resolve("b/z2"));
        Files.createDirectories(corpus.resolve("b/z1"));
        Files.writeString(corpus.resolve("a/1.txt"), "hello world");
        Files.writeString(corpus.resolve("a/sub/2.txt"), "hidden away");
        Files.writeString(corpus.resolve("b/3.txt"), "other words");
        Dataset d = new TextImporter().read(corpus, D);
        assertEquals(2, d.rows());
        assertEquals("3 folders inside the class folders were not read (a/sub/, b/z1/, b/z2/), as scikit-learn's"
                + " load_files reads only the files directly in each class folder: move their files up a level to read"
                + " them", d.metadata().get(Importer.WARNINGS));
    }

    @Test
    void aTruncatedGzipFileIsSaidToBeTruncated(@TempDir Path dir) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(b)) {
            z.write("a,b,y\n".getBytes(StandardCharsets.UTF_8));
            for (int i = 0; i < 2000; i++) {
                z.write((i + "," + (i * 7 % 13) + ",c" + (i % 3) + "\n").getBytes(StandardCharsets.UTF_8));
            }
        }
        byte[] whole = b.toByteArray();
        for (int cut : new int[] {whole.length / 2, whole.length - 4, 5}) { // in the data, in the trailer, in the header
            Path f = dir.resolve("x" + cut + ".csv.gz");
            Files.write(f, Arrays.copyOf(whole, cut));
            ImportException e = org.junit.jupiter.api.Assertions.assertThrows(ImportException.class,
                    () -> new CsvImporter().read(f, D));
            assertTrue(e.getMessage().contains("the gzip-compressed file ends before its data does: it is truncated")
                    && !e.getMessage().contains("ZLIB"), e.getMessage());
        }
    }

    @Test
    void anArffDeclarationAfterDataIsNamed() {
        String arff = "@relation r\n@attribute a numeric\n@attribute c {x,y}\n@data\n1,x\n@ATTRIBUTE b numeric\n2,y\n";
        Inputs.fails(() -> Inputs.arff(arff, D), "line 6", "@attribute after @data (line 4): declare every attribute,"
                + " and the relation, before @data");
        Inputs.fails(() -> Inputs.arff("@relation r\n@attribute a numeric\n@data\n1\n@data\n2\n", D), "line 5",
                "@data after @data (line 3): a file has one @data line");
    }
}
