package io.plate.shell.impl;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The one reading of a path a user typed, for every command that reads or writes a file: a leading
 * {@code ~} or {@code ~/} is the home folder, as in a Unix shell (Gogo leaves {@code ~} as it is, so
 * {@code ~/m.json} made a folder named {@code ~}); a relative name of a file to write goes under the output
 * folder; a file to read is looked for as given, then under the output folder, where commands wrote it.
 * Paths keep the user's spelling ({@code runs/x}, not {@code ./runs/x}), so messages can name them as given.
 */
final class UserPaths {
    private UserPaths() {
    }

    /** {@code given} with a leading {@code ~} as the home folder ({@code $HOME}, as a shell reads it, else Java's user.home). */
    static Path of(String given) {
        if (given.equals("~") || given.startsWith("~/") || given.startsWith("~" + File.separator)) {
            return home().resolve(given.substring(1).replaceFirst("^[/\\\\]+", ""));
        }
        return Path.of(given);
    }

    /** A file or folder to write: {@code given} ({@link #of}), under {@code folder} when relative. */
    static Path output(String folder, String given) {
        Path p = of(given);
        if (p.isAbsolute()) {
            return p;
        }
        Path f = of(folder);
        // the current folder adds nothing to a name: "m.json", not "./m.json"
        return f.normalize().toString().isEmpty() ? p : f.resolve(p);
    }

    /**
     * A file or folder to read: {@code given} ({@link #of}) when it exists, else under {@code folder} when it
     * exists there (written by a command), else {@code given}, for the reader to say it is not found.
     */
    static Path input(String folder, String given) {
        Path p = of(given);
        if (Files.exists(p)) {
            return p;
        }
        Path under = output(folder, given);
        return Files.exists(under) ? under : p;
    }

    private static Path home() {
        String home = System.getenv("HOME");
        return Path.of(home == null || home.isBlank() ? System.getProperty("user.home") : home);
    }
}
