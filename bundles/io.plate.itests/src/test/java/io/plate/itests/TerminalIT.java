package io.plate.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The interactive shell in a real terminal, driven through tmux: Tab completion, the in-place progress
 * line, Ctrl-C returning to the prompt with a summary of the draws so far, 'exit N' and Ctrl-D, a shell
 * whose output is piped; and -c fitted to the terminal it runs in. CI installs tmux (.ci/run); without it
 * the test is skipped, saying so.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class TerminalIT {
    private static final String SESSION = "plate-it-" + ProcessHandle.current().pid();

    private static String tmux(String... args) throws IOException, InterruptedException {
        return Tmux.run(args);
    }

    private static String screen() throws Exception {
        return Tmux.screen(SESSION);
    }

    /** Types {@code typed} and Tab, waits for the line to read {@code completed}, then clears the line. */
    private static void completes(String typed, String completed, String what) throws Exception {
        tmux("send-keys", "-t", SESSION, typed, "Tab");
        waitFor(s -> s.contains(completed), what + " completed", 10_000);
        tmux("send-keys", "-t", SESSION, "C-u");
    }

    private static String waitFor(Predicate<String> ok, String what, long millis) throws Exception {
        return Tmux.waitFor(SESSION, ok, what, millis);
    }

    private static boolean haveTmux() {
        return Tmux.available();
    }

    /**
     * Starts the shell in a detached tmux pane of that size and waits for its prompt (the caller kills the
     * session); skips without tmux.
     */
    private static void openShell(int columns, int rows) throws Exception {
        openShell(columns, rows, "");
    }

    /** As {@link #openShell(int, int)}, with launcher options ({@code " -q"}) after the jar. */
    private static void openShell(int columns, int rows, String options) throws Exception {
        run(columns, rows, plate() + options + "; echo PLATE-EXITED-$?; sleep 30");
        try {
            waitFor(s -> s.contains("g! "), "the prompt", 30_000);
        } catch (AssertionError | Exception e) {
            tmux("kill-session", "-t", SESSION);
            throw e;
        }
    }

    /** {@code java -jar plate.jar}, as a shell command. */
    private static String plate() {
        return Path.of(System.getProperty("java.home"), "bin", "java") + " -jar " + System.getProperty("plate.jar");
    }

    /** Runs shell command {@code command} in a detached tmux pane of that size (the caller kills the session). */
    private static void run(int columns, int rows, String command) throws Exception {
        Assumptions.assumeTrue(haveTmux(), "tmux is not installed");
        tmux("new-session", "-d", "-s", SESSION, "-x", Integer.toString(columns), "-y", Integer.toString(rows), command);
    }

    /** The lines of {@code screen} after the one that holds {@code typed}, up to the one starting {@code end}. */
    private static List<String> linesBetween(String screen, String typed, String end) {
        String after = screen.substring(screen.lastIndexOf(typed));
        return after.lines().skip(1).takeWhile(l -> !l.startsWith(end)).toList();
    }

    @Test
    void eightyColumnsMessagesTablesAndDatasetCompletion() throws Exception {
        String iris = ItData.file("iris/iris.csv");
        openShell(80, 50);
        try {
            // an error shows its message, as -c does, not a Java class name
            tmux("send-keys", "-t", SESSION, "plate:train nb.nosuch x", "Enter");
            String err = waitFor(s -> s.contains("nb.nosuch"), "the error", 10_000);
            assertTrue(!err.contains("PlateException") && !err.contains("CommandError") && !err.contains("CommandException") && !err.contains("io.plate."),
                    err);
            tmux("send-keys", "-t", SESSION, "plate:learners extra", "Enter");
            waitFor(s -> s.contains("usage: plate:learners"), "the usage line", 10_000);
            // Gogo's own command given arguments none of its methods takes: the message -c prints, no class name
            tmux("send-keys", "-t", SESSION, "headers 999", "Enter");
            String coerce = waitFor(s -> s.contains("headers: the arguments given fit none of its forms"),
                    "the one-line refusal", 10_000);
            assertTrue(!coerce.contains("IllegalArgumentException") && !coerce.contains("Cannot coerce"), coerce);
            // a refusal wider than the terminal is broken between words, as the launcher's notices are
            tmux("send-keys", "-t", SESSION, "lb 1 2", "Enter");
            String lb = waitFor(s -> s.contains("'help lb' describes them"), "lb's refusal", 10_000);
            List<String> refusal = linesBetween(lb, "g! lb 1 2", "g!").stream().map(String::strip)
                    .filter(l -> !l.isEmpty()).toList();
            assertEquals("lb: the arguments given fit none of its forms, which take (boolean, boolean, boolean, String) or"
                    + " (boolean, boolean, boolean); 'help lb' describes them", String.join(" ", refusal), lb);
            assertTrue(refusal.size() > 1 && refusal.stream().allMatch(l -> l.length() < 80), lb);
            // a table wider than the terminal is shortened to fit: no line wraps
            tmux("send-keys", "-t", SESSION, "clear", "Enter");
            tmux("send-keys", "-t", SESSION, "plate:learners", "Enter");
            String table = waitFor(s -> s.contains("nb.multinomial"), "the learner listing", 10_000);
            for (String l : table.split("\n")) {
                // the table's rows, and the banner, which must fit as well
                if (l.contains("io.plate.") || l.contains("Try:") || l.contains("Tab completes")) {
                    assertTrue(l.length() < 80, "wraps at 80 columns: " + l);
                }
            }
            // completion in a dataset position offers datasets only: the one dataset is filled in
            tmux("send-keys", "-t", SESSION, "plate:import " + iris, "Enter");
            waitFor(s -> s.contains("iris: 150 rows"), "the import", 20_000);
            tmux("send-keys", "-t", SESSION, "plate:train nb.gaussian ", "Tab");
            waitFor(s -> s.contains("plate:train nb.gaussian iris"), "the dataset completed", 10_000);
            tmux("send-keys", "-t", SESSION, "Enter");
            waitFor(s -> s.contains("nb.gaussian model"), "the model", 10_000);
            // plate:params completes learner and sampler names; plate:save a model, then a file (it offered
            // nothing for params, and models again in the file position)
            completes("plate:params nb.gau", "plate:params nb.gaussian", "the learner");
            completes("plate:save iris.nb.gaussian /etc/hostn", "plate:save iris.nb.gaussian /etc/hostname", "the file");
            // plate:draw a distribution's name, plate:plot confusion a file (both offered nothing)
            completes("plate:draw --n 5 nor", "plate:draw --n 5 normal", "the distribution");
            completes("plate:plot confusion /etc/hostn", "plate:plot confusion /etc/hostname", "the evaluation file");
            // plate:import's --format value is an importer's format (files were offered)
            completes("plate:import x.txt --format lib", "plate:import x.txt --format libsvm", "the format");
            // and only that, right after the command too: this folder's files were offered beside the formats
            tmux("send-keys", "-t", SESSION, "clear", "Enter");
            tmux("send-keys", "-t", SESSION, "plate:import --format ", "Tab");
            // the formats listed under this line: the screen may still show the line before the clear, with its libsvm
            String screen = waitFor(t -> t.contains("plate:import --format ")
                    && t.substring(t.lastIndexOf("plate:import --format ")).contains("libsvm"), "the formats", 10_000);
            String formats = screen.substring(screen.lastIndexOf("plate:import --format "));
            assertTrue(!formats.contains("pom.xml") && !formats.contains("target"), formats);
            tmux("send-keys", "-t", SESSION, "C-u");
            // plate:cluster offers the mixture samplers it takes (sparse.* were offered): their prefix is filled in
            completes("plate:cluster ", "plate:cluster mixture.", "the mixture samplers");
            // the command names: none of the profile's own (plate:banner, plate:completions, plate:names)
            tmux("send-keys", "-t", SESSION, "clear", "Enter");
            tmux("send-keys", "-t", SESSION, "plate:", "Tab");
            String listed = waitFor(t -> t.contains("plate:version"), "the command names", 10_000);
            String commands = listed.substring(listed.lastIndexOf("g! plate:"));
            for (String internal : List.of("plate:banner", "plate:completions", "plate:names")) {
                assertTrue(!commands.contains(internal), commands);
            }
            tmux("send-keys", "-t", SESSION, "C-u");
            tmux("send-keys", "-t", SESSION, "exit", "Enter");
            waitFor(s -> s.contains("PLATE-EXITED-0"), "a clean exit", 20_000);
        } finally {
            tmux("kill-session", "-t", SESSION);
        }
    }

    /**
     * Numeric tables in a 50-column pane: the reports Gogo prints after the command returned (the fold
     * table of plate:evaluate, the summary of plate:draw) are stacked in blocks of columns that fit, each
     * headed by the first column, with every figure whole. They wrapped before (the fold table is 66 wide).
     */
    @Test
    void numericTablesFitANarrowTerminal() throws Exception {
        String iris = ItData.file("iris/iris.csv");
        openShell(50, 80);
        try {
            // the banner is broken between words to fit (the terminal broke "Gibbs-sampl|ed" and
            // "help plate:tr|ain."); -J joins lines the terminal wrapped, so such a line is longer than 49
            String banner = waitFor(s -> s.contains("'exit' quits."), "the banner", 10_000);
            for (String word : List.of("Plate ", "Gibbs-sampled", "plate:train.", "'exit' quits.")) {
                assertTrue(banner.lines().anyMatch(l -> l.contains(word) && l.length() < 50),
                        "the banner line with '" + word + "' does not fit 50 columns:\n" + banner);
            }
            // so are a usage error and help (the terminal broke them in the middle of options and words)
            tmux("send-keys", "-t", SESSION, "plate:cluster", "Enter");
            waitFor(s -> s.contains("explains"), "the usage error", 10_000);
            tmux("send-keys", "-t", SESSION, "help plate:cluster", "Enter");
            String help = waitFor(s -> s.contains("--resume RESUME") && s.lastIndexOf("g! ") > s.indexOf("--resume RESUME"),
                    "the help", 10_000);
            for (String l : help.split("\n")) {
                assertTrue(l.startsWith("g! ") || l.length() < 50, "wraps at 50 columns: " + l + "\nin\n" + help);
            }
            assertTrue(help.contains("\n  -i, --iterations ITERATIONS") && help.contains("\n  burn-in included"),
                    "an option's description continues under its indentation:\n" + help);
            // and a command's returned text: plate:params' heading line was printed whole
            tmux("send-keys", "-t", SESSION, "plate:params nb.categorical", "Enter");
            String params = waitFor(s -> s.contains("min_categories") && s.lastIndexOf("g! ") > s.indexOf("min_categories"),
                    "the parameters", 10_000);
            assertTrue(params.contains("learner nb.categorical:"), params);
            for (String l : params.split("\n")) {
                assertTrue(l.startsWith("g! ") || l.length() < 50, "wraps at 50 columns: " + l + "\nin\n" + params);
            }
            tmux("send-keys", "-t", SESSION, "plate:import " + iris, "Enter");
            waitFor(s -> s.contains("iris: 150 rows"), "the import", 20_000);
            tmux("send-keys", "-t", SESSION, "clear", "Enter");
            tmux("send-keys", "-t", SESSION, "plate:evaluate nb.gaussian iris --folds 3", "Enter");
            String eval = waitFor(s -> s.contains("predict s") && s.lastIndexOf("g! ") > s.indexOf("predict s"),
                    "the evaluation", 20_000);
            tmux("send-keys", "-t", SESSION, "clear", "Enter");
            tmux("send-keys", "-t", SESSION, "plate:draw normal 0 1 --n 1000 --seed 3", "Enter");
            String draws = waitFor(s -> s.contains("95%") && s.lastIndexOf("g! ") > s.indexOf("95%"), "the draws", 20_000);
            for (String screen : List.of(eval, draws)) {
                for (String l : screen.split("\n")) {
                    // rules, headers and rows of the tables (-J joins a wrapped line back into one)
                    if (l.matches("-+(  -+)*") || l.matches("\\s*\\d+\\s+\\d+\\s+\\d+\\s.*") || l.startsWith("fold ")
                            || l.startsWith("component ") || l.startsWith("x ") || l.startsWith("accuracy ")) {
                        assertTrue(l.length() < 50, "wraps at 50 columns: " + l + "\n" + screen);
                    }
                }
            }
            // a line of text is broken between its figures: macro-F1's on the next line, whole
            assertTrue(eval.lines().anyMatch(l -> l.matches("0\\.\\d{4}")), eval);
            // the fold table's last columns form a second block, headed by the fold number again
            assertTrue(eval.contains("\nfold   fit s  predict s\n"), eval);
            assertTrue(Pattern.compile("\n {3}1 {4}100 {4}50 {4}0\\.\\d{4} ").matcher(eval).find(), eval);
            assertTrue(draws.contains("component") && draws.split("\ncomponent ").length >= 3, draws);
            tmux("send-keys", "-t", SESSION, "exit", "Enter");
            waitFor(s -> s.contains("PLATE-EXITED-0"), "a clean exit", 20_000);
        } finally {
            tmux("kill-session", "-t", SESSION);
        }
    }

    /**
     * 'exit N' ends the shell with status N, and Ctrl-D with 0, printing nothing more: 'exit 5' ended with
     * status 0 after an empty line, a new prompt and Gogo's "gosh: stopping framework", which Ctrl-D
     * printed too.
     */
    @Test
    void exitEndsTheShellWithItsStatusAndNothingMore() throws Exception {
        openShell(80, 30, " -q");
        try {
            tmux("send-keys", "-t", SESSION, "exit 5", "Enter");
            String s = waitFor(t -> t.contains("PLATE-EXITED-"), "the end of the shell", 20_000);
            assertTrue(s.contains("PLATE-EXITED-5"), s);
            assertEquals(List.of(), linesBetween(s, "exit 5", "PLATE-EXITED-"), s);
        } finally {
            tmux("kill-session", "-t", SESSION);
        }
        openShell(80, 30, " -q");
        try {
            tmux("send-keys", "-t", SESSION, "exit 300", "Enter");
            waitFor(t -> t.contains("exit: the status is one whole number from 0 to 255, not '300'"), "the refusal", 10_000);
            tmux("send-keys", "-t", SESSION, "C-d");
            String s = waitFor(t -> t.contains("PLATE-EXITED-"), "the end of the shell", 20_000);
            assertTrue(s.contains("PLATE-EXITED-0") && !s.contains("gosh"), s);
        } finally {
            tmux("kill-session", "-t", SESSION);
        }
    }

    /**
     * A Plate command run as a background job ({@code &}) prints its result and its one-line error: Gogo's shell
     * printed only "[1] background …" and "[1] done …", so a failure looked like a success and a listing vanished.
     */
    @Test
    void aBackgroundJobPrintsItsResultAndItsError() throws Exception {
        openShell(160, 40, " -q");
        try {
            tmux("send-keys", "-t", SESSION, "plate:learners &", "Enter");
            waitFor(t -> t.contains("nb.gaussian"), "the background job's listing", 20_000);
            tmux("send-keys", "-t", SESSION, "update 999 &", "Enter");
            String s = waitFor(t -> t.contains("update: no bundle 999 ('lb' lists the bundles and their ids)"),
                    "the background job's error", 20_000);
            assertTrue(!s.contains("Exception"), s);
        } finally {
            tmux("kill-session", "-t", SESSION);
        }
    }

    /**
     * What the {@code --deploy} folder's watcher says while a command is half typed goes above the prompt, which
     * is drawn again with what was typed: the line read {@code g! plate:learplate: --deploy: A bundle with the
     * same symbolic name …}, and the prompt was gone.
     */
    @Test
    void aDeployMessageGoesAboveTheHalfTypedLine(@TempDir Path dir) throws Exception {
        Path deploy = Files.createDirectories(dir.resolve("deploy"));
        openShell(200, 30, " -q --deploy " + deploy);
        try {
            tmux("send-keys", "-t", SESSION, "plate:lear");
            waitFor(t -> t.contains("g! plate:lear"), "the typed text", 10_000);
            // a second copy of a bundle the features installed: FileInstall says it updates that bundle instead
            try (java.util.zip.ZipFile jar = new java.util.zip.ZipFile(System.getProperty("plate.jar"));
                    java.io.InputStream in = jar.getInputStream(jar.getEntry("bundles/io.plate.sampler.mixture-"
                            + System.getProperty("plate.version") + ".jar"))) {
                Files.copy(in, dir.resolve("mixture.jar"));
            }
            Files.move(dir.resolve("mixture.jar"), deploy.resolve("mixture.jar"));
            String s = waitFor(t -> t.contains("Updating this bundle instead."), "FileInstall's message", 30_000);
            List<String> lines = s.lines().filter(l -> !l.isBlank()).toList();
            String message = lines.stream().filter(l -> l.contains("A bundle with the same symbolic name")).findFirst().orElseThrow();
            assertTrue(message.startsWith("plate: --deploy: A bundle with the same symbolic name"), s);
            // the prompt, what was typed and Gogo's right prompt (the time)
            assertTrue(lines.get(lines.size() - 1).matches("g! plate:lear\\s*(\\d\\d:\\d\\d:\\d\\d)?"), s);
            tmux("send-keys", "-t", SESSION, "ners", "Enter");
            waitFor(t -> t.contains("nb.gaussian"), "plate:learners run from the redrawn line", 30_000);
        } finally {
            tmux("kill-session", "-t", SESSION);
        }
    }

    /**
     * The launcher's own deploy lines are broken between words at the terminal's width, as the shell bundle's notices
     * are (by the api bundle's one wrapper): a plain jar's line of about 170 characters was cut mid-word by an
     * 80-column terminal ({@code FileInstall installs bund / les only}).
     */
    @Test
    void aDeployLineIsBrokenBetweenWordsAtTheTerminalsWidth(@TempDir Path dir) throws Exception {
        Path deploy = Files.createDirectories(dir.resolve("deploy"));
        openShell(80, 30, " -q --deploy " + deploy);
        try {
            tmux("send-keys", "-t", SESSION, "plate:lear");
            waitFor(t -> t.contains("g! plate:lear"), "the typed text", 10_000);
            try (java.util.jar.JarOutputStream jar = new java.util.jar.JarOutputStream(
                    Files.newOutputStream(dir.resolve("plain.jar")))) {
                jar.putNextEntry(new java.util.zip.ZipEntry("a.txt"));
            }
            Files.move(dir.resolve("plain.jar"), deploy.resolve("plain.jar"));
            String s = waitFor(t -> t.contains("put its classes in a bundle"), "the plain jar's line", 30_000);
            List<String> lines = s.lines().map(String::stripTrailing).filter(l -> !l.isBlank()).toList();
            int first = lines.indexOf(lines.stream().filter(l -> l.startsWith("plate: ")).findFirst().orElse(null));
            assertTrue(first >= 0, s);
            List<String> notice = lines.subList(first, lines.size() - 1);
            assertTrue(notice.size() > 1 && notice.stream().allMatch(l -> l.length() < 80), s);
            assertTrue(String.join(" ", notice).endsWith("plain.jar: not installed: not an OSGi bundle (its manifest has"
                    + " no Bundle-SymbolicName), and FileInstall installs bundles only: make it one (bnd wrap) or put its"
                    + " classes in a bundle"), s);
            assertTrue(lines.get(lines.size() - 1).matches("g! plate:lear\\s*(\\d\\d:\\d\\d:\\d\\d)?"), s);
        } finally {
            tmux("kill-session", "-t", SESSION);
        }
    }

    /**
     * Tab on a folder or file whose name has a space escapes it and the shell lives on: Gogo JLine 1.1.8's own escape
     * threw StringIndexOutOfBoundsException out of the line reader at the first Tab, which ended the shell (status 1,
     * {@code plate: StringIndexOutOfBoundsException: String index out of range: 8}) and the session with it.
     */
    @Test
    void tabOnANameWithASpaceEscapesItAndTheShellLivesOn(@TempDir Path dir) throws Exception {
        Path folder = Files.createDirectories(dir.resolve("my data"));
        Files.copy(Path.of(ItData.file("iris/iris.csv")), folder.resolve("iris copy.csv"));
        openShell(200, 30, " -q");
        try {
            tmux("send-keys", "-t", SESSION, "plate:import " + dir + "/my", "Tab");
            waitFor(t -> t.contains("my\\ data/"), "the folder completed, its space escaped", 10_000);
            tmux("send-keys", "-t", SESSION, "Tab");
            waitFor(t -> t.contains("my\\ data/iris\\ copy.csv"), "the file completed", 10_000);
            tmux("send-keys", "-t", SESSION, "Enter");
            String s = waitFor(t -> t.contains("iris_copy: 150 rows") || t.contains("PLATE-EXITED"), "the import", 30_000);
            assertTrue(s.contains("iris_copy: 150 rows") && !s.contains("Exception"), s);
        } finally {
            tmux("kill-session", "-t", SESSION);
        }
    }

    /**
     * What the shell bundle says outside a command, here a deployed defaults file changed while a command is half
     * typed, goes above the prompt like the deploy folder's own lines, broken between words at the terminal's width:
     * it was printed on standard error, after {@code g! plate:lear}, cut mid-word by the terminal ({@code expected a
     * whole number; t / he default 1 is used}), and the prompt was not drawn again.
     */
    @Test
    void aDeployedDefaultsFilesProblemGoesAboveTheHalfTypedLineBrokenBetweenWords(@TempDir Path dir) throws Exception {
        Path deploy = Files.createDirectories(dir.resolve("deploy"));
        openShell(80, 30, " -q --deploy " + deploy); // wide enough for the file's path, a word that is not broken
        try {
            tmux("send-keys", "-t", SESSION, "plate:lear");
            waitFor(t -> t.contains("g! plate:lear"), "the typed text", 10_000);
            Files.writeString(dir.resolve("d.cfg"), "seed = x\nchains = 3\n");
            Files.move(dir.resolve("d.cfg"), deploy.resolve("io.plate.shell.defaults.cfg"));
            String s = waitFor(t -> t.contains("default 1 is used"), "the bad value's line", 30_000);
            List<String> lines = s.lines().map(String::stripTrailing).filter(l -> !l.isBlank()).toList();
            int first = lines.indexOf(lines.stream().filter(l -> l.startsWith("plate: ")).findFirst().orElse(null));
            assertTrue(first >= 0, s); // a line of its own, not after the typed text
            List<String> notice = lines.subList(first, lines.size() - 1);
            assertTrue(notice.stream().allMatch(l -> l.length() < 80), s); // joined by the capture when the terminal wrapped
            assertTrue(String.join(" ", notice).endsWith(": seed 'x': expected a whole number; the default 1 is used"), s);
            assertTrue(lines.get(lines.size() - 1).matches("g! plate:lear\\s*(\\d\\d:\\d\\d:\\d\\d)?"), s);
            tmux("send-keys", "-t", SESSION, "ners", "Enter");
            waitFor(t -> t.contains("nb.gaussian"), "plate:learners run from the redrawn line", 30_000);
        } finally {
            tmux("kill-session", "-t", SESSION);
        }
    }

    /**
     * With its output piped ({@code plate.jar | tee LOG}) and the keyboard on standard input the shell is
     * interactive: prompt and line editing on the terminal (standard error), each result in the pipe as soon
     * as its command ran, whole (not fitted to the terminal), without prompt or colour codes. The launcher
     * read standard input to its end as a script instead: no prompt, and nothing ran until Ctrl-D.
     */
    @Test
    void aShellWithItsOutputPipedStaysInteractive(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("log.txt");
        run(80, 50, "bash -c '" + plate() + " | tee " + log + "; echo PLATE-EXITED-${PIPESTATUS[0]}'; sleep 30");
        try {
            waitFor(s -> s.contains("g! "), "the prompt", 30_000);
            tmux("send-keys", "-t", SESSION, "plate:version", "Enter");
            waitFor(s -> s.contains("Plate 0"), "the version", 10_000);
            long end = System.currentTimeMillis() + 10_000;
            while (!Files.readString(log).contains("Plate 0")) { // in the pipe while the shell runs
                assertTrue(System.currentTimeMillis() < end, "nothing in the pipe: " + Files.readString(log));
                Thread.sleep(100);
            }
            tmux("send-keys", "-t", SESSION, "plate:learners", "Enter");
            waitFor(s -> s.contains("perceptron"), "the learners", 10_000);
            tmux("send-keys", "-t", SESSION, "echo printed", "Enter");
            // tee writes the output to the terminal after the shell may have drawn its next prompt: "g! printed"
            waitFor(s -> s.contains("\nprinted") || s.contains("g! printed"), "what a command printed", 10_000);
            tmux("send-keys", "-t", SESSION, "exit 3", "Enter");
            waitFor(s -> s.contains("PLATE-EXITED-3"), "the status of exit 3", 20_000);
            String logged = Files.readString(log);
            // results and what commands print, whole lines: the table's rows are wider than the terminal
            assertTrue(logged.lines().anyMatch(l -> l.startsWith("nb.gaussian ") && l.length() > 80)
                    && logged.contains("\nprinted\n"), logged);
            assertTrue(!logged.contains("g! ") && !logged.contains("\u001b"), "a prompt or colour codes:\n" + logged);
        } finally {
            tmux("kill-session", "-t", SESSION);
        }
    }

    /**
     * -c in an 80-column terminal fits it as the shell does: the tables' rows (wrapped mid-word), help's
     * rule (421 dashes) and a usage error on standard error (a 344-character line) fitted, and the progress
     * lines on standard error when the output goes to a file (97 characters). Into a pipe the output keeps
     * whole lines.
     */
    @Test
    void commandsFitTheTerminalTheyRunIn(@TempDir Path dir) throws Exception {
        Path piped = dir.resolve("piped.txt");
        run(80, 200, plate() + " -c plate:learners; " + plate() + " -c help; " + plate()
                + " -c 'plate:import x.csv --bogus-flag' > /dev/null; " + plate() + " -c plate:learners | cat > " + piped
                + "; echo COMMANDS-DONE; sleep 30");
        try {
            String s = waitFor(t -> t.contains("COMMANDS-DONE"), "the commands", 120_000);
            assertTrue(s.contains("nb.gaussian ") && s.contains("Plate's commands") && s.contains("usage: plate:import")
                    && s.contains("--bogus-flag"), s);
            for (String l : s.split("\n")) {
                assertTrue(l.length() < 80, "wraps at 80 columns: " + l + "\nin\n" + s);
            }
            assertTrue(Files.readString(piped).lines().anyMatch(l -> l.startsWith("nb.gaussian ") && l.length() > 80),
                    Files.readString(piped));
        } finally {
            tmux("kill-session", "-t", SESSION);
        }
        run(80, 50, plate() + " -c 'plate:import " + ItData.file("splice-junction/splice.csv") + " --name splice' -c"
                + " 'plate:sample sparse.dirichlet splice exclude=instance --iterations 5000000 --burn-in 100 --chains 2'"
                + " > /dev/null; echo PLATE-EXITED-$?; sleep 30");
        try {
            waitFor(t -> t.contains("sweeps"), "a progress line", 60_000);
            tmux("send-keys", "-t", SESSION, "C-c");
            String s = waitFor(t -> t.contains("PLATE-EXITED-"), "the end of the run", 30_000);
            assertTrue(s.lines().anyMatch(l -> l.startsWith("sparse.dirichlet on splice: ")), s);
            for (String l : s.split("\n")) {
                assertTrue(l.length() < 80, "wraps at 80 columns: " + l + "\nin\n" + s);
            }
        } finally {
            tmux("kill-session", "-t", SESSION);
        }
    }

    /** Whether a thread of JVM {@code pid} is inside a classifier's code (a fit in progress). */
    /** Whether a learner runs in the pane's JVM or in a JVM it started (the launcher may relaunch itself). */
    private static boolean fitting(String pid) throws Exception {
        return running(pid, "io.plate.classifier.impl.");
    }

    /** Whether a thread of the pane's JVMs (pane process {@code pid} or a descendant) runs code of {@code frames}. */
    private static boolean running(String pid, String frames) throws Exception {
        List<Long> jvms = new ArrayList<>(List.of(Long.parseLong(pid)));
        ProcessHandle.of(Long.parseLong(pid)).ifPresent(h -> h.descendants().forEach(d -> jvms.add(d.pid())));
        boolean dumped = false;
        for (long jvm : jvms) {
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jstack").toString(),
                    Long.toString(jvm)).redirectErrorStream(true).start();
            String dump = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor(20, TimeUnit.SECONDS);
            if (dump.contains(frames)) {
                return true;
            }
            dumped |= dump.contains("Full thread dump");
        }
        assertTrue(dumped, "no thread dump of the pane's JVMs " + jvms);
        return false;
    }

    /** {@code -q} starts the shell without the banner (the option was read and then ignored). */
    @Test
    void quietStartsWithoutTheBanner() throws Exception {
        openShell(80, 30, " -q");
        try {
            tmux("send-keys", "-t", SESSION, "plate:version", "Enter");
            String s = waitFor(t -> t.contains("Java "), "the version", 10_000);
            assertTrue(!s.contains("Try: plate:learners") && !s.contains("Tab completes"), "a banner with -q:\n" + s);
            tmux("send-keys", "-t", SESSION, "plate:banner", "Enter");
            waitFor(t -> t.contains("Try: plate:learners"), "the banner on request", 10_000);
        } finally {
            tmux("kill-session", "-t", SESSION);
        }
    }

    @Test
    void ctrlCStopsAFitInProgress() throws Exception {
        Assumptions.assumeTrue(haveTmux(), "tmux is not installed");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String spam = ItData.file("spambase/spambase.csv");
        tmux("new-session", "-d", "-s", SESSION, "-x", "200", "-y", "50",
                "exec " + java + " -jar " + System.getProperty("plate.jar"));
        try {
            String pid = tmux("display", "-p", "-t", SESSION, "#{pane_pid}").strip();
            waitFor(s -> s.contains("g! "), "the prompt", 30_000);
            tmux("send-keys", "-t", SESSION, "plate:import " + spam + " --name s --categorical class", "Enter");
            waitFor(s -> s.contains("s: 4601 rows"), "the import", 20_000);
            // about 5 ms an epoch here: 10^6 epochs run for more than an hour unless Ctrl-C stops them
            tmux("send-keys", "-t", SESSION, "plate:train perceptron s rule=tanh epochs=1000000", "Enter");
            long end = System.currentTimeMillis() + 30_000;
            while (!fitting(pid)) {
                assertTrue(System.currentTimeMillis() < end, "the fit never started:\n" + screen());
                Thread.sleep(200);
            }
            tmux("send-keys", "-t", SESSION, "C-c");
            long sent = System.currentTimeMillis();
            // the learner checks the interrupt between blocks of rows: it ends within a second (10 s allowed
            // for a loaded machine); before, it ran to its last epoch and its model was then dropped
            while (fitting(pid)) {
                assertTrue(System.currentTimeMillis() - sent < 10_000, "the fit still runs 10 s after Ctrl-C");
                Thread.sleep(100);
            }
            // the command says so itself, naming Ctrl-C (not Gogo's java.lang.InterruptedException)
            String said = waitFor(s -> s.contains("training of 's.perceptron' was interrupted (Ctrl-C); the model was"
                    + " not kept"), "the command's message", 10_000);
            assertTrue(!said.contains("Exception"), said);
            tmux("send-keys", "-t", SESSION, "plate:models", "Enter");
            waitFor(s -> s.contains("no models"), "nothing registered", 10_000);
        } finally {
            tmux("kill-session", "-t", SESSION);
        }
    }

    /**
     * Ctrl-C while plate:draw draws 5 × 10^7 numbers: the command stops within seconds and says so itself, and the
     * prompt is back. Before, Gogo's interrupt printed java.lang.InterruptedException while the draws and then 18 s
     * of sorting for their summary ran on.
     */
    @Test
    void ctrlCStopsALargeDraw() throws Exception {
        Assumptions.assumeTrue(haveTmux(), "tmux is not installed");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        tmux("new-session", "-d", "-s", SESSION, "-x", "200", "-y", "50",
                "exec " + java + " -Xmx2g -jar " + System.getProperty("plate.jar"));
        try {
            String pid = tmux("display", "-p", "-t", SESSION, "#{pane_pid}").strip();
            waitFor(s -> s.contains("g! "), "the prompt", 30_000);
            tmux("send-keys", "-t", SESSION, "plate:draw normal 0 1 --n 50000000", "Enter");
            long end = System.currentTimeMillis() + 30_000;
            while (!running(pid, "io.plate.shell.impl.DrawCommands")) {
                assertTrue(System.currentTimeMillis() < end, "the draw never started:\n" + screen());
                Thread.sleep(100);
            }
            tmux("send-keys", "-t", SESSION, "C-c");
            long sent = System.currentTimeMillis();
            while (running(pid, "io.plate.shell.impl.DrawCommands") || running(pid, "io.plate.mcmc.Diagnostics")) {
                assertTrue(System.currentTimeMillis() - sent < 10_000, "plate:draw still runs 10 s after Ctrl-C");
                Thread.sleep(100);
            }
            String said = waitFor(s -> s.contains("plate:draw normal 0 1 was interrupted (Ctrl-C); no draws are kept"),
                    "the command's message", 10_000);
            assertTrue(!said.contains("Exception"), said);
            tmux("send-keys", "-t", SESSION, "plate:version", "Enter");
            waitFor(s -> s.contains("Java "), "the prompt back", 10_000);
        } finally {
            tmux("kill-session", "-t", SESSION);
        }
    }

    /**
     * Ctrl-C at 80 columns erases the progress line: the line is one column under the width, so the terminal's
     * {@code ^C} echo wrapped below it and the erase cleared the wrapped row, leaving
     * {@code … sweeps × 2 chains, 5146 sweeps/s, ETA 67 s^} above the summary. The dataset's long name makes
     * the line always as wide as the terminal allows (cut with "…"), whatever the speed and ETA.
     */
    @Test
    void ctrlCErasesAProgressLineAsWideAsTheTerminal() throws Exception {
        openShell(80, 30);
        try {
            tmux("send-keys", "-t", SESSION, "plate:import " + ItData.file("old-faithful/faithful.csv")
                    + " --name old-faithful-eruptions --no-label", "Enter");
            waitFor(s -> s.contains("old-faithful-eruptions: 272 rows"), "the import", 20_000);
            // a short burn-in: the Ctrl-C below must land after it even on a loaded machine ("stopped in burn-in" else)
            tmux("send-keys", "-t", SESSION, "plate:cluster mixture.gaussian old-faithful-eruptions k=3"
                    + " --iterations 200000 --burn-in 10 --chains 2", "Enter");
            String progress = waitFor(s -> s.contains("/200000 sweeps"), "the progress line", 30_000);
            assertTrue(progress.lines().anyMatch(l -> l.contains("/200000 sweeps") && l.length() == 79), progress);
            tmux("send-keys", "-t", SESSION, "C-c");
            String after = waitFor(s -> s.contains("stopped early (Ctrl-C)"), "the summary after Ctrl-C", 30_000);
            assertTrue(!after.contains("/200000 sweeps") && !after.contains("^C"), "a progress line left:\n" + after);
        } finally {
            tmux("kill-session", "-t", SESSION);
        }
    }

    /**
     * Ctrl-C during burn-in: one line says where the chains stopped and that nothing is kept. It printed a
     * table of NaN under "2 chains × 0 kept draws", then "the draws so far are kept as run …".
     */
    @Test
    void ctrlCInBurnInSaysWhereTheChainsStoppedAndKeepsNothing() throws Exception {
        openShell(80, 30);
        try {
            tmux("send-keys", "-t", SESSION, "plate:import " + ItData.file("old-faithful/faithful.csv")
                    + " --name ff --no-label", "Enter");
            waitFor(s -> s.contains("ff: 272 rows"), "the import", 20_000);
            tmux("send-keys", "-t", SESSION, "plate:cluster mixture.gaussian ff k=3 --iterations 1000000000"
                    + " --burn-in 999999999 --chains 2 --name burning", "Enter");
            waitFor(s -> s.contains("/1000000000 sweeps"), "the progress line", 30_000);
            tmux("send-keys", "-t", SESSION, "C-c");
            String after = waitFor(s -> s.contains("stopped in burn-in") && s.lastIndexOf("g! ") > s.indexOf("stopped in"),
                    "the message after Ctrl-C", 30_000);
            String run = after.substring(after.lastIndexOf("--name burning"));
            // one message, broken between words at the terminal's width
            String said = "stopped in burn-in at sweep \\d+ of 999999999 \\(Ctrl-C\\): no draws kept, so no run is kept";
            assertTrue(Pattern.compile("\n" + said.replace(" ", "\\s+") + "\ng! ").matcher(run).find(), run);
            assertTrue(!run.contains("NaN") && !run.contains("logJoint") && !run.contains("kept as run"), run);
            tmux("send-keys", "-t", SESSION, "plate:trace burning", "Enter");
            waitFor(s -> s.contains("no run named 'burning'"), "no run kept", 10_000);
        } finally {
            tmux("kill-session", "-t", SESSION);
        }
    }

    @Test
    void completionProgressCtrlCAndExit() throws Exception {
        String votes = ItData.file("splice-junction/splice.csv");
        openShell(220, 50);
        try {
            // Tab completes a command name
            tmux("send-keys", "-t", SESSION, "plate:lea", "Tab");
            waitFor(s -> s.contains("plate:learners"), "completion of plate:lea", 10_000);
            tmux("send-keys", "-t", SESSION, "Enter");
            waitFor(s -> s.contains("nb.multinomial"), "the learner listing", 10_000);

            tmux("send-keys", "-t", SESSION, "plate:import " + votes + " --name splice", "Enter");
            waitFor(s -> s.contains("splice: 3190 rows"), "the import", 20_000);
            // after the dataset, the sampler's key=value words: a prefix completes to its key and '='
            completes("plate:sample sparse.dirichlet splice excl", "splice exclude=", "a sampler parameter");
            tmux("send-keys", "-t", SESSION, "plate:sample sparse.dirichlet splice exclude=instance"
                    + " --iterations 5000000 --burn-in 100 --chains 2 --name long", "Enter");
            waitFor(s -> s.contains("Ctrl-C stops"), "the progress line", 30_000);
            tmux("send-keys", "-t", SESSION, "C-c");
            String after = waitFor(s -> s.contains("stopped early (Ctrl-C)"), "the summary after Ctrl-C", 30_000);
            assertTrue(after.contains("CANCELLED") && after.contains("logJoint"), after);
            assertTrue(!after.contains("Exception"), "no Java exception text:\n" + after);
            // the progress line is erased: its last state (… sweeps, ETA …) stood above the summary
            assertTrue(!after.contains("Ctrl-C stops") && !after.contains("ETA "), "a progress line left:\n" + after);
            // the summary comes before the next prompt: no prompt between the command and its summary
            String run = after.substring(after.lastIndexOf("--name long"));
            assertTrue(!run.substring(0, run.indexOf("stopped early")).contains("g! "), "prompt before summary:\n" + after);
            // the draws reported are those held, not the planned 4,999,900 per chain
            long[] held = KeptDraws.perChain(run);
            assertTrue(held[0] < 4_999_900L && held[1] < 4_999_900L, after);

            tmux("send-keys", "-t", SESSION, "plate:trace long", "Enter");
            waitFor(s -> s.contains("run 'long'"), "the kept run", 10_000);
            tmux("send-keys", "-t", SESSION, "exit", "Enter");
            waitFor(s -> s.contains("PLATE-EXITED-0"), "a clean exit", 20_000);
        } finally {
            tmux("kill-session", "-t", SESSION);
        }
    }

    /** The lines of {@code screen} that show the progress of run {@code label} (SWEEPS/…, cut with … when narrow). */
    private static List<String> progressLines(String screen, String label) {
        // the label may end shortened ("mixture.dp-gaus…: 10357/…" at 60 columns)
        Pattern progress = Pattern.compile(Pattern.quote(label) + "\\S*: \\d+/");
        // tmux's capture of joined lines keeps trailing blanks (cells the erase cleared): they are not text
        return screen.lines().filter(l -> progress.matcher(l).find()).map(String::stripTrailing).toList();
    }

    /** Resizes the pane to {@code columns} and waits until its one progress line fits them. */
    private static void narrowTo(int columns, String label) throws Exception {
        tmux("resize-window", "-t", SESSION, "-x", Integer.toString(columns));
        // a rewrite or two later (4 a second): one line, narrower than the terminal. The line kept the width of
        // the run's start: every rewrite wrapped and scrolled a new pair of rows
        Thread.sleep(1500);
        long end = System.currentTimeMillis() + 10_000;
        Predicate<String> oneFitting = t -> progressLines(t, label).size() == 1
                && progressLines(t, label).get(0).length() < columns;
        while (!oneFitting.test(Tmux.visible(SESSION))) {
            assertTrue(System.currentTimeMillis() < end, "no one progress line under " + columns + " columns:\n"
                    + Tmux.visible(SESSION));
            Thread.sleep(200);
        }
        Thread.sleep(1000);
        String s = Tmux.visible(SESSION);
        assertTrue(oneFitting.test(s), "after a second:\n" + s);
    }

    /** A terminal narrowed during a run of the interactive shell: the progress line follows it (100, 60, 40 columns). */
    @Test
    void theProgressLineFollowsAResizedTerminal() throws Exception {
        openShell(100, 40);
        try {
            tmux("send-keys", "-t", SESSION, "plate:import " + ItData.file("iris/iris.csv"), "Enter");
            waitFor(s -> s.contains("iris: 150 rows"), "the import", 20_000);
            tmux("send-keys", "-t", SESSION, "clear", "Enter");
            tmux("send-keys", "-t", SESSION, "plate:cluster mixture.dp-gaussian iris --chains 2 --iterations 100000"
                    + " --burn-in 10", "Enter");
            waitFor(s -> s.contains("/100000 sweeps"), "the progress line", 30_000);
            narrowTo(60, "mixture.dp-gaus"); // the label shortened, the ETA kept: "mixture.dp-gaus…: 10357/100000 …, ETA 107 s"
            String sixty = progressLines(Tmux.visible(SESSION), "mixture.dp-gaus").get(0);
            assertTrue(sixty.contains("…: ") && sixty.matches(".*, ETA \\d+ s"), sixty);
            narrowTo(40, "mixture.dp-gaussian on iris"); // too narrow for the figures: cut at the margin
            tmux("send-keys", "-t", SESSION, "C-c");
            waitFor(s -> s.contains("stopped early (Ctrl-C)"), "the summary after Ctrl-C", 30_000);
        } finally {
            tmux("kill-session", "-t", SESSION);
        }
    }

    /**
     * -c in a terminal: the progress line follows a resize (SIGWINCH), and the summary of a run stopped by Ctrl-C
     * is broken between words at the terminal's width, as an uninterrupted run's is. The signal interrupts the
     * command before the framework stops (the stop used to close Gogo's session under the waiting command,
     * which lost the summary about one time in four).
     */
    @Test
    void minusCFollowsAResizeAndFitsTheSummaryOfAStoppedRun() throws Exception {
        String s = stoppedMinusCRun();
        assertTrue(s.contains("sparse.collapsed on votes: ") && s.contains("CANCELLED") && s.contains("logJoint"), s);
        assertTrue(s.contains("PLATE-EXITED-130"), s);
    }

    /** Runs the -c sample in a 100-column pane, narrows it to 70, stops it with Ctrl-C and checks what it shows. */
    private static String stoppedMinusCRun() throws Exception {
        run(100, 50, plate() + " -c 'plate:import " + ItData.file("house-votes-84/house-votes-84.csv")
                + " --name votes --categorical all' -c 'plate:sample sparse.collapsed votes --chains 2 --iterations 3000000';"
                + " echo PLATE-EXITED-$?; sleep 30");
        try {
            waitFor(s -> s.contains("/3000000 sweeps"), "the progress line", 60_000);
            narrowTo(70, "sparse.collapsed on votes");
            tmux("send-keys", "-t", SESSION, "C-c");
            String s = waitFor(t -> t.contains("PLATE-EXITED-"), "the end of the run", 30_000);
            // the progress line is erased, and the summary was printed at 70 columns
            java.util.regex.Matcher summary = Pattern.compile("sparse\\.collapsed on votes: \\d+ (kept draws|draws held)")
                    .matcher(s);
            assertTrue(summary.find(), "the run's summary:\n" + s);
            String shown = Tmux.visible(SESSION);
            assertTrue(!shown.contains("/3000000 sweeps") && !shown.contains("ETA "), "a progress line left:\n" + shown);
            for (String l : s.substring(summary.start()).split("\n")) {
                assertTrue(l.stripTrailing().length() < 70, "wraps at 70 columns: " + l + "\nin\n" + s);
            }
            return s;
        } finally {
            tmux("kill-session", "-t", SESSION);
        }
    }
}
