package io.plate.importers.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.data.Dataset;
import io.plate.api.data.ImportException;
import io.plate.api.data.ImportOptions;
import io.plate.api.data.Importer;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Files as a new user brings them from scikit-learn, pandas, numpy and Weka (the new-user test's findings). */
class NewUserFilesTest {
    private static final ImportOptions D = ImportOptions.defaults();

    /** {@code header}, then {@code cells} and {@code more} further rows cycling through them. */
    static String rows(String header, int more, String... cells) {
        StringBuilder s = new StringBuilder(header).append('\n');
        for (int i = 0; i < cells.length + more; i++) {
            s.append(cells[i % cells.length]).append('\n');
        }
        return s.toString();
    }

    @Test
    void spacesAfterTheCommasAreTrimmedFromUnquotedValuesAsFromTheHeader() {
        for (int more : new int[] {0, 300}) { // a file of a few rows, and one replayed into growing columns
            Dataset d = Inputs.csv(rows("a, b, y", more, "1, 2, x", "3, 4, x", "5, 6, z"), D);
            assertEquals(List.of("x", "z"), d.labels().orElseThrow().levels());
            assertEquals(List.of("blue", "red"), Inputs.csv(rows("c, y", more, "red , x", " blue, z"), D)
                    .categorical().get(0).levels());
            // a quoted value keeps its spaces, as Python's csv module keeps them
            assertEquals(List.of(" x", "z"), Inputs.csv(rows("a,y", more, "1,\" x\"", "2,z"), D).labels().orElseThrow().levels());
        }
    }

    @Test
    void numbersWrittenByNumpysSavetxtAreClassesInTheirShortestForm() {
        // np.savetxt(f, np.column_stack([X, y]), delimiter=',', header='a,y', comments='') writes '%.18e'
        ImportOptions cat = ImportOptions.builder().categorical(Set.of("y")).build();
        for (int more : new int[] {0, 300}) {
            Dataset d = Inputs.csv(rows("a,y", more, "5.099999999999999645e+00,0.000000000000000000e+00",
                    "4.900000000000000355e+00,1.000000000000000000e+00", "4.700000000000000178e+00,2.500000000000000000e+00"), cat);
            assertEquals(List.of("0", "1", "2.5"), d.labels().orElseThrow().levels());
        }
    }

    @Test
    void libsvmLabelsWithAFractionAreANumericTargetAndManyWholeNumberClassesAreReported() {
        // dump_svmlight_file(X, y) of a regression target: labels such as 151.5 are a numeric target, as in a CSV file
        StringBuilder real = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            real.append(25 + i * 0.5).append(" 0:").append(i % 7).append('\n');
        }
        Dataset target = Inputs.libsvm(real.toString(), D);
        assertTrue(target.labels().isEmpty());
        assertEquals(74.5, target.target().orElseThrow().value(99));
        assertNull(target.metadata().get(Importer.WARNINGS));
        // --categorical label makes them classes; one per row is refused, saying what to leave out
        ImportOptions cat = ImportOptions.builder().categorical(Set.of("label")).build();
        ImportException refused = Inputs.fails(() -> Inputs.libsvm(real.toString(), cat), "100 distinct values in 100 rows",
                "leave out --categorical label");
        assertFalse(refused.getMessage().contains("--label"), refused.getMessage());
        // whole numbers are classes; 50 of them in 100 rows (scikit-learn's diabetes target: 214 in 442) are reported
        StringBuilder whole = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            whole.append(25 + i / 2).append(" 0:").append(i % 7).append('\n');
        }
        Dataset many = Inputs.libsvm(whole.toString(), D);
        assertEquals(50, many.labels().orElseThrow().cardinality());
        String warning = many.metadata().get(Importer.WARNINGS);
        assertTrue(warning != null && warning.contains("the label 'label' has 50 classes in 100 rows, 2.0 rows a class")
                && !warning.contains("; ")
                && warning.contains("give --numeric label"), warning);
        assertEquals(100, Inputs.libsvm(whole.toString(), ImportOptions.builder().numeric(Set.of("label")).build())
                .target().orElseThrow().size());
        // class numbers with many rows each are classes, with nothing to say
        StringBuilder classes = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            classes.append(i % 3 == 0 ? "+1" : i % 3 == 1 ? "-1" : "2.0").append(" 0:").append(i % 7).append('\n');
        }
        Dataset three = Inputs.libsvm(classes.toString(), D);
        assertEquals(List.of("-1", "1", "2"), three.labels().orElseThrow().levels());
        assertNull(three.metadata().get(Importer.WARNINGS));
    }

    /** A small valid file of each format, read with {@code o}. */
    private static Dataset read(String format, ImportOptions o) {
        switch (format) {
            case "csv":
                return Inputs.csv("a,text,label\n1,hello world,x\n2,good day,y\n", o);
            case "arff":
                return Inputs.arff("@relation r\n@attribute a numeric\n@attribute label {x,y}\n@data\n1,x\n2,y\n", o);
            case "libsvm":
                return Inputs.libsvm("1 1:2\n2 2:3\n", o);
            default:
                return Inputs.text("label\ttext\nx\thello world\ny\thello day\n", o);
        }
    }

    @Test
    void anOptionAFormatDoesNotReadIsRefusedNamingItAndWhatToGiveInstead() {
        // the new-user test: --categorical all and --numeric foo were silently ignored for LibSVM
        ImportException all = Inputs.fails(() -> read("libsvm", ImportOptions.builder().categorical(Set.of("all")).build()),
                "--categorical all does not apply to LibSVM files", "--values numeric");
        assertTrue(all.getMessage().contains("--categorical label"), all.getMessage());
        Inputs.fails(() -> read("libsvm", ImportOptions.builder().numeric(Set.of("foo")).build()),
                "--numeric foo does not apply to LibSVM files", "--values numeric", "--numeric label");
        // naming the label is what they do for LibSVM
        assertTrue(read("libsvm", ImportOptions.builder().numeric(Set.of("label")).build()).target().isPresent());
        assertTrue(read("libsvm", ImportOptions.builder().label("y").categorical(Set.of("y")).build()).labels().isPresent());
        // --label with --no-label: refused for text as for CSV (text took it silently)
        for (String format : List.of("csv", "arff", "libsvm", "text")) {
            Inputs.fails(() -> read(format, ImportOptions.builder().label("label").noLabel(true).build()),
                    "both --label label and --no-label given");
        }
        // every option against every format: those a format reads pass, the others are refused by name
        record Case(String name, ImportOptions options, Set<String> formats) {
        }
        List<Case> cases = List.of(
                new Case("--categorical", ImportOptions.builder().categorical(Set.of("a")).build(), Set.of("csv", "arff")),
                new Case("--numeric", ImportOptions.builder().numeric(Set.of("a")).build(), Set.of("csv", "arff")),
                new Case("--missing", ImportOptions.builder().missing(Set.of("?")).build(), Set.of("csv", "text")),
                new Case("--delimiter", ImportOptions.builder().delimiter(',').build(), Set.of("csv", "text")),
                new Case("--min-df", ImportOptions.builder().minDf(2).build(), Set.of("text")),
                new Case("--max-df", ImportOptions.builder().maxDf(0.9).build(), Set.of("text")),
                new Case("--max-features", ImportOptions.builder().maxFeatures(5).build(), Set.of("text")),
                new Case("--binary", ImportOptions.builder().binary(true).build(), Set.of("text")),
                new Case("--stop-words", ImportOptions.builder().stopWords(true).build(), Set.of("text")),
                new Case("--ngram", ImportOptions.builder().ngramMax(2).build(), Set.of("text")),
                new Case("--text-column", ImportOptions.builder().extra("text_column", "text").build(), Set.of("text")),
                new Case("--n-features", ImportOptions.builder().extra("n_features", "5").build(), Set.of("libsvm")),
                new Case("--zero-based", ImportOptions.builder().extra("zero_based", "auto").build(), Set.of("libsvm")),
                new Case("--values", ImportOptions.builder().extra("values", "numeric").build(), Set.of("libsvm", "arff")),
                new Case("--decimal", ImportOptions.builder().extra("decimal", ".").build(), Set.of("csv")),
                new Case("--no-header", ImportOptions.builder().extra("header", "true").build(), Set.of("csv", "text")),
                new Case("--encoding", ImportOptions.builder().extra("encoding", "utf-8").build(), Set.of("csv", "arff", "text")));
        for (Case c : cases) {
            for (String format : List.of("csv", "arff", "libsvm", "text")) {
                if (c.formats().contains(format)) {
                    try {
                        read(format, c.options());
                    } catch (ImportException e) { // read, though its value may not fit this small file
                        assertFalse(e.getMessage().contains("does not apply"), e.getMessage());
                    }
                } else {
                    Inputs.fails(() -> read(format, c.options()), c.name(), " does not apply to ");
                }
            }
        }
    }

    @Test
    void aTableSeparatedBySpacesSaysToGiveThatDelimiterWhichReadsItsQuotes() {
        // df.to_csv('iris_sp.txt', sep=' ', index=False): pandas quotes the names and values that hold a space
        String spaced = rows("\"sepal length (cm)\" \"sepal width (cm)\" species", 30, "5.1 3.5 \"Iris setosa\"",
                "7.0 3.2 \"Iris versicolor\"", "6.3 3.3 \"Iris virginica\"");
        for (int more : new int[] {0, 300}) {
            String file = spaced + rows("x", more, "5.9 3.0 \"Iris virginica\"").substring(2);
            // before: one column 'sepal length (cm) "sepal width (cm)" species', refused as a label of 33 values
            ImportException e = Inputs.fails(() -> Inputs.csv(file, D), "line 1", "3 names separated by spaces",
                    "[sepal length (cm), sepal width (cm), species]", "give --delimiter ' '");
            assertFalse(e.getMessage().contains("--format"), e.getMessage());
            Dataset d = Inputs.csv(file, ImportOptions.builder().delimiter(' ').build());
            assertEquals(List.of("sepal length (cm)", "sepal width (cm)"), List.of(d.numeric().get(0).name(), d.numeric().get(1).name()));
            assertEquals(List.of("Iris setosa", "Iris versicolor", "Iris virginica"), d.labels().orElseThrow().levels());
        }
        // the text importer, which claims .txt, says the same with --format csv
        Inputs.fails(() -> Inputs.text(spaced, D), "no 'text' column", "3 names separated by spaces",
                "give --format csv --delimiter ' '");
        // a one-column file whose name holds spaces is a column, not a table
        assertEquals(1, Inputs.csv(rows("sepal length (cm)", 30, "5.1", "4.9"), ImportOptions.builder().noLabel(true).build())
                .featureCount());
    }

    @Test
    void aTextFileWithOneOtherColumnIsToldToNameItAsTheLabel() {
        // pd.DataFrame({'text': ..., 'target': ...}).to_csv(f, index=False), imported --format text --delimiter ,
        ImportOptions comma = ImportOptions.builder().delimiter(',').build();
        ImportException e = Inputs.fails(() -> Inputs.text("text,target\nhello world,a\n\"good, day\",b\n", comma),
                "no label column 'label' in the header [text, target]", "give --label target");
        assertTrue(e.getMessage().contains("--no-label"), e.getMessage());
        assertEquals(List.of("a", "b"), Inputs.text("text,target\nhello world,a\n\"good, day\",b\n",
                comma.toBuilder().label("target").build()).labels().orElseThrow().levels());
        // the TSV layout too; with two other columns there is no telling which
        Inputs.fails(() -> Inputs.text("target\ttext\na\thello world\n", D), "give --label target");
        ImportException two = Inputs.fails(() -> Inputs.text("id\ttext\ttarget\n1\thello world\ta\n", D),
                "no label column 'label'", "--no-label");
        assertFalse(two.getMessage().contains("--label "), two.getMessage());
    }

    @Test
    void aTextFileWithoutAHeaderIsReadWithNoHeaderItsLabelFirstAndItsTextLast() {
        // the UCI SMS Spam Collection's own file: label<tab>text, no header
        String sms = "ham\tGo until jurong point\nspam\tFree entry in 2 a wkly comp\nham\tOk lar\n";
        Inputs.fails(() -> Inputs.text(sms, D), "no 'text' column in the header [ham, Go until jurong point]",
                "if the first line is a document, give --no-header (columns V1..V2: the label V1, the text V2)");
        ImportOptions noHeader = D.toBuilder().extra(CsvImporter.HEADER, "false").build();
        Dataset d = Inputs.text(sms, noHeader);
        // CountVectorizer's tokens by hand: '2' and 'a' are too short
        assertEquals(List.of("comp", "entry", "free", "go", "in", "jurong", "lar", "ok", "point", "until", "wkly"),
                d.sparse().orElseThrow().vocabulary());
        assertEquals(3, d.sparse().orElseThrow().rows());
        assertEquals("V1", d.labels().orElseThrow().name());
        assertEquals(List.of("ham", "spam", "ham"), List.of(d.labels().orElseThrow().levels().get(d.labels().orElseThrow().code(0)),
                d.labels().orElseThrow().levels().get(d.labels().orElseThrow().code(1)),
                d.labels().orElseThrow().levels().get(d.labels().orElseThrow().code(2))));
        // pandas' to_csv(header=False, index=False) of (text, label): quoted line breaks, the label named by position
        String csv = "\"Great, would\nbuy again\",pos\nbroke,neg\n";
        Dataset c = Inputs.text(csv, noHeader.toBuilder().delimiter(',').label("V2").build());
        assertEquals(List.of("again", "broke", "buy", "great", "would"), c.sparse().orElseThrow().vocabulary());
        assertEquals(List.of("neg", "pos"), c.labels().orElseThrow().levels());
        assertEquals(2, c.sparse().orElseThrow().rows());
        // a row of another width is told against the first line, which is no header; blank lines before it are skipped
        Inputs.fails(() -> Inputs.text(sms + "ham\tx\ty\n", noHeader), "line 4", "expected 2 tab-separated fields as in the first line");
        assertEquals(3, Inputs.text("\n\n" + sms, noHeader).rows());
        Inputs.fails(() -> Inputs.text("\n" + sms + "ham\n", noHeader), "line 5", "expected 2 tab-separated fields");
        // a plain file of documents, one a line, no label: the first line is not taken for a header of names only
        String plain = "the first document here\nanother one\n\nthird document text\n";
        Inputs.fails(() -> Inputs.text(plain, D), "no 'text' column in the header [the first document here]",
                "if each line is a document without a label, give --no-header --no-label");
        Inputs.fails(() -> Inputs.text("words\nmore\n", D), "if each line is a document without a label, give --no-header --no-label");
        assertEquals(3, Inputs.text(plain, noHeader.toBuilder().noLabel(true).build()).rows());
        // pandas' to_csv(header=False) with its row index: the first column numbers the rows, the label is the next
        String indexed = "0\tham\tGo until jurong point\n1\tspam\tFree entry in 2 a wkly comp\n2\tham\tOk lar\n";
        Inputs.fails(() -> Inputs.text(indexed, noHeader), "column V1", "the first column numbers the rows 0..2 in order:"
                + " a row index (pandas' to_csv(header=False) writes one unless index=False), not a class column: give --label V2");
        assertEquals(List.of("ham", "spam"), Inputs.text(indexed, noHeader.toBuilder().label("V2").build()).labels()
                .orElseThrow().levels());
        assertEquals(List.of("0", "1"), Inputs.text("0\tx\tsome words\n1\ty\tmore words\n0\tz\tand more\n", noHeader)
                .labels().orElseThrow().levels()); // class numbers that are not the rows in order stay classes
        Inputs.fails(() -> Inputs.text(sms, noHeader.toBuilder().extra(TextImporter.TEXT_COLUMN, "text").build()),
                "no 'text' column in the columns [V1, V2]", "--text-column V1 to V2");
    }

    @Test
    void aTextFileWithPandasRowIndexIsToldToNameTheOtherColumnAsTheLabel() {
        // pd.DataFrame({'review': ..., 'sentiment': ...}).to_csv('reviews.csv'): the index first, its header cell empty,
        // texts with a comma, a quote or a line break quoted; pandas' Unnamed: 0 when read without index_col and written again
        String body = "0,\"Great, would buy again\",pos\n1,\"Broke after a day.\nNever again\",neg\n"
                + "2,\"The \"\"best\"\" one\",pos\n";
        ImportOptions comma = ImportOptions.builder().delimiter(',').extra(TextImporter.TEXT_COLUMN, "review").build();
        for (String index : new String[] {"", "Unnamed: 0"}) {
            String file = index + ",review,sentiment\n" + body;
            Inputs.fails(() -> Inputs.text(file, comma), "no label column 'label'", "give --label sentiment");
            Dataset d = Inputs.text(file, comma.toBuilder().label("sentiment").build());
            assertEquals(3, d.rows());
            assertEquals(List.of("neg", "pos"), d.labels().orElseThrow().levels());
        }
        // a named column besides the text and another is not an index: no telling which is the label
        ImportException named = Inputs.fails(() -> Inputs.text("id,review,sentiment\n" + body, comma), "--no-label");
        assertFalse(named.getMessage().contains("--label "), named.getMessage());
    }

    /** {@code n} rows of {@code column}'s value made by {@code cell} from the row number, a 0/1 feature and a class. */
    private static String withColumn(int n, String column, java.util.function.IntFunction<String> cell) {
        StringBuilder s = new StringBuilder(column + ",legs4,type\n");
        for (int i = 0; i < n; i++) {
            s.append(cell.apply(i)).append(',').append(i % 3 == 0 ? 1 : 0).append(',').append(i % 2 == 0 ? "a" : "b").append('\n');
        }
        return s.toString();
    }

    @Test
    void anIdentifierOfThousandsOfLevelsIsToldTheOptionThatLeavesItOut() {
        // splice's instance (3,178 levels in 3,190 rows): the warning names the option, not only "leave it out"
        String splice = Inputs.csv(withColumn(3190, "instance", i -> "HUMGLOBIN-DONOR-" + i % 3178), D)
                .metadata().get(Importer.WARNINGS);
        assertTrue(splice != null && splice.contains("3,178 levels in 3,190 rows") && splice.contains("--ignore instance"), splice);
    }

    @Test
    void aCategoricalFeatureWithNearlyOneValuePerRowIsReportedWithTheOptionThatLeavesItOut() {
        ImportOptions all = ImportOptions.builder().categorical(Set.of(ImportOptions.ALL)).build();
        // zoo's animal (a name a row, 100 levels in 101 rows), as a default categorical column and with --categorical all
        for (ImportOptions o : new ImportOptions[] {D, all}) {
            Dataset zoo = Inputs.csv(withColumn(101, "animal", i -> "animal" + (i == 100 ? 0 : i)), o);
            assertEquals(2, zoo.featureCount()); // kept: the warning says what to do
            String w = zoo.metadata().get(Importer.WARNINGS);
            assertTrue(w != null && w.contains("column 'animal'") && w.contains("100 levels in 101 rows")
                    && w.contains("--ignore animal") && !w.contains("--format text"), w);
            assertNull(Inputs.csv(withColumn(101, "animal", i -> "animal" + i),
                    o.toBuilder().extra(CsvImporter.IGNORE, "animal").build()).metadata().get(Importer.WARNINGS));
        }
        // review texts of several words (a pandas file of 400 reviews): read its words as text, or leave it out
        String file = withColumn(400, "review", i -> "\"Review " + i + ": great, would buy again\"");
        String reviews = Inputs.csv(file, D).metadata().get(Importer.WARNINGS);
        // the advice names the label column this import used (the last, 'type'), which the text importer needs
        assertTrue(reviews != null && reviews.contains("column 'review'") && reviews.contains("400 levels in 400 rows")
                && reviews.contains("--format text --text-column review --delimiter , --label type (or")
                && reviews.contains("--ignore review"), reviews);
        Dataset asAdvised = Inputs.text(file, ImportOptions.builder().extra("text_column", "review").delimiter(',')
                .label("type").build());
        assertEquals(400, asAdvised.rows());
        assertTrue(Inputs.csv(file, D.toBuilder().noLabel(true).build()).metadata().get(Importer.WARNINGS)
                .contains("--delimiter , --no-label (or"));
        // legitimate categories: a 20-row table with 12 levels, 40 of 49 rows (too few rows), half the rows or fewer
        assertNull(Inputs.csv(withColumn(20, "colour", i -> "c" + i % 12), D).metadata().get(Importer.WARNINGS));
        assertNull(Inputs.csv(withColumn(49, "colour", i -> "c" + i % 40), D).metadata().get(Importer.WARNINGS));
        assertNull(Inputs.csv(withColumn(300, "colour", i -> "c" + i % 150), D).metadata().get(Importer.WARNINGS));
        // numbers named in --categorical are meant as categories: nothing said
        assertNull(Inputs.csv(withColumn(300, "x", i -> Integer.toString(1000 - i)), all).metadata().get(Importer.WARNINGS));
    }

    /**
     * An ARFF file of {@code n} rows: attribute {@code column} declared {@code type} ({@code string}, or nominal
     * levels {@code {…}}) holding {@code cell(i)}, a numeric {@code legs} and the class {@code type}.
     */
    private static String arffWithAttribute(int n, String column, String type, java.util.function.IntFunction<String> cell) {
        StringBuilder s = new StringBuilder("@relation zoo\n@attribute " + column + " " + type
                + "\n@attribute legs numeric\n@attribute type {a,b}\n@data\n");
        for (int i = 0; i < n; i++) {
            s.append('\'').append(cell.apply(i)).append("',").append(i % 3 == 0 ? 4 : 2).append(',')
                    .append(i % 2 == 0 ? "a" : "b").append('\n');
        }
        return s.toString();
    }

    /** Nominal levels {@code {'x0', …}} of {@code cell(0)} to {@code cell(n - 1)}, as Weka declares a converted column. */
    private static String levels(int n, java.util.function.IntFunction<String> cell) {
        StringBuilder s = new StringBuilder("{");
        for (int i = 0; i < n; i++) {
            s.append(i == 0 ? "" : ",").append('\'').append(cell.apply(i)).append('\'');
        }
        return s.append('}').toString();
    }

    @Test
    void anArffAttributeWithNearlyOneValuePerRowIsReportedWithTheOptionThatLeavesItOut() {
        // zoo.arff's animal as a string attribute (100 names in 101 rows): the CSV importer's warning and option
        java.util.function.IntFunction<String> animal = i -> "animal" + (i == 100 ? 0 : i);
        Dataset zoo = Inputs.arff(arffWithAttribute(101, "animal", "string", animal), D);
        assertEquals(2, zoo.featureCount()); // kept: the warning says what to do
        String w = zoo.metadata().get(Importer.WARNINGS);
        assertTrue(w != null && w.contains("column 'animal' became one categorical feature with 100 levels in 101 rows")
                && w.contains("leave it out with --ignore animal") && !w.contains("--format text"), w);
        // --ignore reads ARFF files too: the attribute is left out, and nothing is said
        ImportOptions ignore = ImportOptions.builder().extra(CsvImporter.IGNORE, "animal").build();
        Dataset ignored = Inputs.arff(arffWithAttribute(101, "animal", "string", animal), ignore);
        assertEquals(List.of("legs"), List.of(ignored.numeric().get(0).name()));
        assertEquals(1, ignored.featureCount());
        assertEquals(List.of("a", "b"), ignored.labels().orElseThrow().levels());
        assertNull(ignored.metadata().get(Importer.WARNINGS));
        // as Weka's CSVLoader declares it, nominal with every value: the values seen count, not the declared levels
        String nominal = Inputs.arff(arffWithAttribute(101, "animal", levels(100, animal), animal), D)
                .metadata().get(Importer.WARNINGS);
        assertTrue(nominal != null && nominal.contains("100 levels in 101 rows") && nominal.contains("--ignore animal"),
                nominal);
        assertNull(Inputs.arff(arffWithAttribute(101, "colour", levels(300, i -> "c" + i), i -> "c" + i % 40), D)
                .metadata().get(Importer.WARNINGS), "300 levels declared, 40 seen in 101 rows: categories");
        // free text in a string attribute: ARFF has no import of its words, so the option that leaves it out
        String reviews = Inputs.arff(arffWithAttribute(400, "review", "string", i -> "Review " + i + ": would buy again"), D)
                .metadata().get(Importer.WARNINGS);
        assertTrue(reviews != null && reviews.contains("column 'review'") && reviews.contains("400 levels in 400 rows")
                && reviews.contains("if it is free text") && reviews.contains("leave it out with --ignore review")
                && !reviews.contains("--format text"), reviews);
        // legitimate categories: 12 levels in 20 rows, 40 in 49 rows (too few rows), half the rows or fewer
        assertNull(Inputs.arff(arffWithAttribute(20, "colour", "string", i -> "c" + i % 12), D).metadata().get(Importer.WARNINGS));
        assertNull(Inputs.arff(arffWithAttribute(49, "colour", "string", i -> "c" + i % 40), D).metadata().get(Importer.WARNINGS));
        assertNull(Inputs.arff(arffWithAttribute(300, "colour", "string", i -> "c" + i % 150), D).metadata().get(Importer.WARNINGS));
        // --ignore names an attribute the file declares; leaving out the last makes the one before it the class
        Inputs.fails(() -> Inputs.arff(arffWithAttribute(60, "animal", "string", animal),
                ImportOptions.builder().extra(CsvImporter.IGNORE, "animals").build()),
                "column animals", "--ignore names an attribute the file does not declare");
        Dataset lastLeftOut = Inputs.arff(arffWithAttribute(60, "animal", "string", animal),
                ImportOptions.builder().extra(CsvImporter.IGNORE, "type").build());
        assertEquals("legs", lastLeftOut.target().orElseThrow().name());
    }

    /** {@code n} rows of a measurement and a species, with {@code d['id'] = range(1, n + 1)} first or last. */
    private static String withId(int n, boolean idFirst) {
        StringBuilder s = new StringBuilder(idFirst ? "id,x,species\n" : "x,species,id\n");
        for (int i = 0; i < n; i++) {
            String row = (4 + (i * 7) % 13 * 0.1) + "," + (i < n / 2 ? "setosa" : "virginica");
            s.append(idFirst ? (i + 1) + "," + row : row + "," + (i + 1)).append('\n');
        }
        return s.toString();
    }

    @Test
    void aNamedColumnThatNumbersTheRowsInOrderIsReportedWithTheOptionThatLeavesItOut() {
        for (int n : new int[] {150, 300}) { // a file of a few rows, and one replayed into growing columns
            // d['id'] = range(1, 151) as the last column: it was the numeric target with nothing said
            Dataset last = Inputs.csv(withId(n, false), D);
            assertEquals("id", last.target().orElseThrow().name());
            String w = last.metadata().get(Importer.WARNINGS);
            assertTrue(w != null && w.contains("the label column 'id' numbers the rows 1.." + n + " in order: an identifier,"
                    + " not a target") && w.contains("--label COLUMN") && w.contains("--ignore id"), w);
            Dataset ignored = Inputs.csv(withId(n, false), ImportOptions.builder().extra("ignore", "id").build());
            assertEquals(List.of("setosa", "virginica"), ignored.labels().orElseThrow().levels());
            assertEquals(1, ignored.featureCount());
            assertNull(ignored.metadata().get(Importer.WARNINGS));
            // first, as a feature: it would tell a learner the file's order (sorted by species)
            Dataset first = Inputs.csv(withId(n, true), D);
            assertEquals(2, first.featureCount());
            String f = first.metadata().get(Importer.WARNINGS);
            assertTrue(f != null && f.contains("column 'id' numbers the rows 1.." + n + " in order: an identifier")
                    && f.contains("leave it out with --ignore id"), f);
            assertEquals(1, Inputs.csv(withId(n, true), ImportOptions.builder().extra("ignore", "id").build()).featureCount());
            // named in --numeric, it is meant: nothing said
            assertNull(Inputs.csv(withId(n, true), ImportOptions.builder().numeric(Set.of("id")).build())
                    .metadata().get(Importer.WARNINGS));
        }
        // a name the shell would split or expand is quoted for it, so the advice works when pasted (it read --ignore row id)
        String spaced = withId(150, true).replaceFirst("^id,", "row id,");
        String q = Inputs.csv(spaced, D).metadata().get(Importer.WARNINGS);
        assertTrue(q != null && q.contains("leave it out with --ignore 'row id'"), q);
        String quoted = "\"it's $id\"" + withId(150, true).substring(2);
        String r = Inputs.csv(quoted, D).metadata().get(Importer.WARNINGS);
        assertTrue(r != null && r.contains("leave it out with --ignore 'it'\\''s $id'"), r);
        // numbers out of order, or a toy table of a few rows, are not an identifier by this rule
        assertNull(Inputs.csv(rows("id,x,y", 30, "3,1,a", "1,2,b", "2,3,a"), D).metadata().get(Importer.WARNINGS));
        assertNull(Inputs.csv("id,x,y\n1,5,a\n2,6,b\n3,7,a\n", D).metadata().get(Importer.WARNINGS));
        // --ignore names a column of the header, and not one another option reads
        Inputs.fails(() -> Inputs.csv(withId(30, true), ImportOptions.builder().extra("ignore", "ids").build()),
                "column ids", "--ignore names a column the header does not have");
        Inputs.fails(() -> Inputs.csv(withId(30, true), ImportOptions.builder().label("id").extra("ignore", "id").build()),
                "named both --ignore and --label");
        Inputs.fails(() -> Inputs.csv("a\n1\n", ImportOptions.builder().extra("ignore", "a").build()),
                "--ignore leaves no column to import");
    }

    @Test
    void aFileWithAnExtensionNoImporterClaimsGetsTheOptionsItsContentNeeds(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws java.io.IOException {
        // UCI's iris.data: comma-separated, no header
        java.nio.file.Path data = java.nio.file.Files.writeString(dir.resolve("iris.data"),
                rows("5.1,3.5,1.4,0.2,Iris-setosa", 3, "4.9,3.0,1.4,0.2,Iris-setosa"));
        assertEquals(java.util.Optional.of("--format csv --no-header"), new CsvImporter().suggest(data));
        assertEquals(java.util.Optional.empty(), new LibSvmImporter().suggest(data));
        // with a header, semicolons, or numpy's savetxt (spaces)
        assertEquals(java.util.Optional.of("--format csv"), new CsvImporter().suggest(
                java.nio.file.Files.writeString(dir.resolve("a.dat"), "a;b;y\n1;2;x\n")));
        assertEquals(java.util.Optional.of("--format csv --delimiter ' ' --no-header"), new CsvImporter().suggest(
                java.nio.file.Files.writeString(dir.resolve("x.out"), "5.1 3.5 0\n4.9 3.0 1\n")));
        // LibSVM files often have no extension (a9a, news20.scale): comments and blank lines first are fine
        java.nio.file.Path a9a = java.nio.file.Files.writeString(dir.resolve("a9a"), "# made by hand\n\n-1 3:1 11:1\n+1 5:1\n");
        assertEquals(java.util.Optional.of("--format libsvm"), new LibSvmImporter().suggest(a9a));
        assertEquals(java.util.Optional.empty(), new CsvImporter().suggest(a9a));
        // the UCI SMS Spam Collection's SMSSpamCollection: label<tab>text, no header, no extension; with a header naming
        // 'text'; a table of tab-separated numbers or short categories is not documents
        java.nio.file.Path sms = java.nio.file.Files.writeString(dir.resolve("SMSSpamCollection"),
                "ham\tGo until jurong point, crazy..\nham\tOk lar...\nspam\tFree entry in 2 a wkly comp\n");
        assertEquals(java.util.Optional.of("--format text --no-header"), new TextImporter().suggest(sms));
        assertEquals(java.util.Optional.empty(), new CsvImporter().suggest(sms));
        assertEquals(java.util.Optional.of("--format text"), new TextImporter().suggest(java.nio.file.Files.writeString(
                dir.resolve("reviews.data"), "label\ttext\npos\tgreat fun film\n")));
        java.nio.file.Path table = java.nio.file.Files.writeString(dir.resolve("t.data"), "5.1\t3.5\tsetosa\n4.9\t3.0\tsetosa\n");
        assertEquals(java.util.Optional.empty(), new TextImporter().suggest(table));
        assertEquals(java.util.Optional.of("--format csv --no-header"), new CsvImporter().suggest(table));
        // nothing to say about other content, a missing file or a folder; ARFF and text say nothing
        java.nio.file.Path prose = java.nio.file.Files.writeString(dir.resolve("README"), "Some words\nand more\n");
        for (io.plate.api.data.Importer i : List.of(new CsvImporter(), new LibSvmImporter(), new ArffImporter(), new TextImporter())) {
            assertEquals(java.util.Optional.empty(), i.suggest(prose), i.format());
            assertEquals(java.util.Optional.empty(), i.suggest(dir.resolve("missing")), i.format());
            assertEquals(java.util.Optional.empty(), i.suggest(dir), i.format());
        }
    }
}
