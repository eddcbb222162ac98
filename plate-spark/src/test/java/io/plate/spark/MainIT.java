package io.plate.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.Plate;
import io.plate.api.data.Dataset;
import io.plate.api.data.ImportOptions;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.api.sample.Cancellation;
import io.plate.api.sample.ProgressListener;
import io.plate.api.sample.RunSettings;
import io.plate.api.sample.Sampler;
import io.plate.classifier.impl.nb.NaiveBayesStatistics;
import io.plate.importers.impl.CsvImporter;
import io.plate.importers.impl.TextImporter;
import io.plate.sampler.mixture.impl.RunDirectories;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The built jar as a user runs it without a Spark installation: {@code java -jar target/plate-spark.jar
 * train … --master local[2]}, then {@code predict}; the model file equals a single-machine fit, the
 * predictions CSV its probabilities; {@code cluster} writes the shell's run directory; a bad command fails
 * with one line and no stack trace.
 */
class MainIT {
    @TempDir
    Path dir;

    private record Run(int status, String out, String err) {
    }

    private Run run(String... args) throws IOException, InterruptedException {
        return runIn(Path.of("").toAbsolutePath(), args);
    }

    /** The jar run with {@code cwd} as its working folder. */
    private Run runIn(Path cwd, String... args) throws IOException, InterruptedException {
        return runWith(cwd, List.of(), args);
    }

