package io.plate.api.io;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The one translation of a failed write (of {@link AtomicFiles}) into the reason a user reads: "permission
 * denied", "is a directory", "not a folder: PATH is a file", "no such folder", "read-only file system", "no
 * space left on device". Paths are named as the user gave them, never by a temporary's name.
 */
public final class WriteFailures {
    private WriteFailures() {
    }

    /**
     * {@code doing + " " + given + ": " + reason}, e.g. {@code cannot write predictions to t/x.csv: not a
     * folder: t is a file}; {@code target} is {@code given} resolved (against an output folder, say).
     */
    public static String message(String doing, String given, Path target, IOException e) {
        return doing + " " + given + ": " + reason(given, target, e);
    }

    /** The reason of {@code e} in a user's words, naming paths as in {@code given} ({@code target} resolved). */
    public static String reason(String given, Path target, IOException e) {
        Path abs = target.toAbsolutePath();
        String file = fileInAncestors(given, abs);
        if (file != null) {
            return "not a folder: " + file + " is a file";
        }
        String text = (e instanceof FileSystemException f ? String.valueOf(f.getReason()) : String.valueOf(e.getMessage()))
                .toLowerCase(Locale.ROOT);
        if (e instanceof AccessDeniedException || text.contains("permission denied")) {
            return "permission denied";
        }
        if (text.contains("is a directory")) {
            return "is a directory";
        }
        if (text.contains("read-only file system")) {
            return "read-only file system";
        }
        if (text.contains("no space left on device")) {
            return "no space left on device";
        }
        if (text.contains("disk quota exceeded")) {
            return "disk quota exceeded";
        }
        if (text.contains("not a directory")) {
            return Files.isRegularFile(abs) ? "not a folder: " + given + " is a file" : "not a folder";
        }
        if (e instanceof NoSuchFileException) {
            Path parent = abs.getParent();
            return parent != null && Files.isDirectory(parent)
                    ? "cannot create files in " + as(given, abs, parent) + " (no such folder there for new files)"
                    : "no such folder";
        }
        if (e instanceof FileSystemException f && f.getReason() != null && !f.getReason().contains(AtomicFiles.SUFFIX)) {
            return f.getReason();
        }
        String m = e.getMessage();
        return m == null || m.contains(AtomicFiles.SUFFIX) ? "the file system refused the write" : m;
    }

    /**
     * The deepest existing path among {@code abs}'s ancestors (and {@code abs} itself when it is one of
     * several levels) that is a regular file where a folder is needed, named as in {@code given}; null when
     * none is.
     */
    private static String fileInAncestors(String given, Path abs) {
        for (Path p = abs.getParent(); p != null; p = p.getParent()) {
            if (Files.exists(p, LinkOption.NOFOLLOW_LINKS) || Files.exists(p)) {
                return Files.isDirectory(p) ? null : as(given, abs, p);
            }
        }
        return null;
    }

    /** {@code p}, an ancestor of {@code abs}, named as the matching prefix of {@code given}. */
    static String as(String given, Path abs, Path p) {
        Path g = Path.of(given);
        int up = abs.getNameCount() - p.getNameCount();
        for (int i = 0; i < up && g != null; i++) {
            g = g.getParent();
        }
        return g == null ? p.toString() : g.toString();
    }
}
