package io.plate.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.PlateException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * LibSVM files that Spark's reader refuses, written 0-based (scikit-learn's default) or with query ids:
 * the frame is the one Spark's own reader makes of the same rows written 1-based without them; a 0-based
 * file read with {@code --zero-based false} says what to do; a malformed line is named in one line.
 */
class LibSvmOnSparkTest {
    private final SparkSession spark = SparkTestSession.get();

    @TempDir
    Path dir;

    /** The first {@code lines} lines of a 1-based file with every index one lower, a comment and a blank line added. */
    static Path zeroBasedCopy(Path oneBased, Path dir, int lines) throws IOException {
        List<String> out = new ArrayList<>(List.of("# written 0-based", ""));
        for (String line : Files.readAllLines(oneBased, StandardCharsets.UTF_8).subList(0, lines)) {
            StringBuilder b = new StringBuilder();
            for (String token : line.trim().split("\\s+")) {
                int colon = token.indexOf(':');
                b.append(b.length() == 0 ? "" : " ").append(colon < 0 ? token
                        : (Integer.parseInt(token.substring(0, colon)) - 1) + token.substring(colon));
            }
            out.add(b.toString());
        }
        Path zero = dir.resolve("zero-based.svm");
        Files.write(zero, out, StandardCharsets.UTF_8);
        return zero;
    }

    @Test
    void aZeroBasedFileGivesSparksFrameOfTheOneBasedFile() throws IOException {
        Path one = dir.resolve("one-based.svm");
        Files.write(one, Files.readAllLines(SparkTestSession.data("libsvm-a9a/a9a")).subList(0, 2000));
        Path zero = zeroBasedCopy(one, dir, 2000);
        List<Row> expected = PlateFrame.libsvm(spark, one.toString(), "false").rows().collectAsList();
        for (String mode : List.of("auto", "true")) {
            PlateFrame frame = PlateFrame.libsvm(spark, zero.toString(), mode);
            assertEquals(expected, frame.rows().collectAsList(), mode);
            assertEquals(PlateFrame.libsvm(spark, one.toString()).vocabulary(), frame.vocabulary(), mode);
        }
        // auto reads a 1-based file with Spark's reader
        assertEquals(expected, PlateFrame.libsvm(spark, one.toString(), "auto").rows().collectAsList());
    }

    @Test
    void aZeroBasedFileReadAsOneBasedFailsWithTheFix() throws IOException {
        Path zero = zeroBasedCopy(SparkTestSession.data("libsvm-a9a/a9a"), dir, 50);
        PlateException e = assertThrows(PlateException.class, () -> PlateFrame.libsvm(spark, zero.toString(), "false"));
        assertEquals(zero + ": feature index 0 with --zero-based false: indices are 1-based (scikit-learn writes"
                + " 0-based files: --zero-based true, or auto)", e.getMessage());
    }

    @Test
    void autoHonoursScikitLearnsCommentOnTheBaseAsTheImporterDoes() throws IOException {
        // dump_svmlight_file(..., comment=...) writes the base in a comment; this file has no index 0
        Path zero = zeroBasedCopy(SparkTestSession.data("libsvm-a9a/a9a"), dir, 200);
        List<String> out = new ArrayList<>(List.of("# Column indices are zero-based"));
        for (String line : Files.readAllLines(zero, StandardCharsets.UTF_8)) {
            out.add(line.replaceAll(" 0:[^ ]*", ""));
        }
        Path stated = dir.resolve("stated.svm");
        Files.write(stated, out, StandardCharsets.UTF_8);
        assertEquals(PlateFrame.libsvm(spark, stated.toString(), "true").rows().collectAsList(),
                PlateFrame.libsvm(spark, stated.toString(), "auto").rows().collectAsList());
        // a file stated one-based that holds an index 0 is refused, as plate:import refuses it
        out.set(0, "# Column indices are one-based");
        out.add("1 0:1");
        Files.write(stated, out, StandardCharsets.UTF_8);
        PlateException e = assertThrows(PlateException.class, () -> PlateFrame.libsvm(spark, stated.toString(), "auto"));
        assertTrue(e.getMessage().contains("one-based': give --zero-based true"), e.getMessage());
    }

    @Test
    void queryIdsAreSkippedAsTheImporterSkipsThem() throws IOException {
        // Spark's reader refuses qid fields; the importer reads them as no feature
        List<String> plain = Files.readAllLines(SparkTestSession.data("libsvm-a9a/a9a")).subList(0, 300);
        List<String> withQid = new ArrayList<>();
        for (int i = 0; i < plain.size(); i++) {
            String[] f = plain.get(i).trim().split(" ", 2);
            withQid.add(f[0] + " qid:" + (i / 10) + (f.length > 1 ? " " + f[1] : ""));
        }
        Path one = dir.resolve("plain.svm");
        Path q = dir.resolve("qid.svm");
        Files.write(one, plain);
        Files.write(q, withQid);
        List<Row> expected = PlateFrame.libsvm(spark, one.toString(), "false").rows().collectAsList();
        for (String mode : List.of("auto", "false")) {
            assertEquals(expected, PlateFrame.libsvm(spark, q.toString(), mode).rows().collectAsList(), mode);
        }
    }

    @Test
    void aMalformedLineIsNamedInOneLine() throws IOException {
        Path bad = dir.resolve("bad.svm");
        Files.writeString(bad, "1 0:1 3:2\n0 2:x\n");
        Exception e = assertThrows(Exception.class, () -> SparkNaiveBayes.train(
                PlateFrame.libsvm(spark, bad.toString(), "true"), "nb.multinomial", Map.of(), 1));
        assertEquals(bad + ": in the line '0 2:x': field 2: expected a number as the value of index 2,"
                + " found 'x'", Main.sparkFailure(e));
    }
}
