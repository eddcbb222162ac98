package io.plate.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Runs the real plate.jar as a subprocess and checks output and exit statuses. */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class LauncherProcessIT {
    record Result(int status, String out, String err) {
    }

    static Result plate(String... args) throws IOException, InterruptedException {
        return plateWith(null, java.util.Map.of(), args);
    }

    /** Runs plate.jar with {@code stdin} (null: /dev/null) piped in and {@code env} added to its environment. */
    static Result plateWith(String stdin, java.util.Map<String, String> env, String... args)
            throws IOException, InterruptedException {
        return plateIn(null, stdin, env, args);
    }

    /** As {@link #plateWith}, in the working folder {@code dir} (null: this process's). */
    static Result plateIn(Path dir, String stdin, java.util.Map<String, String> env, String... args)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-jar");
        cmd.add(System.getProperty("plate.jar"));
        cmd.addAll(Arrays.asList(args));
        Path outFile = Files.createTempFile("plate-out", ".txt");
        Path errFile = Files.createTempFile("plate-err", ".txt");
        java.io.File input = new java.io.File("/dev/null");
        if (stdin != null) {
            Path in = Files.createTempFile("plate-in", ".txt");
            Files.writeString(in, stdin, StandardCharsets.UTF_8);
            input = in.toFile();
            input.deleteOnExit();
        }
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(outFile.toFile()).redirectError(errFile.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(input));
        pb.environment().putAll(env);
        if (dir != null) {
            pb.directory(dir.toFile());
        }
        Process p = pb.start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("plate " + String.join(" ", args) + " did not finish in 120 s");
        }
        Result r = new Result(p.exitValue(), Files.readString(outFile, StandardCharsets.UTF_8),
                Files.readString(errFile, StandardCharsets.UTF_8));
        Files.deleteIfExists(outFile);
        Files.deleteIfExists(errFile);
        return r;
    }

    @Test
    void listsEveryPlateBundleActive() throws Exception {
        Result r = plate("-c", "lb -s");
        assertEquals(0, r.status(), r.err());
        for (String b : List.of("io.plate.api", "io.plate.distributions", "io.plate.importers", "io.plate.classifier",
                "io.plate.mcmc", "io.plate.modelfile", "io.plate.sampler.sparse", "io.plate.sampler.mixture",
                "io.plate.plot", "io.plate.shell")) {
            assertTrue(r.out().lines().anyMatch(l -> l.contains("|Active") && l.contains(b)), b + " active:\n" + r.out());
        }
    }

    @Test
    void unknownCommandFails() throws Exception {
        Result r = plate("-c", "plate:nosuchcommand");
        assertNotEquals(0, r.status());
        assertTrue(r.err().contains("plate:nosuchcommand"), r.err());
        assertTrue(!r.err().contains("\tat "), "no stack trace: " + r.err());
        Result typo = plate("-c", "plate:clustr iris");
        assertEquals(1, typo.status());
        assertTrue(typo.err().contains("command not found: plate:clustr; did you mean plate:cluster?"), typo.err());
        // a typed prefix suggests the commands it begins (plate:lear suggested plate:load, nearer in edit distance)
        Result prefix = plate("-c", "plate:lear");
        assertTrue(prefix.err().contains("command not found: plate:lear; did you mean plate:learners?"), prefix.err());
        Result prefixes = plate("-c", "plate:sam");
        assertTrue(prefixes.err().contains("command not found: plate:sam; did you mean plate:sample or plate:samplers?"),
                prefixes.err());
        // Gogo reads ? and * as file patterns: a word that matches no file is named with the fix
        Result glob = plate("-c", "plate:import " + iris() + " --missing ?,nan");
        assertEquals(1, glob.status());
        assertTrue(glob.err().contains("no file matches ?,nan: the shell reads * and ? as file patterns; quote the word"),
                glob.err());
        // the profile's completion command outside an interactive shell says so (it threw a NullPointerException)
        Result completions = plate("-c", "plate:completions");
        assertEquals(0, completions.status(), completions.err());
        assertTrue(completions.out().contains("tab completion is for the interactive shell"), completions.out());
        Result other = plate("-c", "foo bar");
        assertTrue(other.err().contains("command not found: foo; 'help' lists the commands")
                && !other.err().contains("Exception"), other.err());
    }

    @Test
    void badArgumentFails() throws Exception {
        Result r = plate("-c", "plate:version unexpected");
        assertNotEquals(0, r.status());
        assertTrue(!r.err().isBlank());
    }

    @Test
    void severalCommandsStopAtTheFirstFailure() throws Exception {
        Result r = plate("-c", "plate:version", "-c", "plate:nosuchcommand", "-c", "echo never");
        assertEquals(1, r.status());
        assertTrue(r.out().contains("Plate "), r.out());
        assertTrue(!r.out().contains("never"), r.out());
    }

    @Test
    void scriptsRunAndFail(@TempDir Path dir) throws Exception {
        Path ok = dir.resolve("ok.gosh");
        Files.writeString(ok, "# a comment\nplate:version\n\necho done\n");
        Result r = plate(ok.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("Plate ") && r.out().contains("done"), r.out());

        Path bad = dir.resolve("bad.gosh");
        Files.writeString(bad, "echo first\nplate:nosuchcommand\necho never\n");
        Result b = plate(bad.toString());
        assertEquals(1, b.status());
        assertTrue(b.err().contains("bad.gosh:2"), b.err());
        assertTrue(!b.out().contains("never"), b.out());
    }

    @Test
    void launcherErrorsExitTwo(@TempDir Path dir) throws Exception {
        assertEquals(2, plate("--no-such-option").status());
        assertEquals(2, plate("/no/such/script.gosh").status());
        assertEquals(2, plate("--features", "no-such-feature", "-c", "lb").status());
        // each in one line: a wrong option printed the whole usage after it, a file as --deploy folder
        // "cannot start: FileAlreadyExistsException: …"
        Result option = plate("--no-such-option");
        assertEquals("plate: unknown option '--no-such-option' (see --help)", option.err().strip());
        Result value = plate("-c");
        assertEquals(2, value.status());
        assertEquals("plate: -c needs a value (see --help)", value.err().strip());
        Path file = Files.writeString(dir.resolve("bundles.txt"), "x");
        Result deploy = plate("--deploy", file.toString(), "-c", "plate:version");
        assertEquals(2, deploy.status());
        assertEquals("plate: --deploy " + file + ": not a folder", deploy.err().strip());
        // a typo was made into a new, empty folder (with its parents) that the launcher then watched
        Path typo = dir.resolve("x").resolve("typo");
        Result missing = plate("--deploy", typo.toString(), "-c", "plate:version");
        assertEquals(2, missing.status());
        assertEquals("plate: --deploy " + typo + ": no such folder; create it first (mkdir -p " + typo + ")",
                missing.err().strip());
        assertTrue(!Files.exists(dir.resolve("x")), "made " + dir.resolve("x"));
    }

    @Test
    void configFileSetsDefaultsAndBadOnesAreRefused(@TempDir Path dir) throws Exception {
        Path cfg = dir.resolve("plate.cfg");
        Files.writeString(cfg, "# defaults\nseed = 42\nchains = 2\n");
        Result r = plate("--config", cfg.toString(), "-c", "plate:config");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("seed = 42") && r.out().contains("chains = 2"), r.out());
        Files.writeString(cfg, "seed = 42\nchains = many\n");
        Result bad = plate("--config", cfg.toString(), "-c", "plate:config");
        assertEquals(2, bad.status());
        assertTrue(bad.err().contains("line 2") && bad.err().contains("chains"), bad.err());
        // a change made by a script's command reaches the next command (Configuration Admin is asynchronous)
        Path script = dir.resolve("config.gosh");
        Files.writeString(script, "plate:config seed=7 chains=3\nplate:config\n");
        Result next = plate(script.toString());
        assertEquals(0, next.status(), next.err());
        assertTrue(next.out().contains("seed = 7") && next.out().contains("chains = 3"), next.out());
        Result unknown = plate("-c", "plate:config colour=blue");
        assertEquals(1, unknown.status());
        assertTrue(unknown.err().contains("colour"), unknown.err());
    }

    /**
     * Through the real launcher: a run without --iterations goes on past the configured iterations (here 40,
     * to at most 400 from the --config file) while its summaries have not converged, and says so; with
     * --iterations it has exactly those.
     */
    @Test
    void aRunWithoutIterationsGoesOnUntilItConverges(@TempDir Path dir) throws Exception {
        Path cfg = dir.resolve("plate.cfg");
        Files.writeString(cfg, "iterations = 40\nburn.in = 10\nmax.iterations = 400\nchains = 2\n");
        String cluster = "plate:cluster mixture.gaussian iris k=3 restarts=1 --seed 3";
        Result r = plate("--config", cfg.toString(), "-c", "plate:import " + iris() + " --name iris", "-c", cluster);
        assertEquals(0, r.status(), r.err());
        // 2 chains × 30 kept draws cannot reach a bulk ESS of 400
        assertTrue(r.out().matches("(?s).*\nextended from 40 to \\d+ iterations.* until every summary's R-hat ≤ 1\\.01"
                + " and bulk ESS ≥ 400\n.*"), r.out());
        Result fixed = plate("--config", cfg.toString(), "-c", "plate:import " + iris() + " --name iris",
                "-c", cluster + " --iterations 40");
        assertEquals(0, fixed.status(), fixed.err());
        assertTrue(fixed.out().contains("(40 iterations, burn-in 10") && !fixed.out().contains("extended"), fixed.out());
    }

    @Test
    void configChangesEndWithTheLauncher(@TempDir Path dir) throws Exception {
        // with the kept storage a change made in one start was read by every later start that got the cache
        java.util.Map<String, String> env = java.util.Map.of("PLATE_CACHE", dir.toString());
        Result set = plateWith(null, env, "-c", "plate:config seed=7 chains=3", "-c", "plate:config");
        assertEquals(0, set.status(), set.err());
        assertTrue(set.out().contains("seed = 7") && set.out().contains("chains = 3"), set.out());
        Result next = plateWith(null, env, "-c", "plate:config");
        assertEquals(0, next.status(), next.err());
        assertTrue(next.out().contains("seed = 1") && next.out().contains("chains = 4"), next.out());
    }

    @Test
    void coreAndShellFeaturesRunCommands() throws Exception {
        Result r = plate("--features", "plate-core,plate-shell", "-c", "plate:version");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("Plate "), r.out());
        // plate-core comes with any feature, as a Karaf feature's dependencies do
        Result shellOnly = plate("--features", "plate-shell", "-c", "plate:version");
        assertEquals(0, shellOnly.status(), shellOnly.err());
    }

    /**
     * A command of a feature left out says which features --features left out, and of a stopped bundle which
     * bundle is stopped ("(none installed)" said nothing of where mixture.gaussian went); a selection without the shell fails at once, in one line
     * (it waited 10 s and printed "IllegalStateException: the Gogo command processor did not start", and
     * the interactive shell showed an empty screen that Ctrl-C did not end).
     */
    @Test
    void leftOutFeaturesAreNamed() throws Exception {
        Result r = plate("--features", "plate-core,plate-shell", "-c", "plate:import " + iris() + " --name iris",
                "-c", "plate:cluster mixture.gaussian iris k=3");
        assertEquals(1, r.status(), r.err());
        // only the feature that brings samplers (plate-classifier holds none)
        assertTrue(r.err().contains("no mixture sampler named 'mixture.gaussian' (none installed; --features left out"
                + " plate-samplers)"), r.err());
        Result listing = plate("--features", "plate-core,plate-classifier,plate-shell", "-c", "plate:samplers");
        assertEquals(0, listing.status(), listing.err());
        assertEquals("none installed; --features left out plate-samplers", listing.out().strip());
        // plate:params says it as plate:train does (it said only "see plate:learners and plate:samplers"); nb.sparse
        // comes with the sparse samplers
        Result params = plate("--features", "plate-core,plate-classifier,plate-shell", "-c", "plate:params nb.sparse");
        assertEquals(1, params.status(), params.err());
        assertTrue(params.err().matches("(?s).*no learner or sampler named 'nb\\.sparse'[^;\n]*; installed: [^\n]*nb\\.categorical"
                + "[^\n]*; --features left out plate-samplers\\s*"), params.err());
        // a stopped bundle is named, with the command that starts it
        Result stopped = plate("-c", "stop io.plate.sampler.sparse", "-c", "plate:import " + iris() + " --name iris",
                "-c", "plate:sample sparse.collapsed iris");
        assertEquals(1, stopped.status(), stopped.err());
        assertTrue(stopped.err().matches("(?s).*no sampler named 'sparse.collapsed'; installed: mixture\\.[^\n]*; "
                + "stopped: io\\.plate\\.sampler\\.sparse \\(bundle \\d+\\); 'start ID' starts one\\s*"), stopped.err());
        long t0 = System.nanoTime();
        Result noShell = plate("--features", "plate-classifier", "-c", "plate:version");
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertEquals(2, noShell.status(), noShell.err());
        assertEquals("plate: --features plate-classifier leaves out plate-shell, which runs the commands; add it:"
                + " --features plate-classifier,plate-shell", noShell.err().strip());
        assertTrue(seconds < 5, "refused after " + seconds + " s");
    }

    /**
     * Without a console no process is started for the terminal's capabilities: JLine ran {@code infocmp -x dumb}
     * at every start whose programs need Gogo's own commands. An {@code infocmp} first on the PATH that leaves a
     * mark stands for the real one.
     */
    @Test
    void noInfocmpProcessWithoutAConsole(@TempDir Path dir) throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path mark = dir.resolve("infocmp-ran");
        Path fake = Files.writeString(bin.resolve("infocmp"), "#!/bin/sh\necho \"$@\" >> '" + mark + "'\nexit 1\n");
        assertTrue(fake.toFile().setExecutable(true));
        Result r = plateWith(null, java.util.Map.of("PATH", bin + ":" + System.getenv("PATH")), "-c", "echo hi",
                "-c", "plate:version");
        assertEquals(0, r.status(), r.err());
        assertEquals("hi", r.out().lines().findFirst().orElse(""), r.out());
        assertFalse(Files.exists(mark), () -> "infocmp ran: " + read(mark));
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            return e.toString();
        }
    }

    /**
     * {@code exit} ends a script, -c or piped commands as it ends the interactive shell, with its status if
     * given ("command not found: exit" and status 1 before).
     */
    @Test
    void exitEndsAScript(@TempDir Path dir) throws Exception {
        Path script = Files.writeString(dir.resolve("s.gosh"), "plate:version\nexit\nplate:nosuch\n");
        Result r = plate(script.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("Plate ") && r.err().isEmpty(), r.out() + r.err());
        assertEquals(3, plate("-c", "plate:version", "-c", "exit 3").status());
        Result piped = plateWith("plate:version\nexit 0\nplate:nosuch\n", java.util.Map.of());
        assertEquals(0, piped.status(), piped.err());
        // a status outside 0-255 is refused by the rule the interactive shell's exit follows ("command not found")
        Result bad = plate("-c", "exit 300");
        assertEquals(1, bad.status());
        assertEquals("plate: exit: the status is one whole number from 0 to 255, not '300'", bad.err().strip());
    }

    /** --version prints what plate:version prints and exits 0, as java, mvn and git do (it was refused, status 2). */
    @Test
    void versionOptionPrintsThePlateVersion() throws Exception {
        Result version = plate("--version");
        assertEquals(0, version.status(), version.err());
        assertEquals(plate("-c", "plate:version").out(), version.out());
        assertTrue(version.out().startsWith("Plate " + System.getProperty("plate.version") + " on "), version.out());
        assertTrue(plate("--help").out().contains("--version"));
    }

    /** An open quote or bracket is a syntax error in words (it printed "EOFException: unexpected EOT …"). */
    @Test
    void anUnclosedQuoteOrBracketIsASyntaxError() throws Exception {
        Result bracket = plate("-c", "(plate:version");
        assertEquals(1, bracket.status());
        assertEquals("plate: syntax error: the command ended early, looking for ')'", bracket.err().strip());
        Result quote = plate("-c", "plate:import \"iris.csv");
        assertEquals(1, quote.status());
        assertEquals("plate: syntax error: the command ended early, looking for matching quote: \"", quote.err().strip());
    }

    @Test
    void unknownOptionAnswersWithUsageAndNearestName() throws Exception {
        Result r = plate("-c", "plate:import " + iris() + " --lable class");
        assertEquals(1, r.status());
        assertTrue(r.err().contains("unknown option '--lable' (did you mean --label?)"), r.err());
        assertTrue(r.err().contains("usage: plate:import [options] FILE"), r.err());
        assertTrue(!r.err().contains("Cannot coerce") && !r.err().contains("_import"), r.err());
        Result bogus = plate("-c", "plate:import " + iris() + " --bogus-flag");
        assertTrue(bogus.err().contains("unknown option '--bogus-flag'") && bogus.err().contains("usage: plate:import"),
                bogus.err());
    }

    /** {@code --k 3} where k is a parameter of the sampler: the answer is {@code k=3}, not "did you mean -i?". */
    @Test
    void anOptionThatIsASamplerParameterIsAnsweredWithNameEqualsValue() throws Exception {
        Result r = plate("-c", "plate:import " + iris() + " --name iris", "-c", "plate:cluster mixture.gaussian iris --k 3");
        assertEquals(1, r.status());
        assertTrue(r.err().contains("plate:cluster: parameters are NAME=VALUE: k=3"), r.err());
        assertTrue(!r.err().contains("did you mean"), r.err());
        Result learner = plate("-c", "plate:import " + iris() + " --name iris",
                "-c", "plate:train nb.gaussian iris --var_smoothing=1e-8");
        assertTrue(learner.err().contains("plate:train: parameters are NAME=VALUE: var_smoothing=1e-8"), learner.err());
    }

    @Test
    void aClassifierOnANumericTargetSaysHowToGoOn() throws Exception {
        String pima = ItData.file("pima-indians-diabetes/pima-indians-diabetes.csv");
        Result r = plate("-c", "plate:import " + pima + " --name pima; plate:evaluate nb.gaussian pima");
        assertEquals(1, r.status(), r.err());
        assertTrue(r.err().contains("nb.gaussian is a classifier and 'pima' has a numeric target 'class' with 2 values "
                + "(0, 1): import the file again with --categorical class"), r.err());
        assertTrue(!r.err().contains("ImportOptions") && !r.err().contains("fold"), r.err());
    }

    @Test
    void importSaysWhatReadsAFileAndRefusesOptionsItsFormatDoesNotRead(@TempDir Path dir) throws Exception {
        // UCI's iris.data: the extension tells nothing, the first lines tell the options (before: only 'give --format')
        Path data = Files.writeString(dir.resolve("iris.data"),
                "5.1,3.5,1.4,0.2,Iris-setosa\n4.9,3.0,1.4,0.2,Iris-setosa\n7.0,3.2,4.7,1.4,Iris-versicolor\n");
        Result unknown = plate("-c", "plate:import " + data);
        assertEquals(1, unknown.status());
        assertTrue(unknown.err().contains("cannot tell the format of 'iris.data' from its extension; by its first lines,"
                + " give --format csv --no-header"), unknown.err());
        Result read = plate("-c", "plate:import " + data + " --format csv --no-header");
        assertEquals(0, read.status(), read.err());
        // ".data" is no importer's extension, so it stays in the name (as LIBSVM's a9a.t does)
        assertTrue(read.out().contains("iris.data: 3 rows, 4 features (4 numeric), 2 classes in 'V5'"), read.out());
        // an option the format does not read is refused in one line, naming it and what to give (before: ignored)
        Path svm = Files.writeString(dir.resolve("int.svm"), "0 0:5 1:4\n1 0:6 1:3\n");
        for (String option : List.of("--categorical all", "--numeric foo")) {
            Result r = plate("-c", "plate:import " + svm + " " + option);
            assertEquals(1, r.status(), r.out());
            assertTrue(r.err().contains(option + " does not apply to LibSVM files") && r.err().contains("--values numeric"),
                    r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), r.err());
        }
        Path texts = Files.writeString(dir.resolve("texts.csv"), "text,target\nhello world,a\ngood day,b\n");
        Result both = plate("-c", "plate:import " + texts + " --format text --delimiter , --label target --no-label");
        assertEquals(1, both.status(), both.out());
        assertTrue(both.err().contains("both --label target and --no-label given"), both.err());
        // a column that numbers the rows is reported with the option that leaves it out, and --ignore does
        StringBuilder ids = new StringBuilder("id,x,y\n");
        for (int i = 1; i <= 30; i++) {
            ids.append(i).append(',').append(i % 7).append(',').append(i <= 15 ? "a" : "b").append('\n');
        }
        Path idCsv = Files.writeString(dir.resolve("ids.csv"), ids);
        Result warned = plate("-c", "plate:import " + idCsv);
        assertEquals(0, warned.status(), warned.err());
        assertTrue(warned.out().contains("warning: column 'id' numbers the rows 1..30 in order: an identifier")
                && warned.out().contains("--ignore id"), warned.out());
        Result ignored = plate("-c", "plate:import " + idCsv + " --ignore id");
        assertEquals(0, ignored.status(), ignored.err());
        assertTrue(ignored.out().contains("ids: 30 rows, 1 feature ") && !ignored.out().contains("warning"), ignored.out());
    }

    /**
     * df.to_csv('reviews.csv') of a review and a sentiment column, as pandas writes it: its row index first with an
     * empty name, texts with commas, quotes or line breaks quoted. Read as text, it is told the label column to name;
     * read as CSV, its review column (a text a row) is reported with the options that read its words.
     */
    @Test
    void aPandasFileOfReviewsIsToldHowToReadItsTextAndItsLabel(@TempDir Path dir) throws Exception {
        StringBuilder csv = new StringBuilder(",review,sentiment\n");
        for (int i = 0; i < 60; i++) {
            csv.append(i).append(i % 2 == 0 ? ",\"Review " + i + ": great, \"\"really\"\" good\nwould buy again\",pos\n"
                    : ",\"Review " + i + ": broke after a day, never again\",neg\n");
        }
        Path reviews = Files.writeString(dir.resolve("reviews.csv"), csv);
        String asText = "plate:import " + reviews + " --format text --delimiter , --text-column review";
        Result noLabel = plate("-c", asText);
        assertEquals(1, noLabel.status(), noLabel.out());
        assertTrue(noLabel.err().contains("no label column 'label' in the header [, review, sentiment]: give --label sentiment"),
                noLabel.err());
        assertEquals(1, noLabel.err().strip().lines().count(), noLabel.err());
        Result text = plate("-c", asText + " --label sentiment");
        assertEquals(0, text.status(), text.err());
        assertTrue(text.out().contains("reviews: 60 rows, ") && text.out().contains("2 classes in 'sentiment' (neg 30, pos 30)"),
                text.out());
        Result table = plate("-c", "plate:import " + reviews);
        assertEquals(0, table.status(), table.err());
        String said = table.out().replaceAll("\\s+", " ");
        assertTrue(said.contains("warning: column 'review' became one categorical feature with 60 levels in 60 rows, nearly one"
                + " per row: if it is free text, import its words with --format text --text-column review --delimiter ,"
                + " --label sentiment")
                && said.contains("--ignore review"), said);
    }

    /** scikit-learn writes 0-based files; a test file whose feature 0 is zero in every row reads 1-based alone. */
    @Test
    void libsvmFilesReadWithDifferentBasesAreWarnedAbout(@TempDir Path dir) throws Exception {
        Path train = Files.writeString(dir.resolve("tr.svm"), "1 0:1 2:3\n0 1:2 3:1\n1 0:2 1:1\n");
        Path test = Files.writeString(dir.resolve("te.svm"), "1 2:3\n0 1:2 3:1\n");
        Result r = plate("-c", "plate:import " + train + "; plate:import " + test);
        assertEquals(0, r.status(), r.err());
        String said = (r.out() + r.err()).replaceAll("\\s+", " ");
        assertTrue(said.contains("warning: 'te' was read 1-based (no index 0 in it) and 'tr' 0-based, so their feature"
                + " columns are shifted by one against each other: if they were written together") && said.contains("import 'te' again with --zero-based true"),
                said);
        Result same = plate("-c", "plate:import " + train + "; plate:import " + test + " --zero-based true");
        assertTrue(!(same.out() + same.err()).contains("shifted"), same.out() + same.err());
    }

    @Test
    void missingAndExtraArgumentsAnswerWithUsage() throws Exception {
        Result missing = plate("-c", "plate:train nb.gaussian");
        assertEquals(1, missing.status());
        assertTrue(missing.err().contains("plate:train: missing DATASET"), missing.err());
        assertTrue(missing.err().contains("usage: plate:train [--seed SEED] [--name NAME] LEARNER DATASET [PARAMS...]"),
                missing.err());
        Result extra = plate("-c", "plate:learners extra");
        assertEquals(1, extra.status());
        assertTrue(extra.err().contains("plate:learners: unexpected argument 'extra'"), extra.err());
        assertTrue(!extra.err().contains("Cannot coerce"), extra.err());
        Result noValue = plate("-c", "plate:split --test");
        assertTrue(noValue.err().contains("option --test needs a value"), noValue.err());
    }

    /**
     * {@code help start} (and stop, update, refresh, with or without {@code felix:}) describes the commands Plate puts in
     * place of Gogo's, and {@code help} lists them: Gogo's help knows a command by its service's methods, which Plate's
     * replacement lacks, so it answered "no command start" or "no command update" (depending on the services' order),
     * and described {@code stop -t}, which the replacement refuses.
     */
    @Test
    void helpDescribesAndListsTheFrameworkCommandsPlateReplaces() throws Exception {
        for (String fn : List.of("start", "stop", "update", "refresh", "install", "uninstall")) {
            for (String name : List.of(fn, "felix:" + fn)) {
                Result r = plate("-c", "help " + name);
                assertEquals(0, r.status(), name + ": " + r.err());
                assertTrue(r.out().startsWith("felix:" + fn + " - ") && r.out().contains("usage: felix:" + fn), r.out());
                assertTrue(!r.out().contains("--transient"), r.out());
            }
        }
        Result all = plate("-c", "help");
        String others = all.out().substring(all.out().indexOf("Other commands:"));
        for (String fn : List.of("start", "stop", "update", "refresh", "install", "uninstall")) {
            assertEquals(1, others.lines().filter(("felix:" + fn)::equals).count(), others);
        }
        assertTrue(others.contains("felix:lb\n"), others);
    }

    /**
     * install and uninstall answer a jar or bundle they cannot use in one line, without a Java class name: Gogo's said
     * {@code java.io.FileNotFoundException: /…/nosuch.jar (No such file or directory)}, {@code java.util.zip.ZipException:
     * zip END header not found} and {@code java.lang.IllegalArgumentException: Cannot coerce uninstall(Token) to any of
     * [(Bundle[])]}.
     */
    @Test
    void installAndUninstallAnswerInOneLineWithoutAClassName(@TempDir Path dir) throws Exception {
        Path csv = Files.writeString(dir.resolve("p.csv"), "a,b\n1,2\n");
        Map<String, String> expected = Map.of(
                "install " + dir.resolve("nosuch.jar"), "plate: install: cannot install " + dir.resolve("nosuch.jar") + ": no such file",
                "install " + csv, "plate: install: cannot install " + csv + ": zip END header not found",
                "uninstall 999", "plate: uninstall: no bundle 999 ('lb' lists the bundles and their ids)",
                "uninstall", "plate: uninstall: no bundle given ('lb' lists the bundles and their ids)");
        for (Map.Entry<String, String> e : expected.entrySet()) {
            Result r = plate("-c", e.getKey());
            assertEquals(1, r.status(), e.getKey() + ": " + r.err());
            assertEquals(e.getValue(), r.err().strip(), e.getKey());
        }
    }

    /**
     * Gogo's file commands fail, in one line naming the file, where they printed {@code cat:
     * java.io.FileNotFoundException: /x (No such file or directory)} and exited 0 (Felix's {@code ls}: {@code
     * IOException: File does not exist}); a word with * gives them its files one by one (Gogo had given {@code
     * ["a.csv" "b.csv"]} as one name); {@code help cat} prints cat's own usage (it said "no command cat").
     */
    @Test
    void gogosFileCommandsFailInOneLineNamingTheFileAndTakeTheFilesOfAPattern(@TempDir Path dir) throws Exception {
        Path missing = dir.resolve("nosuch.csv");
        for (String call : List.of("cat", "head", "tail", "tail -n 2", "wc -l", "grep a", "sort", "gogo:ls")) {
            String fn = call.replaceFirst("^gogo:", "").split(" ")[0];
            Result r = plateIn(dir, null, Map.of(), "-c", call + " " + missing);
            assertEquals(1, r.status(), call + ": " + r.out() + r.err());
            assertEquals("plate: " + fn + ": " + missing + (fn.equals("ls") ? ": no such file or folder" : ": file not found"),
                    r.err().strip(), call);
        }
        Result cd = plateIn(dir, null, Map.of(), "-c", "cd nosuch; echo after");
        assertEquals(1, cd.status(), cd.err());
        assertTrue(cd.err().strip().matches("plate: cd: .*nosuch: file not found") && !cd.out().contains("after"), cd.err());
        Result ls = plateIn(dir, null, Map.of(), "-c", "ls nosuch");
        assertEquals("plate: ls: nosuch: no such file or folder", ls.err().strip());
        Files.writeString(dir.resolve("a.csv"), "x\n1\n");
        Files.writeString(dir.resolve("b.csv"), "x\n2\n3\n");
        Result wc = plateIn(dir, null, Map.of(), "-c", "wc -l *.csv");
        assertEquals(0, wc.status(), wc.err());
        assertTrue(wc.out().lines().anyMatch(l -> l.matches("\\s*2\\s+a\\.csv"))
                && wc.out().lines().anyMatch(l -> l.matches("\\s*3\\s+b\\.csv")), wc.out());
        Result cat = plateIn(dir, null, Map.of(), "-c", "cat *.csv | grep -v x");
        assertEquals(List.of("1", "2", "3"), cat.out().lines().map(String::strip).toList(), cat.err());
        Result felixLs = plateIn(dir, null, Map.of(), "-c", "ls *.csv");
        assertEquals(0, felixLs.status(), felixLs.err());
        assertTrue(felixLs.out().contains("a.csv") && felixLs.out().contains("b.csv"), felixLs.out());
        Result help = plate("-c", "help cat");
        assertEquals(0, help.status(), help.err());
        assertTrue((help.out() + help.err()).contains("Usage: cat"), help.out() + help.err());
        Result usage = plate("-c", "grep -z a");
        assertEquals("plate: grep: invalid option 'z'", usage.err().strip());
        // less, nano, watch … need a terminal, which -c has not: they threw a NullPointerException and exited 0
        Result less = plateIn(dir, null, Map.of(), "-c", "less a.csv");
        assertEquals(1, less.status(), less.err());
        assertEquals("plate: less: needs a terminal: run it in the interactive shell (java -jar plate.jar with no -c or"
                + " script); cat prints a file here", less.err().strip());
    }

    @Test
    void helpNamesCommandsAsTypedAndFailsOnUnknownOnes() throws Exception {
        Result r = plate("-c", "help plate:import");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("plate:import - "), r.out());
        assertTrue(r.out().contains("--label") && !r.out().contains("_import"), r.out());
        Result nosuch = plate("-c", "help plate:nosuch");
        assertEquals(1, nosuch.status());
        assertTrue(nosuch.err().contains("no command plate:nosuch"), nosuch.err());
        // the commands the shell profile calls for itself are not offered to users
        assertTrue(nosuch.err().contains("plate:cluster") && nosuch.err().contains("plate:version"), nosuch.err());
        for (String internal : List.of("plate:banner", "plate:completions", "plate:names")) {
            assertTrue(!nosuch.err().contains(internal), nosuch.err());
        }
        Result typo = plate("-c", "plate:banne");
        assertTrue(typo.err().contains("command not found: plate:banne; 'help' lists the commands"), typo.err());
        Result gogo = plate("-c", "help lb");
        assertEquals(0, gogo.status(), gogo.err());
        assertTrue(gogo.out().contains("lb"), gogo.out());
        // help alone lists Plate's commands (Gogo's list had none of them) and then Gogo's
        Result all = plate("-c", "help");
        assertEquals(0, all.status(), all.err());
        assertTrue(all.out().startsWith("Plate's commands ('help plate:NAME' explains one):"), all.out());
        assertTrue(all.out().lines().anyMatch(l -> l.matches("plate:cluster +cluster a dataset with a mixture sampler")),
                all.out());
        assertTrue(all.out().contains("plate:import ") && all.out().contains("plate:train "), all.out());
        assertTrue(all.out().indexOf("felix:lb") > all.out().indexOf("Other commands:"), all.out());
        assertTrue(!all.out().contains("plate:banner ") && !all.out().contains("plate:names "), all.out());
    }

    /**
     * {@code plate:X --help} (or {@code -h}, anywhere among the words) prints what {@code help plate:X} prints and
     * succeeds; it was refused as an unknown option, though every usage error points to the command's help.
     */
    @Test
    void helpOptionPrintsTheCommandsHelp() throws Exception {
        Result help = plate("-c", "help plate:cluster");
        assertEquals(0, help.status(), help.err());
        assertTrue(help.out().startsWith("plate:cluster - ") && help.out().contains("--chains"), help.out());
        for (String call : List.of("plate:cluster --help", "plate:cluster -h", "plate:cluster mixture.gaussian nosuch --help")) {
            Result r = plate("-c", call);
            assertEquals(0, r.status(), call + ": " + r.err());
            assertEquals("", r.err(), call);
            assertEquals(help.out().strip(), r.out().strip(), call);
        }
        // the value of an option is no request for help
        Result value = plate("-c", "plate:split --test --help");
        assertEquals(1, value.status(), value.out());
        assertTrue(value.err().contains("plate:split"), value.err());
    }

    /**
     * Paths as users type them: a leading ~ is the home folder ($HOME) for reading and writing (Gogo left it,
     * and ./~/ was made); a relative name is named as given, under output.folder when set, on success and on
     * failure alike.
     */
    @Test
    void pathsExpandTheHomeFolderAndAreNamedUnderTheOutputFolder(@TempDir Path dir) throws Exception {
        Path home = Files.createDirectories(dir.resolve("home"));
        Path work = Files.createDirectories(dir.resolve("work"));
        java.util.Map<String, String> env = java.util.Map.of("HOME", home.toString());
        String train = "plate:import " + iris() + " --name iris; plate:train nb.gaussian iris --name m";
        Result r = plateIn(work, null, env, "-c", train, "-c", "plate:save m ~/tilde-model.json",
                "-c", "plate:load ~/tilde-model.json --name back", "-c", "plate:config output.folder=out2",
                "-c", "plate:predict m iris --out ~/tilde.csv", "-c", "plate:save m runs/quick/m.json",
                "-c", "plate:import ~/tilde.csv --name p");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("saved model 'm' (nb.gaussian) to " + home.resolve("tilde-model.json") + " ("), r.out());
        assertTrue(r.out().contains("written to " + home.resolve("tilde.csv")), r.out());
        assertTrue(r.out().contains("saved model 'm' (nb.gaussian) to out2/runs/quick/m.json ("), r.out());
        assertTrue(r.out().contains("p: 150 rows"), r.out());
        assertTrue(Files.isRegularFile(home.resolve("tilde-model.json")) && Files.isRegularFile(home.resolve("tilde.csv")));
        assertTrue(Files.isRegularFile(work.resolve("out2/runs/quick/m.json")));
        assertTrue(!Files.exists(work.resolve("~")) && !Files.exists(work.resolve("out2/~")), "no folder named ~");
        Result plain = plateIn(work, null, env, "-c", train, "-c", "plate:predict m iris --out runs/p.csv");
        assertTrue(plain.out().contains("written to runs/p.csv"), "as given, no ./ before it: " + plain.out());

        // ro is a file, so nothing can be written under ro/sub: the failure names ro/sub/…, as a success would
        Files.writeString(work.resolve("ro"), "a file");
        for (String[] command : new String[][] {
                {"plate:save m m.json", "plate: cannot save model 'm' to ro/sub/m.json: not a folder: ro is a file"},
                {"plate:predict m iris --out p.csv", "plate: cannot write predictions to ro/sub/p.csv: not a folder: ro is a file"},
                {"plate:cluster mixture.gaussian iris --iterations 20 --chains 1 --out run",
                        "plate: cannot write the run directory ro/sub/run: not a folder: ro is a file"}}) {
            Result f = plateIn(work, null, env, "-c", train, "-c", "plate:config output.folder=ro/sub", "-c", command[0]);
            assertEquals(1, f.status(), f.out());
            assertEquals(command[1], f.err().strip());
        }
    }

    /**
     * Each plate.jar -c is a new process: a run written with --out by one is traced and plotted by the next from
     * its folder, with the diagnostics table the run printed; plot clusters asks for the run's dataset; a name that
     * is neither a kept run nor a folder, and a malformed trace.csv, are one line each.
     */
    @Test
    void aRunDirectoryWrittenByOneProcessIsTracedAndPlottedByTheNext(@TempDir Path work) throws Exception {
        java.util.Map<String, String> env = java.util.Map.of();
        Result run = plateIn(work, null, env, "-c", "plate:import " + Path.of(iris()).toAbsolutePath() + " --name iris;"
                + " plate:cluster mixture.gaussian iris k=3 --iterations 600 --chains 2 --seed 1 --out run1");
        assertEquals(0, run.status(), run.err());
        int start = run.out().indexOf("mixture.gaussian on iris: 2 chains × 300 kept draws");
        assertTrue(start >= 0, run.out());
        String table = run.out().substring(start, run.out().indexOf("\n\n", start));
        assertTrue(table.contains("R-hat") && table.contains("logJoint"), table);

        Result trace = plateIn(work, null, env, "-c", "plate:trace run1 --plot tr.svg");
        assertEquals(0, trace.status(), trace.err());
        assertTrue(trace.out().startsWith("run 'run1': " + table + "\n\n"), "the table the run printed:\n" + table
                + "\nplate:trace printed:\n" + trace.out());
        assertTrue(trace.out().contains("trace plot written to tr.svg"), trace.out());
        Result plot = plateIn(work, null, env, "-c", "plate:plot trace run1 --out x.svg");
        assertEquals(0, plot.status(), plot.err());
        assertTrue(plot.out().contains("trace plot written to x.svg"), plot.out());
        assertTrue(Files.size(work.resolve("x.svg")) > 1000 && Files.size(work.resolve("tr.svg")) > 1000);

        Result noData = plateIn(work, null, env, "-c", "plate:plot clusters run1 --out c.png");
        assertEquals(1, noData.status(), noData.out());
        assertEquals("plate:plot clusters needs the dataset 'iris' the run clustered: import it first"
                + " (plate:import FILE --name iris)", noData.err().strip());
        Result clusters = plateIn(work, null, env, "-c", "plate:import " + Path.of(iris()).toAbsolutePath()
                + " --name iris", "-c", "plate:plot clusters run1 --out c.png");
        assertEquals(0, clusters.status(), clusters.err());
        assertTrue(Files.size(work.resolve("c.png")) > 1000);
        // no numeric column to draw: the clusters are described in the given run directory's clusters.csv
        Result levels = plateIn(work, null, env, "-c", "plate:import " + Path.of(iris()).toAbsolutePath()
                + " --name iris --categorical all", "-c", "plate:plot clusters run1 --out c2.png");
        assertEquals(1, levels.status(), levels.out());
        assertEquals("plate:plot clusters draws numeric columns, and dataset 'iris' has none: the clusters' most probable"
                + " levels or words are in " + Path.of("run1", "clusters.csv"), levels.err().strip());

        Result none = plateIn(work, null, env, "-c", "plate:trace run2");
        assertEquals(1, none.status());
        assertEquals("plate: no run named 'run2' (none kept in this session) and no folder 'run2': give a kept run or a"
                + " run directory written with --out", none.err().strip());
        Path traceCsv = work.resolve("run1/trace.csv");
        List<String> lines = new ArrayList<>(Files.readAllLines(traceCsv));
        lines.set(4, lines.get(4).replaceFirst(",[^,]+$", ",x"));
        Files.write(traceCsv, lines);
        Result bad = plateIn(work, null, env, "-c", "plate:trace run1");
        assertEquals(1, bad.status());
        assertEquals("plate: run1/trace.csv, line 5, column entropy: 'x' is not a number", bad.err().strip());
    }

    /** plate:plot confusion reads an evaluation JSON file where plate:evaluate wrote it, as plate:load reads a model. */
    /**
     * A clustering run written with --out assigns new rows in a later process as the run kept in the shell did: the
     * directory keeps its draws' partitions, and the later process needs the run's dataset loaded under its name
     * (before, plate:predict refused any folder).
     */
    @Test
    void aRunDirectoryAssignsNewRowsInTheNextProcessAsTheKeptRunDid(@TempDir Path work) throws Exception {
        Map<String, String> env = Map.of();
        Files.writeString(work.resolve("new.csv"), "sepal_length_cm,sepal_width_cm,petal_length_cm,petal_width_cm\n"
                + "5.0,3.4,1.5,0.2\n6.0,2.8,4.6,1.5\n7.0,3.0,6.0,2.2\n");
        String iris = "plate:import " + Path.of(iris()).toAbsolutePath() + " --name iris";
        Result kept = plateIn(work, null, env, "-c", iris, "-c", "plate:cluster mixture.gaussian iris k=3 --iterations 300"
                + " --chains 2 --seed 1 --out run1", "-c", "plate:import new.csv --no-label --name new", "-c",
                "plate:predict iris.mixture.gaussian new");
        assertEquals(0, kept.status(), kept.err());
        assertTrue(Files.isRegularFile(work.resolve("run1/partitions.csv")));
        Result later = plateIn(work, null, env, "-c", iris, "-c", "plate:import new.csv --no-label --name new", "-c",
                "plate:predict run1 new");
        assertEquals(0, later.status(), later.err());
        String table = later.out().substring(later.out().indexOf("predicted: "));
        assertTrue(table.lines().count() >= 5 && kept.out().endsWith(table), "the kept run's:\n" + kept.out()
                + "\nthe directory's:\n" + later.out());
        assertTrue(later.out().contains("run1 on new: 3 rows, clusters from 200 stored draws"), later.out());
        Result noData = plateIn(work, null, env, "-c", "plate:import new.csv --no-label --name new", "-c",
                "plate:predict run1 new");
        assertEquals(1, noData.status(), noData.out());
        assertEquals("plate:predict run1 needs the dataset 'iris' the run clustered: import it first (plate:import"
                + " FILE --name iris)", noData.err().strip());
        Result other = plateIn(work, null, env, "-c", "plate:import new.csv --no-label --name iris", "-c",
                "plate:predict run1 iris");
        assertEquals(1, other.status(), other.out());
        assertEquals("plate: dataset 'iris' is not the data the run was sampled on ('iris'): it has 3 rows, the run 150;"
                + " import the run's data as it was imported then", other.err().strip());
    }

    @Test
    void plotConfusionFindsTheEvaluationUnderTheOutputFolder(@TempDir Path dir) throws Exception {
        Path of = dir.resolve("of");
        Result r = plate("-c", "plate:import " + iris() + " --name iris", "-c", "plate:config output.folder=" + of,
                "-c", "plate:evaluate nb.gaussian iris --out e.json", "-c", "plate:plot confusion e.json --out c.png");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("written to " + of.resolve("e.json")), r.out());
        assertTrue(r.out().contains("confusion plot written to " + of.resolve("c.png")), r.out());
        assertTrue(Files.size(of.resolve("c.png")) > 1000);
        Result missing = plate("-c", "plate:plot confusion nosuch.json --out " + dir.resolve("c.png"));
        assertEquals(1, missing.status());
        assertEquals("plate: file not found: nosuch.json", missing.err().strip());
    }

    /**
     * SVG plots are tens of kilobytes, not megabytes: the new user's iris trace (2 chains, 600 drawn points
     * each, 3 summaries) was 1.24 MB of 3,792 {@code <line>} elements, one a segment, and the cluster plot
     * 216 KB. Through the launcher, whose framework supplies the XML parser the plot bundle rewrites them with.
     */
    @Test
    void svgPlotsAreTensOfKilobytes(@TempDir Path dir) throws Exception {
        Path trace = dir.resolve("tr.svg");
        Path clusters = dir.resolve("cl.svg");
        Result r = plate("-c", "plate:import " + iris() + " --name iris; plate:cluster mixture.gaussian iris k=3 "
                + "--iterations 4000 --chains 2 --seed 1 --name r; plate:trace r --plot " + trace
                + "; plate:plot clusters r --out " + clusters);
        assertEquals(0, r.status(), r.err());
        assertTrue(Files.size(trace) < 200_000, Files.size(trace) + " bytes");
        assertTrue(Files.size(clusters) < 100_000, Files.size(clusters) + " bytes");
        for (Path svg : List.of(trace, clusters)) {
            javax.xml.parsers.DocumentBuilder b = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder();
            b.setEntityResolver((pub, sys) -> new org.xml.sax.InputSource(new java.io.StringReader("")));
            org.w3c.dom.Document doc = b.parse(svg.toFile()); // well-formed
            assertEquals("svg", doc.getDocumentElement().getNodeName());
            int lines = doc.getElementsByTagName("line").getLength();
            assertTrue(lines < 300, svg.getFileName() + ": " + lines + " <line> elements");
        }
    }

    /**
     * plate:explain on an nb.sparse model prints the log-odds table as for nb.categorical. Row 1 of votes
     * (a republican) has 16 votes, one of them '?': 3 shown, 12 summed, the missing one left out.
     */
    @Test
    void explainShowsTheLogOddsOfAnNbSparseModel() throws Exception {
        String votes = ItData.file("house-votes-84/house-votes-84.csv");
        Result r = plate("-c", "plate:import " + votes + " --name votes --categorical all; plate:train nb.sparse votes"
                + " --name sv; plate:explain sv votes --row 1 --top 3");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("row 1: predicted republican (p = ") && r.out().contains(", label republican"), r.out());
        assertTrue(r.out().contains("log P(republican|x) / P(democrat|x) = "), r.out());
        assertTrue(r.out().contains("term") && r.out().contains("prior") && r.out().contains("(12 more)"), r.out());
        assertTrue(!r.out().contains("synfuels-corporation-cutback"), r.out());
    }

    @Test
    void semicolonSeparatedCommandsPrintEachResult() throws Exception {
        Result r = plate("-c", "plate:version ; plate:datasets");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("Plate ") && r.out().contains("no datasets loaded"), r.out());
    }

    /** Gogo's grep colours its matches on the session's stream, piped or not; a pipe gets the plain text. */
    @Test
    void gogoCommandsWriteNoColourCodesIntoAPipe() throws Exception {
        Result r = plate("-c", "plate:learners | grep gauss");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("nb.gaussian "), r.out());
        assertTrue(!r.out().contains("\u001b"), r.out());
    }

    @Test
    void pipedCommandsRunAsAScript() throws Exception {
        Result r = plateWith("plate:version\nplate:bogus\nplate:version\n", java.util.Map.of());
        assertEquals(1, r.status(), r.out() + r.err());
        assertEquals(1, r.out().split("Plate 0", -1).length - 1, "ran until the failure:\n" + r.out());
        assertTrue(!r.out().contains("g!") && !r.out().contains("Try: plate:learners"), "no prompt, no banner:\n" + r.out());
        assertTrue(r.err().contains("stdin:2") && r.err().contains("plate:bogus"), r.err());
        assertTrue(!r.err().contains("WARNING") && !r.out().contains("\u001b") && !r.err().contains("\u001b"),
                r.out() + r.err());
        Result ok = plateWith("plate:version\n", java.util.Map.of());
        assertEquals(0, ok.status(), ok.err());
    }

    @Test
    void installedBundlesAreReusedFromTheUserCache(@TempDir Path dir) throws Exception {
        java.util.Map<String, String> env = java.util.Map.of("PLATE_CACHE", dir.toString());
        Result first = plateWith(null, env, "-c", "plate:version");
        assertEquals(0, first.status(), first.err());
        List<Path> kept;
        try (var s = Files.list(dir)) {
            kept = s.filter(p -> isStorageFolder(p)).toList();
        }
        assertEquals(1, kept.size(), "one storage folder: " + kept);
        // two starts at once: one uses the cache, the other a temporary folder; both work
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            var a = pool.submit(() -> plateWith(null, env, "-c", "plate:learners"));
            var b = pool.submit(() -> plateWith(null, env, "-c", "plate:learners"));
            for (var f : List.of(a, b)) {
                Result r = f.get();
                assertEquals(0, r.status(), r.err());
                assertTrue(r.out().contains("nb.multinomial"), r.out());
            }
        } finally {
            pool.shutdown();
        }
        try (var s = Files.list(dir)) {
            assertEquals(1, s.filter(p -> isStorageFolder(p)).count());
        }
        assertTrue(Files.isDirectory(kept.get(0)), "the storage folder is kept for the next start");
        // beside it, the bundles it holds, so that the next start need not read the feature files; a list
        // that does not match the storage makes the start read them after all
        Path list = Path.of(kept.get(0) + ".bundles");
        assertTrue(Files.readString(list).contains("bundles/io.plate.shell-"), list.toString());
        Files.writeString(list, "bundles/no-such-bundle.jar\n");
        Result wrong = plateWith(null, env, "-c", "plate:learners");
        assertEquals(0, wrong.status(), wrong.err());
        assertTrue(wrong.out().contains("nb.multinomial"), wrong.out());
        assertTrue(Files.readString(list).contains("bundles/io.plate.shell-"), "written anew: " + Files.readString(list));
        // the storage was made anew, not refilled: the bundles have the ids 1, 2, … the docs use (they got 28–54);
        // an uninstall lasts in the kept storage, and the next start again begins with an empty one
        Result listed = plateWith(null, env, "-c", "lb");
        List<Integer> ids = bundleIds(listed.out());
        assertEquals(java.util.stream.IntStream.rangeClosed(1, ids.size()).boxed().toList(), ids, listed.out());
        Result gone = plateWith(null, env, "-c", "uninstall " + ids.size());
        assertEquals(0, gone.status(), gone.err());
        Result again = plateWith(null, env, "-c", "lb");
        assertEquals(ids, bundleIds(again.out()), again.out());
    }

    /** The ids of the bundles {@code lb} lists, the system bundle's (0) left out. */
    private static List<Integer> bundleIds(String lb) {
        return lb.lines().map(l -> l.split("\\|", 2)[0].strip()).filter(id -> id.matches("\\d+"))
                .map(Integer::valueOf).filter(id -> id > 0).toList();
    }

    @Test
    void aStartRemovesTheCacheOfAPlateJarThatIsGone(@TempDir Path dir) throws Exception {
        java.util.Map<String, String> env = java.util.Map.of("PLATE_CACHE", dir.toString());
        Path orphan = Files.createDirectories(dir.resolve("storage-0bad-1-2/bundle1"));
        Files.writeString(dir.resolve("storage-0bad-1-2.origin"), dir.resolve("deleted-clone/plate.jar").toString());
        Files.writeString(dir.resolve("storage-0bad-1-2.bundles"), "bundles/io.plate.api-0.1.0.jar\n");
        Files.writeString(dir.resolve("cds-0bad-3.jsa"), "");
        Result r = plateWith(null, env, "-c", "plate:version");
        assertEquals(0, r.status(), r.err());
        List<Path> left;
        try (var s = Files.list(dir)) {
            left = s.toList();
        }
        assertTrue(left.stream().noneMatch(p -> p.getFileName().toString().contains("0bad")), left.toString());
        assertTrue(!Files.exists(orphan));
        List<Path> kept = left.stream().filter(p -> isStorageFolder(p)).toList();
        assertEquals(1, kept.size(), left.toString());
        // the folder of this start names the plate.jar it serves, for the pruning of a later start
        assertEquals(Path.of(System.getProperty("plate.jar")).toRealPath().toString(),
                Files.readString(Path.of(kept.get(0) + ".origin")));
    }

    /** A kept Felix storage folder (beside it: its lock, its bundle list and its Gogo home). */
    private static boolean isStorageFolder(Path p) {
        String name = p.getFileName().toString();
        return name.startsWith("storage-") && !name.endsWith(".gosh") && Files.isDirectory(p);
    }

    /**
     * Names keep letters of any script (they all became '__' and overwrote each other), Gogo reads them as plain
     * words in -c and in a script, and an import that replaces a dataset of the same name says so, as a training
     * that replaces a model does.
     */
    @Test
    void namesInAnyScriptAreKeptAndAReplacedDatasetIsNamed(@TempDir Path dir) throws Exception {
        Files.copy(Path.of(iris()), dir.resolve("日本.csv"));
        Files.copy(Path.of(iris()), dir.resolve("données été.csv"));
        java.util.Map<String, String> utf8 = java.util.Map.of("LC_ALL", "C.UTF-8"); // arguments decoded as UTF-8
        Result r = plateIn(dir, null, utf8, "-c", "plate:import 日本.csv", "-c", "plate:import 'données été.csv' --name données",
                "-c", "plate:train nb.gaussian données --name modèle", "-c", "plate:import 日本.csv", "-c", "plate:datasets",
                "-c", "plate:train nb.gaussian données --name modèle");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("日本: 150 rows") && r.out().contains("\ndonnées: 150 rows")
                && r.out().contains("kept as model 'modèle'"), r.out());
        assertTrue(r.out().contains("warning: '日本' replaces the dataset of that name kept before (150 rows from 日本.csv):"
                + " to keep both, import with --name NAME\n日本: 150 rows"), r.out());
        assertTrue(r.out().contains("\ndonnées  ") && r.out().contains("\n日本     "), r.out()); // two datasets, aligned
        // a model kept under a name in use says so in the import's words
        assertTrue(r.out().contains("\nwarning: 'modèle' replaces the model of that name kept before (nb.gaussian): to keep"
                + " both, train with --name NAME\n"), r.out());
        Path script = dir.resolve("names.gosh");
        Files.writeString(script, "plate:import 'données été.csv'\nplate:train nb.gaussian données_été --name m\n"
                + "plate:import 日本.csv --name 日本.2\nplate:explain m 日本.2 --row 1\n", StandardCharsets.UTF_8);
        Result s = plateIn(dir, null, utf8, script.toString());
        assertEquals(0, s.status(), s.err());
        assertTrue(s.out().startsWith("données_été: 150 rows") && s.out().contains("\n日本.2: 150 rows")
                && s.out().contains("row 1: predicted setosa"), s.out());
    }

    private static String iris() {
        return ItData.file("iris/iris.csv");
    }

    @Test
    void featuresSelectBundles() throws Exception {
        Result r = plate("--features", "plate-core,plate-shell", "-c", "lb -s");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("io.plate.importers"), r.out());
        assertTrue(!r.out().contains("io.plate.classifier"), r.out());
    }

    /**
     * A Plate bundle dropped in the deploy folder is ACTIVE, as the features' bundles are: FileInstall would
     * start it by its lazy activation policy (for Eclipse-style hosts) and leave it STARTING until used.
     */
    @Test
    void aPlateBundleDeployedIsActive(@TempDir Path dir) throws Exception {
        Path deploy = Files.createDirectories(dir.resolve("deploy"));
        try (java.util.zip.ZipFile jar = new java.util.zip.ZipFile(System.getProperty("plate.jar"));
                java.io.InputStream in = jar.getInputStream(jar.getEntry("bundles/io.plate.sampler.mixture-"
                        + System.getProperty("plate.version") + ".jar"))) {
            Files.copy(in, deploy.resolve("mixture.jar"));
        }
        Result r = plate("--features", "plate-core,plate-shell", "--deploy", deploy.toString(), "-c", "sleep 2",
                "-c", "lb -s");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().lines().anyMatch(l -> l.contains("io.plate.sampler.mixture") && l.contains("|Active")),
                r.out());
    }

    /**
     * A jar in the deploy folder that does not resolve is named in one line with what it misses, as the user named
     * the folder: FileInstall printed its own message and the resolver's stack trace over the shell.
     */
    @Test
    void aDeployedBundleThatDoesNotResolveIsOneLineNamingWhatItMisses(@TempDir Path dir) throws Exception {
        Path deploy = Files.createDirectories(dir.resolve("deploy"));
        Files.write(deploy.resolve("foo.jar"), TestBundles.manifestOnly("foo", "Import-Package", "org.x;version=\"[1.2,2)\""));
        Result r = plateIn(dir, null, java.util.Map.of(), "--deploy", "deploy", "-c", "plate:version");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("Plate "), r.out());
        assertEquals("plate: deploy/foo.jar: not started: missing package org.x (version [1.2.0,2.0.0))", r.err().strip());
    }

    /**
     * A jar FileInstall skips without a word (not a zip, or a plain jar: FileInstall installs bundles only) is
     * named in one line each, as a jar that does not install is.
     */
    @Test
    void aDeployedJarThatIsNoBundleIsOneLineEach(@TempDir Path dir) throws Exception {
        Path deploy = Files.createDirectories(dir.resolve("deploy"));
        Files.writeString(deploy.resolve("foo.jar"), "garbage\n");
        try (java.util.jar.JarOutputStream jar = new java.util.jar.JarOutputStream(Files.newOutputStream(deploy.resolve("plain.jar")))) {
            jar.putNextEntry(new java.util.zip.ZipEntry("A.class"));
            jar.write(new byte[] {(byte) 0xCA, (byte) 0xFE, (byte) 0xBA, (byte) 0xBE});
        }
        Result r = plateIn(dir, null, java.util.Map.of(), "--features", "plate-core,plate-shell", "--deploy", "deploy",
                "-c", "sleep 3", "-c", "plate:version");
        assertEquals(0, r.status(), r.err());
        assertEquals(List.of("plate: deploy/foo.jar: not installed: not a jar (zip) file",
                "plate: deploy/plain.jar: not installed: not an OSGi bundle (its manifest has no Bundle-SymbolicName),"
                        + " and FileInstall installs bundles only: make it one (bnd wrap) or put its classes in a bundle"),
                r.err().lines().sorted().toList());
    }

    /** A bad value in the deploy folder's shell defaults is named by file and line, as --config's are, and the start goes on. */
    @Test
    void aBadValueInADeployedDefaultsFileNamesTheFileAndLine(@TempDir Path dir) throws Exception {
        Path deploy = Files.createDirectories(dir.resolve("deploy"));
        Path cfg = Files.writeString(deploy.resolve("io.plate.shell.defaults.cfg"), "chains = 3\nseed = x\n");
        Result r = plate("--deploy", deploy.toString(), "-c", "plate:config");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("chains = 3") && r.out().contains("seed = 1"), r.out());
        assertEquals("plate: " + cfg.toAbsolutePath() + ", line 2: seed 'x': expected a whole number; the default 1 is used",
                r.err().strip());
    }

    /**
     * The deploy folder's shell defaults are read as UTF-8, as --config's are: 'runs-café' is that folder (read as
     * Latin-1, FileInstall's default, it was 'runs-cafÃ©'); a byte that is not UTF-8 is refused, as --config refuses it.
     */
    @Test
    void aDeployedDefaultsFileIsReadAsUtf8(@TempDir Path dir) throws Exception {
        Path deploy = Files.createDirectories(dir.resolve("deploy"));
        Path runs = dir.resolve("runs-caf\u00e9");
        Path cfg = Files.write(deploy.resolve("io.plate.shell.defaults.cfg"),
                ("output.folder=" + runs + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
        Result r = plate("--deploy", deploy.toString(), "-c", "plate:import " + iris() + " --name iris",
                "-c", "plate:train nb.gaussian iris --name m", "-c", "plate:save m m.json");
        assertEquals(0, r.status(), r.err());
        assertTrue(Files.isRegularFile(runs.resolve("m.json")), r.out());
        Files.write(cfg, ("seed=7\noutput.folder=" + dir + "/caf\u00e9\n").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        Result latin = plate("--deploy", deploy.toString(), "-c", "plate:config");
        assertEquals(0, latin.status(), latin.err());
        assertTrue(latin.out().contains("seed = 7"), latin.out());
        assertEquals("plate: " + cfg.toAbsolutePath() + ": not UTF-8 text; save the file as UTF-8; ignored", latin.err().strip());
    }

    /**
     * An unknown key in the deploy folder's shell defaults is named by file and line, as --config refuses it, and a
     * byte-order mark before the first key is skipped (both were silent: chains = 4, seed = 1).
     */
    @Test
    void anUnknownKeyInADeployedDefaultsFileIsNamedAndAByteOrderMarkSkipped(@TempDir Path dir) throws Exception {
        Path deploy = Files.createDirectories(dir.resolve("deploy"));
        Path cfg = Files.writeString(deploy.resolve("io.plate.shell.defaults.cfg"), "\ufeffseed=7\nchain=2\n");
        Result r = plate("--deploy", deploy.toString(), "-c", "plate:config");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("seed = 7") && r.out().contains("chains = 4"), r.out());
        assertTrue(r.err().strip().startsWith("plate: " + cfg.toAbsolutePath() + ", line 2: unknown setting 'chain' (did you"
                + " mean chains?)"), r.err());
    }

    /**
     * The shell defaults in a {@code .cfg} of the deploy folder apply to the first command (Configuration Admin
     * handed them to the shell after it, now and then), and the file is only read: a {@code plate:config} change
     * lasts until the launcher exits, as without it (FileInstall wrote it into the file).
     */
    @Test
    void aShellDefaultsFileInTheDeployFolderAppliesToTheFirstCommandAndIsNotWritten(@TempDir Path dir) throws Exception {
        Path deploy = Files.createDirectories(dir.resolve("deploy"));
        Path cfg = deploy.resolve("io.plate.shell.defaults.cfg");
        String settings = "chains = 3\nseed = 42\n";
        Files.writeString(cfg, settings);
        for (int i = 0; i < 3; i++) {
            Result r = plate("--deploy", deploy.toString(), "-c", "plate:config");
            assertEquals(0, r.status(), r.err());
            assertTrue(r.out().contains("seed = 42") && r.out().contains("chains = 3"), "start " + i + ":\n" + r.out());
        }
        Result changed = plate("--deploy", deploy.toString(), "-c", "plate:config chains=2", "-c", "plate:config");
        assertEquals(0, changed.status(), changed.err());
        assertTrue(changed.out().contains("chains = 2") && changed.out().contains("seed = 42"), changed.out());
        assertEquals(settings, Files.readString(cfg));
    }

    @Test
    void deployFolderInstallsUpdatesAndRemovesWhileRunning(@TempDir Path dir) throws Exception {
        Path deploy = dir.resolve("deploy");
        Files.createDirectories(deploy);
        Path jar = deploy.resolve("swap.jar");
        Files.write(jar, TestBundles.swapBundle("1.0.0"));
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", System.getProperty("plate.jar"), "--deploy", deploy.toString()));
        for (int i = 0; i < 3; i++) {
            cmd.add("-c");
            cmd.add("sleep 3");
            cmd.add("-c");
            cmd.add("echo LISTING " + i);
            cmd.add("-c");
            cmd.add("plate:learners");
        }
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        StringBuilder seen = new StringBuilder();
        try (java.io.BufferedReader r = new java.io.BufferedReader(
                new java.io.InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                seen.append(line).append('\n');
                if (line.startsWith("LISTING 0")) {
                    continue;
                }
                if (line.contains("hot-swap probe version 1.0.0")) {
                    // listing 0 saw v1: overwrite the jar with v2
                    Files.write(dir.resolve("swap.tmp"), TestBundles.swapBundle("2.0.0"));
                    Files.move(dir.resolve("swap.tmp"), jar, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                } else if (line.contains("hot-swap probe version 2.0.0")) {
                    Files.delete(jar);
                }
            }
        }
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("did not finish: " + seen);
        }
        assertEquals(0, p.exitValue(), seen.toString());
        String out = seen.toString();
        int l0 = out.indexOf("LISTING 0");
        int l1 = out.indexOf("LISTING 1");
        int l2 = out.indexOf("LISTING 2");
        assertTrue(l0 >= 0 && l1 > l0 && l2 > l1, out);
        assertTrue(out.substring(l0, l1).contains("version 1.0.0"), "installed: " + out);
        assertTrue(out.substring(l1, l2).contains("version 2.0.0"), "updated: " + out);
        assertTrue(!out.substring(l2).contains("test.swap"), "removed: " + out);
    }
}
