package io.plate.importers.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.data.ImportException;
import io.plate.api.data.ImportOptions;
import io.plate.api.data.Importer;
import io.plate.api.data.NumericColumn;
import io.plate.api.data.SparseMatrix;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Issue 14 §2: data as scikit-learn and Weka users bring it. */
class UserHabitsTest {
    private static final ImportOptions D = ImportOptions.defaults();

    /** {@code n} rows {@code x,y} with y = 4x + 0.5, a regression table (x by halves: not the rows' numbers). */
    private static String regression(int n) {
        StringBuilder s = new StringBuilder("x,y\n");
        for (int i = 0; i < n; i++) {
            s.append(i * 0.5).append(',').append(2 * i + 0.5).append('\n');
        }
        return s.toString();
    }

    @Test
    void aNumericLabelColumnIsANumericTargetUnlessNamedCategorical() {
        Dataset d = Inputs.csv(regression(300), D);
        assertTrue(d.labels().isEmpty());
        assertEquals("y", d.target().orElseThrow().name());
        assertEquals(598.5, d.target().orElseThrow().value(299));
        assertEquals(1, d.numeric().size());
        // named in --categorical (or all), a numeric label is classes, as in Weka
        Dataset c = Inputs.csv("a,class\n1,3\n2,10\n3,3\n", ImportOptions.builder().categorical(Set.of("class")).build());
        assertEquals(List.of("3", "10"), c.labels().orElseThrow().levels());
        Dataset all = Inputs.csv("a,class\n1,3\n2,10\n3,3\n", ImportOptions.builder().categorical(Set.of("all")).build());
        assertEquals(2, all.labels().orElseThrow().cardinality());
        // a label of words stays classes
        assertEquals(2, Inputs.csv("a,class\n1,x\n2,y\n", D).labels().orElseThrow().cardinality());
    }

    @Test
    void aLabelWithNearlyOneValuePerRowIsRefusedWithTheFix() {
        StringBuilder ids = new StringBuilder("x,name\n");
        for (int i = 0; i < 300; i++) {
            ids.append(i % 7).append(",row").append(i).append('\n');
        }
        Inputs.fails(() -> Inputs.csv(ids.toString(), D), "column name", "300 distinct values in 300 rows", "--label", "--no-label");
        // --no-label imports every column as a feature
        assertEquals(2, Inputs.csv(ids.toString(), ImportOptions.builder().noLabel(true).build()).featureCount());
        // LibSVM labels that are whole numbers, one per row: the fix names --numeric label (a LibSVM file has no
        // other column to name with --label)
        StringBuilder svm = new StringBuilder();
        for (int i = 0; i < 50; i++) {
            svm.append(i).append(" 1:").append(i).append('\n');
        }
        ImportException byNumber = Inputs.fails(() -> Inputs.libsvm(svm.toString(), D), "50 distinct values in 50 rows",
                "give --numeric label", "--no-label");
        assertFalse(byNumber.getMessage().contains("--label"), byNumber.getMessage());
        assertEquals(50, Inputs.libsvm(svm.toString(), ImportOptions.builder().numeric(Set.of("label")).build())
                .target().orElseThrow().size());
        // a few rows may have a class each (a toy table), and ordinary classes pass
        assertEquals(3, Inputs.csv("a,c\n1,x\n2,y\n3,z\n", D).labels().orElseThrow().cardinality());
    }

    @Test
    void libsvmIndicesAreZeroBasedWhenAnIndexZeroAppearsAsScikitLearnReads() {
        // dump_svmlight_file writes 0-based indices: auto (the default) reads them so
        Dataset zero = Inputs.libsvm("1 0:2 3:1\n0 1:5\n", D);
        SparseMatrix m = zero.sparse().orElseThrow();
        assertEquals(4, m.columns());
        assertEquals(0, m.column(m.start(0)));
        assertEquals(3, m.column(m.start(0) + 1));
        assertEquals("0-based", zero.metadata().get("indices"));
        // without an index 0, auto reads 1-based
        SparseMatrix one = Inputs.libsvm("1 1:2 4:1\n0 2:5\n", D).sparse().orElseThrow();
        assertEquals(4, one.columns());
        assertEquals(0, one.column(one.start(0)));
        assertEquals(3, one.column(one.start(0) + 1));
        // true: 0-based even without an index 0
        SparseMatrix t = Inputs.libsvm("1 1:2 4:1\n", ImportOptions.builder().extra("zero_based", "true").build())
                .sparse().orElseThrow();
        assertEquals(5, t.columns());
        assertEquals(1, t.column(t.start(0)));
        // false: an index 0 is refused, naming the option
        Inputs.fails(() -> Inputs.libsvm("1 0:2\n", ImportOptions.builder().extra("zero_based", "false").build()),
                "line 1", "feature index 0", "--zero-based");
        Inputs.fails(() -> Inputs.libsvm("1 1:2\n", ImportOptions.builder().extra("zero_based", "maybe").build()), "zero_based");
        // a declared number of features bounds the 0-based positions
        assertEquals(4, Inputs.libsvm("1 0:1 3:1\n", ImportOptions.builder().extra("n_features", "4").build())
                .sparse().orElseThrow().columns());
        Inputs.fails(() -> Inputs.libsvm("1 0:1 4:1\n", ImportOptions.builder().extra("n_features", "4").build()), "0-based");
    }

