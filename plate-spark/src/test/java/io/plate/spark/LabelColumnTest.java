package io.plate.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.data.ImportOptions;
import io.plate.api.data.NumericColumn;
import io.plate.importers.impl.CsvImporter;
import io.plate.importers.impl.LibSvmImporter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A label column with (nearly) one value per row is refused, as the importers refuse it; a label column of
 * numbers is a numeric target unless named categorical, as {@code plate:import} reads it.
 */
class LabelColumnTest {
    private final SparkSession spark = SparkTestSession.get();

    @TempDir
    Path dir;

    @Test
    void aLabelWithNearlyOneValuePerRowIsNotAClassColumn() throws IOException {
        StringBuilder csv = new StringBuilder("name,x,kind\n");
        for (int i = 0; i < 40; i++) {
            // 21 distinct names in 40 rows: more than half; 2 kinds
            csv.append("n").append(Math.min(i, 20)).append(',').append(i * 0.5).append(',').append(i % 2 == 0 ? "a" : "b").append('\n');
        }
        Path file = dir.resolve("people.csv");
        Files.writeString(file, csv);
        PlateException e = assertThrows(PlateException.class, () -> PlateFrame.csv(spark, file.toString(), "name", Set.of()));
        assertEquals("label column 'name' has 21 distinct values in 40 rows, nearly one per row: not a class column;"
                + " name the class column with --label COLUMN (a numeric target is regression, which runs in the shell:"
                + " plate:import FILE --label name, then kernel.regression)", e.getMessage());
        assertEquals(2, PlateFrame.csv(spark, file.toString(), "kind", Set.of()).roles().classes.size());
        // 20 distinct values in 40 rows is half, not more: a class column
        Files.writeString(file, csv.toString().replace("n20,", "n19,"));
        assertEquals(20, PlateFrame.csv(spark, file.toString(), "name", Set.of()).roles().classes.size());
    }

    /**
     * A CSV's label column of numbers is read as {@code plate:import} reads it: a numeric target (no classes, not
     * a feature, however many values), classes only when named categorical.
     */
    @Test
    void aLabelColumnOfNumbersIsANumericTargetAsPlateImportReadsIt() throws IOException {
        StringBuilder csv = new StringBuilder("x,kind,grade,score\n");
        for (int i = 0; i < 40; i++) { // score: one value per row; grade: three
            csv.append(i * 0.5).append(',').append(i % 2 == 0 ? "a" : "b").append(',').append(i % 3).append(',')
                    .append(i * 1.25 - 7).append('\n');
        }
        Path file = Files.writeString(dir.resolve("scores.csv"), csv);
        for (String label : List.of("score", "grade")) {
            Dataset shell = new CsvImporter().read(file, ImportOptions.builder().label(label).build());
            assertTrue(shell.labels().isEmpty() && shell.target().isPresent(), label + " in the shell: " + shell);
            PlateFrame frame = PlateFrame.read(spark, "csv", file.toString(), label, Set.of(), true);
            ColumnRoles roles = ColumnRoles.fromJson(frame.roles().toJson()); // as executors receive them
            assertEquals(label, roles.target);
            assertNull(roles.label);
            Dataset onSpark = PartitionData.of(frame.rows().select(roles.columns()).toLocalIterator(), 0, roles, true, "scores");
            assertTrue(onSpark.labels().isEmpty(), label);
            assertArrayEquals(values(shell.target().get()), values(onSpark.target().orElseThrow()), label);
            assertEquals(shell.numeric().stream().map(NumericColumn::name).toList(),
                    onSpark.numeric().stream().map(NumericColumn::name).toList(), label + ": the target is no feature");
        }
        PlateFrame classes = PlateFrame.read(spark, "csv", file.toString(), "grade", Set.of("grade"), true);
        assertEquals(List.of("0", "1", "2"), classes.roles().classes);
        assertNull(classes.roles().target);
    }

    /**
     * Spark ML's and pandas' labels written {@code 0.0}/{@code 1.0}, named {@code --categorical}, are classes
     * {@code 0} and {@code 1}, as the CSV importer reads them (one level per value in a column of numbers), and so
     * is a categorical feature's {@code 1.0}, {@code 2}, {@code 2.0}; a code column ({@code 007}) keeps its texts.
     * The rows hold the levels, so that a model of the shell's classes matches them.
     */
    @Test
    void labelsWrittenAsFloatsAreTheImportersClasses() throws IOException {
        StringBuilder csv = new StringBuilder("id,grade,code,label\n");
        for (int i = 0; i < 40; i++) {
            csv.append(i).append(',').append(i % 3 == 0 ? "1.0" : i % 3 == 1 ? "2" : "2.0").append(',')
                    .append(i % 2 == 0 ? "007" : "7").append(',').append(i % 2 == 0 ? "0.0" : "1.0").append('\n');
        }
        Path file = Files.writeString(dir.resolve("ml01.csv"), csv);
        Set<String> named = Set.of("grade", "code", "label");
        Dataset shell = new CsvImporter().read(file, ImportOptions.builder().label("label").categorical(named).build());
        assertEquals(List.of("0", "1"), shell.labels().orElseThrow().levels(), "the importer, as the expected value");
        PlateFrame frame = PlateFrame.read(spark, "csv", file.toString(), "label", named, true);
        assertEquals(List.of("0", "1"), frame.roles().classes);
        assertEquals(List.of("grade", "code"), frame.roles().categorical);
        assertEquals(List.of(List.of("1", "2"), List.of("007", "7")), frame.roles().levels);
        ColumnRoles roles = ColumnRoles.fromJson(frame.roles().toJson()); // as executors receive them
        Dataset onSpark = PartitionData.of(frame.rows().select(roles.columns()).toLocalIterator(), 0, roles, true, "ml01");
        for (int r = 0; r < 40; r++) {
            assertEquals(r % 2 == 0 ? "0" : "1", onSpark.labels().orElseThrow().level(r), "row " + r);
            assertEquals(r % 3 == 0 ? "1" : "2", onSpark.categorical().get(0).level(r), "row " + r);
        }
        // the label column of the rows is the class text, which predict's accuracy compares with the prediction
        assertEquals(List.of("0", "1"), frame.rows().select(PlateFrame.column("label")).distinct()
                .as(org.apache.spark.sql.Encoders.STRING()).collectAsList().stream().sorted().toList());
    }