    /** The jar run with {@code cwd} as its working folder and the JVM options {@code jvm} (Spark reads -Dspark.…). */
    private Run runWith(Path cwd, List<String> jvm, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx1g"));
        cmd.addAll(jvm);
        cmd.addAll(List.of("-jar", Path.of(System.getProperty("plate.spark.jar", "target/plate-spark.jar")).toAbsolutePath()
                        .toString()));
        cmd.addAll(List.of(args));
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(cmd).directory(cwd.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        int status = p.waitFor();
        return new Run(status, Files.readString(out), Files.readString(err));
    }

    @Test
    void trainAndPredictInLocalMode() throws Exception {
        Path csv = SparkTestSession.data("car/car.csv");
        Path model = dir.resolve("car.json");
        Run t = run("train", "nb.categorical", "--input", csv.toString(), "--label", "class", "alpha=0.5",
                "--out", model.toString(), "--master", "local[2]");
        assertEquals(0, t.status(), t.err());
        assertTrue(t.out().startsWith("nb.categorical: Spark DataFrame: 1728 rows"), t.out());
        // Spark's start-up notices (native Hadoop library, loopback host name) do not bury the result
        assertTrue(t.err().lines().noneMatch(l -> l.contains(" WARN ")), t.err());
        // the model file names the jar that fitted it, as the shell's names the learner's bundle
        assertTrue(Files.readString(model).contains("\"bundle\" : \"plate-spark " + Plate.VERSION + "\""),
                Files.readString(model));

        Dataset local = new CsvImporter().read(csv, ImportOptions.builder().categorical(Set.of(ImportOptions.ALL)).build());
        Learner learner = NaiveBayesStatistics.learner("nb.categorical");
        Model one = learner.fit(local, learner.params(Map.of("alpha", "0.5")), 1);
        double[][] expected = one.predictLogProba(local);
        double[][] loaded = ModelFiles.load(model).predictLogProba(local);
        for (int r = 0; r < expected.length; r++) {
            assertArrayEquals(expected[r], loaded[r], 1e-12);
        }

        Path predictions = dir.resolve("predictions");
        Run p = run("predict", model.toString(), "--input", csv.toString(), "--label", "class", "--out",
                predictions.toString(), "--master", "local[2]");
        assertEquals(0, p.status(), p.err());
        // the accuracy against the label column, from the single-machine fit's probabilities
        List<String> classes = one.classes();
        int hits = 0;
        for (int r = 0; r < expected.length; r++) {
            int best = 0;
            for (int k = 1; k < expected[r].length; k++) {
                best = expected[r][k] > expected[r][best] ? k : best;
            }
            hits += classes.get(best).equals(local.labels().orElseThrow().level(r)) ? 1 : 0;
        }
        assertTrue(p.out().contains(String.format(java.util.Locale.ROOT, "accuracy %.4f (%d of %d labelled rows", (double) hits
                / expected.length, hits, expected.length)), p.out());
        List<String> lines = new ArrayList<>();
        try (Stream<Path> parts = Files.list(predictions)) {
            for (Path part : parts.filter(f -> f.getFileName().toString().startsWith("part-")).sorted().toList()) {
                List<String> l = Files.readAllLines(part, StandardCharsets.UTF_8);
                lines.addAll(lines.isEmpty() ? l : l.subList(1, l.size()));
            }
        }
        assertEquals("predicted,acc,good,unacc,vgood", lines.get(0));
        assertEquals(local.rows() + 1, lines.size());
        for (int r = 0; r < expected.length; r++) {
            String[] f = lines.get(r + 1).split(",");
            for (int k = 0; k < 4; k++) {
                assertEquals(Math.exp(expected[r][k]), Double.parseDouble(f[k + 1]), 1e-12, "row " + r);
            }
        }

        // a folder of parts, the small one first (Spark packs files into partitions largest first) and the large one
        // split in several partitions: the predictions follow the input's rows, after the --keep columns to join on
        List<String> rows = Files.readAllLines(csv, StandardCharsets.UTF_8);
        Path folder = Files.createDirectories(dir.resolve("car-parts"));
        int[] ends = {101, 1101, rows.size()};
        for (int n = 0, from = 1; n < ends.length; from = ends[n++]) {
            List<String> part = new ArrayList<>(List.of(rows.get(0)));
            part.addAll(rows.subList(from, ends[n]));
            Files.write(folder.resolve(String.format("part-%05d.csv", n)), part);
        }
        Path kept = dir.resolve("predictions-kept");
        Run k = runWith(Path.of("").toAbsolutePath(), List.of("-Dspark.sql.files.maxPartitionBytes=8000"), "predict",
                model.toString(), "--input", folder.toString(), "--keep", "buying,safety", "--out", kept.toString(),
                "--master", "local[2]");
        assertEquals(0, k.status(), k.err());
        List<Path> parts;
        try (Stream<Path> l = Files.list(kept)) {
            parts = l.filter(f -> f.getFileName().toString().startsWith("part-")).sorted().toList();
        }
        assertTrue(parts.size() >= 3, "predictions of " + parts.size() + " partitions");
        List<String> joined = new ArrayList<>();
        for (Path part : parts) {
            List<String> l = Files.readAllLines(part, StandardCharsets.UTF_8);
            assertEquals("buying,safety,predicted,acc,good,unacc,vgood", l.get(0), part.toString());
            joined.addAll(l.subList(1, l.size()));
        }
        assertEquals(expected.length, joined.size());
        for (int r = 0; r < expected.length; r++) {
            String[] input = rows.get(r + 1).split(",");
            String[] f = joined.get(r).split(",");
            assertEquals(input[0] + "," + input[5], f[0] + "," + f[1], "row " + r);
            for (int c = 0; c < 4; c++) {
                assertEquals(Math.exp(expected[r][c]), Double.parseDouble(f[c + 3]), 1e-12, "row " + r);
            }
        }
    }

    /**
     * {@code cluster mixture.multinomial} on sms-spam through Spark writes the run directory the shell's
     * sampler writes on one machine for the same seed, byte for byte except the timings (the same chains,
     * traces, point estimate and diagnostics), and names the samplers it runs when asked for another.
     */
    @Test
    void clusterWritesTheShellsRunDirectory() throws Exception {
        Path tsv = SparkTestSession.data("sms-spam-collection/sms-spam.tsv");
        Path spark = dir.resolve("spark-run");
        Run c = run("cluster", "mixture.multinomial", "--input", tsv.toString(), "--format", "text", "k=4",
                "--iterations", "30", "--max-iterations", "60", "--burn-in", "10", "--chains", "2", "--seed", "7",
                "--partitions", "3", "--out", spark.toString(), "--master", "local[2]");
        assertEquals(0, c.status(), c.err());
        assertTrue(c.out().startsWith("mixture.multinomial on sms-spam (5574 rows): 2 chains × 60 sweeps"), c.out());
        // 2 chains × 20 kept draws cannot reach 400 effective draws: the run goes on to its maximum, and says so
        assertTrue(c.out().contains("\nextended from 30 to 60 iterations (the most allowed, --max-iterations 60)"),
                c.out());
        assertTrue(c.out().contains("\nbulk ESS below 200 (logJoint "), c.out());
        assertTrue(c.out().contains("; raise --max-iterations\n"), c.out());

        Dataset local = new TextImporter().read(tsv, ImportOptions.defaults());
        Sampler sampler = Plate.sampler("mixture.multinomial");
        Path single = dir.resolve("single-run");
        io.plate.api.sample.Posterior onOneMachine = sampler.run(local, sampler.params(Map.of("k", "4")),
                new RunSettings(30, 10, 1, 2, 7, 0, 60), ProgressListener.NONE, new Cancellation());
        onOneMachine.write(single);
        List<String> files;
        try (Stream<Path> l = Files.list(single)) {
            files = l.map(f -> f.getFileName().toString()).sorted().toList();
        }
        assertTrue(files.containsAll(List.of("trace.csv", "summary.json", "assignments.csv", "clusters.csv")),
                files.toString());
        assertJarRunDirectory(single, spark, "mixture.multinomial");
        // the jar's run directory keeps its draws' partitions: read back (plate:predict DIR), it assigns new rows as
        // the run on one machine does
        Dataset three = local.select(new int[] {0, 1, 2}, "three");
        io.plate.api.sample.ClusterPredictions fromJar = sampler.clusterPredictor(io.plate.mcmc.SamplerPosterior.read(spark),
                local).orElseThrow().predict(three, null);
        io.plate.api.sample.ClusterPredictions inMemory = onOneMachine.clusterPredictor().orElseThrow().predict(three, null);
        for (int r = 0; r < 3; r++) {
            org.junit.jupiter.api.Assertions.assertArrayEquals(inMemory.probabilities(r), fromJar.probabilities(r), 1e-12);
        }

        Run other = run("cluster", "sparse.dirichlet", "--input", tsv.toString(), "--out", dir.resolve("x").toString());
        assertEquals(1, other.status());
        assertTrue(other.err().contains("does not run on Spark; these do: [mixture.multinomial"), other.err());
    }

    /**
     * {@code cluster mixture.multinomial} on a CSV of word counts (scikit-learn's CountVectorizer written by pandas)
     * reads its numeric columns as counts, as plate:cluster does, and writes the shell's run directory for the same
     * seed; a value that is no count is refused with the shell's line (before, the jar refused any CSV).
     */
    @Test
    void clusterReadsACsvOfCountsAsTheShellDoes() throws Exception {
        StringBuilder text = new StringBuilder("apple,pear,plum,kiwi,label\n");
        for (int r = 0; r < 40; r++) {
            boolean fruit = r % 2 == 0;
            text.append(fruit ? 3 + r % 4 : r % 2).append(',').append(fruit ? 2 : 0).append(',')
                    .append(fruit ? "" : Integer.toString(2 + r % 3)).append(',').append(r % 5).append(',')
                    .append(fruit ? "a" : "b").append('\n');
        }
        Path csv = Files.writeString(dir.resolve("counts.csv"), text);
        Path spark = dir.resolve("spark-counts");
        Run c = run("cluster", "mixture.multinomial", "--input", csv.toString(), "--label", "label", "k=2",
                "--iterations", "20", "--burn-in", "5", "--chains", "2", "--seed", "3", "--partitions", "2", "--out",
                spark.toString(), "--master", "local[2]");
        assertEquals(0, c.status(), c.err());
        assertTrue(c.out().contains("clusters on the counts of 4 numeric columns (apple, pear, plum, kiwi)"), c.out());
        Dataset local = new CsvImporter().read(csv, ImportOptions.builder().label("label").build());
        Sampler sampler = Plate.sampler("mixture.multinomial");
        Path single = dir.resolve("single-counts");
        sampler.run(local, sampler.params(Map.of("k", "2")), new RunSettings(20, 5, 1, 2, 3, 0), ProgressListener.NONE,
                new Cancellation()).write(single);
        assertJarRunDirectory(single, spark, "mixture.multinomial on a CSV of counts");

        Path half = Files.writeString(dir.resolve("half.csv"), "apple,pear\n1,2\n0,2.5\n");
        Run refused = run("cluster", "mixture.multinomial", "--input", half.toString(), "--no-label", "k=2", "--out",
                dir.resolve("half-run").toString(), "--master", "local[1]");
        assertEquals(1, refused.status(), refused.err());
        assertTrue(refused.err().contains("plate-spark: the multinomial mixture needs word counts, whole numbers from 0 to"
                + " 2147483647: dataset 'half', row 2, column 'pear' is 2.5"), refused.err());
    }

    /**
     * {@code cluster mixture.gaussian collapsed=false} on iris (diagonal and full covariances) writes the
     * run directory of the shell's sampler on one machine for the same seed; without collapsed=false it
     * fails with one line, before Spark starts, and writes nothing.
     */
    @Test
    void clusterRunsTheUncollapsedGaussianMixture() throws Exception {
        Path csv = SparkTestSession.data("iris/iris.csv");
        Dataset local = new CsvImporter().read(csv, ImportOptions.builder().label("class").build());
        Sampler sampler = Plate.sampler("mixture.gaussian");
        Path checkpoints = dir.resolve("checkpoints-full");
        for (String cov : List.of("diag", "full")) {
            Path spark = dir.resolve("spark-" + cov);
            List<String> args = new ArrayList<>(List.of("cluster", "mixture.gaussian", "--input", csv.toString(), "--label",
                    "class", "k=3", "collapsed=false", "covariance=" + cov, "--iterations", "40", "--burn-in", "10",
                    "--chains", "2", "--seed", "5", "--partitions", "2", "--out", spark.toString(), "--master", "local[2]"));
            if (cov.equals("full")) { // checkpointed: every 15 sweeps and after the last
                args.addAll(List.of("--checkpoint", checkpoints.toString(), "--checkpoint-every", "15"));
            }
            Run c = run(args.toArray(new String[0]));
            assertEquals(0, c.status(), c.err());
            assertTrue(c.err().lines().noneMatch(l -> l.contains(" WARN ")), c.err()); // nothing over the result
            assertTrue(c.out().startsWith("mixture.gaussian on iris (150 rows): 2 chains"), c.out());
            Path single = dir.resolve("single-" + cov);
            sampler.run(local, sampler.params(Map.of("k", "3", "collapsed", "false", "covariance", cov)),
                    new RunSettings(40, 10, 1, 2, 5, 0), ProgressListener.NONE, new Cancellation()).write(single);
            assertJarRunDirectory(single, spark, "mixture.gaussian covariance=" + cov);
        }
        // the final checkpoints resumed on 3 partitions: no sweep left, the same run directory from the saved chains
        try (Stream<Path> l = Files.list(checkpoints)) {
            assertEquals(List.of("chain-0-sweep-40", "chain-1-sweep-40"), l.map(f -> f.getFileName().toString())
                    .filter(n -> !n.startsWith(".")).sorted().toList());
        }
        Path resumed = dir.resolve("resumed-full");
        Run r = run("cluster", "mixture.gaussian", "--input", csv.toString(), "--label", "class", "k=3", "collapsed=false",
                "covariance=full", "--iterations", "40", "--burn-in", "10", "--chains", "2", "--seed", "5", "--partitions",
                "3", "--resume", checkpoints.toString(), "--out", resumed.toString(), "--master", "local[2]");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("resumed from the checkpoints in " + checkpoints), r.out());
        assertSameRunDirectory(dir.resolve("single-full"), resumed, "mixture.gaussian covariance=full, resumed");
        Path none = dir.resolve("collapsed-run");
        Run collapsed = run("cluster", "mixture.gaussian", "--input", csv.toString(), "--label", "class", "k=3",
                "--out", none.toString(), "--master", "local[1]");
        assertEquals(1, collapsed.status());
        assertEquals("plate-spark: mixture.gaussian: the collapsed chain (collapsed=true, the default) runs on one"
                + " machine only; add collapsed=false to run the uncollapsed chain with its blocks on Spark",
                collapsed.err().strip()); // the only line on stderr: Spark, which logs there, never started
        assertTrue(Files.notExists(none), "nothing written");

        // iris with its classes coded 0, 1, 2 and one stray cell: as plate:import reads it, the label column of numbers
        // is a numeric target the clusters leave out (no NMI), and the column of numbers but for 'oops' is categorical
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        List<String> coded = new ArrayList<>(List.of(lines.get(0).replace(",class", ",species")));
        for (String l : lines.subList(1, lines.size())) {
            coded.add(l.replace("setosa", "0").replace("versicolor", "1").replace("virginica", "2"));
        }
        coded.set(6, coded.get(6).replaceFirst("^([^,]*),[^,]*,", "$1,oops,"));
        Path codedCsv = dir.resolve("iris-coded.csv");
        Files.write(codedCsv, coded);
        Path codedRun = dir.resolve("spark-coded");
        Run target = run("cluster", "mixture.gaussian", "--input", codedCsv.toString(), "--label", "species", "k=3",
                "collapsed=false", "covariance=diag", "--iterations", "20", "--burn-in", "5", "--chains", "2", "--seed", "5",
                "--partitions", "2", "--out", codedRun.toString(), "--master", "local[2]");
        assertEquals(0, target.status(), target.err());
        Dataset shell = new CsvImporter().read(codedCsv, ImportOptions.builder().label("species").build());
        Path codedSingle = dir.resolve("single-coded");
        sampler.run(shell, sampler.params(Map.of("k", "3", "collapsed", "false", "covariance", "diag")),
                new RunSettings(20, 5, 1, 2, 5, 0), ProgressListener.NONE, new Cancellation()).write(codedSingle);
        assertJarRunDirectory(codedSingle, codedRun, "mixture.gaussian on a numeric label");
        assertTrue(("\n" + target.err()).contains("\nplate-spark: warning: " + codedCsv + ": column 'sepal_width_cm' holds numbers"
                + " but for 1 cell such as 'oops', so it became categorical: if 'oops' marks a missing value, run again with"
                + " --missing '?,,"), target.err());
        assertTrue(!target.out().contains("NMI") && target.out().contains("; mixture.gaussian leaves out the target column"
                + " 'species' (give --no-label to cluster on it too, or give --categorical species to score the clusters"
                + " against its values as classes)"), target.out());

        // checkpoint options checked before Spark starts: one line and the usage, status 2, nothing written
        for (List<String> bad : List.of(List.of("--checkpoint-every", "0", "--checkpoint", none.toString()),
                List.of("--checkpoint-every", "ten", "--checkpoint", none.toString()),
                List.of("--checkpoint", none.toString(), "--resume", none.toString()),
                List.of("--checkpoint-every", "5"),
                List.of("--checkpoint", none.toString(), "--iterations", "40", "--max-iterations", "80"))) {
            List<String> args = new ArrayList<>(List.of("cluster", "mixture.gaussian", "--input", csv.toString(), "--label",
                    "class", "k=3", "collapsed=false", "--out", none.toString()));
            args.addAll(bad);
            Run u = run(args.toArray(new String[0]));
            assertEquals(2, u.status(), bad + ": " + u.err());
            assertTrue(u.err().startsWith("plate-spark: --checkpoint"), bad + ": " + u.err());
            assertTrue(u.err().lines().skip(1).allMatch(l -> l.startsWith("usage:") || l.startsWith(" ")
                    || l.startsWith("learners:") || l.startsWith("samplers:")), u.err());
        }
        Run below = run("cluster", "mixture.gaussian", "--input", csv.toString(), "--label", "class", "k=3",
                "collapsed=false", "--iterations", "40", "--max-iterations", "20", "--out", none.toString());
        assertEquals(2, below.status(), below.err());
        assertTrue(below.err().startsWith("plate-spark: --max-iterations 20 is below the run's 40 iterations; give at"
                + " least 40\n"), below.err());
        Run missing = run("cluster", "mixture.gaussian", "--input", csv.toString(), "--label", "class", "k=3",
                "collapsed=false", "--resume", dir.resolve("no-such-run").toString(), "--out", none.toString());
        assertEquals(1, missing.status());
        assertEquals("plate-spark: --resume '" + dir.resolve("no-such-run") + "': no such folder", missing.err().strip());
        assertTrue(Files.notExists(none), "nothing written");
    }

