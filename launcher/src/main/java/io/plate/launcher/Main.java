package io.plate.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code java -jar plate.jar}: boots Felix with the chosen features and either runs the interactive shell
 * on the terminal ({@link InteractiveShell}) or runs commands/a script itself and exits with 0 when every
 * command succeeded and 1 otherwise (2 for a launcher error), printing the failing command's message on
 * stderr; {@code exit N} ends either with status N.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        int child = Relaunch.run(args);
        System.exit(child >= 0 ? child
                : run(args, System.in, Tty.isTerminal(Tty.OUT) ? System.out : AnsiStripping.stdout(), System.err));
    }

    /**
     * Runs the launcher and returns the exit status (the process exits with it). Without a script and
     * {@code -c}, the interactive shell runs when standard input is a terminal (and standard output or
     * error is one, for its prompt); otherwise the commands are read from {@code in} as a script: no
     * banner, no prompt, errors on {@code err}, the exit status of {@code -c}.
     */
    public static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
        LaunchOptions opts;
        try {
            opts = LaunchOptions.parse(args);
        } catch (IllegalArgumentException e) {
            // one line, as every other error (the whole usage followed it)
            String m = e.getMessage();
            err.println("plate: " + m + (m.contains("--help") ? "" : " (see --help)"));
            return 2;
        }
        if (opts.help) {
            out.print(LaunchOptions.usage());
            return 0;
        }
        List<Program> programs = new ArrayList<>();
        if (opts.script != null) {
            String text;
            try {
                text = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(
                        Files.readAllBytes(opts.script))).toString();
            } catch (NoSuchFileException e) {
                err.println("plate: script " + opts.script + " does not exist");
                return 2;
            } catch (CharacterCodingException e) {
                err.println("plate: script " + opts.script + " is not valid UTF-8");
                return 2;
            } catch (IOException e) {
                err.println("plate: cannot read script " + opts.script + ": " + e.getMessage());
                return 2;
            }
            for (ScriptSplitter.Statement s : ScriptSplitter.split(text)) {
                programs.add(new Program(opts.script + ":" + s.line(), s.text()));
            }
        } else if (!opts.interactive()) {
            for (String c : opts.commands) {
                for (ScriptSplitter.Statement s : ScriptSplitter.split(c)) {
                    programs.add(new Program("-c", s.text()));
                }
            }
        } else if (!interactiveConsole()) {
            String text;
            try {
                text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                err.println("plate: cannot read the commands on standard input: " + e.getMessage());
                return 2;
            }
            for (ScriptSplitter.Statement s : ScriptSplitter.split(text)) {
                programs.add(new Program("stdin:" + s.line(), s.text()));
            }
            in = InputStream.nullInputStream();
        }
        boolean interactive = opts.interactive() && interactiveConsole();
        // the widths of the terminals the output and errors go to, asked while the framework starts (stty
        // takes some 20 ms): the commands fit tables, help, messages and progress lines to them
        java.util.concurrent.CompletableFuture<int[]> widths = interactive ? null
                : java.util.concurrent.CompletableFuture.supplyAsync(() -> new int[] {Tty.columns(Tty.OUT),
                        Tty.columns(Tty.ERR)});

        Map<String, Object> defaults = Map.of();
        if (opts.config != null) {
            try {
                defaults = DefaultsFile.read(opts.config);
            } catch (NoSuchFileException e) {
                err.println("plate: config file " + opts.config + " does not exist");
                return 2;
            } catch (java.nio.file.AccessDeniedException e) {
                err.println("plate: config file " + opts.config + ": permission denied");
                return 2;
            } catch (IOException e) { // the file named: the exception's text alone may be a bare reason
                err.println("plate: cannot read config file " + opts.config + ": " + e.getMessage());
                return 2;
            } catch (IllegalArgumentException e) { // DefaultsFile's message names the file and line
                err.println("plate: " + e.getMessage());
                return 2;
            }
        }
        if (opts.deploy != null && !Files.isDirectory(opts.deploy)) {
            // a file failed in the framework's start as "cannot start: FileAlreadyExistsException: DIR"; a
            // missing folder was made, with its parents, so that a typo watched a new empty folder
            err.println("plate: --deploy " + opts.deploy + (Files.exists(opts.deploy) ? ": not a folder"
                    : ": no such folder; create it first (mkdir -p " + opts.deploy + ")"));
            return 2;
        }
        List<String> selection = FeatureCatalog.selection(opts.features);
        if (selection != null && !selection.contains(FeatureCatalog.SHELL)) {
            // without Gogo nothing reads the commands: -c waited 10 s for it, the interactive shell forever
            err.println("plate: --features " + String.join(",", opts.features) + " leaves out " + FeatureCatalog.SHELL
                    + ", which runs the commands; add it: --features " + String.join(",", opts.features) + ","
                    + FeatureCatalog.SHELL);
            return 2;
        }
        Timing.phase("options read", System.nanoTime());
        PlateFramework plate;
        try {
            Map<String, String> properties = new java.util.HashMap<>();
            if (opts.quiet || interactive && !Tty.isTerminal(Tty.OUT)) {
                // Plate's shell profile prints no banner (with output redirected: it is no result)
                properties.put("plate.quiet", "true");
            }
            if (selection != null && !opts.features.isEmpty()) {
                // the shell names them when a command finds no learner or sampler
                List<String> leftOut = new ArrayList<>(FeatureCatalog.ALL);
                leftOut.removeAll(selection);
                properties.put("plate.features.left.out", String.join(",", leftOut));
            }
            // Gogo's JLine bundle starts beside the others when some program may need it, else not at all
            boolean plateOnly = programs.stream().allMatch(p -> plateCommandOnly(p.text()));
            plate = PlateFramework.start(opts.features, interactive, opts.deploy, properties, true, plateOnly);
        } catch (Exception e) {
            err.println("plate: cannot start: " + message(e));
            return 2;
        }
        if (opts.deploy != null) {
            try { // the deploy folder's shell defaults, before --config's and the first command
                DefaultsFile.awaitDeployed(plate.framework().getBundleContext());
            } catch (Exception e) {
                err.println("plate: --deploy " + opts.deploy + ": " + DefaultsFile.PID + ".cfg: " + message(e));
            }
        }
        if (!defaults.isEmpty()) {
            try {
                DefaultsFile.apply(plate.framework().getBundleContext(), defaults);
            } catch (Exception e) {
                err.println("plate: cannot apply " + opts.config + ": " + message(e));
                plate.stop();
                return 2;
            }
        }
        java.util.concurrent.CountDownLatch programsEnded = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.atomic.AtomicReference<Runnable> ctrlC = new java.util.concurrent.atomic.AtomicReference<>();
        Thread hook = new Thread(() -> {
            // -c or a script: the command in progress stops as on Ctrl-C and returns what it kept, which is printed
            // before the framework stops (stopping first closed Gogo's session under the waiting command)
            Runnable stopCommand = ctrlC.get();
            if (stopCommand != null) {
                stopCommand.run();
                try {
                    programsEnded.await(STOP_WAIT_SECONDS, java.util.concurrent.TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            plate.stop(); // the shell stops its runs; their commands return what they kept
            try { // let the command thread print the last result before the JVM ends
                programsEnded.await(2, java.util.concurrent.TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "plate-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        Signals.install(interactive);
        try {
            if (interactive) {
                return InteractiveShell.run(plate.framework().getBundleContext(), out, PlateFramework.historyWritable());
            }
            return runPrograms(plate, programs, widths, in, out, err, ctrlC);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        } catch (Exception e) {
            err.println("plate: " + message(e));
            return 1;
        } finally {
            programsEnded.countDown();
            long t = System.nanoTime();
            plate.stop();
            Timing.phase("framework stopped", t);
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is already running
            }
        }
    }

    private record Program(String where, String text) {
    }

    /**
     * Seconds the shutdown hook waits for an interrupted command to print what it kept before it stops the
     * framework (which waits for the framework as long); a command that ignores the interrupt is stopped then.
     */
    private static final long STOP_WAIT_SECONDS = 10;

    /** Whether a signal arrived or the framework is stopping: the programs end. */
    private static boolean stoppedBySignal(PlateFramework plate) {
        return plate.stopping() || Signals.reason() != null;
    }

    /** Why the programs ended early: "interrupted by SIGTERM", or the framework stopping. */
    private static String stopReason() {
        return Signals.reason() != null ? Signals.reason() : "stopped (shutting down)";
    }

    /** Whether standard input is a terminal and standard output or error one the shell can prompt on. */
    private static boolean interactiveConsole() {
        return Tty.isTerminal(Tty.IN) && (Tty.isTerminal(Tty.OUT) || Tty.isTerminal(Tty.ERR));
    }

    /** The line that says program {@code p} failed with {@code message}. */
    private static String failure(Program p, String message) {
        // a command's own message already starts with its name (plate:import: …)
        return (p.where().equals("-c") ? message.startsWith("plate:") ? "" : "plate: " : "plate: " + p.where() + ": ")
                + message;
    }

    private static int runPrograms(PlateFramework plate, List<Program> programs,
            java.util.concurrent.CompletableFuture<int[]> widths, InputStream in, PrintStream out, PrintStream err,
            java.util.concurrent.atomic.AtomicReference<Runnable> ctrlC) {
        long t = System.nanoTime();
        try (GogoSession session = GogoSession.open(plate.framework().getBundleContext(), in, out, err, 10_000)) {
            session.put(GogoSession.INTERRUPT, ctrlC);
            Timing.phase("session opened", t);
            t = System.nanoTime();
            // numbers that follow the terminals' resizes (SIGWINCH): a progress line reads them at every rewrite
            AtomicInteger outColumns = new AtomicInteger(widths.get()[0]);
            AtomicInteger errColumns = new AtomicInteger(widths.get()[1]);
            session.put(GogoSession.OUTPUT_COLUMNS, outColumns);
            session.put(GogoSession.ERROR_COLUMNS, errColumns);
            if (outColumns.get() > 0 || errColumns.get() > 0) {
                Signals.onResize(() -> {
                    outColumns.set(Tty.columns(Tty.OUT));
                    errColumns.set(Tty.columns(Tty.ERR));
                });
            }
            Timing.phase("terminal widths", t);
            for (Program p : programs) {
                Integer exit;
                try {
                    exit = ExitCommand.of(p.text());
                } catch (IllegalArgumentException e) {
                    err.println(failure(p, e.getMessage()));
                    return 1;
                }
                if (exit != null) { // as in the interactive shell: ends the script, with its status if given
                    return exit;
                }
                Object value;
                try {
                    t = System.nanoTime();
                    value = session.execute(p.text());
                    Timing.phase("command run", t);
                } catch (Exception e) {
                    out.flush();
                    if (stoppedBySignal(plate)) { // the command's own words when it has some, e.g. stopped in burn-in
                        String own = e instanceof InterruptedException ? "" : message(e);
                        err.println(own.isEmpty() ? "plate: " + stopReason() : failure(p, own));
                        return 1;
                    }
                    err.println(failure(p, message(e)));
                    if (System.getenv("PLATE_DEBUG") != null) {
                        e.printStackTrace(err);
                    }
                    return 1;
                }
                if (value != null) {
                    String text = session.render(value);
                    out.print(text);
                    if (!text.endsWith("\n")) {
                        out.println();
                    }
                }
                out.flush();
                if (stoppedBySignal(plate)) { // a signal ended the command early: run nothing more
                    err.println("plate: " + stopReason());
                    return 1;
                }
            }
            return 0;
        } catch (Exception e) {
            err.println("plate: " + message(e));
            return 2;
        }
    }

    /**
     * True for one plate:* command with plain words (no pipe, separator, block, variable, redirection or
     * comment), which needs none of Gogo's own commands; anything else may.
     */
    static boolean plateCommandOnly(String program) {
        String p = program.strip();
        return p.startsWith("plate:") && !NOT_PLAIN.matcher(p).find();
    }

    private static final java.util.regex.Pattern NOT_PLAIN = java.util.regex.Pattern.compile("[;|&{}()\\[\\]$<>`#\\n\\r]");
    private static final String NO_MATCHES = "no matches found: ";
    /** Gogo's failure to fit a command's arguments to its methods: {@code Cannot coerce headers(Token) to any of [(Bundle[])]}. */
    private static final java.util.regex.Pattern CANNOT_COERCE = java.util.regex.Pattern.compile(
            "Cannot coerce ([\\w:.-]+)\\(.*\\) to any of \\[(.*)\\]");
    private static final String UNEXPECTED_EOT = "unexpected EOT";

    /** The message a user should see: the innermost meaningful message, never a stack trace. */
    static String message(Throwable e) {
        Throwable t = e;
        while ((t instanceof java.lang.reflect.InvocationTargetException || t.getMessage() == null)
                && t.getCause() != null) {
            t = t.getCause();
        }
        String m = t.getMessage();
        String name = t.getClass().getName();
        boolean userError = name.startsWith("io.plate.") || name.endsWith("CommandNotFoundException")
                || t instanceof IllegalArgumentException || name.endsWith("SyntaxError");
        if (m == null || m.isBlank()) {
            return t.getClass().getSimpleName();
        }
        if (t instanceof java.io.EOFException && m.startsWith(UNEXPECTED_EOT)) {
            // Gogo's parser at the end of a program with an open quote or bracket ("… looking for ')", sic)
            String what = m.substring(UNEXPECTED_EOT.length()).strip();
            return "syntax error: the command ended early, " + what
                    + (what.startsWith("looking for '") && !what.endsWith("'") ? "'" : "");
        }
        java.util.regex.Matcher coerce = CANNOT_COERCE.matcher(m);
        if (t instanceof IllegalArgumentException && coerce.matches()) {
            // Gogo's own commands (headers, resolve, lb …) given arguments none of their methods takes
            String command = coerce.group(1);
            return command + ": the arguments given fit none of its forms, which take " + coerce.group(2).replace("), (",
                    ") or (") + "; 'help " + command + "' describes them" + (coerce.group(2).contains("Bundle")
                            ? " ('lb' lists the bundles' ids)" : "");
        }
        String unreadable = io.plate.api.io.ReadFailures.message(t); // a file Gogo's source or a script could not open
        if (unreadable != null) {
            return unreadable;
        }
        if (t instanceof java.io.IOException && m.startsWith(NO_MATCHES)) {
            // Gogo's expansion of a word with * or ? that matched no file
            String word = m.substring(NO_MATCHES.length());
            return "no file matches " + word + ": the shell reads * and ? as file patterns; quote the word ('"
                    + word + "') if it is not a file name";
        }
        return userError ? m : t.getClass().getSimpleName() + ": " + m;
    }
}