    @Test
    void aMultilabelLibsvmFileIsRefusedAsSuch() {
        // dump_svmlight_file(X, Y, f, multilabel=True) with Y = [[1, 0], [0, 0], [1, 1]]: '0', '', '0,1'
        String multilabel = "0 0:1\n 1:2.5\n0,1 0:1e-07 1:3\n";
        ImportException none = Inputs.fails(() -> Inputs.libsvm(multilabel, D), "line 2", "column label", "'1:2.5'",
                "the row has no label", "dump_svmlight_file(multilabel=True)", "write one label per row");
        assertFalse(none.getMessage().contains("set of labels"), none.getMessage());
        Inputs.fails(() -> Inputs.libsvm("0 0:1\n0,1 0:1e-07 1:3\n", D), "line 2", "column label",
                "the set of labels '0,1'", "dump_svmlight_file(multilabel=True)", "write one label per row");
        // a word is only not a number
        ImportException word = Inputs.fails(() -> Inputs.libsvm("yes 1:2\n", D), "expected a number as the label, found 'yes'");
        assertFalse(word.getMessage().contains("multilabel"), word.getMessage());
        assertFalse(Inputs.fails(() -> Inputs.libsvm("1,x 1:2\n", D)).getMessage().contains("multilabel"));
    }

    @Test
    void libsvmCommentsMayBeInAnyEncodingAsScikitLearnSkipsThem() {
        // '# café' and '# résumé' written in Latin-1 (0xE9): load_svmlight_file gives [[2, 0], [0, 3]], labels 1, -1
        byte[] latin1 = "# caf\u00e9 data\n1 1:2\n-1 2:3 # r\u00e9sum\u00e9\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        Dataset d = new LibSvmImporter().read(Inputs.stream(latin1), Inputs.FILE, D);
        SparseMatrix m = d.sparse().orElseThrow();
        assertEquals(2, m.columns());
        assertEquals(List.of(0, 1), List.of(m.column(m.start(0)), m.column(m.start(1))));
        assertEquals(List.of(2.0, 3.0), List.of(m.value(m.start(0)), m.value(m.start(1))));
        assertEquals(List.of("1", "-1"), List.of(d.labels().orElseThrow().level(0), d.labels().orElseThrow().level(1)));
        // before the comment, the bytes must still be UTF-8
        byte[] bad = "1 1:2\n-1 2:3 caf\u00e9\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        Inputs.fails(() -> new LibSvmImporter().read(Inputs.stream(bad), Inputs.FILE, D), "line 2", "invalid UTF-8");
    }

    @Test
    void libsvmValuesCanBeDenseNumericColumnsForANumericLearner() {
        Dataset d = Inputs.libsvm("1 1:2 3:1\n0 2:5\n", ImportOptions.builder().extra("values", "numeric").build());
        assertTrue(d.sparse().isEmpty());
        assertEquals(3, d.numeric().size());
        assertEquals("3", d.numeric().get(2).name());
        assertEquals(2.0, d.numeric().get(0).value(0));
        assertEquals(0.0, d.numeric().get(0).value(1));
        assertEquals(5.0, d.numeric().get(1).value(1));
        assertEquals(2, d.labels().orElseThrow().cardinality());
        Inputs.fails(() -> Inputs.libsvm("1 1:2\n", ImportOptions.builder().extra("values", "floats").build()), "values");
        // dense columns that do not fit are refused before they are allocated
        Inputs.fails(() -> Inputs.libsvm("1 1:2 30000000:1\n0 2:1\n", ImportOptions.builder().extra("values", "numeric")
                .maxMemory(1L << 20).build()), "--values numeric", "30,000,000 dense columns");
    }