    /**
     * The run directory {@code other} holds the files of {@code single}, each the same but summary.json's
     * timings and bundle: the jar's run names the dataset as plate:import does, and the jar as what sampled.
     */
    static void assertSameRunDirectory(Path single, Path other, String what) throws IOException {
        RunDirectories.assertSame(single, other, what, "bundle");
    }

    /** {@link #assertSameRunDirectory}, {@code jar} written by the jar, whose summary.json names it as the bundle. */
    private static void assertJarRunDirectory(Path single, Path jar, String what) throws IOException {
        assertSameRunDirectory(single, jar, what);
        String summary = Files.readString(jar.resolve("summary.json"));
        assertTrue(summary.contains("\"bundle\" : \"plate-spark " + Plate.VERSION + "\""), what + ": " + summary);
    }

    @Test
    void mistakesFailWithOneLine() throws Exception {
        Run unknown = run("train", "nb.kernel", "--input", "x.csv", "--out", dir.resolve("m.json").toString());
        assertEquals(1, unknown.status());
        assertEquals(1, unknown.err().strip().lines().count(), unknown.err());
        assertTrue(unknown.err().contains("nb.kernel"), unknown.err());
        Run missing = run("cluster", "mixture.multinomial", "--input", dir.resolve("none.tsv").toString(), "--format",
                "text", "k=3", "--out", dir.resolve("run").toString());
        assertEquals(1, missing.status());
        assertEquals("plate-spark: --input '" + dir.resolve("none.tsv") + "': no such file or folder", missing.err().strip());
        Run badK = run("cluster", "mixture.multinomial", "--input", SparkTestSession.data("sms-spam-collection/sms-spam.tsv")
                .toString(), "--format", "text", "k=abc", "--out", dir.resolve("run").toString(), "--master", "local[1]");
        assertEquals(2, badK.status());
        assertTrue(badK.err().startsWith("plate-spark: mixture.multinomial: parameter 'k' = 'abc': expected a whole"
                + " number\nusage:"), badK.err()); // before Spark started: no line of its logging first
        assertTrue(Files.notExists(dir.resolve("run")), "nothing written");
        Run noModel = run("predict", dir.resolve("none.json").toString(), "--input", "x.csv", "--out",
                dir.resolve("p").toString());
        assertEquals(1, noModel.status());
        assertEquals("plate-spark: no model file " + dir.resolve("none.json"), noModel.err().strip());
        // a numeric label column is a regression target (as plate:import reads it), unless --categorical names it
        Run numeric = run("train", "nb.gaussian", "--input", SparkTestSession.data("wine-quality/winequality-red.csv")
                .toString(), "--label", "quality", "--out", dir.resolve("q.json").toString(), "--master", "local[1]");
        assertEquals(1, numeric.status(), numeric.err());
        assertTrue(numeric.err().strip().endsWith("plate-spark: label column 'quality' is numeric, a regression target as"
                + " plate:import reads it (6 distinct values); naive Bayes needs classes: add --categorical quality to"
                + " read its values as classes"), numeric.err());
        assertTrue(Files.notExists(dir.resolve("q.json")), "nothing written");
        java.nio.file.Files.createDirectories(dir.resolve("taken"));
        io.plate.api.learn.Learner gaussian = io.plate.classifier.impl.nb.NaiveBayesStatistics.learner("nb.gaussian");
        Path irisModel = dir.resolve("iris.json");
        ModelFiles.save(gaussian.fit(new io.plate.importers.impl.CsvImporter().read(SparkTestSession.data("iris/iris.csv"),
                io.plate.api.data.ImportOptions.defaults()), gaussian.params(java.util.Map.of()), 1), irisModel);
        Run taken = run("predict", irisModel.toString(), "--input", "x.csv", "--out", dir.resolve("taken").toString());
        assertEquals(1, taken.status());
        assertEquals("plate-spark: --out '" + dir.resolve("taken") + "' already exists; the predictions are written as a"
                + " new folder of CSV parts: give another name, or --overwrite to replace it", taken.err().strip());
        Run usage = run("train", "nb.multinomial", "--input");
        assertEquals(2, usage.status());
        assertTrue(usage.err().startsWith("plate-spark: option --input needs a value"), usage.err());
        assertTrue(usage.err().contains("[--no-header] (the first line is data, not column names (columns V1..Vn))"),
                usage.err());
    }

