package io.plate.spark;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.sql.SparkSession;

/**
 * The rows of an input that is several files (a folder of parts, a glob) in the order of the files' names,
 * then of their lines, as {@code cat} and the row numbers of {@code predict} and {@code cluster} read them:
 * Spark's file scan packs the files into partitions by size, largest first, which is not their order.
 */
final class InputFiles {
    private InputFiles() {
    }

    /**
     * {@code whole}, the input {@code path} read at once, when it is one file; else the union of {@code oneFile}
     * of each of its files by name (a union keeps its parts' partitions in order). Files are listed as Spark
     * lists them: those a glob names, and a folder's files but those whose names start with {@code _} or {@code .}.
     */
    static <T> org.apache.spark.sql.Dataset<T> inNameOrder(SparkSession spark, String path,
            org.apache.spark.sql.Dataset<T> whole, Function<String, org.apache.spark.sql.Dataset<T>> oneFile) {
        List<String> files = files(spark, path);
        if (files.size() <= 1) {
            return whole;
        }
        org.apache.spark.sql.Dataset<T> rows = oneFile.apply(files.get(0));
        for (String f : files.subList(1, files.size())) {
            rows = rows.union(oneFile.apply(f));
        }
        return rows;
    }

    /** Whether {@code path} is a pattern (Hadoop's glob, as Spark's readers take it: {@code *}, {@code ?}, {@code [ab]}, {@code {a,b}}). */
    static boolean isGlob(String path) {
        return path.chars().anyMatch(c -> c == '*' || c == '?' || c == '[' || c == '{');
    }

    /**
     * Whether the glob {@code path} on the local file system names a file or folder, matched as Spark will match it
     * (Hadoop's {@code globStatus}), so that a pattern is checked before Spark starts as a plain path is.
     */
    static boolean localGlobMatches(String path) {
        try {
            FileStatus[] named = FileSystem.getLocal(new org.apache.hadoop.conf.Configuration())
                    .globStatus(new org.apache.hadoop.fs.Path(path));
            return named != null && named.length > 0;
        } catch (IOException | IllegalArgumentException e) { // a malformed pattern: Hadoop says what is wrong
            throw new io.plate.api.PlateException("--input '" + path + "': " + e.getMessage());
        }
    }

    /** The data files {@code path} names, sorted by name; empty when it names none or cannot be listed (Spark's read says why). */
    static List<String> files(SparkSession spark, String path) {
        org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(path);
        List<String> files = new ArrayList<>();
        try {
            FileSystem fs = p.getFileSystem(spark.sparkContext().hadoopConfiguration());
            FileStatus[] named = fs.globStatus(p);
            if (named == null) {
                return files;
            }
            for (FileStatus s : named) {
                for (FileStatus f : s.isDirectory() ? fs.listStatus(s.getPath()) : new FileStatus[] {s}) {
                    String name = f.getPath().getName();
                    if (f.isFile() && !(f != s && (name.startsWith("_") || name.startsWith(".")))) {
                        files.add(f.getPath().toString());
                    }
                }
            }
        } catch (IOException e) {
            return List.of();
        }
        files.sort(null);
        return files;
    }
}
