package io.plate.launcher;

import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What Felix FileInstall reports about the {@code --deploy} folder (it logs through java.util.logging with
 * {@code felix.fileinstall.log.default=jul}), as one line per problem on standard error, naming the file as
 * the user named the folder: {@code plate: deploy/foo.jar: not started: missing package org.x (version
 * [1.2.0,2.0.0))}. FileInstall's own console logger printed its message and a stack trace. The jars it skips
 * without a word ({@link SkippedJars}) are named the same way; the lines go above the interactive shell's
 * prompt ({@link ConsoleNotices}).
 */
final class DeployLog extends Handler {
    /** FileInstall's java.util.logging logger. */
    static final String LOGGER = "fileinstall";
    /** FileInstall's wording of a failure on one file, and what it meant for the file. */
    private static final List<String[]> OUTCOMES = List.of(
            new String[] {"Error while starting bundle: ", "not started"},
            new String[] {"Failed to install artifact: ", "not installed"},
            new String[] {"Unable to transform artifact: ", "not installed"},
            new String[] {"Failed to update artifact ", "not updated"},
            new String[] {"Failed to uninstall artifact: ", "not uninstalled"});
    private static final Pattern FILE_URL = Pattern.compile("file:(/[^\\s)]*)");

    private final PrintStream err;
    private final Path folder;
    private final Path absolute;
    /** Held: java.util.logging keeps loggers only weakly, and with them their handlers. */
    private final Logger logger = Logger.getLogger(LOGGER);
    private Thread skippedJars;

    private DeployLog(PrintStream err, Path folder) {
        this.err = err;
        this.folder = folder;
        this.absolute = folder.toAbsolutePath().normalize();
    }

    /** Routes FileInstall's log to {@code err}, for the deploy folder {@code folder} as the user gave it. */
    static DeployLog install(PrintStream err, Path folder) {
        DeployLog log = new DeployLog(err, folder);
        log.logger.setUseParentHandlers(false); // the console handler printed every record with its stack trace
        log.logger.addHandler(log);
        log.skippedJars = SkippedJars.start(folder, (jar, why) -> log.print(log.named(jar.toString()) + ": not installed: " + why));
        return log;
    }

    /** Stops routing (the framework stopped). */
    void uninstall() {
        skippedJars.interrupt();
        logger.removeHandler(this);
        logger.setUseParentHandlers(true);
    }

    @Override
    public void publish(LogRecord record) {
        if (record != null && record.getMessage() != null) {
            print(line(record.getMessage(), record.getThrown()));
        }
    }

    private void print(String line) {
        ConsoleNotices.print(err, "plate: " + line);
    }

    /** FileInstall's message and its failure's reason on one line: "FILE: not started: REASON". */
    String line(String message, Throwable failure) {
        String reason = BundleProblem.reason(failure);
        for (String[] outcome : OUTCOMES) {
            if (message.startsWith(outcome[0])) {
                String file = named(message.substring(outcome[0].length()).strip());
                return file + ": " + outcome[1] + (reason.isEmpty() ? "" : ": " + reason);
            }
        }
        return "--deploy: " + names(message).replace('\n', ' ') + (reason.isEmpty() ? "" : ": " + reason);
    }

    /** A file FileInstall names by its absolute path or file: URL, as under the folder the user gave. */
    String named(String pathOrUrl) {
        Path p;
        try {
            p = pathOrUrl.startsWith("file:") ? Path.of(URI.create(pathOrUrl)) : Path.of(pathOrUrl);
        } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            return pathOrUrl;
        }
        Path n = p.toAbsolutePath().normalize();
        return n.startsWith(absolute) ? folder.resolve(absolute.relativize(n)).toString() : pathOrUrl;
    }

    /** {@code text} with its file: URLs and absolute paths under the folder named as under the folder the user gave. */
    private String names(String text) {
        Matcher m = FILE_URL.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(named(m.group())));
        }
        m.appendTail(out);
        return out.toString().replace(absolute + "/", folder + "/");
    }

    @Override
    public void flush() {
        err.flush();
    }

    @Override
    public void close() {
        flush();
    }
}
