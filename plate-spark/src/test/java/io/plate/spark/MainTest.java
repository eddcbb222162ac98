package io.plate.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.PlateException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The command line's refusals that come before Spark starts (none of these commands reaches a session):
 * options a command or format does not take, bad values and parameters, a master URL Spark cannot parse,
 * typos with the nearest name; and {@code --help}, {@code --version}.
 */
class MainTest {
    private static final String IRIS = SparkTestSession.data("iris/iris.csv").toString();
    private static final String SMS = SparkTestSession.data("sms-spam-collection/sms-spam.tsv").toString();

    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

    private int run(String... args) throws Exception {
        return new Main(new PrintStream(printed, true, StandardCharsets.UTF_8)).run(args);
    }

    /** The message of the usage error (exit status 2) {@code args} gets. */
    private String usageError(String... args) {
        return assertThrows(Main.UsageException.class, () -> run(args)).getMessage();
    }

    /**
     * A run directory names its dataset as plate:import does: summary.json said "iris.csv", and plate:plot then asked
     * for a dataset of that name.
     */
    @Test
    void aRunNamesItsDatasetAsTheShellsImportDoes() {
        assertEquals("iris", Main.datasetName(IRIS));
        assertEquals("sms-spam", Main.datasetName(SMS));
        assertEquals("a9a.t", Main.datasetName("hdfs:///data/a9a.t")); // '.t' is no importer's extension
        assertEquals("reviews", Main.datasetName("/data/reviews.txt.gz"));
    }

    @Test
    void optionsACommandOrItsFormatDoesNotTakeAreRefused() {
        assertEquals("--iterations does not apply to train", usageError("train", "nb.gaussian", "--input", IRIS,
                "--iterations", "5", "--chains", "3", "--out", "m.json"));
        assertEquals("--min-df applies to --format text or folders, not csv (train)", usageError("train",
                "nb.multinomial", "--input", IRIS, "--min-df", "2", "--out", "m.json"));
        assertEquals("--zero-based applies to --format libsvm, not text (cluster)", usageError("cluster",
                "mixture.multinomial", "--input", SMS, "--format", "text", "--zero-based", "true", "--out", "run"));
        assertEquals("--seed does not apply to predict", usageError("predict", "m.json", "--input", IRIS, "--seed", "4",
                "alpha=3", "--out", "p"));
        assertEquals("predict takes no key=value parameters (the model carries its own), got alpha=3",
                usageError("predict", "m.json", "--input", IRIS, "alpha=3", "--out", "p"));
        assertEquals("--keep does not apply to train", usageError("train", "nb.gaussian", "--input", IRIS, "--keep", "id",
                "--out", "m.json"));
        assertEquals("--missing applies to --format csv, not text (cluster)", usageError("cluster", "mixture.multinomial",
                "--input", SMS, "--format", "text", "--missing", "?,n/a", "--out", "run"));
        // cluster reads the last column as the label unless --no-label; a classifier needs one
        assertEquals("--no-label does not apply to train", usageError("train", "nb.gaussian", "--input", IRIS,
                "--no-label", "--out", "m.json"));
        assertEquals("--label names the label column and --no-label reads none: give one of them", usageError("cluster",
                "mixture.gaussian", "--input", IRIS, "--label", "class", "--no-label", "k=3", "collapsed=false", "--out", "r"));
    }

