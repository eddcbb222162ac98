package io.plate.spark;

import io.plate.api.sample.CheckpointStore;
import io.plate.mcmc.CheckpointFolder;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;

/**
 * Where the jar reads and writes, as a user gives it: a plain path or a {@code file:} URI is a local path,
 * any other URI ({@code hdfs:}, {@code s3a:} …) a place on a Hadoop file system, as Spark reads {@code --input}.
 */
final class Locations {
    private Locations() {
    }

    /** The local path {@code location} names (a plain path or a {@code file:} URI), or null for another file system. */
    static Path local(String location) {
        URI uri;
        try {
            uri = new URI(location);
        } catch (URISyntaxException e) {
            return Path.of(location);
        }
        if (uri.getScheme() == null) {
            return Path.of(location);
        }
        return uri.getScheme().equals("file") ? Path.of(uri) : null;
    }

    /** The folder {@code dir}: local, or on the Hadoop file system {@code conf} gives for it. */
    static CheckpointStore folder(String dir, Configuration conf) throws IOException {
        Path local = local(dir);
        return local != null ? new CheckpointFolder(local) : new HadoopCheckpointStore(dir, conf);
    }

    /**
     * Refuses, before any sampling, a local {@code dir} a run directory cannot be written to, in {@code plate:cluster}'s
     * words: a file, a folder under a file, a folder that holds other files than a run's. A folder on another file
     * system is checked when written.
     */
    static void checkRunDirectory(String dir) {
        Path local = local(dir);
        if (local == null) {
            return;
        }
        try {
            io.plate.api.io.AtomicFiles.checkWritable(local, true);
        } catch (java.nio.file.FileAlreadyExistsException e) {
            throw new io.plate.api.PlateException("cannot write the run directory " + dir + ": the folder exists and is"
                    + " never replaced", e);
        } catch (IOException e) {
            throw new io.plate.api.PlateException(io.plate.api.io.WriteFailures.message("cannot write the run directory",
                    dir, local, e), e);
        }
        io.plate.mcmc.SamplerPosterior.checkRunDirectory(local);
    }

    /**
     * A run directory written by {@code writer} into {@code dir}: directly when local, else into a local
     * temporary folder whose files are then written (each atomically) to the Hadoop file system.
     */
    static void writeFolder(String dir, Configuration conf, FolderWriter writer) throws IOException {
        Path local = local(dir);
        if (local != null) {
            writer.write(local);
            return;
        }
        Path tmp = Files.createTempDirectory("plate-spark-out");
        try {
            writer.write(tmp);
            CheckpointStore target = new HadoopCheckpointStore(dir, conf);
            List<Path> files;
            try (Stream<Path> s = Files.walk(tmp)) {
                files = s.filter(Files::isRegularFile).sorted().toList();
            }
            for (Path f : files) {
                target.write(tmp.relativize(f).toString().replace('\\', '/'), out -> Files.copy(f, out));
            }
        } finally {
            try (Stream<Path> s = Files.walk(tmp)) {
                for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    /** Writes a folder's files under a local path. */
    interface FolderWriter {
        void write(Path dir) throws IOException;
    }
}
