package io.plate.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.data.ImportOptions;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.classifier.impl.nb.NaiveBayesStatistics;
import io.plate.importers.impl.CsvImporter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Model files between the shell's store and Spark, both ways, with the same predictions. */
class ModelRoundTripTest {
    @TempDir
    Path dir;

    @Test
    void shellModelScoresADataFrameAndSparkModelLoadsInTheShellStore() throws Exception {
        Path csv = SparkTestSession.data("house-votes-84/house-votes-84.csv");
        Dataset local = new CsvImporter().read(csv, ImportOptions.builder().categorical(Set.of(ImportOptions.ALL)).build());
        Learner learner = NaiveBayesStatistics.learner("nb.categorical");
        Model shell = learner.fit(local, learner.params(Map.of()), 3);
        Path shellFile = dir.resolve("shell.json");
        ModelFiles.save(shell, shellFile);

        PlateFrame frame = PlateFrame.csv(SparkTestSession.get(), csv.toString(), "class", Set.of());
        List<Row> scored = SparkNaiveBayes.predict(ModelFiles.load(shellFile), frame.unlabelled()).collectAsList();
        double[][] lp = shell.predictLogProba(local);
        int w = frame.rows().columns().length;
        for (int r = 0; r < lp.length; r++) {
            List<Object> p = scored.get(r).getList(w + 1);
            for (int k = 0; k < lp[r].length; k++) {
                assertEquals(Math.exp(lp[r][k]), (Double) p.get(k), 1e-12, "row " + r);
            }
        }

        Model spark = SparkNaiveBayes.train(frame, "nb.categorical", Map.of(), 3);
        Path sparkFile = dir.resolve("spark.json");
        ModelFiles.save(spark, sparkFile);
        Model loaded = ModelFiles.load(sparkFile);
        assertEquals("nb.categorical", loaded.type());
        assertEquals(shell.classes(), loaded.classes());
        double[][] again = loaded.predictLogProba(local);
        for (int r = 0; r < lp.length; r++) {
            assertArrayEquals(lp[r], again[r], 1e-12, "row " + r);
        }
        String text = Files.readString(sparkFile);
        assertEquals(true, text.contains("\"format\" : \"plate-model\""), text.substring(0, 80));
    }

    @Test
    void aModelMissingColumnsOfTheInputIsRefusedBeforeAJob() throws Exception {
        Path iris = SparkTestSession.data("iris/iris.csv");
        Learner learner = NaiveBayesStatistics.learner("nb.gaussian");
        Model model = learner.fit(new CsvImporter().read(iris, ImportOptions.defaults()), learner.params(Map.of()), 3);
        PlateFrame votes = PlateFrame.csv(SparkTestSession.get(), SparkTestSession.data("house-votes-84/house-votes-84.csv")
                .toString(), "class", Set.of());
        long jobs = SparkTestSession.get().sparkContext().statusTracker().getJobIdsForGroup(null).length;
        PlateException e = assertThrows(PlateException.class, () -> SparkNaiveBayes.predict(model, votes.unlabelled()));
        assertTrue(e.getMessage().startsWith("dataset 'input' has no numeric column 'sepal_length_cm'"), e.getMessage());
        assertEquals(jobs, SparkTestSession.get().sparkContext().statusTracker().getJobIdsForGroup(null).length,
                "no job ran");
    }
}
