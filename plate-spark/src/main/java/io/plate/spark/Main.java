package io.plate.spark;

import io.plate.api.Plate;
import io.plate.api.PlateException;
import io.plate.api.data.ImportException;
import io.plate.api.data.DocumentFrequency;
import io.plate.api.data.ImportOptions;
import io.plate.api.data.Dataset;
import io.plate.api.data.DatasetNames;
import io.plate.api.data.Importer;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.api.learn.Params;
import io.plate.api.sample.Cancellation;
import io.plate.api.sample.CheckpointStore;
import io.plate.api.sample.Checkpoints;
import io.plate.api.sample.Posterior;
import io.plate.api.sample.RunSettings;
import io.plate.api.sample.Sampler;
import io.plate.api.text.NearestName;
import io.plate.api.text.Plural;
import io.plate.mcmc.DiagnosticsTable;
import io.plate.mcmc.ProgressPrinter;
import io.plate.mcmc.SamplerPosterior;
import org.apache.spark.api.java.JavaSparkContext;
import io.plate.classifier.impl.nb.NaiveBayesStatistics;
import io.plate.importers.impl.CsvImporter;
import io.plate.importers.impl.LibSvmImporter;
import io.plate.importers.impl.NumberStyle;
import io.plate.importers.impl.TextImporter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;

/**
 * The command line of the Spark jar, the same under {@code spark-submit} and with {@code java -jar}:
 * <pre>
 * train LEARNER --input PATH [--format F] [--label COL] [--categorical A,B] [key=value …] [--seed S] --out MODEL.json
 * predict MODEL.json --input PATH [--format F] [--label COL] [--categorical A,B] [--keep COLS] --out DIR
 * cluster SAMPLER --input PATH [--format F] [--label COL | --no-label] [key=value …] [--iterations N] [--max-iterations M] [--burn-in B] [--thin T]
 *         [--chains C] [--seed S] [--partitions P] [--checkpoint DIR | --resume DIR] [--checkpoint-every N] --out DIR
 * </pre>
 * {@code cluster} runs the shell's sampler ({@link SparkSamplers}) with its heavy step on the executors
 * and writes the run directory {@code plate:cluster} writes (trace.csv, summary.json, assignments.csv,
 * clusters.csv). With {@code --checkpoint DIR} every chain's state is saved in DIR (local, or any Hadoop
 * file system) every {@code --checkpoint-every} sweeps (default 100) and after its last; {@code --resume DIR}
 * continues such a run where its checkpoints left it, with the same command otherwise, and gives the
 * uninterrupted run's results. As {@code plate:import} reads it, the input's label is the last column of a
 * CSV or Parquet file unless {@code --label} names another; it only scores the clusters, and {@code --no-label}
 * clusters on it too.
 * Formats: {@code csv} (default), {@code parquet}, {@code libsvm}, {@code text} (the importer's TSV) and
 * {@code folders} (one folder per class); text takes {@code --min-df}, {@code --max-df},
 * {@code --max-features}, {@code --binary}, {@code --stop-words}, {@code --ngram 2}, {@code --delimiter D}
 * (a delimited file with CSV quoting, as {@code plate:import}) and {@code --text-column NAME}; libsvm takes {@code --zero-based
 * auto|true|false} (scikit-learn's rule: auto reads a file with an index 0 as 0-based); csv takes {@code --decimal ,}
 * (numbers written with a decimal comma, as {@code plate:import}), {@code --thousands C} (their thousands
 * separator, {@code .} in {@code 1.500,25}, as {@code plate:import}), {@code --missing A,B} (the cell texts read as
 * missing, as {@code plate:import}) and {@code --no-header} (the first line is
 * data, not column names (columns {@code V1..Vn}), as {@code plate:import}). {@code --master M}
 * picks the Spark master when no {@code spark-submit} set one (default {@code local[*]}). Exit status 0
 * on success, 1 with a one-line message on stderr when the command failed, 2 for a usage error (an option
 * the command or format does not take, a bad value or parameter, checked before Spark starts). Models,
 * inputs and output folders are local paths or URIs ({@link Locations}). {@code --help}, {@code --version}.
 */
public final class Main {
    private final PrintStream out;
    private final Map<String, String> options = new LinkedHashMap<>();
    private final Map<String, String> params = new LinkedHashMap<>();
    /** Spark settings given with {@code --conf KEY=VALUE}, as spark-submit takes them. */
    private final Map<String, String> conf = new LinkedHashMap<>();
    private final List<String> positional = new ArrayList<>();

    private static final Set<String> FLAGS = Set.of("--binary", "--stop-words", "--no-header", "--no-label", "--overwrite");
    private static final Set<String> VALUED = Set.of("--input", "--format", "--label", "--categorical", "--seed",
            "--out", "--master", "--keep", "--min-df", "--max-df", "--max-features", "--ngram", "--iterations", "--burn-in",
            "--thin", "--chains", "--max-iterations", "--partitions", "--zero-based", "--delimiter", "--text-column", "--decimal", "--thousands", "--missing", "--checkpoint", "--checkpoint-every", "--resume", "--ignore", "--conf");
    /** The options each command takes, besides those of its input's format. */
    private static final Map<String, Set<String>> COMMAND_OPTIONS = Map.of(
            "train", Set.of("--input", "--format", "--label", "--categorical", "--seed", "--out", "--overwrite", "--master"),
            "predict", Set.of("--input", "--format", "--label", "--categorical", "--keep", "--out", "--overwrite", "--master"),
            "cluster", Set.of("--input", "--format", "--label", "--no-label", "--categorical", "--iterations", "--max-iterations",
                    "--burn-in", "--thin", "--chains", "--seed", "--partitions", "--checkpoint", "--checkpoint-every",
                    "--resume", "--out", "--master"));
    /** The options each input format takes. */
    private static final Map<String, Set<String>> FORMAT_OPTIONS = Map.of(
            "csv", Set.of("--no-header", "--delimiter", "--decimal", "--thousands", "--missing", "--ignore"),
            "parquet", Set.of("--ignore"),
            "libsvm", Set.of("--zero-based"),
            "text", Set.of("--min-df", "--max-df", "--max-features", "--binary", "--stop-words", "--ngram", "--delimiter",
                    "--text-column"),
            "folders", Set.of("--min-df", "--max-df", "--max-features", "--binary", "--stop-words", "--ngram"));
    private static final List<String> FORMATS = List.of("csv", "parquet", "libsvm", "text", "folders");

