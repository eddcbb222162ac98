package io.plate.shell.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.PlateException;
import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.data.ImportException;
import io.plate.api.data.DocumentFrequency;
import io.plate.api.data.ImportOptions;
import io.plate.api.data.Importer;
import io.plate.api.data.NumericColumn;
import io.plate.api.text.TextTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataCommandsTest {
    private static final List<DataCommands.Claim> CLAIMS = List.of(
            new DataCommands.Claim("csv", List.of("csv")),
            new DataCommands.Claim("arff", List.of("arff")),
            new DataCommands.Claim("libsvm", List.of("libsvm", "svm")),
            new DataCommands.Claim("text", List.of("tsv", "txt")));

    /** An importer that returns a fixed dataset or fails, to test what the command publishes. */
    private static Importer importer(Dataset result) {
        return new Importer() {
            @Override
            public String format() {
                return "fake";
            }

            @Override
            public List<String> extensions() {
                return List.of("x");
            }

            @Override
            public String description() {
                return "fake";
            }

            @Override
            public Dataset read(Path file, ImportOptions options) {
                if (result == null) {
                    throw new ImportException(file, 3, "b", "expected a number");
                }
                return result.withName(options.name().orElseThrow());
            }
        };
    }

    private static Dataset labelled(int... codes) {
        double[] x = new double[codes.length];
        for (int i = 0; i < x.length; i++) {
            x[i] = i;
        }
        return Dataset.builder("d").numeric(NumericColumn.of("x", x))
                .labels(CategoricalColumn.of("class", List.of("a", "b"), codes)).build();
    }

    @Test
    void aFileWhereADatasetNameBelongsSaysToImportIt(@TempDir Path dir) throws Exception {
        Workspace w = new Workspace();
        Path csv = java.nio.file.Files.writeString(dir.resolve("wine.csv"), "a,b\n1,2\n");
        PlateException e = assertThrows(PlateException.class, () -> w.dataset(csv.toString()));
        assertEquals("no dataset named '" + csv + "' (none loaded); '" + csv + "' is a file: import it first (plate:import "
                + csv + " --name NAME) and give NAME", e.getMessage());
        PlateException plain = assertThrows(PlateException.class, () -> w.dataset("nope"));
        assertFalse(plain.getMessage().contains("is a file"), plain.getMessage());
    }

    /** A mistyped name whose extension no importer knows is a missing file, not a format to give. */
    @Test
    void aMissingFileWithAnUnknownExtensionIsNotFound(@org.junit.jupiter.api.io.TempDir Path dir) {
        assertEquals(dir.resolve("iris.cvs") + ": file not found", assertThrows(PlateException.class,
                () -> DataCommands.choose(CLAIMS, "", dir.resolve("iris.cvs"))).getMessage());
    }

    @Test
    void formatFromOptionOrExtension(@TempDir Path dir) throws java.io.IOException {
        assertEquals(0, DataCommands.choose(CLAIMS, "", Path.of("data/iris.csv")));
        assertEquals(3, DataCommands.choose(CLAIMS, "", Path.of("20news-bydate-train.TSV")));
        assertEquals(2, DataCommands.choose(CLAIMS, "", Path.of("a9a.svm")));
        assertEquals(0, DataCommands.choose(CLAIMS, "", Path.of("iris.csv.gz")));
        assertEquals(2, DataCommands.choose(CLAIMS, "", Path.of("a9a.svm.GZ")));
        // other compressions go to the importer of the extension before them, which names the compression by
        // the file's first bytes ("compressed with bzip2 (bunzip2 FILE)"), not to "cannot tell the format"
        assertEquals(0, DataCommands.choose(CLAIMS, "", Path.of("x.csv.bz2")));
        assertEquals(2, DataCommands.choose(CLAIMS, "", Path.of("a9a.svm.xz")));
        assertEquals(1, DataCommands.choose(CLAIMS, "", Path.of("x.arff.zst")));
        assertEquals(0, DataCommands.choose(CLAIMS, "", Path.of("x.CSV.ZIP")));
        assertEquals(2, DataCommands.choose(CLAIMS, "LIBSVM", Path.of("a9a")));
        assertEquals(3, DataCommands.choose(CLAIMS, "", dir), "a folder is a text corpus");
        Path a9a = dir.resolve("a9a");
        Files.writeString(a9a, "+1 3:1 11:1\n"); // existing files (a missing one is not found)
        Files.writeString(dir.resolve("iris.data"), "5.1,3.5,1.4,0.2,Iris-setosa\n");
        PlateException unknown = assertThrows(PlateException.class, () -> DataCommands.choose(CLAIMS, "", a9a));
        assertTrue(unknown.getMessage().contains("--format"), unknown.getMessage());
        // what the importers suggest by the file's content is named, ready to copy
        PlateException byContent = assertThrows(PlateException.class,
                () -> DataCommands.choose(CLAIMS, "", a9a.resolveSibling("iris.data"), () -> List.of("--format csv --no-header")));
        assertEquals("cannot tell the format of 'iris.data' from its extension; by its first lines, give --format csv"
                + " --no-header", byContent.getMessage());
        PlateException xls = assertThrows(PlateException.class, () -> DataCommands.choose(CLAIMS, "xls", Path.of("a.csv")));
        assertTrue(xls.getMessage().endsWith("no such importer; installed: csv (.csv), arff (.arff), libsvm (.libsvm,"
                + " .svm), text (.tsv, .txt)"), xls.getMessage());
        assertThrows(PlateException.class, () -> DataCommands.choose(List.of(), "", Path.of("a.csv")));
    }

    @Test
    void optionsAreParsedWithMessages() {
        ImportOptions o = DataCommands.options("n", "class", " a, b ", "c", false, "2", "0.5", "100", true, true, "2",
                "tab", "?,-", "123");
        assertEquals("class", o.label().orElseThrow());
        // the whole value: the importer reads it against the header, where a name may hold a comma ('size, cm')
        assertEquals(Set.of("a, b"), o.categorical());
        assertEquals(Set.of("c"), o.numeric());
        assertEquals('\t', o.delimiter().orElseThrow());
        assertEquals(Set.of("?", "-"), o.missing());
        assertEquals(DocumentFrequency.count(2), o.minDocumentFrequency());
        assertEquals(DocumentFrequency.proportion(0.5), o.maxDocumentFrequency());
        // scikit-learn's rule: an int is a count of documents, a float a proportion (1.0 for max_df is all of them)
        ImportOptions swapped = DataCommands.options("n", "", "", "", false, "0.01", "5", Args.NOT_GIVEN, false, false,
                "1", Args.NOT_GIVEN, "", "");
        assertEquals(DocumentFrequency.proportion(0.01), swapped.minDocumentFrequency());
        assertEquals(DocumentFrequency.count(5), swapped.maxDocumentFrequency());
        assertEquals(DocumentFrequency.proportion(1.0), DataCommands.options("n", "", "", "", false, "1", "1.0",
                Args.NOT_GIVEN, false, false, "1", Args.NOT_GIVEN, "", "").maxDocumentFrequency());
        PlateException tooBig = assertThrows(PlateException.class, () -> DataCommands.options("n", "", "", "", false,
                "1.5", "1.0", Args.NOT_GIVEN, false, false, "1", Args.NOT_GIVEN, "", ""));
        assertEquals("--min-df '1.5': a proportion of documents must be in [0.0, 1.0] (a count has no decimal point),"
                + " got 1.5", tooBig.getMessage());
        assertEquals(100, o.maxFeatures());
        assertEquals(2, o.ngramMax());
        assertEquals("123", o.extra().get("n_features"));
        assertTrue(o.binary() && o.stopWords());
        PlateException bad = assertThrows(PlateException.class, () -> DataCommands.options("n", "", "", "", false, "x",
                "1.0", Args.NOT_GIVEN, false, false, "1", Args.NOT_GIVEN, "", ""));
        assertTrue(bad.getMessage().contains("--min-df"), bad.getMessage());
        assertThrows(PlateException.class, () -> DataCommands.options("n", "", "", "", false, "1", "1.0", Args.NOT_GIVEN,
                false, false, "3", Args.NOT_GIVEN, "", ""));
        assertThrows(PlateException.class, () -> DataCommands.options("n", "", "", "", false, "1", "1.0", Args.NOT_GIVEN,
                false, false, "1", ";;", "", ""));
        ImportOptions none = DataCommands.options("n", "", "", "", false, "1", "1.0", Args.NOT_GIVEN, false, false, "1",
                Args.NOT_GIVEN, "", "");
        assertEquals(0, none.maxFeatures()); // every word
        assertTrue(none.delimiter().isEmpty()); // detected
    }

    /** Values given but empty or out of range were taken as absent: --max-features 0, --delimiter ''. */
    @Test
    void anEmptyDelimiterAndNoFeaturesAreRefusedWithTheValidValues() {
        PlateException zero = assertThrows(PlateException.class, () -> DataCommands.options("n", "", "", "", false, "1",
                "1.0", "0", false, false, "1", Args.NOT_GIVEN, "", ""));
        assertEquals("--max-features 0: must be at least 1, the number of most frequent words to keep (leave the option"
                + " out to keep every word, as scikit-learn's max_features=None)", zero.getMessage());
        assertThrows(PlateException.class, () -> DataCommands.options("n", "", "", "", false, "1", "1.0", "-3", false,
                false, "1", Args.NOT_GIVEN, "", ""));
        PlateException empty = assertThrows(PlateException.class, () -> DataCommands.options("n", "", "", "", false, "1",
                "1.0", Args.NOT_GIVEN, false, false, "1", "", "", ""));
        assertEquals("--delimiter '': expected one character or 'tab' (leave the option out to detect ',', ';' or tab"
                + " from the header)", empty.getMessage());
    }

    @Test
    void anNgramRangeAsScikitLearnWritesItIsAnsweredWithTheNumberToGive() {
        for (String range : new String[] {"1,2", "(1, 2)"}) { // ngram_range=(1, 2)
            PlateException e = assertThrows(PlateException.class, () -> DataCommands.options("n", "", "", "", false, "1",
                    "1.0", Args.NOT_GIVEN, false, false, range, Args.NOT_GIVEN, "", ""));
            assertTrue(e.getMessage().startsWith("--ngram '" + range + "': --ngram N takes the largest n-gram length")
                    && e.getMessage().contains("ngram_range=(1, N)") && e.getMessage().contains("--ngram 2 for (1, 2)"),
                    e.getMessage());
        }
    }

    /** The extensions the shipped importers claim (csv; arff; libsvm, svm, svmlight; tsv, txt). */
    private static final List<String> CLAIMED = List.of("csv", "arff", "libsvm", "svm", "svmlight", "tsv", "txt");

    /**
     * Only an extension an importer claims is cut: LibSVM's a9a and a9a.t were both named a9a, the test set
     * replacing the training set.
     */
    @Test
    void anExtensionNoImporterClaimsStaysInTheName() {
        assertEquals("a9a.t", DataCommands.defaultName(Path.of("data/libsvm-a9a/a9a.t"), CLAIMED));
        assertEquals("a9a.t", DataCommands.defaultName(Path.of("a9a.t.gz"), CLAIMED));
        assertEquals("adult.data", DataCommands.defaultName(Path.of("adult.data"), CLAIMED));
        assertEquals("a9a", DataCommands.defaultName(Path.of("a9a.SVM"), CLAIMED));
        assertEquals("iris.csv", DataCommands.defaultName(Path.of("iris.csv"), List.of()), "no importer, nothing cut");
    }

    @Test
    void defaultNameIsTheFileNameWithoutExtension() {
        assertEquals("iris", DataCommands.defaultName(Path.of("/data/iris.csv"), CLAIMED));
        assertEquals("20news-bydate-train", DataCommands.defaultName(Path.of("20news-bydate-train.tsv"), CLAIMED));
        assertEquals("my_file", DataCommands.defaultName(Path.of("my file.csv"), CLAIMED));
        assertEquals("a9a", DataCommands.defaultName(Path.of("a9a"), CLAIMED));
        // gzip-compressed files, as pandas and scikit-learn read them: the name and format of what is inside
        assertEquals("iris", DataCommands.defaultName(Path.of("/data/iris.csv.gz"), CLAIMED));
        assertEquals("a9a", DataCommands.defaultName(Path.of("a9a.GZ"), CLAIMED));
        assertEquals("iris", DataCommands.defaultName(Path.of("/data/iris.csv.bz2"), CLAIMED));
    }

    /** Names keep the letters and digits of every script; two such files no longer both become '__'. */
    @Test
    void namesKeepUnicodeLettersAndDigits() {
        assertEquals("日本", DataCommands.defaultName(Path.of("日本.csv"), CLAIMED));
        assertEquals("中国", DataCommands.defaultName(Path.of("中国.tsv"), CLAIMED));
        assertEquals("données_été", DataCommands.defaultName(Path.of("données été.csv"), CLAIMED));
        assertEquals("données", DataCommands.defaultName(Path.of("donne\u0301es.csv"), CLAIMED)); // macOS writes é decomposed
        assertEquals("x_y", DataCommands.defaultName(Path.of("x$y.csv"), CLAIMED)); // what Gogo reads as a variable
        assertEquals("Ελλάδα-٣.v2", DataCommands.defaultName(Path.of("Ελλάδα-٣.v2.csv"), CLAIMED));
        Workspace w = new Workspace();
        w.putDataset("données", labelled(0, 1));
        w.putDataset("日本", labelled(0, 1));
        assertTrue(w.hasDataset("données") && w.hasDataset("日本"));
        for (String bad : new String[] {"a b", "a$b", "x;y", "", "a\u00a0b"}) {
            PlateException e = assertThrows(PlateException.class, () -> w.putDataset(bad, labelled(0, 1)));
            assertTrue(e.getMessage().endsWith("': use letters, digits, '_', '-' and '.'"), e.getMessage());
        }
    }

    /** Importing under a name in use replaces that dataset, as every name the shell keeps, and says so. */
    @Test
    void anImportOrASplitThatReplacesADatasetSaysSo() {
        Workspace w = new Workspace();
        Dataset[] replaced = {null};
        Dataset first = DataCommands.importInto(w, importer(labelled(0, 1, 1)), Path.of("日本.csv"),
                ImportOptions.builder().name("x").build(), replaced);
        assertEquals(null, replaced[0]);
        DataCommands.importInto(w, importer(labelled(0, 1)), Path.of("中国.csv"), ImportOptions.builder().name("x").build(),
                replaced);
        assertTrue(replaced[0] == first);
        assertEquals("'x' replaces the dataset of that name kept before (3 rows)", Replaced.dataset("x", replaced[0]));
        Dataset sourced = first.toBuilder("y").source("data/日本.csv").build();
        assertEquals("'y' replaces the dataset of that name kept before (3 rows from data/日本.csv)",
                Replaced.dataset("y", sourced));
        int[] codes = new int[20];
        for (int i = 0; i < codes.length; i++) {
            codes[i] = i % 2;
        }
        Dataset d = labelled(codes).withName("v");
        assertTrue(DataCommands.splitInto(w, d, 0.25, 1L).replaced.isEmpty());
        assertEquals(List.of("'v.train' replaces the dataset of that name kept before (15 rows)",
                "'v.test' replaces the dataset of that name kept before (5 rows)"), DataCommands.splitInto(w, d, 0.25, 2L).replaced);
    }

    @Test
    void failedImportPublishesNothing() {
        Workspace w = new Workspace();
        ImportException e = assertThrows(ImportException.class, () -> DataCommands.importInto(w, importer(null),
                Path.of("bad.csv"), ImportOptions.builder().name("bad").build()));
        assertEquals(3, e.line());
        assertFalse(w.hasDataset("bad"));
        Dataset ok = DataCommands.importInto(w, importer(labelled(0, 1)), Path.of("good.csv"),
                ImportOptions.builder().name("good").build());
        assertEquals("good", ok.name());
        assertTrue(w.hasDataset("good"));
        assertTrue(ok.toString().startsWith("good: 2 rows, 1 feature"), ok.toString());
    }

    @Test
    void anImportInterruptedByCtrlCPublishesNothing() {
        Workspace w = new Workspace();
        Thread.currentThread().interrupt(); // Ctrl-C arrived while the importer ran to its end
        try {
            PlateException e = assertThrows(PlateException.class, () -> DataCommands.importInto(w,
                    importer(labelled(0, 1)), Path.of("big.csv"), ImportOptions.builder().name("big").build()));
            assertTrue(e.getMessage().contains("cancelled"), e.getMessage());
        } finally {
            Thread.interrupted();
        }
        assertFalse(w.hasDataset("big"));
    }

    @Test
    void sizeLimitsAreParsedWithMessages() {
        ImportOptions o = DataCommands.limits(ImportOptions.defaults(), "1000", "4096", "8g");
        assertEquals(1000, o.maxColumns());
        assertEquals(4096, o.maxLineLength());
        assertEquals(8L << 30, o.maxMemory());
        assertEquals(ImportOptions.DEFAULT_MAX_COLUMNS, DataCommands.limits(ImportOptions.defaults(), "", "", "").maxColumns());
        assertEquals(500L << 20, DataCommands.bytes("--max-memory", "500M"));
        assertEquals(65536, DataCommands.bytes("--max-memory", "65536"));
        for (String bad : new String[] {"0", "-1g", "lots", "9999999999g"}) {
            PlateException e = assertThrows(PlateException.class, () -> DataCommands.bytes("--max-memory", bad));
            assertTrue(e.getMessage().contains("--max-memory") && e.getMessage().contains("expected a positive size such as 8g"),
                    e.getMessage());
        }
        PlateException line = assertThrows(PlateException.class,
                () -> DataCommands.limits(ImportOptions.defaults(), "", "2147483647", ""));
        assertTrue(line.getMessage().contains("max-line"), line.getMessage());
        assertThrows(PlateException.class, () -> DataCommands.limits(ImportOptions.defaults(), "0", "", ""));
        assertEquals(java.util.Map.of("zero_based", "true", "values", "numeric", "text_column", "msg", "decimal", ",",
                "encoding", "cp1252", "ignore", "id"), DataCommands.extras("true", "numeric", "msg", ",", "cp1252", "id"));
        assertTrue(DataCommands.extras("", "", "", "", "", "").isEmpty());
        assertEquals("import big.csv: 50% (1 MB of 2 MB; Ctrl-C cancels)",
                new ImportProgressLine(System.out, "big.csv").format(1 << 20, 2 << 20));
    }

    @Test
    void splitMakesTwoStratifiedViewsUnderDerivedNames() {
        Workspace w = new Workspace();
        int[] codes = new int[40];
        for (int i = 0; i < 40; i++) {
            codes[i] = i % 4 == 0 ? 1 : 0; // 30 a, 10 b
        }
        Dataset d = labelled(codes).withName("votes");
        DataCommands.SplitResult r = DataCommands.splitInto(w, d, 0.25, 7L);
        assertEquals("votes.train", r.train().name());
        assertEquals(30, r.train().rows());
        assertEquals(10, r.test().rows());
        assertTrue(w.hasDataset("votes.train") && w.hasDataset("votes.test"));
        // 30 * 0.25 = 7.5 -> 7 (+1 by remainder), 10 * 0.25 = 2.5 -> 2: 8 + 2 = 10 test rows
        int b = 0;
        for (int i = 0; i < 10; i++) {
            b += r.test().labels().orElseThrow().code(i);
        }
        assertEquals(2, b);
        assertEquals(r.train().summary() + "\n" + r.test().summary(), r.toString());
        DataCommands.SplitResult again = DataCommands.splitInto(new Workspace(), d, 0.25, 7L);
        assertArrayEquals(r.test().numeric().get(0).values(), again.test().numeric().get(0).values(), "reproducible");
        assertThrows(PlateException.class, () -> DataCommands.splitInto(w, d, 1.5, 7L));
    }

    @Test
    void importWarningsBreakBetweenWordsInANarrowTerminal() {
        // one "warning:" line per warning, each broken as TextTable.wrap breaks text (TextTableTest checks that)
        String first = "columns [a, b] hold numbers written with a decimal comma and became categories: give"
                + " --decimal , to read them as numbers";
        String narrow = DataCommands.warningLines(first + "; short one", 40);
        assertEquals(TextTable.wrap("warning: " + first, 40) + "\nwarning: short one\n", narrow);
        assertTrue(narrow.indexOf('\n') < 40 && narrow.startsWith("warning: columns [a, b]"), narrow);
        assertEquals("warning: " + first + "\nwarning: short one\n", DataCommands.warningLines(first + "; short one", 0));
    }

    /** Without a terminal an import's progress goes to standard error, as the samplers' does (it went to stdout). */
    @Test
    void importProgressGoesToStandardErrorWithoutATerminal() throws Exception {
        java.io.PrintStream out = System.out;
        java.io.PrintStream err = System.err;
        java.io.ByteArrayOutputStream o = new java.io.ByteArrayOutputStream();
        java.io.ByteArrayOutputStream e = new java.io.ByteArrayOutputStream();
        try {
            System.setOut(new java.io.PrintStream(o, true, java.nio.charset.StandardCharsets.UTF_8));
            System.setErr(new java.io.PrintStream(e, true, java.nio.charset.StandardCharsets.UTF_8));
            io.plate.api.text.TextTable.terminalColumns(0);
            ImportProgressLine piped = DataCommands.progressLine("big.csv");
            io.plate.api.text.TextTable.terminalColumns(80);
            ImportProgressLine terminal = DataCommands.progressLine("big.csv");
            Thread.sleep(2_100); // the lines' quiet start
            piped.progress(50, 100);
            terminal.progress(60, 100);
        } finally {
            io.plate.api.text.TextTable.terminalColumns(0);
            System.setOut(out);
            System.setErr(err);
        }
        String stdout = o.toString(java.nio.charset.StandardCharsets.UTF_8);
        String stderr = e.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(stderr.contains("import big.csv: 50%") && !stdout.contains("50%"), stdout + "|" + stderr);
        assertTrue(stdout.contains("import big.csv: 60%") && !stderr.contains("60%"), stdout + "|" + stderr);
    }
}