    @Test
    void textTakesADelimiterAndSaysWhatIsWrongWithTheHeader() {
        // a comma-separated text file with --delimiter , (CSV quoting: commas inside quotes)
        Dataset d = Inputs.text("text,label\n\"Hello, world\",ham\nwin money now,spam\n",
                ImportOptions.builder().delimiter(',').build());
        assertEquals(2, d.rows());
        assertEquals(List.of("hello", "money", "now", "win", "world"), d.sparse().orElseThrow().vocabulary());
        assertEquals(List.of("ham", "spam"), d.labels().orElseThrow().levels());
        // without it: the header has no tab, and the message says which option reads it
        Inputs.fails(() -> Inputs.text("text,label\nhello,ham\n", D), "no 'text' column", "--delimiter ,");
        // a CSV table saved as .txt: --delimiter , alone would fail next on the missing text column; say both ways
        Inputs.fails(() -> Inputs.text("sepal length (cm),petal width (cm),target\n5.1,0.2,setosa\n", D),
                "line 1", "separated by ',' it has no 'text' column either [sepal length (cm), petal width (cm), target]",
                "--format csv", "--delimiter , --text-column NAME");
        Inputs.fails(() -> Inputs.text("label\ttext\nham\thello\n", ImportOptions.builder().delimiter(',').build()),
                "separated by tabs", "leave out --delimiter");
        // a header without 'text': the columns, --text-column, and --format csv for a table of numbers
        Inputs.fails(() -> Inputs.text("a\tb\tlabel\n1\t2\tx\n", D), "[a, b, label]", "--text-column", "--format csv");
        // pandas' to_csv(sep='\t'): its index first, texts holding a tab, a line break or quotes in double quotes
        String pandas = "\ttext\tlabel\n0\t\"free money\tnow\"\tspam\n1\t\"meet at\nnoon\"\tham\n2\t\"a \"\"prize\"\"\"\tspam\n";
        Inputs.fails(() -> Inputs.text(pandas, D), "ragged row", "double quotes", "--delimiter tab");
        Dataset tsv = Inputs.text(pandas, ImportOptions.builder().delimiter('\t').build());
        assertEquals(3, tsv.rows());
        assertEquals(List.of("at", "free", "meet", "money", "noon", "now", "prize"), tsv.sparse().orElseThrow().vocabulary());
        assertEquals(List.of("spam", "ham", "spam"), List.of(tsv.labels().orElseThrow().level(0),
                tsv.labels().orElseThrow().level(1), tsv.labels().orElseThrow().level(2)));
        Dataset named = Inputs.text("msg\tlabel\nhello there\tx\n", ImportOptions.builder().extra("text_column", "msg").build());
        assertEquals(List.of("hello", "there"), named.sparse().orElseThrow().vocabulary());
    }