    Main(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) {
        // one of the options Spark passes on Java 17 that a jar manifest cannot carry
        if (System.getProperty("io.netty.tryReflectionSetAccessible") == null) {
            System.setProperty("io.netty.tryReflectionSetAccessible", "true");
        }
        int status;
        try {
            status = new Main(System.out).run(args);
        } catch (UsageException e) {
            System.err.println("plate-spark: " + e.getMessage());
            System.err.println(usage());
            status = 2;
        } catch (PlateException | IOException | IllegalArgumentException e) {
            System.err.println("plate-spark: " + SparkAdvice.of(firstLine(e))); // one line, in the jar's options
            status = 1;
        } catch (Exception e) { // Spark's own errors, thrown unchecked: reading (AnalysisException) and failed jobs
            String line = sparkFailure(e);
            if (line == null) {
                throw e;
            }
            System.err.println("plate-spark: " + SparkAdvice.of(line));
            status = 1;
        } finally {
            RunInterruption.ended(); // a signal's shutdown, waiting for the run's last line, goes on
        }
        System.exit(status);
    }

    private static final String STOPPED_CONTEXT = "Cannot call methods on a stopped SparkContext";

    /**
     * One line for a failure Spark reports: a reading error's first line, or for a failed job the
     * message of what failed in the task (Plate's own message when it was Plate's); null for anything else.
     */
    static String sparkFailure(Throwable e) {
        if (e instanceof org.apache.spark.sql.AnalysisException) {
            return firstLine(e);
        }
        if (e instanceof IllegalStateException && String.valueOf(e.getMessage()).startsWith(STOPPED_CONTEXT)) {
            // a master reached on its port that did not take the application (Spark gives up after a minute)
            return "Spark stopped before the job ran: the master did not take the application (Spark's ERROR line"
                    + " above says why)";
        }
        Throwable job = e;
        while (job != null && !(job instanceof org.apache.spark.SparkException)) {
            job = job.getCause();
        }
        if (job == null) {
            return null;
        }
        Throwable root = job;
        String file = null;
        String record = null;
        for (Throwable t = job; t != null; t = t.getCause()) {
            if (t instanceof PlateException) {
                return firstLine(t);
            }
            if (t instanceof org.apache.spark.SparkThrowable s && s.getCondition() != null) {
                if (s.getCondition().startsWith("FAILED_READ_FILE")) {
                    file = s.getMessageParameters().get("path");
                } else if (s.getCondition().startsWith("MALFORMED")) {
                    record = s.getMessageParameters().get("badRecord");
                }
            }
            root = t;
        }
        if (file == null) {
            return firstLine(root);
        }
        long line = record == null ? 0 : lineOf(file, record);
        return shown(file) + (line > 0 ? ", line " + line : "") + ": " + withoutErrorClass(firstLine(root));
    }

    /**
     * The number of the first line of {@code file} that is {@code record} (a malformed row Spark quotes but
     * does not place), read through Hadoop's file system as Spark read it; 0 when not found or not readable.
     */
    static long lineOf(String file, String record) {
        try {
            org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(new java.net.URI(file));
            try (java.io.BufferedReader in = new java.io.BufferedReader(new java.io.InputStreamReader(
                    p.getFileSystem(new org.apache.hadoop.conf.Configuration()).open(p), java.nio.charset.StandardCharsets.UTF_8))) {
                long n = 0;
                for (String l = in.readLine(); l != null; l = in.readLine()) {
                    n++;
                    if (l.equals(record)) {
                        return n;
                    }
                }
            }
        } catch (IOException | java.net.URISyntaxException | RuntimeException e) {
            return 0; // the message then quotes the row without its line
        }
        return 0;
    }

    /** A file Spark names by URI as the user wrote it: a plain path for a local file. */
    private static String shown(String uri) {
        Path local = Locations.local(uri);
        return local != null ? local.toString() : uri;
    }

    /** Spark's message without its error class and SQL state: {@code [MALFORMED_CSV_RECORD] … SQLSTATE: KD000}. */
    static String withoutErrorClass(String message) {
        return message.replaceFirst("^\\[[A-Z0-9_.]+\\] ", "").replaceFirst("\\s*SQLSTATE: \\w+\\.?\\s*$", "");
    }

    private static String firstLine(Throwable t) {
        String m = t.getMessage();
        return m == null ? t.getClass().getSimpleName() : m.lines().findFirst().orElse("");
    }

