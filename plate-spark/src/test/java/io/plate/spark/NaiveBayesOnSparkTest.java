package io.plate.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.plate.api.data.Dataset;
import io.plate.api.data.ImportOptions;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.classifier.impl.nb.NaiveBayesStatistics;
import io.plate.importers.impl.CsvImporter;
import io.plate.importers.impl.LibSvmImporter;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every naive Bayes event model that is a sum of statistics, trained on Spark (local[2], the data split
 * into 3 partitions so that statistics are merged) against the same learner on one machine from the
 * importers' dataset of the same file (CSV, LibSVM, and the CSV's rows written to and read from Parquet): counts equal exactly, moments to 1e-12 relative, posterior
 * probabilities of every row within 1e-12, and the DataFrame's prediction column equal to the model's.
 */
class NaiveBayesOnSparkTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private final SparkSession spark = SparkTestSession.get();

    @TempDir
    java.nio.file.Path dir;

    @Test
    void categoricalOnCar() throws IOException {
        String file = SparkTestSession.data("car/car.csv").toString();
        Dataset local = new CsvImporter().read(SparkTestSession.data("car/car.csv"),
                ImportOptions.builder().categorical(Set.of(ImportOptions.ALL)).build());
        PlateFrame frame = PlateFrame.csv(spark, file, "class", Set.of());
        compare("nb.categorical", Map.of("alpha", "0.5"), local, frame);
        compare("nb.dirichlet", Map.of(), local, frame);
    }

    @Test
    void gaussianOnIris() throws IOException {
        String file = SparkTestSession.data("iris/iris.csv").toString();
        Dataset local = new CsvImporter().read(SparkTestSession.data("iris/iris.csv"), ImportOptions.defaults());
        PlateFrame frame = PlateFrame.csv(spark, file, "class", Set.of());
        compare("nb.gaussian", Map.of(), local, frame);
        compare("nb.dirichlet", Map.of("kappa0", "0.1"), local, frame);
        // the same rows through Parquet (Spark's writer and reader)
        String parquet = dir.resolve("iris.parquet").toString();
        frame.rows().coalesce(1).write().parquet(parquet); // one file: the rows keep their order
        compare("nb.gaussian", Map.of(), local, PlateFrame.parquet(spark, parquet, "class", Set.of()));
    }

    @Test
    void pandasRowIndexIsLeftOutAsTheImporterLeavesItOut() throws IOException {
        // iris as pandas' to_csv writes it: a first column with no name numbering the rows 0..149
        List<String> lines = java.nio.file.Files.readAllLines(SparkTestSession.data("iris/iris.csv"));
        StringBuilder b = new StringBuilder("," + lines.get(0) + "\n");
        for (int i = 1; i < lines.size(); i++) {
            b.append(i - 1).append(',').append(lines.get(i)).append('\n');
        }
        java.nio.file.Path file = dir.resolve("iris-pandas.csv");
        java.nio.file.Files.writeString(file, b);
        Dataset local = new CsvImporter().read(file, ImportOptions.defaults());
        assertEquals(4, local.numeric().size(), "the importer leaves the index out");
        PlateFrame frame = PlateFrame.csv(spark, file.toString(), "class", Set.of());
        assertEquals(List.of("sepal_length_cm", "sepal_width_cm", "petal_length_cm", "petal_width_cm", "class"),
                List.of(frame.rows().columns()));
        compare("nb.gaussian", Map.of(), local, frame);
    }

    @Test
    void theRowIndexOfASplitAndPandasUnnamedColumnAreLeftOutAsTheImporterLeavesThem() throws IOException {
        // train_test_split then to_csv: the index holds distinct whole numbers out of order; read once by pandas
        // and written again, it is also named 'Unnamed: 0' (here both: ',Unnamed: 0,…')
        List<String> lines = java.nio.file.Files.readAllLines(SparkTestSession.data("iris/iris.csv"));
        StringBuilder b = new StringBuilder(",Unnamed: 0," + lines.get(0) + "\n");
        for (int i = 1; i < lines.size(); i += 2) { // every other row: an index with gaps
            b.append(149 - i).append(',').append(i * 7 % 151).append(',').append(lines.get(i)).append('\n');
        }
        java.nio.file.Path file = dir.resolve("iris-split.csv");
        java.nio.file.Files.writeString(file, b);
        Dataset local = new CsvImporter().read(file, ImportOptions.defaults());
        assertEquals(4, local.numeric().size(), "the importer leaves both indexes out");
        PlateFrame frame = PlateFrame.csv(spark, file.toString(), "class", Set.of());
        assertEquals(List.of("sepal_length_cm", "sepal_width_cm", "petal_length_cm", "petal_width_cm", "class"),
                List.of(frame.rows().columns()));
        compare("nb.gaussian", Map.of(), local, frame);
        // a repeated value: a feature for both
        java.nio.file.Path repeated = dir.resolve("iris-repeated.csv");
        java.nio.file.Files.writeString(repeated, b.toString().replaceFirst("\n148,", "\n146,"));
        assertEquals(6, new CsvImporter().read(repeated, ImportOptions.defaults()).numeric().size());
        assertEquals(7, PlateFrame.csv(spark, repeated.toString(), "class", Set.of()).rows().columns().length);
    }

    @Test
    void aCsvWithoutHeaderReadsAsTheImporterReadsIt() throws IOException {
        // car as pandas' to_csv(header=False, index=False) writes it: the first line is data
        List<String> lines = java.nio.file.Files.readAllLines(SparkTestSession.data("car/car.csv"));
        java.nio.file.Path file = dir.resolve("car-no-header.csv");
        java.nio.file.Files.write(file, lines.subList(1, lines.size()));
        ImportOptions noHeader = ImportOptions.builder().extra(CsvImporter.HEADER, "false").build();
        Dataset local = new CsvImporter().read(file, noHeader);
        assertEquals(1728, local.rows());
        PlateFrame frame = PlateFrame.read(spark, "csv", file.toString(), null, Set.of(), true, noHeader);
        assertEquals(List.of("V1", "V2", "V3", "V4", "V5", "V6", "V7"), List.of(frame.rows().columns()));
        assertEquals("V7", frame.roles().label);
        compare("nb.categorical", Map.of("alpha", "0.5"), local, frame);
        // with a header line expected, the first row is taken for the names: a row short
        assertEquals(1727, PlateFrame.read(spark, "csv", file.toString(), null, Set.of(), true).rows().count());
    }

    @Test
    void aCsvWithoutHeaderWithPandasIndexReadsAsTheImporterReadsIt() throws IOException {
        // iris as pandas' to_csv(header=False) writes it: the index first, no header line
        List<String> lines = java.nio.file.Files.readAllLines(SparkTestSession.data("iris/iris.csv"));
        StringBuilder b = new StringBuilder();
        for (int i = 1; i < lines.size(); i++) {
            b.append(i - 1).append(',').append(lines.get(i)).append('\n');
        }
        java.nio.file.Path file = dir.resolve("iris-no-header.csv");
        java.nio.file.Files.writeString(file, b);
        ImportOptions noHeader = ImportOptions.builder().extra(CsvImporter.HEADER, "false").build();
        Dataset local = new CsvImporter().read(file, noHeader);
        assertEquals(4, local.numeric().size(), "the importer leaves the index out");
        PlateFrame frame = PlateFrame.read(spark, "csv", file.toString(), null, Set.of(), true, noHeader);
        assertEquals(List.of("V2", "V3", "V4", "V5", "V6"), List.of(frame.rows().columns()));
        compare("nb.gaussian", Map.of(), local, frame);
    }

    @Test
    void namesWithDotsReadAsTheImporterReadsThem() throws IOException {
        // iris as R's write.csv writes it: dots in the names (Spark reads a plain dotted name as a struct's field)
        List<String> lines = java.nio.file.Files.readAllLines(SparkTestSession.data("iris/iris.csv"));
        List<String> dotted = new java.util.ArrayList<>(lines);
        dotted.set(0, "Sepal.Length,Sepal.Width,Petal.Length,Petal.Width,Species.Name");
        java.nio.file.Path file = dir.resolve("iris-r.csv");
        java.nio.file.Files.write(file, dotted);
        Dataset local = new CsvImporter().read(file, ImportOptions.defaults());
        PlateFrame frame = PlateFrame.csv(spark, file.toString(), "Species.Name", Set.of());
        assertEquals(List.of("Sepal.Length", "Sepal.Width", "Petal.Length", "Petal.Width"), frame.roles().numeric);
        compare("nb.gaussian", Map.of(), local, frame);
        // a dotted categorical column and label: the levels are read by name too
        List<String> car = java.nio.file.Files.readAllLines(SparkTestSession.data("car/car.csv"));
        List<String> carDotted = new java.util.ArrayList<>(car);
        carDotted.set(0, car.get(0).replace(",", ".x,") + ".y");
        java.nio.file.Path carFile = dir.resolve("car-r.csv");
        java.nio.file.Files.write(carFile, carDotted);
        Dataset carLocal = new CsvImporter().read(carFile, ImportOptions.builder().categorical(Set.of(ImportOptions.ALL))
                .build());
        String label = carDotted.get(0).substring(carDotted.get(0).lastIndexOf(',') + 1);
        compare("nb.categorical", Map.of(), carLocal, PlateFrame.csv(spark, carFile.toString(), label, Set.of()));
    }

    @Test
    void codesWithLeadingZerosKeepThemWhenNamedCategorical() throws IOException {
        // a code column of digits (007 and 7 are two codes), categorical by --categorical as plate:import reads it
        String[] codes = {"007", "010", "7", "012", "NA"};
        StringBuilder b = new StringBuilder("code,x,class\n");
        for (int i = 0; i < 40; i++) {
            b.append(codes[i % 5]).append(',').append(i % 7 * 0.5).append(',').append(i % 3 == 0 ? "P" : "N").append('\n');
        }
        java.nio.file.Path file = dir.resolve("codes.csv");
        java.nio.file.Files.writeString(file, b);
        Dataset local = new CsvImporter().read(file, ImportOptions.builder().categorical(Set.of("code")).build());
        assertEquals(List.of("007", "010", "012", "7"), local.categorical().get(0).levels().stream().sorted().toList());
        PlateFrame frame = PlateFrame.csv(spark, file.toString(), "class", Set.of("code"));
        assertEquals(List.of("007", "010", "012", "7"), frame.roles().levels.get(0).stream().sorted().toList());
        compare("nb.mixed", Map.of(), local, frame);
    }

    @Test
    void aEuropeanSpreadsheetsCsvReadsAsTheImporterReadsIt() throws IOException {
        // iris saved by a spreadsheet that writes ';' between fields and ',' in numbers
        List<String> lines = java.nio.file.Files.readAllLines(SparkTestSession.data("iris/iris.csv"));
        StringBuilder b = new StringBuilder();
        for (String l : lines) {
            b.append(l.replace(',', ';').replace('.', ',')).append('\n');
        }
        java.nio.file.Path file = dir.resolve("iris-euro.csv");
        java.nio.file.Files.writeString(file, b);
        ImportOptions comma = ImportOptions.builder().extra(CsvImporter.DECIMAL, ",").build();
        Dataset local = new CsvImporter().read(file, comma);
        assertEquals(4, local.numeric().size());
        PlateFrame frame = PlateFrame.read(spark, "csv", file.toString(), "class", Set.of(), true, comma);
        compare("nb.gaussian", Map.of(), local, frame);
        // without --decimal ,: categories on both sides
        assertEquals(4, PlateFrame.read(spark, "csv", file.toString(), "class", Set.of(), true).roles().categorical.size());
    }

    /**
     * German prices, read by the importers' own number rule ({@code NumberStyle}): under {@code --decimal ,} a number
     * written with a '.' and no decimal part ({@code 2.000}) is text, as pandas keeps it, where Spark's reader took it
     * for 2.0; with {@code --thousands .} it is 2000. Expected values: pandas 3.0.6 on the same text (quoted).
     */
    @Test
    void thousandsSeparatorsAndPointsUnderADecimalCommaReadAsTheImporterReadsThem() throws IOException {
        java.nio.file.Path file = dir.resolve("preise.csv");
        java.nio.file.Files.writeString(file, "preis;menge;y\n1.500;2,5;p\n2.000;3,5;q\n1.250;1,0;p\n");
        ImportOptions comma = ImportOptions.builder().extra(CsvImporter.DECIMAL, ",").build();
        // pd.read_csv(f, sep=';', decimal=','): preis is text ['1.500', '2.000', '1.250'], menge [2.5, 3.5, 1.0]
        PlateFrame text = PlateFrame.read(spark, "csv", file.toString(), "y", Set.of(), true, comma);
        assertEquals(List.of("menge"), text.roles().numeric);
        assertEquals(List.of("preis"), text.roles().categorical);
        assertEquals(List.of("1.250", "1.500", "2.000"), text.roles().levels.get(0));
        assertEquals(List.of(2.5, 3.5, 1.0), column(text, "menge"));
        // pd.read_csv(f, sep=';', decimal=',', thousands='.'): preis [1500, 2000, 1250]
        ImportOptions both = comma.toBuilder().extra(io.plate.importers.impl.NumberStyle.THOUSANDS, ".").build();
        PlateFrame numbers = PlateFrame.read(spark, "csv", file.toString(), "y", Set.of(), true, both);
        assertEquals(List.of("preis", "menge"), numbers.roles().numeric);
        assertEquals(List.of(1500.0, 2000.0, 1250.0), column(numbers, "preis"));
        // ['1.500,25', '2.000', '-1.250,5', '12,5'] -> [1500.25, 2000.0, -1250.5, 12.5]
        java.nio.file.Path mixed = dir.resolve("preise-mixed.csv");
        java.nio.file.Files.writeString(mixed, "preis;y\n1.500,25;p\n2.000;q\n-1.250,5;p\n12,5;q\n");
        assertEquals(List.of(1500.25, 2000.0, -1250.5, 12.5),
                column(PlateFrame.read(spark, "csv", mixed.toString(), "y", Set.of(), true, both), "preis"));
        // pd.read_csv(f, thousands=','): '"1,500.25"', '"2,000"', 3 -> [1500.25, 2000.0, 3.0]
        java.nio.file.Path us = dir.resolve("prices-us.csv");
        java.nio.file.Files.writeString(us, "a,y\n\"1,500.25\",p\n\"2,000\",q\n3,p\n");
        assertEquals(List.of(1500.25, 2000.0, 3.0), column(PlateFrame.read(spark, "csv", us.toString(), "y", Set.of(),
                true, ImportOptions.builder().extra(io.plate.importers.impl.NumberStyle.THOUSANDS, ",").build()), "a"));
        // and each as the importer reads it: the same roles
        for (ImportOptions o : List.of(comma, both)) {
            Dataset local = new CsvImporter().read(file, o.toBuilder().label("y").build());
            PlateFrame frame = PlateFrame.read(spark, "csv", file.toString(), "y", Set.of(), true, o);
            assertEquals(local.numeric().stream().map(c -> c.name()).toList(), frame.roles().numeric);
            assertEquals(local.categorical().stream().map(c -> c.name()).toList(), frame.roles().categorical);
        }
        // a wrong separator is refused in the importer's words
        io.plate.api.PlateException e = org.junit.jupiter.api.Assertions.assertThrows(io.plate.api.PlateException.class,
                () -> PlateFrame.read(spark, "csv", file.toString(), "y", Set.of(), true,
                        comma.toBuilder().extra(io.plate.importers.impl.NumberStyle.THOUSANDS, ",").build()));
        assertEquals("--thousands must be one character other than a digit and the decimal separator ','"
                + " (such as '.' for 1.500,25 with --decimal ,), got ','", e.getMessage());
    }

    /** The values of {@code frame}'s numeric column {@code name}, in the file's order. */
    private static List<Double> column(PlateFrame frame, String name) {
        return frame.rows().select(PlateFrame.column(name)).collectAsList().stream().map(r -> r.isNullAt(0) ? null : r.getDouble(0))
                .toList();
    }

    @Test
    void pandasMissingMarkersReadAsTheImporterReadsThem() throws IOException {
        // iris as numpy and pandas write a NaN (nan, NA) in a numeric column, and a label that is NULL
        List<String> lines = java.nio.file.Files.readAllLines(SparkTestSession.data("iris/iris.csv"));
        StringBuilder b = new StringBuilder(lines.get(0)).append('\n');
        for (int i = 1; i < lines.size(); i++) {
            String l = lines.get(i);
            if (i % 7 == 0) {
                l = "nan" + l.substring(l.indexOf(','));
            } else if (i % 11 == 0) {
                l = l.substring(0, l.lastIndexOf(',') + 1) + "NULL";
            } else if (i % 13 == 0) {
                l = l.substring(0, l.indexOf(',') + 1) + "NA" + l.substring(l.indexOf(',', l.indexOf(',') + 1));
            }
            b.append(l).append('\n');
        }
        java.nio.file.Path file = dir.resolve("iris-nan.csv");
        java.nio.file.Files.writeString(file, b);
        Dataset local = new CsvImporter().read(file, ImportOptions.defaults());
        assertEquals(4, local.numeric().size(), "nan and NA are missing numbers");
        PlateFrame frame = PlateFrame.csv(spark, file.toString(), "class", Set.of());
        assertEquals(4, frame.roles().numeric.size(), "numeric on Spark too");
        assertEquals(local.labels().orElseThrow().cardinality(), frame.roles().classes.size(), "NULL is no class");
        compare("nb.gaussian", Map.of(), local, frame);
    }

    @Test
    void aLearnerWithoutItsColumnsIsRefusedBeforeAJob() {
        PlateFrame votes = PlateFrame.csv(spark, SparkTestSession.data("house-votes-84/house-votes-84.csv").toString(),
                "class", Set.of());
        long jobs = spark.sparkContext().statusTracker().getJobIdsForGroup(null).length;
        io.plate.api.PlateException e = org.junit.jupiter.api.Assertions.assertThrows(io.plate.api.PlateException.class,
                () -> SparkNaiveBayes.train(votes, "nb.gaussian", Map.of(), 1));
        assertEquals("nb.gaussian needs numeric columns; dataset 'input' has none", e.getMessage());
        assertEquals(jobs, spark.sparkContext().statusTracker().getJobIdsForGroup(null).length, "no job ran");
    }

    @Test
    void mixedWithMissingValuesOnBreastCancer() throws IOException {
        String rel = "breast-cancer-ljubljana/breast-cancer.csv";
        Dataset local = new CsvImporter().read(SparkTestSession.data(rel), ImportOptions.defaults());
        assertEquals(1, local.numeric().size(), "deg-malig is numeric in both readers");
        PlateFrame frame = PlateFrame.csv(spark, SparkTestSession.data(rel).toString(), "class", Set.of());
        compare("nb.mixed", Map.of("alpha", "2"), local, frame);
        compare("nb.dirichlet", Map.of(), local, frame);
    }

    @Test
    void countModelsOnA9aFromLibSvm() throws IOException {
        Dataset local = new LibSvmImporter().read(SparkTestSession.data("libsvm-a9a/a9a"), ImportOptions.defaults());
        PlateFrame frame = PlateFrame.libsvm(spark, SparkTestSession.data("libsvm-a9a/a9a").toString());
        compare("nb.multinomial", Map.of("alpha", "0.01"), local, frame);
        compare("nb.bernoulli", Map.of(), local, frame);
        compare("nb.complement", Map.of("norm", "true"), local, frame);
        compare("nb.dirichlet", Map.of(), local, frame);
    }

    @Test
    void multinomialOnA9aWrittenZeroBased() throws IOException {
        // scikit-learn's dump_svmlight_file writes 0-based indices by default: a9a so written, read with auto
        java.nio.file.Path zero = LibSvmOnSparkTest.zeroBasedCopy(SparkTestSession.data("libsvm-a9a/a9a"), dir, 32561);
        Dataset local = new LibSvmImporter().read(zero, ImportOptions.defaults());
        compare("nb.multinomial", Map.of("alpha", "0.01"), local, PlateFrame.libsvm(spark, zero.toString(), "auto"));
    }

    private void compare(String learnerName, Map<String, String> params, Dataset local, PlateFrame frame)
            throws IOException {
        Learner learner = NaiveBayesStatistics.learner(learnerName);
        Model one = learner.fit(local, learner.params(params), 7);
        PlateFrame split = new PlateFrame(frame.rows().repartition(3), frame.roles());
        Model spark = SparkNaiveBayes.train(split, learnerName, params, 7);
        assertEquals(3, split.rows().javaRDD().getNumPartitions());
        sameStatistics(tree(one), tree(spark), learnerName);

        double[][] a = one.predictLogProba(local);
        double[][] b = spark.predictLogProba(local);
        assertEquals(one.classes(), spark.classes());
        for (int r = 0; r < a.length; r++) {
            for (int k = 0; k < a[r].length; k++) {
                assertEquals(Math.exp(a[r][k]), Math.exp(b[r][k]), 1e-12, learnerName + " row " + r + " class " + k);
            }
        }
        // the DataFrame transformation: rows in file order (no repartition), probabilities of the local model
        List<Row> scored = SparkNaiveBayes.predict(spark, frame.unlabelled()).collectAsList();
        assertEquals(local.rows(), scored.size());
        int w = frame.rows().columns().length;
        for (int r = 0; r < a.length; r++) {
            List<Object> p = scored.get(r).getList(w + 1);
            int best = 0;
            for (int k = 0; k < a[r].length; k++) {
                assertEquals(Math.exp(a[r][k]), (Double) p.get(k), 1e-12, learnerName + " scored row " + r);
                best = a[r][k] > a[r][best] ? k : best;
            }
            assertEquals(one.classes().get(best), scored.get(r).getString(w), learnerName + " prediction, row " + r);
        }
    }

    private static JsonNode tree(Model m) throws IOException {
        return MAPPER.readTree(SparkNaiveBayes.json(m));
    }

    /** Counts exactly (the same level and word tables in the same order), moments to 1e-12 relative. */
    private static void sameStatistics(JsonNode a, JsonNode b, String what) {
        assertEquals(a.get("type"), b.get("type"));
        assertEquals(a.get("provenance").get("params"), b.get("provenance").get("params"));
        assertEquals(a.get("classes"), b.get("classes"), what);
        assertEquals(a.get("classCounts"), b.get("classCounts"), what);
        assertEquals(a.has("categorical"), b.has("categorical"), what);
        assertEquals(a.get("categorical"), b.get("categorical"), what + ": categorical counts");
        assertEquals(a.get("counts"), b.get("counts"), what + ": word counts");
        assertEquals(a.has("numeric"), b.has("numeric"), what);
        if (a.has("numeric")) {
            JsonNode fa = a.get("numeric").get("features");
            JsonNode fb = b.get("numeric").get("features");
            assertEquals(fa.size(), fb.size());
            for (int f = 0; f < fa.size(); f++) {
                assertEquals(fa.get(f).get("name"), fb.get(f).get("name"));
                assertEquals(fa.get(f).get("n"), fb.get(f).get("n"), what + ": numeric counts");
                for (String field : List.of("mean", "m2")) {
                    for (int k = 0; k < fa.get(f).get(field).size(); k++) {
                        double x = fa.get(f).get(field).get(k).asDouble();
                        double y = fb.get(f).get(field).get(k).asDouble();
                        assertTrue(Math.abs(x - y) <= 1e-12 * Math.max(1, Math.abs(x)),
                                what + ": " + field + " " + x + " vs " + y);
                    }
                }
            }
        }
    }
}