    @Test
    void aFreeTextColumnIsReportedWithAPointerToTheTextImporter() {
        StringBuilder s = new StringBuilder("message,class\n");
        for (int i = 0; i < 3000; i++) {
            s.append("\"we met on day ").append(i).append(", fine\",").append(i % 2 == 0 ? "ham" : "spam").append('\n');
        }
        Dataset d = Inputs.csv(s.toString(), D);
        String w = d.metadata().get(Importer.WARNINGS);
        assertTrue(w != null && w.contains("'message'") && w.contains("3,000 levels") && w.contains("--format text")
                && w.contains("--text-column message") && w.contains("--delimiter ,"), w);
        assertNull(Inputs.csv("a,class\nx,p\ny,q\n", D).metadata().get(Importer.WARNINGS));
        // codes without spaces are an identifier, not text
        StringBuilder ids = new StringBuilder("id,class\n");
        for (int i = 0; i < 3000; i++) {
            ids.append("ID-").append(i).append(',').append(i % 2 == 0 ? "ham" : "spam").append('\n');
        }
        String idw = Inputs.csv(ids.toString(), D).metadata().get(Importer.WARNINGS);
        assertTrue(idw != null && idw.contains("'id'") && idw.contains("identifier") && !idw.contains("--format text"), idw);
        assertFalse(Inputs.csv(regression(50), D).metadata().containsKey(Importer.WARNINGS));
    }
    @Test
    void pandasRowIndexIsLeftOutWithAWarning() {
        // DataFrame.to_csv() writes the index as a first column with no name: 0, 1, 2, … in order
        for (int rows : new int[] {12, 600}) { // a few rows (columns made at once) and a longer file
            StringBuilder s = new StringBuilder(",x,class\n");
            for (int i = 0; i < rows; i++) {
                s.append(i).append(',').append(i * 0.5).append(',').append(i < rows / 2 ? "a" : "b").append('\n');
            }
            Dataset d = Inputs.csv(s.toString(), D);
            assertEquals(List.of("x"), d.numeric().stream().map(NumericColumn::name).toList(), "rows " + rows);
            String w = d.metadata().get(Importer.WARNINGS);
            assertEquals("the first column has no name and numbers the rows 0.." + (rows - 1) + " in order: a row index"
                    + " (pandas' to_csv writes one unless index=False), left out (give it a name in the header to keep it)", w);
            // named, or not in order, it is a feature like any other
            Dataset named = Inputs.csv(s.toString().replaceFirst("^,", "id,"), D);
            assertEquals(List.of("id", "x"), named.numeric().stream().map(NumericColumn::name).toList());
            Dataset shuffled = Inputs.csv(s.toString().replaceFirst("\n0,", "\n7,"), D);
            assertEquals(List.of("V1", "x"), shuffled.numeric().stream().map(NumericColumn::name).toList());
        }
        // R's write.csv numbers them from 1
        Dataset r = Inputs.csv("\"\",\"x\",\"class\"\n\"1\",0.5,\"a\"\n\"2\",1.5,\"b\"\n\"3\",2,\"a\"\n", D);
        assertEquals(List.of("x"), r.numeric().stream().map(NumericColumn::name).toList());
    }
    @Test
    void theRowIndexOfASplitOrOfAFileReadAndWrittenAgainIsLeftOut() {
        // train_test_split(df) then train.to_csv(): the index is a subset of the rows, shuffled; with iris sorted
        // by species it told the class (nb.gaussian 1.0000 on the test file where scikit-learn gets 0.9778)
        for (int rows : new int[] {12, 600}) {
            StringBuilder s = new StringBuilder(",x,class\n");
            for (int i = 0; i < rows; i++) {
                int original = (i * 7) % rows * 3 + 2; // distinct, out of order, with gaps
                s.append(original).append(',').append(i * 0.5).append(',').append(i % 2 == 0 ? "a" : "b").append('\n');
            }
            Dataset d = Inputs.csv(s.toString(), D);
            assertEquals(List.of("x"), d.numeric().stream().map(NumericColumn::name).toList(), "rows " + rows);
            assertEquals("the first column has no name and holds " + String.format(java.util.Locale.ROOT, "%,d", rows)
                    + " distinct whole numbers (2, 23, " + (rows == 12 ? 8 : 44) + ", …), as a subset of a frame's rows keeps its index (a split, a"
                    + " filter, a sample): a row index (pandas' to_csv writes one unless index=False), left out (give it"
                    + " a name in the header to keep it)", d.metadata().get(Importer.WARNINGS));
            // a repeated value, a negative one or a fraction is no index: a feature like any other
            for (String notIndex : new String[] {"\n23,", "\n-1,", "\n2.5,"}) {
                Dataset kept = Inputs.csv(s.toString().replaceFirst("\n2,", notIndex), D);
                assertEquals(List.of("V1", "x"), kept.numeric().stream().map(NumericColumn::name).toList(), notIndex);
            }
        }
        // a test file of one row keeps the same columns as its training file
        assertEquals(List.of("x"), Inputs.csv(",x,class\n57,0.5,a\n", D).numeric().stream().map(NumericColumn::name).toList());
        // pd.read_csv(f).to_csv(g, index=False): pandas names the index column it read 'Unnamed: 0'
        Dataset again = Inputs.csv("Unnamed: 0,x,class\n0,0.5,a\n1,1.5,b\n2,2.5,a\n", D);
        assertEquals(List.of("x"), again.numeric().stream().map(NumericColumn::name).toList());
        assertEquals("column 'Unnamed: 0' (pandas' name for a column with no name) numbers the rows 0..2 in order: a row"
                + " index (pandas' to_csv writes one unless index=False), left out (give it a name in the header to keep"
                + " it)", again.metadata().get(Importer.WARNINGS));
        // pd.read_csv(f).to_csv(g): a new index before the old one, both left out
        Dataset twice = Inputs.csv(",Unnamed: 0,x,class\n0,4,0.5,a\n1,9,1.5,b\n2,0,2.5,a\n", D);
        assertEquals(List.of("x"), twice.numeric().stream().map(NumericColumn::name).toList());
        // only at the start, and a name given keeps it
        assertEquals(List.of("x", "Unnamed: 1"), Inputs.csv("x,Unnamed: 1,class\n0.5,0,a\n1.5,1,b\n", D).numeric()
                .stream().map(NumericColumn::name).toList());
        assertEquals(List.of("id", "x"), Inputs.csv("id,x,class\n4,0.5,a\n9,1.5,b\n0,2.5,a\n", D).numeric().stream()
                .map(NumericColumn::name).toList());
    }
    @Test
    void anEncodingCanBeGivenAsToPandasAndANonUtf8FileSaysWhichToGive() {
        // Excel on Windows saves "CSV (semicolon)" in Windows-1252; pandas reads it with encoding='cp1252' (or
        // 'latin-1'): columns Größe [1.5, 2.5, 3.5], Farbe [grün, blau, grün], y [ja, nein, ja]
        byte[] cp1252 = "Größe;Farbe;y\n1,5;grün;ja\n2,5;blau;nein\n3,5;grün;ja\n".getBytes(java.nio.charset.Charset.forName("windows-1252"));
        ImportException refused = Inputs.fails(() -> new CsvImporter().read(Inputs.stream(cp1252), Inputs.FILE, D), "line 1",
                "invalid UTF-8", "give --encoding cp1252, or latin-1");
        assertFalse(refused.getMessage().contains("UTF-16"), refused.getMessage());
        for (String name : new String[] {"cp1252", "latin-1", "ISO-8859-1", "windows-1252", "latin1"}) {
            Dataset d = new CsvImporter().read(Inputs.stream(cp1252), Inputs.FILE,
                    ImportOptions.builder().extra(Sources.ENCODING, name).extra(CsvImporter.DECIMAL, ",").build());
            assertEquals(List.of("Größe"), d.numeric().stream().map(NumericColumn::name).toList(), name);
            assertEquals(List.of(1.5, 2.5, 3.5), java.util.Arrays.stream(d.numeric().get(0).values()).boxed().toList());
            assertEquals(List.of("blau", "grün"), d.categorical().get(0).levels());
            assertEquals(List.of("ja", "nein"), d.labels().orElseThrow().levels());
        }
        // Excel's "Unicode text": UTF-16 with a byte-order mark, tab-separated
        byte[] utf16 = "a\ty\n1.5\tx\n2.5\ty\n".getBytes(java.nio.charset.StandardCharsets.UTF_16); // big-endian, with FE FF
        Inputs.fails(() -> new CsvImporter().read(Inputs.stream(utf16), Inputs.FILE, D), "invalid UTF-8",
                "the file starts with a UTF-16 byte-order mark: give --encoding utf-16");
        Dataset u = new CsvImporter().read(Inputs.stream(utf16), Inputs.FILE,
                ImportOptions.builder().extra(Sources.ENCODING, "utf-16").build());
        assertEquals(List.of(1.5, 2.5), java.util.Arrays.stream(u.numeric().get(0).values()).boxed().toList());
        // ARFF and text too; an unknown name fails, naming the option
        byte[] arff = "% café\n@relation r\n@attribute a {café,b}\n@attribute y {p,q}\n@data\ncafé,p\nb,q\n"
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        ImportOptions latin1 = ImportOptions.builder().extra(Sources.ENCODING, "latin-1").build();
        assertEquals(List.of("café", "b"), new ArffImporter().read(Inputs.stream(arff), Inputs.FILE, latin1)
                .categorical().get(0).levels());
        byte[] tsv = "label\ttext\npos\tgreat café\nneg\tbad film\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        assertEquals(List.of("bad", "café", "film", "great"), new TextImporter().read(Inputs.stream(tsv), Inputs.FILE, latin1)
                .sparse().orElseThrow().vocabulary());
        Inputs.fails(() -> Inputs.csv("a,y\n1,x\n", ImportOptions.builder().extra(Sources.ENCODING, "klingon").build()),
                "column encoding", "unknown encoding 'klingon'");
    }

    @Test
    void aFolderOfTextsReadsEveryFileInTheEncodingGiven(@org.junit.jupiter.api.io.TempDir java.nio.file.Path root)
            throws java.io.IOException {
        // load_files(encoding=...): one encoding for every file, strictly; without it a non-UTF-8 file falls back to Latin-1
        java.nio.file.Files.createDirectories(root.resolve("pos"));
        java.nio.file.Files.write(root.resolve("pos/1.txt"), "caf\u00e9 great".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        java.nio.file.Files.write(root.resolve("pos/2.txt"), "good".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertEquals("1", new TextImporter().read(root, D).metadata().get("latin-1 files"));
        Dataset latin1 = new TextImporter().read(root, ImportOptions.builder().extra(Sources.ENCODING, "latin-1").build());
        assertEquals(List.of("café", "good", "great"), latin1.sparse().orElseThrow().vocabulary());
        ImportException utf8 = assertThrows(ImportException.class,
                () -> new TextImporter().read(root, ImportOptions.builder().extra(Sources.ENCODING, "utf-8").build()));
        assertTrue(utf8.getMessage().startsWith(root.resolve("pos/1.txt") + ", line 1: invalid UTF-8"), utf8.getMessage());
    }

    @Test
    void aColumnWithNoValueIsKeptWithAWarning() {
        // pandas writes an all-NaN column as empty cells; it reads back as float NaN, which GaussianNB refuses
        for (int rows : new int[] {3, 600}) {
            StringBuilder s = new StringBuilder("a,b,c,d,y\n");
            for (int i = 0; i < rows; i++) {
                s.append(i % 5).append(",,").append(i == 1 ? "x" : "").append(",NaN,").append(i % 2 == 0 ? "p" : "q").append('\n');
            }
            Dataset d = Inputs.csv(s.toString(), D);
            assertEquals(List.of("a", "b", "d"), d.numeric().stream().map(NumericColumn::name).toList(), "rows " + rows);
            assertEquals("columns [b, d] have no value in any of the " + String.format(java.util.Locale.ROOT, "%,d", rows)
                    + " rows: a learner can learn nothing from them; leave them out of the file (pandas:"
                    + " df.dropna(axis=1, how='all'))", d.metadata().get(Importer.WARNINGS), "rows " + rows);
        }
        assertEquals("column 'b' has no value in any of the 2 rows: a learner can learn nothing from it; leave it out of the"
                + " file (pandas: df.dropna(axis=1, how='all'))", Inputs.csv("a,b,y\n1,,p\n2,?,q\n", D).metadata().get(Importer.WARNINGS));
        assertNull(Inputs.csv("a,b,y\n1,,p\n2,5,q\n", D).metadata().get(Importer.WARNINGS));
    }

    @Test
    void arffDatesTakeWekasDefaultsForFieldsThePatternLeavesOutAndHonourAnOffset() {
        // Weka reads dates with SimpleDateFormat: a field the pattern lacks takes 1970, January, the 1st, midnight;
        // an offset in the text is applied. Expected milliseconds from Python's datetime (UTC unless an offset)
        String[][] cases = {
            {"yyyy-MM", "2020-03", "1583020800000"},                                         // 2020-03-01T00:00Z
            {"yyyy", "2020", "1577836800000"},                                               // 2020-01-01T00:00Z
            {"HH:mm:ss", "10:30:00", "37800000"},                                            // 1970-01-01T10:30Z
            {"yyyy-MM-dd'T'HH:mm:ss.SSSZ", "2020-01-05T10:30:00.000+0100", "1578216600000"}, // 09:30Z
            {"yyyy-MM-dd hh:mm a", "2020-01-05 10:30 PM", "1578263400000"},                  // 22:30Z
            {"yyyy-MM-dd", "2020-01-05", "1578182400000"},
        };
        for (String[] c : cases) {
            String arff = "@relation r\n@attribute d date \"" + c[0] + "\"\n@attribute y {p,q}\n@data\n\"" + c[1] + "\",p\n?,q\n";
            NumericColumn d = Inputs.arff(arff, D).numeric().get(0);
            assertEquals(Double.parseDouble(c[2]), d.value(0), c[0]);
            assertTrue(Double.isNaN(d.value(1)));
        }
        Inputs.fails(() -> Inputs.arff("@relation r\n@attribute d date \"yyyy-MM-dd\"\n@attribute y {p,q}\n@data\n2020-02-30,p\n", D),
                "line 5", "column d", "'2020-02-30'");
    }

    @Test
    void arffTwoDigitYearsFallInWekasWindowAndTextIsReadInAnyCase() {
        // SimpleDateFormat reads 'yy' within 80 years before and 20 after today, and month names and am/pm in any
        // case. Today fixed at 2026-12-07: the window starts in 1946. Expected milliseconds worked by hand (UTC):
        // 1999-01-01 is 10,592 days after 1970-01-01 (29 years, 7 leap days); 2045-01-01 is 27,394 (75 years, 19).
        java.time.Clock today = java.time.Clock.fixed(java.time.Instant.parse("2026-12-07T00:00:00Z"), java.time.ZoneOffset.UTC);
        String[][] cases = {
            {"dd-MMM-yy", "01-Jan-99", "915148800000"},      // 1999-01-01, not 2099
            {"dd-MMM-yy", "01-jan-99", "915148800000"},      // month name in lower case
            {"dd-MMM-yy", "01-JAN-45", "2366841600000"},     // 2045-01-01: 20 years ahead is still this century
            {"dd-MM-yy", "01-01-1999", "915148800000"},      // more than two digits: the year as written
            {"hh:mm a", "01:30 am", "5400000"},              // 1970-01-01T01:30Z
            {"hh:mm a", "01:30 pm", "48600000"},             // 13:30Z
            {"yyyy-MM-dd", "1999-01-01", "915148800000"},
        };
        for (String[] c : cases) {
            String arff = "@relation r\n@attribute d date '" + c[0] + "'\n@attribute y {p,q}\n@data\n'" + c[1] + "',p\n";
            NumericColumn d = new ArffImporter(today).read(Inputs.stream(arff), Inputs.FILE, D).numeric().get(0);
            assertEquals(Double.parseDouble(c[2]), d.value(0), c[0] + " " + c[1]);
        }
        // 80 years on, the window starts in 2026 and '99' is 2099: 47,117 days (129 years, 32 leap days) after 1970
        java.time.Clock later = java.time.Clock.fixed(java.time.Instant.parse("2106-12-07T00:00:00Z"), java.time.ZoneOffset.UTC);
        String arff = "@relation r\n@attribute d date 'dd-MMM-yy'\n@attribute y {p,q}\n@data\n01-Jan-99,p\n";
        assertEquals(4070908800000.0, new ArffImporter(later).read(Inputs.stream(arff), Inputs.FILE, D).numeric().get(0).value(0));
    }

    @Test
    void arffSpacesSeparateUnquotedValuesAsCommasDoAsInWeka() {
        // Weka's ARFF tokenizer takes spaces, tabs and commas alike as separators; quotes keep a value's spaces
        Dataset d = Inputs.arff("@relation r\n@attribute a {u v\tw}\n@attribute b {'p q', r}\n@attribute y {s t}\n"
                + "@data\nu 'p q' s\nw\tr,t\n{0 v, 2 t}\n", D);
        CategoricalColumn a = d.categorical().get(0);
        assertEquals(List.of("u", "v", "w"), a.levels());
        assertEquals(List.of("p q", "r"), d.categorical().get(1).levels());
        assertEquals(List.of("s", "t"), d.labels().orElseThrow().levels());
        assertEquals(List.of("u", "w", "v"), List.of(a.levels().get(a.code(0)), a.levels().get(a.code(1)),
                a.levels().get(a.code(2))));
        assertEquals(List.of(0, 1, 0), List.of(d.categorical().get(1).code(0), d.categorical().get(1).code(1),
                d.categorical().get(1).code(2)), "an omitted sparse value is the first level");
        assertEquals(List.of(0, 1, 1), List.of(d.labels().orElseThrow().code(0), d.labels().orElseThrow().code(1),
                d.labels().orElseThrow().code(2)));
        // an unquoted value holding a space is two values, as Weka reads it: the refusal says to quote it
        Inputs.fails(() -> Inputs.arff("@relation r\n@attribute s string\n@attribute y {p,q}\n@data\nhello world,p\n", D),
                "line 5", "more than 2 values", "quote a value that holds a space");
        assertEquals(List.of("hello world"), Inputs.arff("@relation r\n@attribute s string\n@attribute y {p,q}\n@data\n"
                + "'hello world',p\n", D).categorical().get(0).levels());
    }

    @Test
    void gzipCompressedFilesAreReadAsPandasAndScikitLearnReadThem(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws java.io.IOException {
        // df.to_csv('x.csv.gz'), dump_svmlight_file then gzip, an .arff.gz as Weka reads it: the same data as plain
        String csv = "a,b,y\n1.5,x,p\n2.5,z,q\n";
        String svm = "1 1:2 3:1\n-1 2:5\n";
        String arff = "@relation r\n@attribute a numeric\n@attribute y {p,q}\n@data\n1.5,p\n2.5,q\n";
        assertEquals(summary(Inputs.csv(csv, D)), summary(new CsvImporter().read(gz(dir, "x.csv.gz", csv), D)));
        assertEquals(summary(Inputs.libsvm(svm, D)), summary(new LibSvmImporter().read(gz(dir, "x.svm.gz", svm), D)));
        assertEquals(summary(Inputs.arff(arff, D)), summary(new ArffImporter().read(gz(dir, "x.arff.gz", arff), D)));
        assertEquals(List.of(1.5, 2.5), java.util.Arrays.stream(new CsvImporter().read(gz(dir, "y.csv.gz", csv), D)
                .numeric().get(0).values()).boxed().toList());
        // other compressions are named, with what to do
        java.nio.file.Path bz2 = java.nio.file.Files.write(dir.resolve("x.csv.bz2"), new byte[] {'B', 'Z', 'h', '9', 0x31, 0x41});
        ImportException e = assertThrows(ImportException.class, () -> new CsvImporter().read(bz2, D));
        assertEquals(bz2 + ": compressed with bzip2 (bunzip2 FILE); expected a plain or gzip-compressed file: decompress it"
                + " first", e.getMessage());
        // a plain file starting 'BZh' is text
        java.nio.file.Path text = java.nio.file.Files.writeString(dir.resolve("bzh.csv"), "BZh,y\n1,p\n2,q\n");
        assertEquals(List.of("BZh"), new CsvImporter().read(text, D).numeric().stream().map(NumericColumn::name).toList());
    }

    private static java.nio.file.Path gz(java.nio.file.Path dir, String name, String text) throws java.io.IOException {
        java.nio.file.Path f = dir.resolve(name);
        try (java.io.OutputStream out = new java.util.zip.GZIPOutputStream(java.nio.file.Files.newOutputStream(f))) {
            out.write(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        return f;
    }

    /** What a dataset holds, without its name and source. */
    private static String summary(Dataset d) {
        StringBuilder s = new StringBuilder(d.summary().replaceFirst("^[^:]*:", ""));
        d.numeric().forEach(c -> s.append(c.name()).append(java.util.Arrays.toString(c.values())));
        d.categorical().forEach(c -> s.append(c.name()).append(java.util.Arrays.toString(c.codes())).append(c.levels()));
        d.sparse().ifPresent(m -> s.append(m.vocabulary()).append(m.nonZeros()));
        d.labels().ifPresent(c -> s.append(java.util.Arrays.toString(c.codes())).append(c.levels()));
        return s.toString();
    }

    @Test
    void withNoHeaderAFirstColumnNumberingTheRowsInOrderIsTheRowIndex() {
        // df.to_csv(f, header=False) writes the index unless index=False: 0,5.1,3.5,setosa
        ImportOptions noHeader = ImportOptions.builder().extra(CsvImporter.HEADER, "false").build();
        for (int rows : new int[] {12, 600}) {
            StringBuilder s = new StringBuilder();
            for (int i = 0; i < rows; i++) {
                s.append(i).append(',').append(i * 0.5).append(',').append(i % 2 == 0 ? "a" : "b").append('\n');
            }
            Dataset d = Inputs.csv(s.toString(), noHeader);
            assertEquals(List.of("V2"), d.numeric().stream().map(NumericColumn::name).toList(), "rows " + rows);
            assertEquals("the first column V1 numbers the rows 0.." + (rows - 1) + " in order: a row index (pandas'"
                    + " to_csv(header=False) writes one unless index=False), left out (name it in --numeric V1 to keep it)",
                    d.metadata().get(Importer.WARNINGS));
            // kept when named in --numeric; out of order (no name to go by) it is a feature
            assertEquals(List.of("V1", "V2"), Inputs.csv(s.toString(), noHeader.toBuilder().numeric(Set.of("V1")).build())
                    .numeric().stream().map(NumericColumn::name).toList());
            assertEquals(List.of("V1", "V2"), Inputs.csv(s.toString().replaceFirst("^0,", "5,"), noHeader).numeric().stream()
                    .map(NumericColumn::name).toList());
        }
    }

    @Test
    void numbersSeparatedBySpacesAsNumpyWritesThemSayWhichDelimiterToGive() {
        // np.savetxt(f, np.c_[X, y]): '%.18e' numbers between single spaces, no header
        String savetxt = "5.099999999999999645e+00 3.500000000000000000e+00 0.000000000000000000e+00\n"
                + "4.900000000000000355e+00 3.000000000000000000e+00 1.000000000000000000e+00\n";
        Inputs.fails(() -> Inputs.csv(savetxt, D), "line 1", "holds 3 numbers separated by spaces",
                "give --delimiter ' ' --no-header");
        Dataset d = Inputs.csv(savetxt, ImportOptions.builder().delimiter(' ').categorical(Set.of("V3"))
                .extra(CsvImporter.HEADER, "false").build());
        assertEquals(List.of(5.1, 4.9), java.util.Arrays.stream(d.numeric().get(0).values()).boxed().toList());
        assertEquals(2, d.labels().orElseThrow().cardinality());
        // sent to the text importer by a .txt name: where to go instead
        Inputs.fails(() -> Inputs.text(savetxt, D), "no 'text' column", "--format csv --delimiter ' ' --no-header");
        // one column of names or of single numbers is not that
        assertEquals(1, Inputs.csv("name with spaces\na b\nc d\n", ImportOptions.builder().noLabel(true).build()).featureCount());
        assertEquals(1, Inputs.csv("y\n1 2\n3\n", ImportOptions.builder().noLabel(true).build()).featureCount());
    }

    @Test
    void decimalCommasAreNumbersWithTheOptionAndAWarningWithout() {
        // as European spreadsheets write a CSV: ';' between fields, ',' in numbers
        String euro = "a;b;name;label\n1,5;-2,25e1;x,1;p\n3,0;4;2,5;q\n5,25;6,5;z;p\n";
        Dataset read = Inputs.csv(euro, ImportOptions.builder().extra(CsvImporter.DECIMAL, ",").build());
        assertEquals(List.of("a", "b"), read.numeric().stream().map(NumericColumn::name).toList());
        assertEquals(List.of(1.5, 3.0, 5.25), java.util.Arrays.stream(read.numeric().get(0).values()).boxed().toList());
        assertEquals(List.of(-22.5, 4.0, 6.5), java.util.Arrays.stream(read.numeric().get(1).values()).boxed().toList());
        // in a column of categories, a cell that is such a number is written with a point; other texts stay
        assertEquals(List.of("2.5", "x,1", "z"), read.categorical().get(0).levels());
        assertNull(read.metadata().get(Importer.WARNINGS));
        // without it: categories, and a warning that names the columns and the option
        Dataset asText = Inputs.csv(euro, D);
        assertEquals(List.of(), asText.numeric());
        assertEquals("columns [a, b] hold numbers written with a decimal comma and became categories: give --decimal ,"
                + " to read them as numbers", asText.metadata().get(Importer.WARNINGS));
        Inputs.fails(() -> Inputs.csv(euro, ImportOptions.builder().extra(CsvImporter.DECIMAL, ";").build()), "decimal",
                "'.' or ','");
    }

    /** Weka's StringToWordVector output: a nominal class first, then one numeric attribute per word, sparse rows. */
    @Test
    void aSparseArffOfWordCountsReadsAsASparseMatrixWithValuesCounts() {
        String arff = "@relation 'text-weka.filters.unsupervised.attribute.StringToWordVector'\n"
                + "@attribute @@class@@ {ham,spam}\n@attribute call numeric\n@attribute free numeric\n"
                + "@attribute 'you are' numeric\n@data\n"
                + "{1 2,3 1}\n{0 spam,2 3}\n{}\nham,0,1.5,0\n{0 spam,1 0,3 4}\n";
        ImportOptions counts = D.toBuilder().extra("values", "counts").build();
        // the class is the last attribute unless named (Weka's default too); the message says so
        Inputs.fails(() -> Inputs.arff(arff, counts), "column @@class@@:", "declared nominal", "--label @@class@@ if"); // a plain word to Gogo (a script's echo @@class@@ prints it)
        Dataset d = Inputs.arff(arff, counts.toBuilder().label("@@class@@").build());
        SparseMatrix m = d.sparse().orElseThrow();
        assertEquals(List.of("call", "free", "you are"), m.vocabulary());
        assertTrue(d.numeric().isEmpty() && d.categorical().isEmpty(), summary(d));
        assertEquals(List.of("ham", "spam"), d.labels().orElseThrow().levels());
        // rows as (column, value) pairs: omitted values and a written 0 are not stored; 1.5 keeps the doubles
        String[] expected = {"0:2.0 2:1.0", "1:3.0", "", "1:1.5", "2:4.0"};
        for (int r = 0; r < expected.length; r++) {
            StringBuilder row = new StringBuilder();
            for (int k = m.start(r); k < m.end(r); k++) {
                row.append(row.length() == 0 ? "" : " ").append(m.column(k)).append(':').append(m.value(k));
            }
            assertEquals(expected[r], row.toString(), "row " + (r + 1));
        }
        int[] classes = {0, 1, 0, 0, 1}; // an omitted nominal value is its first level, Weka's rule
        for (int r = 0; r < classes.length; r++) {
            assertEquals(classes[r], d.labels().orElseThrow().code(r), "row " + (r + 1));
        }
        // without the option, Weka's own reading: one numeric column per attribute, as before
        Dataset dense = Inputs.arff(arff, D.toBuilder().label("@@class@@").build());
        assertEquals(3, dense.numeric().size());
        assertTrue(dense.sparse().isEmpty());
        // what a matrix of counts cannot hold is refused, naming the attribute and line
        Inputs.fails(() -> Inputs.arff("@relation r\n@attribute w numeric\n@attribute k {a,b}\n@attribute y {p,q}\n"
                + "@data\n{0 1}\n", counts), "column k:", "declared nominal", "without --values counts");
        Inputs.fails(() -> Inputs.arff("@relation r\n@attribute w numeric\n@attribute y {p,q}\n@data\n{0 ?}\n",
                counts), "line 5", "column w", "missing value");
        Inputs.fails(() -> Inputs.arff(arff, D.toBuilder().extra("values", "dense").build()), "values must be counts or numeric");
    }
}