    static String usage() {
        return "usage: train LEARNER --input PATH [--format csv|parquet|libsvm|text|folders] [--label COL]"
                + " [--categorical A,B] [key=value ...] [--seed S] --out MODEL.json [--master M]\n"
                + "       predict MODEL.json --input PATH [--format F] [--label COL] [--categorical A,B] [--keep COLS]"
                + " --out DIR"
                + " [--master M]\n"
                + "       cluster SAMPLER --input PATH [--format F] [--label COL | --no-label] [key=value ...] [--iterations N]"
                + " [--max-iterations M]\n               [--burn-in B] [--thin T] [--chains C] [--seed S] [--partitions P]\n"
                + "               [--checkpoint DIR | --resume DIR] [--checkpoint-every N] --out DIR [--master M]\n"
                + "       train and predict: [--overwrite] (replace an existing --out)\n"
                + "       any command: [--conf KEY=VALUE ...] (a Spark setting, as spark-submit's --conf); --option=value"
                + " is --option value\n"
                + "       plate-spark --help | --version\n"
                + "       with a CSV input: [--no-header] (the first line is data, not column names (columns V1..Vn))"
                + " [--delimiter C|tab] [--decimal ,] [--thousands C]\n               [--missing '?,,NA,...'] (cell texts read as"
                + " missing, replacing the default: '?', empty and pandas' markers)\n"
                + "       with a CSV or Parquet input: [--ignore A,B] (columns left out, as plate:import --ignore)\n"
                + "       with a LibSVM input: [--zero-based auto|true|false]\n"
                + "       with a text input (TSV) or folders (one per class): [--min-df N|F] [--max-df N|F] [--max-features N]"
                + " [--ngram 2] [--binary] [--stop-words]\n               text only: [--delimiter C|tab] [--text-column NAME]\n"
                + "       MODEL.json, --input and the output folders: a local path, or a URI (file:, hdfs:, s3a: ...)\n"
                + "learners: " + NaiveBayesStatistics.LEARNERS + "\nsamplers: " + SparkSamplers.names();
    }

    /** Runs one command; returns the exit status. */
    int run(String[] args) throws IOException {
        List<String> words = Arrays.asList(args);
        if (words.contains("--help") || words.contains("-h") || args.length > 0 && args[0].equals("help")) {
            out.println(usage());
            return 0;
        }
        if (words.contains("--version")) {
            out.println("plate-spark " + Plate.VERSION);
            return 0;
        }
        parse(args);
        if (positional.isEmpty()) {
            throw new UsageException("no command");
        }
        String command = positional.get(0);
        if (!COMMAND_OPTIONS.containsKey(command)) {
            String near = NearestName.of(command, COMMAND_OPTIONS.keySet());
            throw new UsageException("unknown command '" + command + "'" + (near == null ? "" : " (did you mean " + near + "?)"));
        }
        refuseOptionsNotTaken(command);
        master();
        switch (command) {
            case "train":
                return train();
            case "predict":
                return predict();
            case "cluster":
                return cluster();
            default:
                throw new IllegalStateException("no such command: " + command);
        }
    }

    /** This command line parsed, for what a command reads ({@link #clusterInput}) without running it. */
    Main parsed(String... args) {
        parse(args);
        return this;
    }

