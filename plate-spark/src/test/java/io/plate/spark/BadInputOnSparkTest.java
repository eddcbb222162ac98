package io.plate.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.PlateException;
import io.plate.api.data.ImportOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input read through Spark's readers fails with one line naming the file (and the line where Spark
 * quotes a malformed row), in the importers' words where they have them.
 */
class BadInputOnSparkTest {
    private final SparkSession spark = SparkTestSession.get();

    @TempDir
    Path dir;

    private PlateException refusal(String format, Path input, String label) {
        return assertThrows(PlateException.class, () -> PlateFrame.read(spark, format, input.toString(), label, Set.of(),
                true, ImportOptions.defaults()));
    }

    @Test
    void emptyFilesAndFoldersOfEmptyPartsAreRefusedAsTheImportersRefuseThem() throws IOException {
        Path csv = Files.writeString(dir.resolve("empty.csv"), "");
        assertEquals(csv + ": empty file; expected a header row", refusal("csv", csv, "y").getMessage());
        Path parts = Files.createDirectories(dir.resolve("parts"));
        Files.writeString(parts.resolve("part-00000.csv"), "");
        Files.writeString(parts.resolve("_SUCCESS"), "");
        assertEquals(parts + ": empty file; expected a header row", refusal("csv", parts, "y").getMessage());
        Path headerOnly = Files.writeString(dir.resolve("header.csv"), "a,b,y\n");
        assertEquals(headerOnly + ": no data rows", refusal("csv", headerOnly, "y").getMessage());
        Path libsvm = Files.writeString(dir.resolve("empty.libsvm"), "");
        assertEquals(libsvm + ": empty file; expected LIBSVM rows 'label index:value ...'",
                refusal("libsvm", libsvm, null).getMessage());
        Path comments = Files.writeString(dir.resolve("comments.libsvm"), "# Column indices are zero-based\n\n");
        assertEquals(comments + ": no data rows, only blank or comment lines", refusal("libsvm", comments, null).getMessage());
    }

    @Test
    void aLabelColumnNotInTheFileNamesTheFile() throws IOException {
        Path csv = Files.writeString(dir.resolve("two.csv"), "a,y\n1,p\n2,q\n");
        assertEquals(csv + ": no label column 'nope'; columns are [a, y]", refusal("csv", csv, "nope").getMessage());
    }

    @Test
    void aMalformedRowInTheMiddleOfAFileIsNamedWithItsFileAndLine() throws IOException {
        StringBuilder rows = new StringBuilder("a,b,y\n");
        for (int i = 0; i < 5000; i++) {
            rows.append(i == 3000 ? "1.5,p\n" : i * 0.5 + "," + (i % 7) + "," + (i % 2 == 0 ? "p" : "q") + "\n");
        }
        Path csv = Files.writeString(dir.resolve("ragged.csv"), rows);
        Exception e = assertThrows(Exception.class, () -> SparkNaiveBayes.train(PlateFrame.read(spark, "csv", csv.toString(),
                "y", Set.of(), true, ImportOptions.defaults()), "nb.gaussian", Map.of(), 1));
        // line 1 is the header, so row 3000 (from 0) is line 3002
        assertEquals(csv + ", line 3002: Malformed CSV record: 1.5,p", Main.sparkFailure(e));
    }

    /**
     * A column of numbers but for one cell becomes categorical, as the CSV importer makes it (which warns; so does
     * the jar, MainIT); with the cell's text among the {@code --missing} markers it is numeric, as in the importer.
     */
    @Test
    void aColumnOfNumbersButForOneCellIsCategoricalUnlessMissingNamesIt() throws IOException {
        StringBuilder rows = new StringBuilder("w,h,y\n");
        for (int i = 0; i < 30; i++) {
            rows.append(i == 7 ? "oops" : Double.toString(i * 0.5)).append(',').append(i % 4).append(',')
                    .append(i % 2 == 0 ? "p" : "q").append('\n');
        }
        Path csv = Files.writeString(dir.resolve("stray.csv"), rows);
        java.util.Set<String> markers = new java.util.LinkedHashSet<>(ImportOptions.defaults().missing());
        markers.add("oops");
        for (ImportOptions o : java.util.List.of(ImportOptions.defaults(), ImportOptions.builder().missing(markers).build())) {
            io.plate.api.data.Dataset shell = new io.plate.importers.impl.CsvImporter().read(csv, o.toBuilder().label("y").build());
            PlateFrame frame = PlateFrame.read(spark, "csv", csv.toString(), "y", Set.of(), true, o);
            assertEquals(shell.categorical().stream().map(c -> c.name()).toList(), frame.roles().categorical, o.missing().toString());
            assertEquals(shell.numeric().stream().map(c -> c.name()).toList(), frame.roles().numeric, o.missing().toString());
        }
    }

    /**
     * {@code --ignore id} leaves a column out as the CSV importer's {@code --ignore} does (the same features), and
     * refuses a name the file does not have or one also named the label, in the importer's words.
     */
    @Test
    void ignoreLeavesAColumnOutAsTheImporterDoes() throws IOException {
        StringBuilder rows = new StringBuilder("id,w,c,y\n");
        for (int i = 0; i < 60; i++) {
            rows.append("u").append(1000 + i).append(',').append(i * 0.5).append(',').append(i % 3 == 0 ? "a" : "b")
                    .append(',').append(i % 2 == 0 ? "p" : "q").append('\n');
        }
        Path csv = Files.writeString(dir.resolve("ids.csv"), rows);
        ImportOptions ignoring = ImportOptions.builder().extra(io.plate.importers.impl.CsvImporter.IGNORE, "id").build();
        io.plate.api.data.Dataset shell = new io.plate.importers.impl.CsvImporter().read(csv,
                ignoring.toBuilder().label("y").build());
        PlateFrame frame = PlateFrame.read(spark, "csv", csv.toString(), "y", Set.of(), true, ignoring);
        assertEquals(java.util.List.of("c"), frame.roles().categorical);
        assertEquals(shell.categorical().stream().map(c -> c.name()).toList(), frame.roles().categorical);
        assertEquals(java.util.List.of("w"), frame.roles().numeric);
        assertEquals(java.util.List.of("w", "c", "y"), java.util.Arrays.asList(frame.rows().columns()));
        assertEquals(csv + ": --ignore names a column the input does not have ('ide'); it has id, w, c, y",
                assertThrows(io.plate.api.PlateException.class, () -> PlateFrame.read(spark, "csv", csv.toString(), "y",
                        Set.of(), true, ImportOptions.builder().extra(io.plate.importers.impl.CsvImporter.IGNORE, "ide")
                                .build())).getMessage());
        assertTrue(assertThrows(io.plate.api.PlateException.class, () -> PlateFrame.read(spark, "csv", csv.toString(), "y",
                Set.of(), true, ImportOptions.builder().extra(io.plate.importers.impl.CsvImporter.IGNORE, "y").build()))
                .getMessage().endsWith("named both --ignore and --label: give one"));
    }
}
