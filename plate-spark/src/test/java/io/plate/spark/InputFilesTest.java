package io.plate.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.data.ImportOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A folder of parts is read in the order of its files' names, then of their lines, however Spark packs the
 * files into partitions (by size, largest first), so that predict's rows and cluster's row numbers follow the input.
 */
class InputFilesTest {
    private final SparkSession spark = SparkTestSession.get();

    @TempDir
    Path dir;

    /** Rows 0..n-1 in parts of {@code sizes} rows (a small part first), each part a file of {@code line(i)} lines. */
    private Path parts(String name, int[] sizes, String header, java.util.function.IntFunction<String> line) throws IOException {
        Path folder = Files.createDirectories(dir.resolve(name));
        int row = 0;
        for (int p = 0; p < sizes.length; p++) {
            StringBuilder b = new StringBuilder(header == null ? "" : header + "\n");
            for (int i = 0; i < sizes[p]; i++) {
                b.append(line.apply(row++)).append('\n');
            }
            Files.writeString(folder.resolve(String.format("part-%05d", p)), b);
        }
        Files.writeString(folder.resolve("_SUCCESS"), "");
        Files.writeString(folder.resolve(".part-00000.crc"), "not data");
        return folder;
    }

    @Test
    void aFolderOfPartsIsReadInTheOrderOfItsFilesAcrossPartitions() throws IOException {
        int[] sizes = {40, 900, 300};
        Path csv = parts("csv", sizes, "id,x,y", i -> i + "," + (i % 7) * 0.5 + "," + (i % 3 == 0 ? "p" : "q"));
        Path libsvm = parts("libsvm", sizes, null, i -> (i % 2) + " 1:" + i + " 2:" + (i % 5 + 1));
        spark.conf().set("spark.sql.files.maxPartitionBytes", "4096"); // the large part in several partitions
        try {
            PlateFrame frame = PlateFrame.read(spark, "csv", csv.toString(), "y", Set.of(), true, ImportOptions.defaults());
            assertTrue(frame.rows().javaRDD().getNumPartitions() >= 3, "partitions: " + frame.rows().javaRDD().getNumPartitions());
            assertEquals(-1, firstOutOfOrder(numbers(frame.rows().select("id").collectAsList()), 1240), "csv: first row out of order");
            PlateFrame svm = PlateFrame.read(spark, "libsvm", libsvm.toString(), null, Set.of(), true, ImportOptions.defaults());
            List<Integer> first = new ArrayList<>();
            for (Row r : svm.rows().select("features").collectAsList()) {
                first.add((int) ((org.apache.spark.ml.linalg.Vector) r.get(0)).apply(0));
            }
            assertEquals(-1, firstOutOfOrder(first, 1240), "libsvm: first row out of order");
        } finally {
            spark.conf().unset("spark.sql.files.maxPartitionBytes");
        }
    }

    /** A glob of parts, as docs/spark.md promises (Hadoop's syntax), is read in the order of the files' names. */
    @Test
    void aGlobOfPartsIsReadInTheOrderOfItsFilesNames() throws Exception {
        Path csv = parts("csv", new int[] {40, 900, 300}, "id,x,y", i -> i + "," + (i % 7) * 0.5 + "," + (i % 3 == 0 ? "p" : "q"));
        String glob = csv.resolve("part-*").toString();
        PlateFrame frame = PlateFrame.read(spark, "csv", glob, "y", Set.of(), true, ImportOptions.defaults());
        assertEquals(-1, firstOutOfOrder(numbers(frame.rows().select("id").collectAsList()), 1240), "first row out of order");
        // the command line takes it (here up to the parameter checked after the input), and refuses one matching nothing
        Main.UsageException past = org.junit.jupiter.api.Assertions.assertThrows(Main.UsageException.class, () -> new Main(
                System.out).run(new String[] {"cluster", "mixture.gaussian", "--input", glob, "k=abc", "--out", "r"}));
        assertEquals("mixture.gaussian: parameter 'k' = 'abc': expected a whole number", past.getMessage());
        String none = csv.resolve("piece-*").toString();
        assertEquals("--input '" + none + "': no file or folder matches the pattern", org.junit.jupiter.api.Assertions
                .assertThrows(io.plate.api.PlateException.class, () -> new Main(System.out).run(new String[] {"cluster",
                        "mixture.gaussian", "--input", none, "k=abc", "--out", "r"})).getMessage());
    }

    /** The first position of {@code rows} that does not hold its own number, or -1 when all {@code n} do. */
    private static int firstOutOfOrder(List<Integer> rows, int n) {
        for (int i = 0; i < n; i++) {
            if (i >= rows.size() || rows.get(i) != i) {
                return i;
            }
        }
        return rows.size() == n ? -1 : n;
    }

    private static List<Integer> numbers(List<Row> rows) {
        List<Integer> out = new ArrayList<>();
        for (Row r : rows) {
            out.add(((Number) r.get(0)).intValue());
        }
        return out;
    }
}
