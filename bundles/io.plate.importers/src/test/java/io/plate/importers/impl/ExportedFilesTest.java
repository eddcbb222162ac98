package io.plate.importers.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.data.Dataset;
import io.plate.api.data.ImportException;
import io.plate.api.data.ImportOptions;
import io.plate.api.data.Importer;
import io.plate.api.data.NumericColumn;
import io.plate.api.data.SparseMatrix;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files as numpy, pandas, Excel and scikit-learn write them (a new user's test of the importers). */
class ExportedFilesTest {
    private static final ImportOptions D = ImportOptions.defaults();

    private static String warnings(Dataset d) {
        return d.metadata().getOrDefault(Importer.WARNINGS, "");
    }

    /** {@code text} with {@code n} more rows {@code i,i,label} appended: over FirstRows.ROWS, the growing-column path. */
    private static String longer(String text, int n) {
        StringBuilder s = new StringBuilder(text);
        for (int i = 0; i < n; i++) {
            s.append(i).append(',').append(i).append(i % 2 == 0 ? ",x" : ",y").append('\n');
        }
        return s.toString();
    }

    private static NumericColumn numeric(Dataset d, String name) {
        return d.numeric().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow(() -> new AssertionError(
                "no numeric column " + name + " in " + d));
    }

    /** One label read as missing is "1 row … is", not "1 rows … are". */
    @Test
    void oneLabelReadAsMissingIsSaidInTheSingular() {
        String w = warnings(Inputs.csv("x,label\n1,NA\n2,ham\n3,spam\n", D));
        assertTrue(w.contains("label column 'label': 1 row ('NA' 1) is read as missing (pandas' markers)"), w);
    }

    @Test
    void numpyAndPandasMissingMarkersKeepAColumnNumeric() {
        // np.savetxt writes nan; pandas reads these as NaN by default (read_csv na_values)
        String csv = "a,b,y\nnan,1,x\n1,NaN,y\n2,None,x\nNULL,3,y\n<NA>,4,x\n#N/A,N/A,y\n-nan,null,x\n7,n/a,y\n";
        for (String text : List.of(csv, longer(csv, 300))) {
            Dataset d = Inputs.csv(text, D);
            assertEquals(2, d.numeric().size(), d.toString());
            assertTrue(Double.isNaN(numeric(d, "a").value(0)) && Double.isNaN(numeric(d, "a").value(5)));
            assertEquals(7.0, numeric(d, "a").value(7));
            assertEquals(4.0, numeric(d, "b").value(4));
            assertTrue(Double.isNaN(numeric(d, "b").value(6)) && Double.isNaN(numeric(d, "b").value(7)));
            assertEquals("", warnings(d));
        }
        // an explicit --missing list replaces the default
        assertEquals(2, Inputs.csv(csv, ImportOptions.builder().missing(Set.of("")).build()).categorical().size());
    }

    @Test
    void anInfinityInANumericColumnIsRefusedNamingFileLineColumnAndValue() {
        for (String inf : List.of("inf", "-inf", "Infinity", "-Infinity", "+Inf", "1e999")) {
            String csv = "a,b,y\n1,1,x\n2," + inf + ",y\n3,3,x\n";
            String bare = inf.replaceFirst("^[+-]", "");
            Inputs.fails(() -> Inputs.csv(csv, D), "line 3", "column b", "'" + inf + "' is an infinite number", "--missing '?,,",
                    "," + bare + ",-" + bare + "'");
            Inputs.fails(() -> Inputs.csv(longer(csv, 300), D), "line 3", "column b", "'" + inf + "'");
            // the fix the message gives reads it as missing
            Set<String> missing = new java.util.HashSet<>(D.missing());
            missing.add(inf);
            Dataset d = Inputs.csv(csv, ImportOptions.builder().missing(missing).build());
            assertTrue(Double.isNaN(numeric(d, "b").value(1)));
            assertEquals(3.0, numeric(d, "b").value(2));
            // categories may hold it
            assertEquals(1, Inputs.csv(csv, ImportOptions.builder().categorical(Set.of("b")).build()).categorical().size());
        }
        // a numeric label (target) too; a column of words keeps 'inf' as a level
        Inputs.fails(() -> Inputs.csv("a,t\n1,2.5\n2,-inf\n", D), "line 3", "column t", "'-inf'");
        assertEquals(List.of("high", "inf", "low"), Inputs.csv("a,b,y\n1,low,x\n2,inf,y\n3,high,x\n", D).categorical().get(0)
                .levels());
        // a column whose cells are all infinities holds no number: it is a column of words, short or long
        for (String csv : List.of("x,c,y\n1.0,inf,a\n2.0,inf,b\n", longer("x,c,y\n1.0,inf,a\n2.0,inf,b\n", 300)
                .replaceAll("(?m)^(\\d+),\\d+,", "$1,inf,"))) {
            Dataset d = Inputs.csv(csv, D);
            assertEquals(List.of("inf"), d.categorical().get(0).levels(), csv.length() + " characters");
        }
        // forced numeric, it is refused as an infinity (not 'expected a number, found null')
        Inputs.fails(() -> Inputs.csv("x,c,y\n1.0,inf,a\n2.0,inf,b\n", ImportOptions.builder().numeric(Set.of("c")).build()),
                "column c", "'inf' is an infinite number");
    }

    @Test
    void aNumericColumnMadeCategoricalByAFewOddCellsIsReported() {
        StringBuilder csv = new StringBuilder("a,b,y\n");
        for (int r = 0; r < 40; r++) { // one odd cell in 40 (at most 1 in 20 are reported)
            csv.append(r == 2 ? "-" : Integer.toString(r)).append(r % 2 == 0 ? ",u,x\n" : ",v,y\n");
        }
        for (String text : List.of(csv.toString(), csv + longer("", 300).replaceAll(",\\d+,", ",w,"))) {
            Dataset d = Inputs.csv(text, D);
            String w = warnings(d);
            assertTrue(w.contains("column 'a' holds numbers but for 1 cell such as '-' (line 4), so it became categorical"), w);
            assertTrue(w.contains("--missing '?,,") && w.contains(",-'"), w);
            assertTrue(!w.contains("column 'b'"), w);
        }
        // a single odd cell in a small file too
        assertTrue(warnings(Inputs.csv("a,y\n1,x\n2,y\n-,x\n4,y\n", D)).contains("column 'a' holds numbers but for 1 cell"));
        // car's doors (2, 3, 4, 5more: a quarter each) are categories, no warning
        assertEquals("", warnings(Inputs.csv("doors,y\n2,x\n3,y\n4,x\n5more,y\n2,x\n3,y\n4,x\n5more,y\n", D)));
        // many different words among numbers: a categorical column, no warning
        assertEquals("", warnings(Inputs.csv("a,y\n1,x\nred,y\n2,x\nblue,y\ngreen,x\n3,y\nteal,x\n4,x\n5,y\n", D)));
    }

    @Test
    void aHeaderlessFileIsReadWithNoHeaderAndItsFirstLineIsNamedAsData() {
        String iris = "5.1,3.5,1.4,0.2,setosa\n4.9,3.0,1.4,0.2,setosa\n6.3,3.3,6.0,2.5,virginica\n";
        Dataset d = Inputs.csv(iris, ImportOptions.builder().extra(CsvImporter.HEADER, "false").build());
        assertEquals(3, d.rows());
        assertEquals("V5", d.labels().orElseThrow().name());
        assertEquals(List.of("setosa", "virginica"), d.labels().orElseThrow().levels());
        assertEquals(5.1, numeric(d, "V1").value(0));
        assertEquals(6.3, numeric(d, "V1").value(2));
        assertEquals(300 + 3, Inputs.csv(iris + longer("", 300).replace("\n", ",1,2\n"), ImportOptions.builder()
                .extra(CsvImporter.HEADER, "false").build()).rows());
        // without it the first row is taken as the header, and the import says so
        Dataset h = Inputs.csv(iris, D);
        assertEquals(2, h.rows());
        assertTrue(warnings(h).contains("the header line '5.1,3.5,1.4,0.2,setosa' is mostly numbers: if it is the first row"
                + " of data, import with --no-header (columns V1..V5)"), warnings(h));
        assertEquals("", warnings(Inputs.csv("a,b,y\n1,2,x\n", D)));
        // a first line with repeated numbers fails as a header, naming the option
        Inputs.fails(() -> Inputs.csv("0,0,1,x\n1,2,3,y\n", D), "duplicate column name", "--no-header");
        Inputs.fails(() -> Inputs.csv(iris, ImportOptions.builder().extra(CsvImporter.HEADER, "no").build()), "header must be");
    }

    @Test
    void aDelimiterAtTheEndOfEveryLineMakesNoColumn() {
        String csv = "a,b,y,\n1,2,x,\n3,4,z,\n5,6,x,\n";
        for (String text : List.of(csv, longer(csv, 300).replace("\n", ",\n").replace(",,\n", ",\n"))) {
            Dataset d = Inputs.csv(text, D);
            assertEquals("y", d.labels().orElseThrow().name(), d.toString());
            assertTrue(d.target().isEmpty());
            assertEquals(2, d.featureCount());
            assertEquals("column 4 has no name and no values (a delimiter at the end of every line?): left out", warnings(d));
        }
        // header-less too: V4 is the label
        Dataset n = Inputs.csv("1,2,x,\n3,4,z,\n", ImportOptions.builder().extra(CsvImporter.HEADER, "false").build());
        assertEquals("V3", n.labels().orElseThrow().name());
        // a named empty column, or one with a value, is kept
        assertEquals("z", Inputs.csv("a,y,z\n1,x,\n2,y,\n", D).target().orElseThrow().name());
        assertEquals("V3", Inputs.csv("a,y,\n1,x,\n2,y,7\n", D).target().orElseThrow().name());
    }

    /** What scikit-learn 1.9.1's {@code dump_svmlight_file(X, y, f, comment="hi", zero_based=…)} writes before the rows. */
    private static String sklearnHead(String base) {
        return "# Generated by dump_svmlight_file from scikit-learn 1.9.1\n# Column indices are " + base + "\n#\n# hi\n";
    }

    @Test
    void libsvmAutoHonoursScikitLearnsCommentOnTheIndexBase() {
        // a test file with no index 0, written 0-based with a comment: its columns match the training file's
        String rows = "0 1:1.5\n1 2:3\n";
        Dataset zero = Inputs.libsvm(sklearnHead("zero-based") + rows, D);
        SparseMatrix m = zero.sparse().orElseThrow();
        assertEquals(3, m.columns());
        assertEquals(1, m.column(m.start(0)));
        assertEquals("0-based (as the file's comment states)", zero.metadata().get("indices"));
        // without the comment, auto reads it 1-based (the documented risk)
        Dataset plainSet = Inputs.libsvm(rows, D);
        assertEquals("1-based (auto: no index 0, no comment saying zero-based)", plainSet.metadata().get("indices"));
        SparseMatrix plain = plainSet.sparse().orElseThrow();
        assertEquals(0, plain.column(plain.start(0)));
        // a one-based comment: 1-based, and an index 0 is refused naming the line and the option
        SparseMatrix one = Inputs.libsvm(sklearnHead("one-based") + rows, D).sparse().orElseThrow();
        assertEquals(0, one.column(one.start(0)));
        Inputs.fails(() -> Inputs.libsvm(sklearnHead("one-based") + "0 0:1.5\n", D), "line 5", "one-based", "--zero-based true");
        // the option given wins over the comment; a comment after the first row is only a comment
        SparseMatrix forced = Inputs.libsvm(sklearnHead("zero-based") + rows, ImportOptions.builder()
                .extra(LibSvmImporter.ZERO_BASED, "false").build()).sparse().orElseThrow();
        assertEquals(0, forced.column(forced.start(0)));
        SparseMatrix late = Inputs.libsvm("0 1:1.5\n# Column indices are zero-based\n1 2:3\n", D).sparse().orElseThrow();
        assertEquals(0, late.column(late.start(0)));
    }

    @Test
    void aQuotedTsvFieldBrokenIntoRowsIsReportedAsASingleRowClassWithAQuote(@TempDir Path dir) throws IOException {
        // pandas' to_csv(sep='\t') quotes a text holding a line break, a tab or a quote; the TSV layout reads one
        // document a line (the shipped sms-spam.tsv has texts that start with a quote), so the second piece
        // becomes a row with a class of its own
        String tsv = "label\ttext\nham\thello there\nspam\tbuy now\nham\t\"multi\nline \"\"quoted\"\" text\twith tab\"\n"
                + "spam\twin cash\nham\t\"quoted\" but whole\n";
        Dataset d = Inputs.text(tsv, D);
        assertEquals(List.of("ham", "line \"\"quoted\"\" text", "spam"), d.labels().orElseThrow().levels());
        assertEquals("class 'line \"\"quoted\"\" text' has a single row (line 5) that holds a double quote: a piece of a"
                + " quoted text broken at its line breaks? for tab-separated text quoted as CSV (pandas' to_csv(sep='\\t')"
                + " writes it so) give --delimiter tab", warnings(d));
        // read as CSV records, it is one document
        Dataset csv = Inputs.text(tsv, ImportOptions.builder().delimiter('\t').build());
        assertEquals(List.of("ham", "spam"), csv.labels().orElseThrow().levels());
        assertEquals("", warnings(csv));
        // a quote in a class of many rows, or a class of one row without a quote, says nothing
        assertEquals("", warnings(Inputs.text("label\ttext\nham\t\"hi\" there\nham\tyes\nspam\tno\n", D)));
        // the shipped corpus keeps its rows and says nothing
        Dataset sms = new TextImporter().read(Shared.data("sms-spam-collection/sms-spam.tsv"), D);
        assertEquals(5574, sms.rows());
        assertEquals("", warnings(sms));
        // read in two halves, the line is counted in the whole file
        Path big = dir.resolve("big.tsv");
        try (Writer w = Files.newBufferedWriter(big, StandardCharsets.UTF_8)) {
            w.write("label\ttext\n");
            for (int r = 0; r < 60_000; r++) {
                w.write((r % 2 == 0 ? "a" : "b") + "\tsome filler words to make the file large enough for two halves " + r + "\n");
                if (r == 50_000) {
                    w.write("a\t\"broken\nsecond \"\"piece\"\"\tend\"\n");
                }
            }
        }
        assertTrue(Files.size(big) >= TextImporter.PARALLEL_BYTES);
        String one = warnings(new TextImporter().read(big, D));
        assertTrue(one.startsWith("class 'second \"\"piece\"\"' has a single row (line 50004)"), one);
        assertEquals(one, warnings(new TextImporter().read(big, ImportOptions.builder().extra(TextImporter.THREADS, "2").build())));
    }

    @Test
    void aTextClassNamedAsAPandasMarkerIsReported() {
        // an intent classifier's "no intent" class None: read as missing, as pandas reads it, and said so
        String tsv = "label\ttext\nNone\tno entity here\nPER\tjohn smith went home\nNone\tthe weather\n"
                + "PER\tmary jones called\nNA\tnorth america\n";
        Dataset d = Inputs.text(tsv, D);
        assertEquals(1, d.labels().orElseThrow().cardinality());
        String w = d.metadata().getOrDefault(Importer.WARNINGS, "");
        assertTrue(w.contains("label column 'label': 3 rows (") && w.contains("'None' 2") && w.contains("'NA' 1")
                && w.contains(") are read as missing (pandas' markers): if one is a class, import with --missing '?,,"), w);
        // the fix offered is the markers in use without the two words; with it the classes are kept
        Dataset kept = Inputs.text(tsv, ImportOptions.builder().missing(offeredFix(w, "None", "NA")).build());
        assertEquals(3, kept.labels().orElseThrow().cardinality());
        assertEquals("", kept.metadata().getOrDefault(Importer.WARNINGS, ""));
    }

    /** The {@code --missing} list {@code warning} offers, checked to be the markers in use without {@code words}. */
    private static Set<String> offeredFix(String warning, String... words) {
        String fix = warning.substring(warning.indexOf("--missing '") + 11, warning.lastIndexOf('\''));
        Set<String> markers = new java.util.HashSet<>(D.missing());
        markers.removeAll(Set.of(words));
        assertEquals(markers, Set.of(fix.split(",", -1)));
        return markers;
    }

    /** {@code header} and the rows {@code cells} (one string per row), then {@code more} rows cycling through them. */
    private static String rows(String header, int more, String... cells) {
        StringBuilder s = new StringBuilder(header).append('\n');
        for (int i = 0; i < cells.length + more; i++) {
            s.append(cells[i % cells.length]).append('\n');
        }
        return s.toString();
    }

    @Test
    void aNumberWrittenTwoWaysIsOneLevel() {
        // pandas reads a column of 1 and 1.0 as floats: one class, scikit-learn's classes_ [1.0, 2.0]
        ImportOptions cat = ImportOptions.builder().categorical(Set.of("c", "y")).build();
        for (int more : new int[] {0, 300}) {
            Dataset d = Inputs.csv(rows("c,x,y", more, "1,5,1", "1.0,6,1.0", "2,7,2", "+2,8,2.00", "1.00,9,1"), cat);
            assertEquals(List.of("1", "2"), d.labels().orElseThrow().levels(), "the shortest spelling of each value");
            assertEquals(List.of(0, 0, 1, 1, 0), List.of(d.labels().get().code(0), d.labels().get().code(1),
                    d.labels().get().code(2), d.labels().get().code(3), d.labels().get().code(4)));
            assertEquals(List.of("1", "2"), d.categorical().get(0).levels());
            // a code with a leading zero is text (LevelNumbers): 007 and 7 stay two levels, ordered by text
            Dataset codes = Inputs.csv(rows("c,x,y", more, "007,1,a", "7,2,b", "010,3,a", "7,4,b"), cat);
            assertEquals(List.of("007", "010", "7"), codes.categorical().get(0).levels());
            // spellings of one value, none of them its shortest form: that form
            assertEquals(List.of("1"), Inputs.csv(rows("c,x,y", more, "1.00,1,a", "1.0,2,b"), cat)
                    .categorical().get(0).levels());
        }
        // one class per value, not per spelling, when counting classes against rows: 10 classes in 20 rows are classes
        StringBuilder twice = new StringBuilder("c,y\n");
        for (int k = 1; k <= 10; k++) {
            twice.append(k).append(',').append(k).append('\n').append(k).append(',').append(k).append(".0\n");
        }
        assertEquals(10, Inputs.csv(twice.toString(), cat).labels().orElseThrow().cardinality());
        // the same rule for the labels of a text corpus
        Dataset t = Inputs.text("label\ttext\n1\tone word\n1.0\tan other\n2\tthird text\n", D);
        assertEquals(List.of("1", "2"), t.labels().orElseThrow().levels());
    }

    @Test
    void aCsvClassNamedAsAPandasMarkerIsReported() {
        // the text importer's warning, through the same code (MissingMarkers), for a CSV label column
        for (int more : new int[] {0, 300}) {
            String[] cells = {"1,None", "2,PER", "3,None", "4,PER", "5,NA"};
            String csv = rows("x,label", more, cells);
            Dataset d = Inputs.csv(csv, D);
            assertEquals(1, d.labels().orElseThrow().cardinality());
            String w = warnings(d);
            long none = 0;
            long na = 0;
            for (int i = 0; i < cells.length + more; i++) {
                none += cells[i % cells.length].endsWith("None") ? 1 : 0;
                na += cells[i % cells.length].endsWith("NA") ? 1 : 0;
            }
            assertTrue(w.contains(String.format("label column 'label': %d rows ('NA' %d, 'None' %d) are read as missing"
                    + " (pandas' markers): if one is a class, import with --missing '?,,", none + na, na, none)), w);
            Dataset kept = Inputs.csv(csv, ImportOptions.builder().missing(offeredFix(w, "None", "NA")).build());
            assertEquals(List.of("NA", "None", "PER"), kept.labels().orElseThrow().levels());
            assertEquals("", warnings(kept));
            // not for a feature column, nor for a numeric target whose NA cells are missing values
            assertEquals("", warnings(Inputs.csv(rows("x,y", more, "None,1", "2,a", "3,b", "NA,a"), D)));
            assertEquals("", warnings(Inputs.csv(rows("x,y", more, "1,1.5", "2,NA", "3,2.5", "4,nan"), D)));
        }
    }

    @Test
    void codesWithLeadingZerosReadAsNumbersKeepTheirText() {
        // a test file's column of codes is all digits, so numeric; a model that holds it as levels matches them
        for (int more : new int[] {0, 300}) {
            Dataset d = Inputs.csv(rows("code,x,y", more, "007,1,a", "010,2,b", "123,3,a", ",4,b", "007,5,a"), D);
            NumericColumn code = numeric(d, "code");
            assertEquals(7.0, code.value(0));
            assertEquals(List.of("007", "010", "123"), code.asLevels().levels());
            assertEquals("010", code.asLevels().level(1));
            assertEquals(null, code.asLevels().level(3));
            assertEquals(code.asLevels().levels(), d.levelsOf("code").orElseThrow().levels());
            int[] map = code.asLevels().mapTo(List.of("007", "010", "042", "123"));
            assertEquals(List.of(0, 1, 3), List.of(map[0], map[1], map[2]));
            // a column without leading zeros keeps no text: its numbers are its levels (7 → "7")
            NumericColumn x = numeric(d, "x");
            assertEquals(8L * x.size(), x.memoryBytes());
            assertEquals("1", x.asLevels().level(0));
            // the view of a split keeps the codes of its rows
            assertEquals("123", code.select(new int[] {2, 0}).asLevels().level(0));
        }
    }
}
