package io.plate.api.io;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one translation of a file that could not be opened for reading into a user's words, {@code PATH: file not
 * found} or {@code PATH: permission denied}, from the three ways the JDK says it: java.io's {@code PATH (No such file
 * or directory)}, java.nio's exception named by its path, and Gogo's {@code no such file or directory: PATH}. The
 * launcher's messages and the shell's file commands share it (JDK only: the launcher reads it before the framework).
 */
public final class ReadFailures {
    /** java.io's failure to open a file: {@code PATH (REASON)}. */
    private static final Pattern IO_OPEN = Pattern.compile("(.+) \\(([^()]+)\\)");
    private static final String NO_SUCH_PREFIX = "no such file or directory: ";

    private ReadFailures() {
    }

    /** {@code PATH: REASON} for a file {@code e} could not open, or null when {@code e} is no such failure. */
    public static String message(Throwable e) {
        if (e instanceof FileNotFoundException) {
            Matcher m = IO_OPEN.matcher(String.valueOf(e.getMessage()));
            return m.matches() ? m.group(1) + ": " + reason(m.group(2)) : null;
        }
        if (e instanceof NoSuchFileException n && n.getFile() != null) {
            return n.getFile() + ": file not found";
        }
        if (e instanceof AccessDeniedException a && a.getFile() != null) {
            return a.getFile() + ": permission denied";
        }
        if (e instanceof NotDirectoryException d && d.getFile() != null) {
            return d.getFile() + ": not a folder";
        }
        String m = e.getMessage();
        if (e instanceof IOException && m != null && m.toLowerCase(Locale.ROOT).startsWith(NO_SUCH_PREFIX)) {
            return m.substring(NO_SUCH_PREFIX.length()) + ": file not found";
        }
        return null;
    }

    /** java.io's reason in a user's words: "no such file or directory" is "file not found"; others lower-cased. */
    private static String reason(String ioReason) {
        String r = ioReason.toLowerCase(Locale.ROOT);
        return r.equals("no such file or directory") ? "file not found" : r;
    }
}
