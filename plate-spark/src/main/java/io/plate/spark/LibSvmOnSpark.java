package io.plate.spark;

import io.plate.api.data.ImportOptions;
import io.plate.importers.impl.Labels;
import io.plate.importers.impl.LibSvmLines;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * LibSVM files as the LibSVM importer reads them, for what Spark's reader refuses: indices from 0 (as
 * scikit-learn's {@code dump_svmlight_file} writes by default) and query ids ({@code qid:}, skipped).
 * Lines come through Spark's text reader and are parsed on the executors by the importer's own parser;
 * index i of a file indexed from {@code base} is the vector's position i − base, so the frame is the one
 * Spark's reader makes of the same rows written 1-based without query ids (features named "1".."n" by
 * position, as the importer names them).
 */
final class LibSvmOnSpark {
    /**
     * What a pass over a file's lines found: an index 0, a query id, a label with a fraction (a numeric target,
     * {@link Labels#libSvmTarget}), the number of lines and of rows (not blank or comment), the largest index
     * (exact unless the pass stopped at all three of an index 0, a query id and a fraction).
     */
    record Layout(boolean zero, boolean qid, boolean fraction, long lines, long rows, int maxIndex) {
    }

    /** Bits of a part's {@link Layout} as its task returns it (a long[]: Kryo 4, Spark's, cannot write records). */
    private static final int ZERO = 1;
    private static final int QID = 2;
    private static final int FRACTION = 4;

    private LibSvmOnSpark() {
    }

    /**
     * The index base the comment before the first row states, as scikit-learn's {@code dump_svmlight_file}
     * writes it and {@code plate:import} reads it (0 or 1), or −1: the first lines, read on the driver.
     */
    static int statedBase(SparkSession spark, String path) {
        for (String line : spark.read().textFile(path).limit(16).collectAsList()) {
            String t = line.strip();
            if (!t.isEmpty() && !t.startsWith("#")) {
                return -1; // the first row
            }
            int stated = LibSvmLines.statedBase(t);
            if (stated >= 0) {
                return stated;
            }
        }
        return -1;
    }

    /**
     * Whether a line of {@code path} has the index 0, a query id, a label with a fraction, every line parsed by
     * the importer's parser (a malformed one is its one-line message); a part stops once it found all three.
     */
    static Layout layout(SparkSession spark, String path) {
        // per part: flags, lines, rows, largest index
        long[] found = lines(spark, path).mapPartitions(lines -> {
            LibSvmLines parser = parser(path);
            long[] part = {0, 0, 0, -1};
            boolean fraction = false;
            while (lines.hasNext() && !(parser.sawZero() && parser.sawQid() && fraction)) {
                part[1]++;
                LibSvmLines.Row row = parser.parse(lines.next(), 0);
                if (row != null) {
                    part[2]++;
                    part[3] = Math.max(part[3], row.lastIndex());
                    fraction |= !Labels.wholeNumber(row.label());
                }
            }
            part[0] = (parser.sawZero() ? ZERO : 0) | (parser.sawQid() ? QID : 0) | (fraction ? FRACTION : 0);
            return List.of(part).iterator();
        }).fold(new long[] {0, 0, 0, -1}, (a, b) -> new long[] {a[0] | b[0], a[1] + b[1], a[2] + b[2], Math.max(a[3], b[3])});
        return new Layout((found[0] & ZERO) != 0, (found[0] & QID) != 0, (found[0] & FRACTION) != 0, found[1], found[2],
                (int) found[3]);
    }

    /** The rows of a file indexed from {@code base}: {@code label} (double) and {@code features} (max index − base + 1). */
    static org.apache.spark.sql.Dataset<Row> read(SparkSession spark, String path, int base) {
        JavaRDD<LibSvmLines.Row> rows = lines(spark, path).mapPartitions(lines -> parsed(lines, parser(path)));
        int width = rows.map(r -> r.lastIndex() + 1 - base).fold(0, Math::max); // one pass, as Spark's reader makes
        JavaRDD<Row> out = rows.map(r -> {
            int[] at = r.indices().clone();
            for (int k = 0; k < at.length; k++) {
                at[k] -= base;
            }
            return RowFactory.create(r.label(), Vectors.sparse(width, at, r.values()));
        });
        StructType schema = new StructType().add("label", DataTypes.DoubleType, false)
                .add("features", SQLDataTypes.VectorType(), true);
        return spark.createDataFrame(out, schema);
    }

    /** The file's lines; a folder's files in name order ({@link InputFiles}). */
    private static JavaRDD<String> lines(SparkSession spark, String path) {
        return InputFiles.inNameOrder(spark, path, spark.read().textFile(path), f -> spark.read().textFile(f)).javaRDD();
    }

    private static LibSvmLines parser(String path) {
        return new LibSvmLines(Path.of(path), ImportOptions.defaults().maxColumns());
    }

    /** The rows of {@code lines}, blank and comment lines left out, parsed as they are asked for. */
    private static Iterator<LibSvmLines.Row> parsed(Iterator<String> lines, LibSvmLines parser) {
        return new Iterator<>() {
            private LibSvmLines.Row next;

            @Override
            public boolean hasNext() {
                while (next == null && lines.hasNext()) {
                    next = parser.parse(lines.next(), 0);
                }
                return next != null;
            }

            @Override
            public LibSvmLines.Row next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                LibSvmLines.Row r = next;
                next = null;
                return r;
            }
        };
    }
}
