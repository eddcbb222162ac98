package io.plate.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.data.ImportOptions;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.classifier.impl.nb.NaiveBayesStatistics;
import io.plate.importers.impl.CsvImporter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Model files and run directories at a URI of a file system other than the local one go through Hadoop's
 * FileSystem (as {@code hdfs:} would; here a scheme {@code testfs:} that Hadoop maps onto local files).
 */
class HadoopLocationsTest {
    @TempDir
    Path dir;

    /** The local file system under another scheme, so that a path of it is not a local path to the jar. */
    public static final class TestFileSystem extends RawLocalFileSystem {
        @Override
        public URI getUri() {
            return URI.create("testfs:///");
        }
    }

    private static Configuration conf() {
        Configuration conf = new Configuration();
        conf.set("fs.testfs.impl", TestFileSystem.class.getName());
        conf.setBoolean("fs.testfs.impl.disable.cache", true);
        return conf;
    }

    private String uri(String relative) {
        return "testfs://" + dir.resolve(relative).toAbsolutePath();
    }

    @Test
    void aModelIsWrittenAndReadThroughHadoop() throws Exception {
        assertNull(Locations.local(uri("m.json")));
        Dataset iris = new CsvImporter().read(SparkTestSession.data("iris/iris.csv"), ImportOptions.defaults());
        Learner gaussian = NaiveBayesStatistics.learner("nb.gaussian");
        Model model = gaussian.fit(iris, gaussian.params(Map.of()), 1);
        ModelFiles.save(model, uri("models/iris.json"), conf());
        Model local = ModelFiles.load(dir.resolve("models/iris.json")); // the file is where the URI says
        Model read = ModelFiles.load(uri("models/iris.json"), conf());
        double[][] expected = model.predictLogProba(iris);
        for (double[][] got : List.of(local.predictLogProba(iris), read.predictLogProba(iris))) {
            for (int r = 0; r < expected.length; r++) {
                assertArrayEquals(expected[r], got[r], 0);
            }
        }
        assertEquals("no model file " + uri("models/none.json"), assertThrows(PlateException.class,
                () -> ModelFiles.load(uri("models/none.json"), conf())).getMessage());
    }

    @Test
    void aRunDirectoryIsCopiedThroughHadoop() throws Exception {
        Locations.writeFolder(uri("runs/r"), conf(), local -> {
            Files.createDirectories(local);
            Files.writeString(local.resolve("summary.json"), "{}\n");
            Files.writeString(local.resolve("trace.csv"), "chain,iteration\n0,1\n");
        });
        try (Stream<Path> files = Files.list(dir.resolve("runs/r"))) {
            assertEquals(List.of("summary.json", "trace.csv"), files.map(f -> f.getFileName().toString())
                    .filter(n -> !n.startsWith(".")).sorted().toList());
        }
        assertEquals("chain,iteration\n0,1\n", Files.readString(dir.resolve("runs/r/trace.csv")));
    }
}