    /**
     * {@code file:} URIs as model files and output folders are the local paths they name, not folders
     * called {@code file:} in the working folder; the model written is read back by {@code predict}.
     */
    @Test
    void modelsAndRunDirectoriesGoWhereTheirURIsSay() throws Exception {
        Path work = Files.createDirectories(dir.resolve("work"));
        String iris = SparkTestSession.data("iris/iris.csv").toString();
        String model = dir.resolve("models/iris.json").toUri().toString();
        assertTrue(model.startsWith("file:/"), model);
        Run t = runIn(work, "train", "nb.gaussian", "--input", iris, "--label", "class", "--out", model, "--master",
                "local[1]");
        assertEquals(0, t.status(), t.err());
        assertTrue(t.out().strip().endsWith("written to " + model), t.out());
        assertEquals(List.of("setosa", "versicolor", "virginica"), ModelFiles.load(dir.resolve("models/iris.json")).classes());
        String predictions = dir.resolve("predictions").toUri().toString();
        Run p = runIn(work, "predict", model, "--input", iris, "--label", "class", "--out", predictions, "--master",
                "local[1]");
        assertEquals(0, p.status(), p.err());
        assertTrue(Files.exists(dir.resolve("predictions/_SUCCESS")), p.out());
        String run = dir.resolve("runs/iris").toUri().toString();
        Run c = runIn(work, "cluster", "mixture.gaussian", "--input", iris, "--label", "class", "k=3", "collapsed=false",
                "--iterations", "20", "--burn-in", "5", "--chains", "1", "--out", run, "--master", "local[1]");
        assertEquals(0, c.status(), c.err());
        assertTrue(c.out().startsWith("mixture.gaussian on iris (150 rows): 1 chain × 20 sweeps in "), c.out());
        for (String file : List.of("trace.csv", "summary.json", "assignments.csv", "clusters.csv")) {
            assertTrue(Files.isRegularFile(dir.resolve("runs/iris").resolve(file)), file);
        }
        try (Stream<Path> l = Files.list(work)) {
            assertEquals(List.of(), l.toList(), "nothing written in the working folder");
        }
        Run missing = runIn(work, "predict", dir.resolve("models/none.json").toUri().toString(), "--input", iris,
                "--out", dir.resolve("p2").toString());
        assertEquals(1, missing.status());
        assertEquals("plate-spark: no model file " + dir.resolve("models/none.json"), missing.err().strip());
    }

