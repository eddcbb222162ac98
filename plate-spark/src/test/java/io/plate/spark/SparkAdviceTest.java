package io.plate.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.Plate;
import io.plate.api.data.Dataset;
import io.plate.api.data.ImportOptions;
import io.plate.api.data.NumericColumn;
import io.plate.api.sample.Cancellation;
import io.plate.api.sample.ProgressListener;
import io.plate.api.sample.RunSettings;
import io.plate.api.sample.Sampler;
import io.plate.classifier.impl.MissingColumn;
import io.plate.classifier.impl.NumericBlock;
import io.plate.importers.impl.CsvImporter;
import io.plate.importers.impl.LibSvmImporter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bundles' refusals, made by the bundles' own code, shown by the jar with advice in its own options:
 * each names an option the jar refuses before, and none after.
 */
class SparkAdviceTest {
    @TempDir
    Path dir;

    /** The options {@code message} names that the jar does not take. */
    private static List<String> foreignOptions(String message) {
        List<String> foreign = new ArrayList<>();
        Matcher m = Pattern.compile("--[a-z][a-z-]*").matcher(message);
        while (m.find()) {
            if (!Main.options().contains(m.group())) {
                foreign.add(m.group());
            }
        }
        return foreign;
    }

    private static String shown(String message) {
        assertFalse(foreignOptions(message).isEmpty(), "the bundle's message names a shell option: " + message);
        String jar = SparkAdvice.of(message);
        assertEquals(List.of(), foreignOptions(jar), jar);
        return jar;
    }

    @Test
    void aLibSvmFileReadAsCountsIsNotToldToUseValuesNumeric() throws Exception {
        Path svm = Files.writeString(dir.resolve("counts.svm"), "1 1:2 3:1\n2 2:4\n");
        Dataset counts = new LibSvmImporter().read(svm, ImportOptions.defaults());
        String jar = shown(NumericBlock.noNumeric("nb.gaussian", counts).getMessage());
        assertTrue(jar.contains("convert the file to CSV or Parquet"), jar);
    }

    @Test
    void aColumnOfDecimalCommasIsToldToUseDecimal() throws Exception {
        // read without --decimal ',', the column of "1,5" values is categorical, as on Spark
        Path csv = Files.writeString(dir.resolve("comma.csv"), "f0;y\n1,5;a\n2,5;b\n");
        Dataset levels = new CsvImporter().read(csv, ImportOptions.builder().delimiter(';').build());
        String jar = shown(MissingColumn.of("nb.gaussian: ", levels, "numeric", "f0").getMessage());
        assertTrue(jar.contains("give --decimal , as for the training file"), jar);
        // --no-label is the jar's cluster's, not predict's: the advice is still put in predict's words
        String label = SparkAdvice.of(MissingColumn.of("nb.gaussian: ", levels, "numeric", "y").getMessage());
        assertEquals(List.of(), foreignOptions(label), label);
        assertTrue(label.endsWith("give --label COLUMN naming the column to predict, or leave out --label"), label);
    }

    /** What a mixture leaves out of a dataset with a numeric target, said with the options of the jar's cluster. */
    @Test
    void aTargetLeftOutOfTheClustersIsToldTheJarsOptions() {
        double[] x = {0.1, 0.3, 0.2, 5.1, 5.3, 5.2, 0.4, 5.0};
        double[] y = {1, 1, 1, 2, 2, 2, 1, 2};
        Dataset data = Dataset.builder("scores").numeric(NumericColumn.of("x", x)).target(NumericColumn.of("y", y)).build();
        Sampler sampler = Plate.sampler("mixture.gaussian");
        String columns = (String) sampler.run(data, sampler.params(Map.of("k", "2")), new RunSettings(4, 1, 1, 1, 1, 0),
                ProgressListener.NONE, new Cancellation()).facts().get("columns");
        String jar = SparkAdvice.of(columns); // the shell's options are the jar's cluster's, in other words
        assertEquals(List.of(), foreignOptions(jar), jar);
        assertTrue(jar.endsWith("leaves out the target column 'y' (give --no-label to cluster on it too, or give"
                + " --categorical y to score the clusters against its values as classes)"), jar);
    }

    /** A column of numbers but for one cell is told the jar's --missing, which takes the importer's list. */
    @Test
    void aStrayCellIsToldToRunAgainWithMissing() {
        String jar = SparkAdvice.of(CsvImporter.strayCells("width", 1, 150, "oops", 0, ImportOptions.defaults()));
        assertEquals(List.of(), foreignOptions(jar), jar);
        assertTrue(jar.startsWith("column 'width' holds numbers but for 1 cell such as 'oops', so it became categorical:"
                + " if 'oops' marks a missing value, run again with --missing '?,,"), jar);
        assertTrue(jar.endsWith(",oops'"), jar);
    }
}
