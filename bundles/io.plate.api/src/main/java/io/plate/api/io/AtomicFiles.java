package io.plate.api.io;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Writes a file or a whole directory completely or not at all, so that a reader, or a process killed
 * at any moment, never leaves half of one. The content goes to a hidden temporary sibling
 * ({@code .NAME.PID-N.plate-tmp}) that is renamed over the target at the end. Missing parent folders
 * are created. Temporaries are created without explicit permissions, so files and folders get the
 * process umask like any other new file (not the {@code rw-------} of {@link Files#createTempFile}).
 *
 * <p>Before each write the folder is swept of stale temporaries left by killed writers. A temporary is
 * stale when the process whose id it carries no longer runs, or a process with that id started after
 * the temporary was last modified (the id was reused); temporaries of live writers, this process's
 * included, are left alone. Temporaries of Plate 0.1.0 ({@code .NAME<digits>.tmp}, {@code .plot-<digits>.png|svg})
 * carry no process id and are removed when older than {@link #LEGACY_STALE_AGE}.
 */
public final class AtomicFiles {
    /** Suffix of every temporary this class creates. */
    public static final String SUFFIX = ".plate-tmp";
    /** Age after which a 0.1.0 temporary (no process id in its name) counts as stale. */
    public static final Duration LEGACY_STALE_AGE = Duration.ofHours(24);

    private static final Pattern TEMPORARY = Pattern.compile("\\..+\\.(\\d+)-\\d+" + Pattern.quote(SUFFIX));
    private static final Pattern LEGACY = Pattern.compile(
            "\\..+\\.(json|csv|tsv|txt|svg|png)\\d+\\.tmp|\\.plot-\\d+\\.(svg|png)");
    private static final long PID = ProcessHandle.current().pid();
    private static final AtomicLong COUNTER = new AtomicLong();

    private AtomicFiles() {
    }

    /** Writes a file's bytes. */
    @FunctionalInterface
    public interface Body {
        /** Writes the file's bytes to {@code out} (a temporary file, moved into place when this returns). */
        void write(OutputStream out) throws IOException;
    }

    /** Writes a file's text (UTF-8). */
    @FunctionalInterface
    public interface TextBody {
        /** Writes the file's text to {@code out} (a temporary file, moved into place when this returns). */
        void write(Writer out) throws IOException;
    }

    /** Fills a directory (given empty) with files. */
    @FunctionalInterface
    public interface DirectoryBody {
        /** Writes the files into {@code dir} (a temporary directory, moved into place when this returns). */
        void write(Path dir) throws IOException;
    }

    /** Writes {@code file} with {@code body}: the file is whole afterwards, or unchanged if the write fails. */
    public static void write(Path file, Body body) throws IOException {
        Path target = file.toAbsolutePath();
        Path dir = target.getParent();
        if (dir == null) {
            throw new FileSystemException(file.toString(), null, "Is a directory");
        }
        if (Files.isDirectory(target)) {
            throw new FileSystemException(file.toString(), null, "Is a directory");
        }
        nearestFolder(dir); // names a file where a folder is needed (createDirectories names only the path)
        Files.createDirectories(dir);
        removeStale(dir);
        Path tmp = createTemporary(dir, target.getFileName().toString(), false);
        try {
            try (OutputStream out = Files.newOutputStream(tmp, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                body.write(out);
            }
            move(tmp, target);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Writes {@code file} as UTF-8 text with {@code body}, whole or not at all. */
    public static void writeText(Path file, TextBody body) throws IOException {
        write(file, out -> {
            try (Writer w = new java.io.BufferedWriter(new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8))) {
                body.write(w); // may close w itself (Jackson does)
            }
        });
    }

    /**
     * Writes the directory {@code dir} with {@code body}, whole or not at all: {@code body} fills an empty
     * temporary sibling folder, which then takes the place of {@code dir}. An existing {@code dir} is
     * replaced only when {@code replaceable} accepts it (so a folder holding other files is never
     * deleted); it is moved aside first, so a kill in between leaves {@code dir} absent, never mixed.
     *
     * @throws FileAlreadyExistsException when {@code dir} exists and {@code replaceable} refuses it
     */
    public static void writeDirectory(Path dir, java.util.function.Predicate<Path> replaceable, DirectoryBody body)
            throws IOException {
        Path target = dir.toAbsolutePath();
        Path parent = target.getParent();
        if (parent == null) {
            throw new FileAlreadyExistsException(dir.toString(), null, "the root folder is never replaced");
        }
        Files.createDirectories(parent);
        removeStale(parent);
        boolean exists = Files.exists(target, LinkOption.NOFOLLOW_LINKS);
        if (exists && !Files.isDirectory(target)) {
            throw new FileSystemException(dir.toString(), null, "Not a directory");
        }
        if (exists && (!Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS) || !replaceable.test(target))) {
            throw new FileAlreadyExistsException(dir.toString(), null, "exists and is not a folder this write may"
                    + " replace");
        }
        String name = target.getFileName().toString();
        Path tmp = createTemporary(parent, name, true);
        try {
            body.write(tmp);
            if (exists) {
                Path old = createTemporary(parent, name, true);
                Files.delete(old);
                move(target, old);
                move(tmp, target);
                deleteTree(old);
            } else {
                move(tmp, target);
            }
        } finally {
            if (Files.exists(tmp, LinkOption.NOFOLLOW_LINKS)) {
                deleteTree(tmp);
            }
        }
    }

    /**
     * Checks, before long work, that {@link #write} (or, with {@code directory}, {@link #writeDirectory})
     * could put {@code target} in place: it is not a folder (or, for a directory, not a file), the nearest
     * existing ancestor folder is a folder, and a temporary sibling can be created there (it is deleted at
     * once). Nothing is left behind; missing folders are not created yet.
     *
     * @throws IOException as the write itself would fail (see {@link WriteFailures} for the user's words)
     */
    public static void checkWritable(Path target, boolean directory) throws IOException {
        Path abs = target.toAbsolutePath();
        Path parent = abs.getParent();
        if (parent == null) {
            if (directory) {
                throw new FileAlreadyExistsException(target.toString(), null, "the root folder is never replaced");
            }
            throw new FileSystemException(target.toString(), null, "Is a directory");
        }
        if (!directory && Files.isDirectory(abs)) {
            throw new FileSystemException(target.toString(), null, "Is a directory");
        }
        if (directory && Files.exists(abs) && !Files.isDirectory(abs)) {
            throw new FileSystemException(target.toString(), null, "Not a directory");
        }
        Path existing = nearestFolder(parent);
        Files.delete(createTemporary(existing, abs.getFileName().toString(), directory));
    }

    /** The nearest existing one of {@code dir} and its ancestors; it must be a folder. */
    private static Path nearestFolder(Path dir) throws IOException {
        Path existing = dir;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            throw new NoSuchFileException(dir.toString());
        }
        if (!Files.isDirectory(existing)) {
            throw new FileSystemException(existing.toString(), null, "Not a directory");
        }
        return existing;
    }

    /**
     * Removes the stale temporaries in {@code dir} (see the class comment); returns how many were
     * removed. Entries that vanish or cannot be removed meanwhile are skipped.
     */
    public static int removeStale(Path dir) throws IOException {
        int removed = 0;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, ".*")) {
            for (Path e : entries) {
                if (isStale(e)) {
                    try {
                        deleteTree(e);
                        removed++;
                    } catch (IOException | UncheckedIOException ignored) {
                        // another sweeper removed it first, or it is not ours to remove: leave it
                    }
                }
            }
        } catch (NoSuchFileException e) {
            return 0;
        }
        return removed;
    }

    /** True when {@code p} is a temporary of a writer that no longer runs. */
    static boolean isStale(Path p) {
        String name = p.getFileName().toString();
        Matcher m = TEMPORARY.matcher(name);
        try {
            if (m.matches()) {
                long pid = Long.parseLong(m.group(1));
                if (pid == PID) {
                    return false;
                }
                Optional<ProcessHandle> writer = ProcessHandle.of(pid);
                if (writer.isEmpty() || !writer.get().isAlive()) {
                    return true;
                }
                Optional<Instant> started = writer.get().info().startInstant();
                FileTime modified = Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS);
                return started.isPresent() && started.get().isAfter(modified.toInstant());
            }
            if (LEGACY.matcher(name).matches()) {
                FileTime modified = Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS);
                return modified.toInstant().plus(LEGACY_STALE_AGE).isBefore(Instant.now());
            }
        } catch (NumberFormatException | IOException e) {
            return false;
        }
        return false;
    }

    private static Path createTemporary(Path dir, String name, boolean directory) throws IOException {
        while (true) {
            Path tmp = dir.resolve("." + name + "." + PID + "-" + COUNTER.incrementAndGet() + SUFFIX);
            try {
                if (directory) {
                    Files.createDirectory(tmp);
                } else {
                    Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
                }
                return tmp;
            } catch (FileAlreadyExistsException e) {
                // left by an earlier process with this id: take the next number
            }
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void deleteTree(Path p) throws IOException {
        if (!Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
            Files.deleteIfExists(p);
            return;
        }
        try (Stream<Path> walk = Files.walk(p)) {
            for (Path e : (Iterable<Path>) walk.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(e);
            }
        }
    }
}