    @Test
    void badValuesAndParametersAreRefusedNamingThem() {
        assertTrue(usageError("train", "nb.gaussian", "--input", IRIS, "alpha=1", "--out", "m.json")
                .startsWith("nb.gaussian: unknown parameter 'alpha'"));
        String negative = usageError("train", "nb.categorical", "--input", IRIS, "alpha=-1", "--out", "m.json");
        assertTrue(negative.startsWith("nb.categorical: parameter 'alpha' = '-1'"), negative);
        assertEquals("--format 'xls': expected one of csv, parquet, libsvm, text, folders", usageError("train",
                "nb.gaussian", "--input", IRIS, "--format", "xls", "--out", "m.json"));
        assertEquals("--min-df: expected a count of documents (a whole number, at least 1) or a proportion of them"
                + " (0.0 to 1.0), got 'abc'", usageError("train", "nb.multinomial", "--input", SMS,
                "--format", "text", "--min-df", "abc", "--out", "m.json"));
        assertEquals("--max-df: expected a count of documents (a whole number, at least 1) or a proportion of them"
                + " (0.0 to 1.0), got 'half'", usageError("cluster", "mixture.multinomial", "--input", SMS,
                "--format", "text", "--max-df", "half", "k=3", "--out", "run"));
        assertEquals("--ngram must be 1 or 2, got 3", usageError("train", "nb.multinomial", "--input", SMS,
                "--format", "text", "--ngram", "3", "--out", "m.json"));
        // the importer's words for the number separators (NumberStyle.problem), before Spark starts
        assertEquals("--thousands must be one character other than a digit and the decimal separator ','"
                + " (such as '.' for 1.500,25 with --decimal ,), got ','", usageError("train", "nb.gaussian", "--input",
                IRIS, "--decimal", ",", "--thousands", ",", "--out", "m.json"));
        assertEquals("--thousands applies to --format csv, not text (train)", usageError("train", "nb.multinomial",
                "--input", SMS, "--format", "text", "--thousands", ".", "--out", "m.json"));
        assertEquals("mixture.multinomial: parameter 'k' = 'abc': expected a whole number", usageError("cluster",
                "mixture.multinomial", "--input", SMS, "--format", "text", "k=abc", "--out", "run"));
    }

    @Test
    void aMasterURLSparkCannotParseIsRefused() {
        assertTrue(usageError("train", "nb.gaussian", "--input", IRIS, "--out", "m.json", "--master", "bogus")
                .startsWith("--master 'bogus' is not a Spark master URL"));
        for (String notOne : new String[] {"local[two]", "local[2", "spark:7077"}) {
            assertTrue(usageError("train", "nb.gaussian", "--input", IRIS, "alpha=1", "--master", notOne, "--out", "m")
                    .startsWith("--master '" + notOne + "'"), notOne);
        }
        // forms Spark parses but cannot run: Spark printed a 20-line error after starting
        assertEquals("--master 'local[0]': the number of threads N must be at least 1", usageError("train", "nb.gaussian",
                "--input", IRIS, "--master", "local[0]", "--out", "m"));
        assertEquals("--master 'local[2,0]': the failures allowed F must be at least 1", usageError("train", "nb.gaussian",
                "--input", IRIS, "--master", "local[2,0]", "--out", "m"));
        assertEquals("--master 'spark://host': expected spark://HOST:PORT[,HOST:PORT]", usageError("train", "nb.gaussian",
                "--input", IRIS, "--master", "spark://host", "--out", "m"));
        assertEquals("--master 'spark://a:7077,b:70777': expected spark://HOST:PORT[,HOST:PORT]", usageError("train",
                "nb.gaussian", "--input", IRIS, "--master", "spark://a:7077,b:70777", "--out", "m"));
        // YARN and Kubernetes are modules of a Spark installation, which spark-submit brings; the jar has neither
        assertEquals("--master 'yarn' needs Spark's YARN module, which this jar does not carry: run it with spark-submit"
                + " --master yarn --class io.plate.spark.Main plate-spark.jar …", usageError("train", "nb.gaussian",
                "--input", IRIS, "--master", "yarn", "--out", "m"));
        assertTrue(usageError("train", "nb.gaussian", "--input", IRIS, "--master", "k8s://https://host:443", "--out", "m")
                .startsWith("--master 'k8s://https://host:443' needs Spark's Kubernetes module"));
        // the forms Spark takes pass on to the next check (here the parameter no Gaussian has)
        for (String master : new String[] {"local", "local[2]", "local[*]", "local[2,3]", "local[*,2]",
                "local-cluster[2, 1, 1024]", "spark://host:7077", "spark://a:7077,b:7078"}) {
            assertTrue(usageError("train", "nb.gaussian", "--input", IRIS, "alpha=1", "--master", master, "--out", "m")
                    .startsWith("nb.gaussian: unknown parameter"), master);
        }
    }