    /** A master URL Spark cannot parse is one line and the usage, before Spark starts; --help and --version answer. */
    @Test
    void aBadMasterIsOneLineAndHelpAndVersionAnswer() throws Exception {
        Run bogus = run("train", "nb.gaussian", "--input", SparkTestSession.data("iris/iris.csv").toString(), "--out",
                dir.resolve("m.json").toString(), "--master", "bogus");
        assertEquals(2, bogus.status(), bogus.err());
        assertTrue(bogus.err().startsWith("plate-spark: --master 'bogus' is not a Spark master URL; expected local,"
                + " local[N], local[*], local[N,F] or spark://HOST:PORT[,HOST:PORT]\nusage: "), bogus.err());
        assertTrue(bogus.err().lines().noneMatch(l -> l.contains("ERROR") || l.contains("Exception")), bogus.err());
        Run help = run("--help");
        assertEquals(0, help.status(), help.err());
        assertTrue(help.out().startsWith("usage: train LEARNER"), help.out());
        Run version = run("--version");
        assertEquals(0, version.status(), version.err());
        assertTrue(version.out().startsWith("plate-spark "), version.out());
        Run typo = run("train", "nb.gausian", "--input", "x.csv", "--out", "m.json");
        assertEquals(1, typo.status());
        assertEquals("plate-spark: no learner named 'nb.gausian'; did you mean nb.gaussian?", typo.err().strip());
    }