    private void parse(String[] args) {
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String inline = null; // --option=value, as spark-submit takes it
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 2 && VALUED.contains(a.substring(0, eq))) {
                inline = a.substring(eq + 1);
                a = a.substring(0, eq);
            }
            if (FLAGS.contains(a)) {
                options.put(a, "true");
            } else if (VALUED.contains(a)) {
                if (inline == null && i + 1 >= args.length) {
                    throw new UsageException("option " + a + " needs a value");
                }
                String value = inline != null ? inline : args[++i];
                if (a.equals("--conf")) {
                    conf(value);
                } else if (options.containsKey(a)) { // the later one silently won
                    throw new UsageException(a + " is given twice ('" + options.get(a) + "', '" + value + "'): give it once");
                } else {
                    options.put(a, value);
                }
            } else if (a.startsWith("--")) {
                String near = NearestName.of(a, options());
                throw new UsageException("unknown option '" + a + "'" + (near == null ? "" : " (did you mean " + near + "?)"));
            } else if (a.contains("=") && positional.size() >= 2) {
                params.put(a.substring(0, a.indexOf('=')), a.substring(a.indexOf('=') + 1));
            } else {
                positional.add(a);
            }
        }
    }

    /** {@code --conf KEY=VALUE}: a Spark setting for the session, as spark-submit's {@code --conf}. */
    private void conf(String setting) {
        int eq = setting.indexOf('=');
        if (eq < 1) {
            throw new UsageException("--conf '" + setting + "': expected KEY=VALUE, such as spark.executor.memory=4g");
        }
        if (conf.put(setting.substring(0, eq), setting.substring(eq + 1)) != null) {
            throw new UsageException("--conf " + setting.substring(0, eq) + " is given twice: give it once");
        }
    }

    /**
     * Refuses an option the command, or its input's format, does not take, and parameters for {@code predict}
     * (a model carries its own): silently ignoring one would run something other than what was asked.
     */
    private void refuseOptionsNotTaken(String command) {
        String format = format();
        for (String o : options.keySet()) {
            if (o.equals("--format") || COMMAND_OPTIONS.get(command).contains(o)
                    || FORMAT_OPTIONS.get(format).contains(o)) {
                continue;
            }
            if (!COMMAND_OPTIONS.get(command).contains(o) && FORMAT_OPTIONS.values().stream().noneMatch(f -> f.contains(o))) {
                throw new UsageException(o + " does not apply to " + command);
            }
            List<String> formats = FORMATS.stream().filter(f -> FORMAT_OPTIONS.get(f).contains(o)).toList();
            throw new UsageException(o + " applies to --format " + String.join(" or ", formats) + ", not " + format
                    + " (" + command + ")");
        }
        if (command.equals("predict") && !params.isEmpty()) {
            throw new UsageException("predict takes no key=value parameters (the model carries its own), got "
                    + params.keySet().iterator().next() + "=" + params.values().iterator().next());
        }
    }

    /** {@code --format}, one of the formats the jar reads (csv when not given). */
    private String format() {
        String format = options.getOrDefault("--format", "csv");
        if (!FORMAT_OPTIONS.containsKey(format)) {
            throw new UsageException("--format '" + format + "': expected one of " + String.join(", ", FORMATS));
        }
        return format;
    }

    /** {@code --master}, checked before Spark starts ({@link SparkMaster}). */
    private void master() {
        String m = options.get("--master");
        String problem = m == null ? null : SparkMaster.problem(m);
        if (problem != null) {
            throw new UsageException(problem);
        }
    }

    /** Every option the jar takes, sorted. */
    static Set<String> options() {
        Set<String> known = new TreeSet<>(FLAGS);
        known.addAll(VALUED);
        return known;
    }

    private String required(String option) {
        String v = options.get(option);
        if (v == null) {
            throw new UsageException(positional.get(0) + " needs " + option);
        }
        return v;
    }

    /** The input, refused before Spark starts when it is a local path that does not exist (or --zero-based is wrong). */
    private String input() {
        String in = required("--input");
        Path local = Locations.local(in);
        if (local != null && !java.nio.file.Files.exists(local)) { // a glob, as Spark reads it, names at least one file
            if (!InputFiles.isGlob(in)) {
                throw new PlateException("--input '" + in + "': no such file or folder");
            }
            if (!InputFiles.localGlobMatches(in)) {
                throw new PlateException("--input '" + in + "': no file or folder matches the pattern");
            }
        }
        zeroBased(); // its value too, --format's, --delimiter's, --decimal's, --thousands' and the text options'
        String format = format();
        if (format.equals("text") || format.equals("folders")) {
            textOptions(null, true);
        }
        delimiter();
        String numbers = NumberStyle.problem(options.getOrDefault("--decimal", "."), options.get("--thousands"));
        if (numbers != null) { // the importer's words, as plate:import --decimal and --thousands check them
            throw new UsageException("--" + numbers);
        }
        return in;
    }

    /**
     * The folder and interval of {@code --checkpoint DIR} or {@code --resume DIR} (null: neither), checked
     * before Spark starts: one of the two, an interval of at least 1, a local folder to resume that exists.
     */
    private CheckpointOption checkpointOptions() {
        String save = options.get("--checkpoint");
        String resume = options.get("--resume");
        if (save != null && resume != null) {
            throw new UsageException("--checkpoint DIR starts a checkpointed run and --resume DIR continues one: give"
                    + " one of them");
        }
        if (save == null && resume == null) {
            if (options.containsKey("--checkpoint-every")) {
                throw new UsageException("--checkpoint-every needs --checkpoint DIR or --resume DIR");
            }
            return null;
        }
        int every = parseInt("--checkpoint-every", "100");
        if (every < 1) {
            throw new UsageException("--checkpoint-every must be at least 1 sweep, got " + every);
        }
        if (resume != null) {
            Path local = Locations.local(resume);
            if (local != null && !java.nio.file.Files.isDirectory(local)) {
                throw new PlateException("--resume '" + resume + "': no such folder");
            }
        }
        return new CheckpointOption(resume != null ? resume : save, every, resume != null);
    }

    /** {@code --checkpoint DIR} or {@code --resume DIR} (then {@code resume}), with {@code --checkpoint-every}. */
    private record CheckpointOption(String dir, int every, boolean resume) {
        /** A local folder, or a folder on Spark's Hadoop file system. */
        Checkpoints on(JavaSparkContext jsc) throws IOException {
            CheckpointStore store = Locations.folder(dir, jsc.hadoopConfiguration());
            return resume ? Checkpoints.resuming(store, every) : Checkpoints.to(store, every);
        }
    }

    /**
     * The dataset name a run directory gives {@code input}, as plate:import names the file (iris.csv is iris), so
     * that the run's summary.json is the shell's and plate:plot finds the dataset the shell imported.
     */
    static String datasetName(String input) {
        Path fn = Path.of(input).getFileName();
        List<String> claimed = Plate.names(Importer.class).stream()
                .flatMap(format -> Plate.importer(format).extensions().stream()).toList();
        return fn == null ? "data" : DatasetNames.fromFile(fn.toString(), claimed);
    }

    private int train() throws IOException {
        if (positional.size() != 2) {
            throw new UsageException("train needs one LEARNER, got " + positional.subList(1, positional.size()));
        }
        String learner = positional.get(1);
        Learner l = learner(learner); // an unknown learner, or a bad parameter, fails before Spark starts
        try {
            l.params(params);
        } catch (PlateException e) {
            throw new UsageException(learner + ": " + e.getMessage());
        }
        String model = required("--out");
        refuseExistingOut(model, "the model is written as a new file:");
        long seed = parseLong("--seed", "1");
        input();
        checkTextHeader(options.get("--label"), true);
        SparkSession spark = session();
        try {
            PlateFrame frame = frame(spark, options.get("--label"), true);
            refuseNumericTarget(frame);
            long t0 = System.nanoTime();
            Model m = SparkNaiveBayes.train(frame, learner, params, seed);
            double seconds = (System.nanoTime() - t0) / 1e9;
            ModelFiles.save(m, model, spark.sparkContext().hadoopConfiguration());
            out.printf("%s: %s, trained in %.2f s, written to %s%n", learner, m.provenance().dataSummary(), seconds,
                    model);
            return 0;
        } finally {
            spark.stop();
        }
    }

    /** The learner {@code name}; a name no learner has is refused with the nearest of the jar's learners. */
    private static Learner learner(String name) {
        if (!NaiveBayesStatistics.LEARNERS.contains(name) && !Plate.names(Learner.class).contains(name)) {
            String near = NearestName.of(name, NaiveBayesStatistics.LEARNERS);
            throw new PlateException("no learner named '" + name + "'; " + (near != null ? "did you mean " + near + "?"
                    : "the jar trains " + String.join(", ", NaiveBayesStatistics.LEARNERS)));
        }
        return NaiveBayesStatistics.learner(name); // a learner that does not run on Spark: it says so
    }

    /**
     * Naive Bayes needs classes: a label column read as a numeric target ({@link PlateFrame#read}, as
     * {@code plate:import} reads it) is refused, with the option that reads its values as classes.
     */
    static void refuseNumericTarget(PlateFrame frame) {
        String target = frame.roles().target;
        if (target != null) {
            long values = frame.rows().select(functions.countDistinct(PlateFrame.column(target))).first().getLong(0);
            throw new PlateException("label column '" + target + "' is numeric, a regression target as plate:import"
                    + " reads it (" + values + " distinct values); naive Bayes needs classes:"
                    + " add --categorical " + target + " to read its values as classes");
        }
    }

    private int predict() throws IOException {
        if (positional.size() != 2) {
            throw new UsageException("predict needs one MODEL.json, got " + positional.subList(1, positional.size()));
        }
        Model model = ModelFiles.load(positional.get(1), new org.apache.hadoop.conf.Configuration());
        String dir = required("--out");
        refuseExistingOut(dir, "the predictions are written as a new folder of CSV parts:");
        input();
        checkTextHeader(options.get("--label"), options.containsKey("--label"));
        SparkSession spark = session();
        try {
            // with --label the labels are read as labels, not as a feature, and the accuracy is reported;
            // the model's categorical columns are read as written, so a test file's codes 007 match its levels,
            // and so is the label, matched to the model's classes by its text (even a column of numbers)
            Set<String> asWritten = new LinkedHashSet<>(ModelFiles.categoricalColumns(model));
            if (options.containsKey("--label")) {
                asWritten.add(options.get("--label"));
            }
            PlateFrame frame = frame(spark, options.get("--label"), options.containsKey("--label"), asWritten);
            org.apache.spark.sql.Dataset<Row> scored = SparkNaiveBayes.predict(model, frame)
                    .persist(org.apache.spark.storage.StorageLevel.MEMORY_AND_DISK());
            // Plate's predictions CSV: the --keep columns, predicted, then the probability of each class in the
            // model's order; one row per input row, in input order
            List<Column> cols = new ArrayList<>(keptColumns(frame, model));
            cols.add(functions.col(SparkNaiveBayes.PREDICTION).as("predicted"));
            List<String> classes = model.classes();
            for (int k = 0; k < classes.size(); k++) {
                cols.add(functions.col(SparkNaiveBayes.PROBABILITY).getItem(k).as(classes.get(k)));
            }
            scored.select(cols.toArray(new Column[0])).write().mode(options.containsKey("--overwrite") ? "overwrite"
                    : "errorifexists").option("header", "true").csv(dir);
            out.printf("%s: scored %s, predictions in %s%n", model.type(), frame, dir);
            if (frame.roles().label != null) {
                accuracy(scored, frame.roles(), model.classes());
            }
            scored.unpersist();
            return 0;
        } finally {
            spark.stop();
        }
    }

    /**
     * One rule for {@code train}'s model file and {@code predict}'s folder: an existing local {@code --out} is refused
     * before Spark starts unless {@code --overwrite} is given ({@code what} says what would be written there).
     */
    private void refuseExistingOut(String out, String what) {
        Path local = Locations.local(out);
        if (local != null && java.nio.file.Files.exists(local) && !options.containsKey("--overwrite")) {
            throw new PlateException("--out '" + out + "' already exists; " + what + " give another name, or --overwrite"
                    + " to replace it");
        }
    }

    /**
     * The accuracy of the {@code scored} rows against their labels (read as the importers read them: {@code 1.0} is
     * class {@code 1}), and, as {@code plate:predict} says it, the label classes the model does not have: with
     * none in common no accuracy, else a warning counting their rows as wrong. Rows without a label are left out.
     */
    private void accuracy(org.apache.spark.sql.Dataset<Row> scored, ColumnRoles roles, List<String> modelClasses) {
        String label = roles.label;
        Column known = PlateFrame.column(label);
        List<String> unknown = roles.classes.stream().filter(c -> !modelClasses.contains(c)).toList();
        Row right = scored.agg(functions.sum(functions.when(functions.col(SparkNaiveBayes.PREDICTION)
                .equalTo(known.cast("string")), 1L).otherwise(0L)), functions.count(known),
                functions.sum(functions.when(known.cast("string").isin(unknown.toArray()), 1L).otherwise(0L))).first();
        long n = right.getLong(1);
        long hits = right.isNullAt(0) ? 0 : right.getLong(0);
        long unknownRows = right.isNullAt(2) ? 0 : right.getLong(2);
        String classes = String.join(", ", unknown.subList(0, Math.min(10, unknown.size())))
                + (unknown.size() > 10 ? ", … " + (unknown.size() - 10) + " more" : "");
        if (n > 0 && unknownRows == n) {
            out.printf("the labels of '%s' (column '%s': %s) share no class with the model %s; no accuracy%n",
                    options.get("--input"), label, classes, modelClasses);
            return;
        }
        out.printf(Locale.ROOT, "accuracy %.4f (%d of %d labelled rows predicted as their '%s')%n",
                n == 0 ? Double.NaN : (double) hits / n, hits, n, label);
        if (unknownRows > 0) {
            out.printf("warning: %s of '%s' (column '%s') the model does not have: %s (%s, counted as wrong)%n",
                    Plural.of(unknown.size(), "class", "classes"), options.get("--input"), label, classes,
                    Plural.of(unknownRows, "row"));
        }
    }

    /**
     * The input columns {@code --keep} names, to be written before {@code predicted} (an identifier to join the
     * predictions back to the input), checked before the job: each a column of the input that a CSV cell holds,
     * and none named as a column of the predictions.
     */
    private List<Column> keptColumns(PlateFrame frame, Model model) {
        if (!options.containsKey("--keep")) {
            return List.of();
        }
        List<String> names = Arrays.asList(frame.rows().columns());
        Set<String> taken = new LinkedHashSet<>(model.classes());
        taken.add("predicted");
        List<Column> kept = new ArrayList<>();
        for (String k : options.get("--keep").split(",", -1)) {
            if (!names.contains(k)) {
                throw new PlateException("--keep '" + k + "': the input has no such column; columns are " + names);
            }
            if (!taken.add(k)) {
                throw new PlateException("--keep '" + k + "': the predictions have a column of that name already"
                        + " (predicted and the classes " + model.classes() + "), or it is named twice");
            }
            org.apache.spark.sql.types.DataType type = frame.rows().schema().apply(k).dataType();
            if (!(type instanceof org.apache.spark.sql.types.AtomicType)) {
                throw new PlateException("--keep '" + k + "': a column of " + type.simpleString()
                        + " values, which a CSV cell cannot hold; keep an identifier column");
            }
            kept.add(PlateFrame.column(k));
        }
        return kept;
    }

    /**
     * The shell's sampler on the rows, read by Spark and gathered on the driver (the sampler's
     * initialisation and summaries read them there), with its sweeps' heavy step on the executors.
     */
    private int cluster() throws IOException {
        if (positional.size() != 2) {
            throw new UsageException("cluster needs one SAMPLER, got " + positional.subList(1, positional.size()));
        }
        String name = positional.get(1);
        SparkSamplers.Factory factory = SparkSamplers.get(name);
        if (factory == null) {
            String near = NearestName.of(name, SparkSamplers.names());
            throw new PlateException("sampler '" + name + "' does not run on Spark; " + (near != null && !Plate.names(
                    Sampler.class).contains(name) ? "did you mean " + near + "?" : "these do: " + SparkSamplers.names()));
        }
        String dir = required("--out");
        int iterations = parseInt("--iterations", "2000");
        RunSettings settings;
        try {
            // fixed unless --max-iterations is given: a sweep is a Spark job per chain, and a cluster's time is budgeted
            int max = parseInt("--max-iterations", Integer.toString(iterations));
            if (max < iterations) {
                throw new UsageException("--max-iterations " + max + " is below the run's " + iterations
                        + " iterations; give at least " + iterations);
            }
            settings = new RunSettings(iterations, parseInt("--burn-in", Integer.toString(Math.min(500, iterations / 2))),
                    parseInt("--thin", "1"), parseInt("--chains", "4"), parseLong("--seed", "1"), 0, max);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        input();
        CheckpointOption checkpointing = checkpointOptions();
        if (checkpointing != null && settings.extensible()) {
            throw new UsageException("--checkpoint or --resume with --max-iterations: a checkpointed run has a fixed"
                    + " number of iterations");
        }
        try { // a mistake fails before Spark starts, as the shell's check finds it (scikit-learn's names taken)
            SparkSamplers.checkAsInTheShell(factory, params);
        } catch (PlateException e) {
            throw new UsageException(name + ": " + e.getMessage());
        }
        SparkSamplers.check(factory, params); // and a chain that does not run on Spark
        if (options.containsKey("--label") && options.containsKey("--no-label")) {
            throw new UsageException("--label names the label column and --no-label reads none: give one of them");
        }
        Integer partitions = partitions();
        checkTextHeader(options.get("--label"), !options.containsKey("--no-label"));
        Locations.checkRunDirectory(dir); // before the sampling, as plate:cluster checks it
        Cancellation cancellation = new Cancellation();
        RunInterruption signals = RunInterruption.during(cancellation); // Ctrl-C keeps the draws so far
        SparkSession spark = session(true);
        try (signals) {
            JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
            SparkBlocks blocks = new SparkBlocks(jsc, partitions != null ? partitions : jsc.defaultParallelism());
            Sampler sampler = factory.make(blocks);
            Params p = sampler.params(params);
            PlateFrame frame = clusterInput(spark);
            String dataset = datasetName(required("--input"));
            // the rows' columns in the roles' order (label, categorical, numeric, counts), as PartitionData reads them
            Dataset data = PartitionData.of(frame.rows().select(frame.roles().columns()).toLocalIterator(), 0,
                    frame.roles(), true, dataset);
            Posterior posterior;
            try (ProgressPrinter progress = progress(name + " on " + dataset, settings)) {
                posterior = sampler.run(data, p, settings, progress, cancellation,
                        checkpointing == null ? null : checkpointing.on(jsc));
            } finally {
                blocks.close();
            }
            refuseWithoutDraws(posterior, cancellation, settings);
            Locations.writeFolder(dir, jsc.hadoopConfiguration(), posterior::write);
            Object nmi = posterior.facts().get("nmi");
            out.printf(Locale.ROOT, "%s on %s (%d rows): %s × %s in %.2f s (%.2f sweeps/s), %s"
                    + " in the estimate%s; run directory %s%n", name, dataset, data.rows(), Plural.of(settings.chains(), "chain"),
                    Plural.of(posterior.settings().iterations(), "sweep"), posterior.seconds(), posterior.sweepsPerSecond(),
                    clusters(posterior.facts().get("estimate_clusters")), nmi instanceof Number x ? String.format(Locale.ROOT, ", NMI %.4f", x.doubleValue())
                    : nmi == null ? "" : ", NMI " + nmi, dir);
            if (posterior.facts().get(SamplerPosterior.EXTENSION) instanceof String extension) {
                out.println(extension);
            }
            if (posterior.cancelled()) { // the shell's words for a run stopped early
                out.println("stopped early (" + cancellation.reason() + "): the chains stopped at their next sweep; the"
                        + " draws so far are in " + dir);
            }
            DiagnosticsTable.warnings(posterior).forEach(out::println); // R-hat or ESS short of the goal, as the shell says
            if (checkpointing != null) {
                out.printf(Locale.ROOT, "%scheckpoints in %s (every %d sweeps and after the last)%n",
                        checkpointing.resume() ? "resumed from the " : "", checkpointing.dir(), checkpointing.every());
            }
            if (posterior.facts().get(SamplerPosterior.COLUMNS) instanceof String columns) {
                out.println(SparkAdvice.of(columns)); // what is left out, with the jar's options that include it
            }
            return 0;
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            String failure = sparkFailure(e);
            throw new PlateException(name + ": " + (failure != null ? failure : firstLine(e)), e);
        } finally {
            spark.stop();
        }
    }

    /**
     * The shell's progress line of a run, on standard error: rewritten in place when the jar runs in a terminal (its
     * width {@code COLUMNS}, else 80), else a plain line every few seconds, so that a file of the output holds none.
     */
    private static ProgressPrinter progress(String label, RunSettings settings) {
        boolean terminal = System.console() != null;
        int columns = 0;
        if (terminal) {
            try {
                columns = Integer.parseInt(System.getenv().getOrDefault("COLUMNS", "80").strip());
            } catch (NumberFormatException e) {
                columns = 80;
            }
        }
        return new ProgressPrinter(System.err, label, terminal, columns).asked(settings.iterations());
    }

    /** {@code --partitions}, at least 1, checked before Spark starts; null when not given (Spark's default parallelism). */
    private Integer partitions() {
        if (!options.containsKey("--partitions")) {
            return null;
        }
        int p = parseInt("--partitions", null);
        if (p < 1) {
            throw new UsageException("--partitions must be at least 1, got " + p);
        }
        return p;
    }

    /** "1 cluster", "3 clusters": the estimate's number of clusters as the run's facts give it. */
    private static String clusters(Object count) {
        return count instanceof Number n ? Plural.of(n.longValue(), "cluster") : count + " clusters";
    }

    /**
     * A run stopped (Ctrl-C, a signal) before its first kept draw is neither reported nor written, as {@code
     * plate:cluster} says: it has no trace, no figures and no clustering.
     */
    private static void refuseWithoutDraws(Posterior posterior, Cancellation cancellation, RunSettings settings) {
        if (!posterior.cancelled()) {
            return;
        }
        for (int c = 0; c < posterior.trace().chains(); c++) {
            if (posterior.trace().draws(c) > 0) {
                return;
            }
        }
        throw new PlateException("stopped in burn-in (" + Plural.of(settings.burnIn(), "sweep") + ") ("
                + (cancellation.isCancelled() ? cancellation.reason() : "interrupted") + "): no draws kept, so no run"
                + " directory is written");
    }

    /**
     * The rows {@code cluster} reads, as {@code plate:import} reads them: labelled unless {@code --no-label}, the
     * label the last column of a CSV or Parquet file unless {@code --label} names another (a LibSVM, text or
     * folders input carries its own), so that a label column is no feature unless asked.
     */
    PlateFrame clusterInput(SparkSession spark) {
        return frame(spark, options.get("--label"), !options.containsKey("--no-label"));
    }

    private int parseInt(String option, String def) {
        long v = parseLong(option, def);
        if (v != (int) v) {
            throw new UsageException(option + " is too large: " + v);
        }
        return (int) v;
    }

    private PlateFrame frame(SparkSession spark, String label, boolean labelled) {
        return frame(spark, label, labelled, Set.of());
    }

    private PlateFrame frame(SparkSession spark, String label, boolean labelled, Set<String> modelCategorical) {
        String input = input();
        String format = options.getOrDefault("--format", "csv");
        Set<String> categorical = new LinkedHashSet<>(modelCategorical);
        if (options.containsKey("--categorical")) {
            categorical.addAll(Arrays.asList(options.get("--categorical").split(",")));
        }
        if (format.equals("text") || format.equals("folders")) {
            ImportOptions o = textOptions(labelled ? label : null, labelled);
            org.apache.spark.sql.Dataset<Row> docs = format.equals("text") ? SparkText.tsv(spark, input, o)
                    : SparkText.folders(spark, input);
            PlateFrame f = SparkText.vectorise(docs, o);
            return labelled ? f : f.unlabelled();
        }
        ImportOptions.Builder reading = ImportOptions.builder().extra(LibSvmImporter.ZERO_BASED, zeroBased())
                .extra(CsvImporter.DECIMAL, options.getOrDefault("--decimal", "."))
                .extra(options.containsKey("--thousands") ? Map.of(NumberStyle.THOUSANDS, options.get("--thousands")) : Map.of())
                .extra(CsvImporter.HEADER, options.containsKey("--no-header") ? "false" : "true")
                .extra(options.containsKey("--ignore") ? Map.of(CsvImporter.IGNORE, options.get("--ignore")) : Map.of());
        Character d = delimiter();
        if (d != null) {
            reading.delimiter(d);
        }
        if (options.containsKey("--missing")) { // as plate:import --missing: the list replaces the default
            reading.missing(new LinkedHashSet<>(Arrays.asList(options.get("--missing").split(",", -1))));
        }
        return PlateFrame.read(spark, format, input, label, categorical, labelled, reading.build());
    }

    /**
     * A local text file's header (the importer's TSV, {@code --format text} without {@code --delimiter}), checked before
     * Spark starts as the read will check it, with the label read as {@link #frame} reads it.
     */
    private void checkTextHeader(String label, boolean labelled) {
        Path local = Locations.local(required("--input"));
        if (format().equals("text") && !options.containsKey("--delimiter") && local != null
                && java.nio.file.Files.isRegularFile(local)) {
            SparkText.checkHeader(local, textOptions(labelled ? label : null, labelled));
        }
    }

    /** {@code --zero-based} of a LibSVM input, checked before Spark starts: auto (default), true or false. */
    private String zeroBased() {
        String z = options.getOrDefault("--zero-based", "auto");
        if (!Set.of("auto", "true", "false").contains(z)) {
            throw new UsageException("--zero-based must be auto, true or false, got '" + z + "'");
        }
        return z;
    }

    /** {@code --delimiter}: one character or {@code tab}; null when not given. */
    private Character delimiter() {
        String d = options.get("--delimiter");
        if (d == null) {
            return null;
        }
        String c = d.equalsIgnoreCase("tab") || d.equals("\\t") ? "\t" : d;
        if (c.length() != 1) {
            throw new UsageException("--delimiter '" + d + "': expected one character or 'tab'");
        }
        return c.charAt(0);
    }

    private ImportOptions textOptions(String label, boolean labelled) {
        ImportOptions.Builder b = ImportOptions.builder();
        if (label != null) {
            b.label(label);
        }
        b.noLabel(!labelled);
        try {
            if (options.containsKey("--min-df")) {
                b.minDf(documentFrequency("--min-df"));
            }
            if (options.containsKey("--max-df")) {
                b.maxDf(documentFrequency("--max-df"));
            }
            if (options.containsKey("--max-features")) {
                b.maxFeatures(parseInt("--max-features", null));
            }
            if (options.containsKey("--ngram")) {
                b.ngramMax(parseInt("--ngram", null));
            }
            if (delimiter() != null) {
                b.delimiter(delimiter());
            }
            if (options.containsKey("--text-column")) {
                b.extra(TextImporter.TEXT_COLUMN, options.get("--text-column"));
            }
            return b.binary(options.containsKey("--binary")).stopWords(options.containsKey("--stop-words")).build();
        } catch (IllegalArgumentException e) { // a value out of the importer's range: "min-df must be at least 1, got 0"
            throw new UsageException("--" + e.getMessage());
        }
    }

    /** A count of documents (a whole number) or a proportion of them (0.01, 1.0), as scikit-learn's min_df/max_df. */
    private DocumentFrequency documentFrequency(String option) {
        try {
            return DocumentFrequency.parse(options.get(option));
        } catch (IllegalArgumentException e) {
            throw new UsageException(option + ": " + e.getMessage());
        }
    }

    private long parseLong(String option, String def) {
        String v = options.getOrDefault(option, def);
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new UsageException(option + " must be a whole number, got '" + v + "'");
        }
    }

    private SparkSession session() {
        return session(false);
    }

    /** The session of this command; {@code sweeps}: one that runs a sampler's sweeps ({@link SweepSettings}). */
    private SparkSession session(boolean sweeps) {
        if (options.containsKey("--master")) { // a standalone master that cannot be reached: one line, before Spark loads
            SparkMaster.reach(options.get("--master"), SparkMaster.CONNECT_TIMEOUT_MS);
        }
        SparkSession.Builder b = SparkSession.builder().appName("plate-spark " + positional.get(0));
        if (sweeps) {
            SweepSettings.apply(b);
        }
        conf.forEach(b::config); // --conf, as spark-submit's (a setting spark-submit passed is replaced)
        if (System.getProperty("spark.master") == null) { // spark-submit sets it; java -jar does not
            b.master(options.getOrDefault("--master", "local[*]"));
        } else if (options.containsKey("--master")) {
            b.master(options.get("--master"));
        }
        return b.getOrCreate();
    }

    /** A mistake in the command line (exit status 2, with the usage). */
    static final class UsageException extends PlateException {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }
}
