package io.plate.spark;

import io.plate.api.data.ImportOptions;
import io.plate.importers.impl.LibSvmLines;
import java.nio.file.Path;
import java.util.Collections;
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
 * LibSVM files indexed from 0, as scikit-learn's {@code dump_svmlight_file} writes by default and
 * Spark's reader refuses. Lines come through Spark's text reader and are parsed on the executors by the
 * LibSVM importer's own parser; index i is the vector's position i, so the frame is the one Spark's
 * reader makes of the same file written 1-based (features named "1".."n" by position, as the importer
 * names them).
 */
final class ZeroBasedLibSvm {
    private ZeroBasedLibSvm() {
    }

    /**
     * Whether a line of {@code path} has the feature index 0: {@code --zero-based auto} then reads the
     * file as 0-based, as scikit-learn's loader decides. Stops at the first part that has one.
     */
    static boolean hasIndexZero(SparkSession spark, String path) {
        return !lines(spark, path).mapPartitions(lines -> {
            LibSvmLines parser = parser(path);
            while (lines.hasNext()) {
                parser.parse(lines.next(), 0);
                if (parser.sawZero()) {
                    return List.of(Boolean.TRUE).iterator();
                }
            }
            return Collections.<Boolean>emptyIterator();
        }).isEmpty();
    }

    /** The rows of a 0-based file: {@code label} (double) and {@code features} (a vector of max index + 1). */
    static org.apache.spark.sql.Dataset<Row> read(SparkSession spark, String path) {
        JavaRDD<LibSvmLines.Row> rows = lines(spark, path).mapPartitions(lines -> parsed(lines, parser(path)));
        int width = rows.map(r -> r.lastIndex() + 1).fold(0, Math::max); // one pass, as Spark's reader makes
        JavaRDD<Row> out = rows.map(r -> RowFactory.create(r.label(), Vectors.sparse(width, r.indices(), r.values())));
        StructType schema = new StructType().add("label", DataTypes.DoubleType, false)
                .add("features", SQLDataTypes.VectorType(), true);
        return spark.createDataFrame(out, schema);
    }

    private static JavaRDD<String> lines(SparkSession spark, String path) {
        return spark.read().textFile(path).javaRDD();
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