    /** {@code --no-header}, as {@code plate:import}'s: a CSV whose first line is data, columns V1..Vn, the label the last. */
    @Test
    void noHeaderReadsTheFirstLineAsData() throws Exception {
        List<String> lines = Files.readAllLines(SparkTestSession.data("iris/iris.csv"));
        Path csv = dir.resolve("iris-no-header.csv");
        Files.write(csv, lines.subList(1, lines.size()));
        Path model = dir.resolve("iris.json");
        Run t = run("train", "nb.gaussian", "--input", csv.toString(), "--no-header", "--out", model.toString(),
                "--master", "local[1]");
        assertEquals(0, t.status(), t.err());
        assertTrue(t.out().startsWith("nb.gaussian: Spark DataFrame: 150 rows"), t.out());
        Dataset local = new CsvImporter().read(csv, ImportOptions.builder().extra(CsvImporter.HEADER, "false").build());
        Learner learner = NaiveBayesStatistics.learner("nb.gaussian");
        double[][] expected = learner.fit(local, learner.params(Map.of()), 1).predictLogProba(local);
        double[][] loaded = ModelFiles.load(model).predictLogProba(local);
        for (int r = 0; r < expected.length; r++) {
            assertArrayEquals(expected[r], loaded[r], 1e-12);
        }
    }