    /**
     * LibSVM labels with a fraction (scikit-learn's {@code dump_svmlight_file} of a regression target) are a numeric
     * target as the LibSVM importer reads them, 1-based (Spark's reader) and 0-based (the importer's parser): no
     * classes, so {@code train} refuses them as it refuses a CSV's, and {@code cluster}'s dataset has the target,
     * no labels; {@code --categorical label} reads them as the importer's classes.
     */
    @Test
    void aLibSvmFilesLabelsWithAFractionAreANumericTargetAsTheImporterReadsThem() throws IOException {
        Path oneBased = Files.writeString(dir.resolve("y.svm"), "0.5 1:2 3:1\n1.5 2:4\n2 1:1 2:1\n0.5 3:3\n");
        Path zeroBased = Files.writeString(dir.resolve("y0.svm"), "0.5 0:2 2:1\n1.5 1:4\n2 0:1 1:1\n0.5 2:3\n");
        for (Path file : List.of(oneBased, zeroBased)) {
            Dataset shell = new LibSvmImporter().read(file, ImportOptions.defaults());
            assertTrue(shell.labels().isEmpty() && shell.target().isPresent(), file + " in the shell: " + shell);
            PlateFrame frame = PlateFrame.read(spark, "libsvm", file.toString(), null, Set.of(), true);
            ColumnRoles roles = ColumnRoles.fromJson(frame.roles().toJson());
            assertEquals("label", roles.target, file.toString());
            assertNull(roles.label, file.toString());
            Dataset onSpark = PartitionData.of(frame.rows().select(roles.columns()).toLocalIterator(), 0, roles, true, "y");
            assertTrue(onSpark.labels().isEmpty(), file.toString());
            assertArrayEquals(values(shell.target().get()), values(onSpark.target().orElseThrow()), file.toString());
            assertEquals(shell.sparse().orElseThrow().columns(), onSpark.sparse().orElseThrow().columns(), file.toString());
            PlateException refused = assertThrows(PlateException.class, () -> Main.refuseNumericTarget(frame));
            assertEquals("label column 'label' is numeric, a regression target as plate:import reads it (3 distinct"
                    + " values); naive Bayes needs classes: add --categorical label to read its values as classes",
                    refused.getMessage());
            // the advice taken: the importer's classes
            Dataset named = new LibSvmImporter().read(file, ImportOptions.builder().categorical(Set.of("label")).build());
            PlateFrame classes = PlateFrame.read(spark, "libsvm", file.toString(), null, Set.of("label"), true);
            assertEquals(named.labels().orElseThrow().levels(), classes.roles().classes, file.toString());
            assertNull(classes.roles().target, file.toString());
        }
        // whole numbers stay classes, as in the importer
        Path whole = Files.writeString(dir.resolve("c.svm"), "1 1:2 3:1\n2 2:4\n1 1:1\n");
        assertEquals(List.of("1", "2"), PlateFrame.read(spark, "libsvm", whole.toString(), null, Set.of(), true).roles().classes);
    }

    /**
     * {@code cluster} reads a CSV as {@code plate:import} does: its last column is the label unless {@code --label}
     * names another (a string column: classes; a column of numbers: a numeric target), no feature either way;
     * {@code --no-label} reads every column as a feature, as {@code plate:import --no-label}.
     */
    @Test
    void clusterTakesTheLastColumnAsTheLabelAsPlateImportDoes() {
        for (String data : List.of("iris/iris.csv", "wine-quality/winequality-red.csv")) {
            Path file = SparkTestSession.data(data);
            Dataset shell = new CsvImporter().read(file, ImportOptions.defaults());
            ColumnRoles roles = new Main(System.out).parsed("cluster", "mixture.gaussian", "--input", file.toString(),
                    "--out", "run").clusterInput(spark).roles();
            assertEquals(shell.labels().map(l -> l.name()).orElse(null), roles.label, data);
            assertEquals(shell.target().map(t -> t.name()).orElse(null), roles.target, data);
            assertEquals(shell.numeric().stream().map(NumericColumn::name).toList(), roles.numeric, data);
            assertEquals(shell.categorical().stream().map(c -> c.name()).toList(), roles.categorical, data);

            Dataset every = new CsvImporter().read(file, ImportOptions.builder().noLabel(true).build());
            ColumnRoles all = new Main(System.out).parsed("cluster", "mixture.gaussian", "--input", file.toString(),
                    "--no-label", "--out", "run").clusterInput(spark).roles();
            assertNull(all.label, data);
            assertNull(all.target, data);
            assertEquals(every.numeric().stream().map(NumericColumn::name).toList(), all.numeric, data);
            assertEquals(every.categorical().stream().map(c -> c.name()).toList(), all.categorical, data);
        }
    }

    private static double[] values(NumericColumn c) {
        double[] v = new double[c.size()];
        for (int r = 0; r < v.length; r++) {
            v[r] = c.value(r);
        }
        return v;
    }
}