    /** A standalone master that cannot be reached is one line at once: Spark retried for 83 s, logging 265 lines. */
    @Test
    void aMasterThatCannotBeReachedIsOneLine() throws Exception {
        long start = System.nanoTime();
        assertEquals("cannot reach Spark master nohost.invalid:7077: unknown host", assertThrows(PlateException.class,
                () -> run("train", "nb.gaussian", "--input", IRIS, "--label", "class", "--out", "m.json", "--master",
                        "spark://nohost.invalid:7077")).getMessage());
        int closed;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            closed = s.getLocalPort(); // nothing listens there once it is closed
        }
        assertEquals("cannot reach Spark master nohost.invalid:7077: unknown host; 127.0.0.1:" + closed
                + ": connection refused", assertThrows(PlateException.class, () -> run("train", "nb.gaussian", "--input",
                        IRIS, "--label", "class", "--out", "m.json", "--master", "spark://nohost.invalid:7077,127.0.0.1:"
                        + closed)).getMessage());
        assertTrue(System.nanoTime() - start < 30_000_000_000L, "took " + (System.nanoTime() - start) / 1e9 + " s");
    }

    /** A master that took the connection but not the application: Spark's stopped-context exception was thrown whole. */
    @Test
    void aContextStoppedByTheMasterIsOneLine() {
        assertEquals("Spark stopped before the job ran: the master did not take the application (Spark's ERROR line"
                + " above says why)", Main.sparkFailure(new IllegalStateException("Cannot call methods on a stopped"
                + " SparkContext.\nThis stopped SparkContext was created at:\n")));
    }

    /**
     * A {@code cluster --out} that cannot hold a run directory is refused before Spark starts, in plate:cluster's
     * words, not after the sampling (which lost the run).
     */
    @Test
    void clusterRefusesAnOutItCannotWriteBeforeSampling(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path file = java.nio.file.Files.writeString(dir.resolve("afile"), "x");
        String[] args = {"cluster", "mixture.gaussian", "--input", IRIS, "--label", "class", "k=3", "collapsed=false",
                "--iterations", "4", "--chains", "1", "--master", "local[1]", "--out", null};
        args[args.length - 1] = file.toString();
        assertEquals("cannot write the run directory " + file + ": not a folder: " + file + " is a file",
                assertThrows(PlateException.class, () -> run(args)).getMessage());
        args[args.length - 1] = file.resolve("run").toString();
        assertEquals("cannot write the run directory " + file.resolve("run") + ": not a folder: " + file + " is a file",
                assertThrows(PlateException.class, () -> run(args)).getMessage());
        java.nio.file.Files.writeString(java.nio.file.Files.createDirectories(dir.resolve("notes")).resolve("a.txt"), "x");
        args[args.length - 1] = dir.resolve("notes").toString();
        assertEquals("run directory '" + dir.resolve("notes") + "': the folder exists and holds files that are not a"
                + " run's (only an empty folder or an earlier run directory is replaced); choose another folder",
                assertThrows(PlateException.class, () -> run(args)).getMessage());
    }

    /**
     * spark-submit's habits: {@code --option=value} and {@code --conf KEY=VALUE} are taken, a repeated option is
     * refused (the later one silently won); {@code --partitions 0} and a multinomial mixture of a CSV are usage errors
     * before Spark starts (they failed after it, 28 s in); an existing model file is refused unless {@code --overwrite}.
     */
    @Test
    void sparkSubmitHabitsAndEarlyRefusals(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        // each passes the option and stops at the parameter no Gaussian has, before Spark starts
        assertTrue(usageError("train", "nb.gaussian", "--input=" + IRIS, "--master=local[2]", "--conf",
                "spark.executor.memory=2g", "--conf=spark.ui.enabled=false", "alpha=1", "--out", "m.json")
                .startsWith("nb.gaussian: unknown parameter 'alpha'"));
        assertEquals("--master is given twice ('local[1]', 'local[2]'): give it once", usageError("train", "nb.gaussian",
                "--input", IRIS, "--master", "local[1]", "--master=local[2]", "--out", "m.json"));
        assertEquals("--conf 'spark.ui.enabled': expected KEY=VALUE, such as spark.executor.memory=4g", usageError("train",
                "nb.gaussian", "--input", IRIS, "--conf", "spark.ui.enabled", "--out", "m.json"));
        assertEquals("--partitions must be at least 1, got 0", usageError("cluster", "mixture.gaussian", "--input", IRIS,
                "k=3", "collapsed=false", "--partitions", "0", "--out", dir.resolve("run").toString()));
        // scikit-learn's names of the mixture's parameters are taken as the shell takes them (n_init: restarts)
        assertEquals("--partitions must be at least 1, got 0", usageError("cluster", "mixture.gaussian", "--input", IRIS,
                "n_components=3", "n_init=2", "covariance_type=diag", "collapsed=false", "--partitions", "0", "--out",
                dir.resolve("run").toString()));
        java.nio.file.Path model = java.nio.file.Files.writeString(dir.resolve("m.json"), "{}");
        assertEquals("--out '" + model + "' already exists; the model is written as a new file: give another name, or"
                + " --overwrite to replace it", assertThrows(PlateException.class, () -> run("train", "nb.gaussian",
                "--input", IRIS, "--out", model.toString())).getMessage());
        assertTrue(usageError("train", "nb.gaussian", "--input", IRIS, "--overwrite", "alpha=1", "--out", model.toString())
                .startsWith("nb.gaussian: unknown parameter 'alpha'"), "--overwrite takes an existing file");
    }

    /**
     * A text file without the TSV header is refused before Spark starts, in the importer's words: the master given
     * cannot be reached, so a check after Spark's start would say that instead (it took 28–31 s).
     */
    @Test
    void aTextFileWithoutItsHeaderIsRefusedBeforeSparkStarts(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path tsv = java.nio.file.Files.writeString(dir.resolve("sms.tsv"), "ham\tsee you at noon\nspam\twin now\n");
        String refused = assertThrows(PlateException.class, () -> run("cluster", "mixture.multinomial", "--input",
                tsv.toString(), "--format", "text", "k=2", "--out", dir.resolve("run").toString(), "--master",
                "spark://nohost.invalid:7077")).getMessage();
        assertTrue(refused.startsWith(tsv + ", line 1") && refused.contains("no 'text' column in the header"), refused);
    }

    @Test
    void typosAreAnsweredWithTheNearestName() {
        assertEquals("unknown command 'trian' (did you mean train?)", usageError("trian", "nb.gaussian", "--input", IRIS,
                "--out", "m.json"));
        assertEquals("no learner named 'nb.gausian'; did you mean nb.gaussian?", assertThrows(PlateException.class,
                () -> run("train", "nb.gausian", "--input", IRIS, "--out", "m.json")).getMessage());
        assertEquals("unknown option '--lable' (did you mean --label?)", usageError("train", "nb.gaussian", "--input",
                IRIS, "--lable", "class", "--out", "m.json"));
        assertEquals("sampler 'mixture.gausian' does not run on Spark; did you mean mixture.gaussian?",
                assertThrows(PlateException.class, () -> run("cluster", "mixture.gausian", "--input", IRIS, "--out", "r"))
                        .getMessage());
    }

    @Test
    void helpAndVersionArePrinted() throws Exception {
        for (String[] help : new String[][] {{"--help"}, {"help"}, {"-h"}, {"train", "nb.gaussian", "--help"}}) {
            printed.reset();
            assertEquals(0, run(help));
            String usage = printed.toString(StandardCharsets.UTF_8);
            assertTrue(usage.startsWith("usage: train LEARNER"), usage);
            assertTrue(usage.contains("predict MODEL.json --input PATH [--format F] [--label COL]"), usage);
            assertTrue(usage.contains("[--min-df N|F] [--max-df N|F] [--max-features N] [--ngram 2] [--binary] [--stop-words]"),
                    usage);
            assertTrue(usage.contains("[--delimiter C|tab] [--text-column NAME]"), usage);
        }
        printed.reset();
        assertEquals(0, run("--version"));
        assertTrue(printed.toString(StandardCharsets.UTF_8).matches("plate-spark \\d+\\.\\d+\\.\\d+\\S*\\R"),
                printed.toString(StandardCharsets.UTF_8));
    }

    @Test
    void theUsageNamesEveryOptionTheJarTakes() {
        for (String option : Main.options()) {
            assertTrue(Main.usage().contains(option), option);
        }
    }
}