    @Test
    void aTestFilesCodesWithLeadingZerosMatchTheModelsLevels() throws Exception {
        // the class follows the code; 007 and 7 are two codes, and the test file's column holds only digits
        String[][] codes = {{"007", "P"}, {"7", "N"}, {"010", "N"}, {"012", "P"}};
        StringBuilder b = new StringBuilder("code,class\n");
        for (int i = 0; i < 40; i++) {
            b.append(codes[i % 4][0]).append(',').append(codes[i % 4][1]).append('\n');
        }
        Path csv = dir.resolve("codes.csv");
        Files.writeString(csv, b);
        Path model = dir.resolve("codes.json");
        Run t = run("train", "nb.categorical", "--input", csv.toString(), "--categorical", "code", "--out",
                model.toString(), "--master", "local[1]");
        assertEquals(0, t.status(), t.err());
        Run p = run("predict", model.toString(), "--input", csv.toString(), "--label", "class", "--out",
                dir.resolve("predictions").toString(), "--master", "local[1]");
        assertEquals(0, p.status(), p.err());
        assertTrue(p.out().contains("accuracy 1.0000 (40 of 40 labelled rows"), p.out());
    }

    /**
     * Labels written 0.0/1.0 (pandas, Spark ML) are the classes 0 and 1 the shell's importer makes: a model trained
     * by the jar has them, and a shell-trained model scores the file with its accuracy (each row's class follows x,
     * so every row is predicted right); labels the model has none of are said to be so, with no accuracy.
     */
    @Test
    void labelsWrittenAsFloatsMatchTheShellsClasses() throws Exception {
        StringBuilder b = new StringBuilder("x,label\n");
        StringBuilder words = new StringBuilder("x,label\n");
        for (int i = 0; i < 40; i++) {
            b.append(i % 2 == 0 ? "a" : "b").append(',').append(i % 2 == 0 ? "0.0" : "1.0").append('\n');
            words.append(i % 2 == 0 ? "a" : "b").append(',').append(i % 2 == 0 ? "no" : "yes").append('\n');
        }
        Path csv = Files.writeString(dir.resolve("ml01.csv"), b);
        Path spark = dir.resolve("spark.json");
        Run t = run("train", "nb.categorical", "--input", csv.toString(), "--categorical", "label", "--out", spark.toString(),
                "--master", "local[1]");
        assertEquals(0, t.status(), t.err());
        assertEquals(List.of("0", "1"), ModelFiles.load(spark).classes());
        Learner learner = NaiveBayesStatistics.learner("nb.categorical");
        Path shell = dir.resolve("shell.json");
        ModelFiles.save(learner.fit(new CsvImporter().read(csv, ImportOptions.builder().label("label")
                .categorical(Set.of("label")).build()), learner.params(Map.of()), 1), shell);
        Run p = run("predict", shell.toString(), "--input", csv.toString(), "--label", "label", "--out",
                dir.resolve("p").toString(), "--master", "local[1]");
        assertEquals(0, p.status(), p.err());
        assertTrue(p.out().contains("accuracy 1.0000 (40 of 40 labelled rows predicted as their 'label')"), p.out());
        Path other = Files.writeString(dir.resolve("words.csv"), words);
        Run none = run("predict", shell.toString(), "--input", other.toString(), "--label", "label", "--out",
                dir.resolve("p2").toString(), "--master", "local[1]");
        assertEquals(0, none.status(), none.err());
        assertTrue(none.out().contains("the labels of '" + other + "' (column 'label': no, yes) share no class with the"
                + " model [0, 1]; no accuracy"), none.out());
    }

    /**
     * Ctrl-C (SIGINT) while {@code cluster} samples keeps the draws so far and writes the run directory, as
     * plate:cluster does, exiting 130; before, Spark's own shutdown hook stopped the context under the chains and
     * the run was lost with "Cannot call methods on a stopped SparkContext".
     */
    @Test
    void ctrlCDuringClusterWritesTheDrawsSoFar() throws Exception {
        Path run = dir.resolve("ctrlc-run");
        Path checkpoints = dir.resolve("checkpoints");
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx1g", "-jar",
                Path.of(System.getProperty("plate.spark.jar", "target/plate-spark.jar")).toAbsolutePath().toString(),
                "cluster", "mixture.gaussian", "--input", SparkTestSession.data("iris/iris.csv").toString(), "--label",
                "class", "k=3", "collapsed=false", "--iterations", "100000", "--burn-in", "5", "--chains", "2",
                "--checkpoint", checkpoints.toString(), "--checkpoint-every", "10", "--out", run.toString(), "--master",
                "local[2]");
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        long deadline = System.nanoTime() + 300_000_000_000L;
        // sampling past burn-in: the chains have written a checkpoint, and the shell's progress line is on stderr
        // (plain lines, as stderr is a file here)
        while (!Files.isDirectory(checkpoints) || Files.list(checkpoints).findAny().isEmpty()
                || !Files.readString(err).contains("mixture.gaussian on iris")) {
            assertTrue(p.isAlive(), Files.readString(err));
            assertTrue(System.nanoTime() < deadline, "no checkpoint within 300 s");
            Thread.sleep(200);
        }
        Thread.sleep(1000);
        assertEquals(0, new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor());
        assertEquals(130, p.waitFor());
        String printed = Files.readString(out);
        assertTrue(printed.contains("stopped early (Ctrl-C): the chains stopped at their next sweep; the draws so far are in "
                + run), printed + Files.readString(err));
        assertTrue(Files.readString(run.resolve("summary.json")).contains("\"cancelled\" : true"),
                Files.readString(run.resolve("summary.json")));
        assertTrue(Files.readAllLines(run.resolve("trace.csv")).size() > 2, "draws in the trace");
        assertTrue(Files.readString(err).lines().anyMatch(l -> l.matches("mixture\\.gaussian on iris(\\.csv)?: \\d+/100000"
                + " sweeps × 2 chains, \\d+ sweeps/s, ETA \\d+ s.*")), Files.readString(err));
    }

    /**
     * An identifier column becomes a categorical feature with the CSV importer's warning, on stderr, and {@code --ignore}
     * leaves it out, as {@code plate:import --ignore} does; before, the jar said nothing and had no {@code --ignore}.
     */
    @Test
    void anIdentifierColumnIsWarnedAboutAndIgnoreLeavesItOut() throws Exception {
        StringBuilder rows = new StringBuilder("id,c,y\n");
        for (int i = 0; i < 60; i++) {
            rows.append("u").append(1000 + i).append(',').append(i % 3 == 0 ? "a" : "b").append(',')
                    .append(i % 2 == 0 ? "p" : "q").append('\n');
        }
        Path csv = Files.writeString(dir.resolve("ids.csv"), rows);
        String warning = "column 'id' became one categorical feature with 60 levels in 60 rows, nearly one per row: an"
                + " identifier or a name? a value seen once tells a learner nothing: leave it out with --ignore id";
        Run t = run("train", "nb.categorical", "--input", csv.toString(), "--label", "y", "--out",
                dir.resolve("m.json").toString(), "--master", "local[1]");
        assertEquals(0, t.status(), t.err());
        assertTrue(t.err().contains("plate-spark: warning: " + warning), t.err());
        Run ignored = run("train", "nb.categorical", "--input", csv.toString(), "--label", "y", "--ignore", "id", "--out",
                dir.resolve("m2.json").toString(), "--master", "local[1]");
        assertEquals(0, ignored.status(), ignored.err());
        assertTrue(!ignored.err().contains(warning), ignored.err());
        assertTrue(ignored.out().contains("1 categorical, 0 numeric"), ignored.out());
    }

    /** One cluster in the estimate is said in the singular ("1 clusters" before). */
    @Test
    void oneClusterIsSaidInTheSingular() throws Exception {
        Run c = run("cluster", "mixture.gaussian", "--input", SparkTestSession.data("iris/iris.csv").toString(), "--label",
                "class", "k=1", "collapsed=false", "--iterations", "10", "--burn-in", "2", "--chains", "1", "--out",
                dir.resolve("one").toString(), "--master", "local[1]");
        assertEquals(0, c.status(), c.err());
        assertTrue(c.out().contains(", 1 cluster in the estimate"), c.out());
    }
}
