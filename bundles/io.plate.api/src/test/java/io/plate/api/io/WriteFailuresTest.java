package io.plate.api.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The checks before a write and the reasons of a failed one, in the user's words and paths. */
class WriteFailuresTest {
    @TempDir
    Path tmp;

    /** The message of the check for {@code given} (resolved against tmp), or of the write when the check passes. */
    private String failure(String given, boolean directory) {
        Path target = tmp.resolve(given);
        IOException e = assertThrows(IOException.class, () -> AtomicFiles.checkWritable(target, directory));
        String m = WriteFailures.message("cannot write", given, target, e);
        assertFalse(m.contains(AtomicFiles.SUFFIX), m);
        assertFalse(m.contains("Exception"), m);
        return m;
    }

    private List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aFileWhereAFolderIsNeededIsNamedAsGiven() throws Exception {
        Files.createDirectories(tmp.resolve("t"));
        Files.writeString(tmp.resolve("t/iris.csv"), "a\n");
        assertEquals("cannot write t/iris.csv/x.csv: not a folder: t/iris.csv is a file", failure("t/iris.csv/x.csv", false));
        assertEquals("cannot write t/iris.csv/a/b: not a folder: t/iris.csv is a file", failure("t/iris.csv/a/b", true));
        assertEquals("cannot write t/iris.csv: not a folder: t/iris.csv is a file", failure("t/iris.csv", true));
        // the write itself says the same
        Path target = tmp.resolve("t/iris.csv/x.csv");
        IOException e = assertThrows(IOException.class, () -> AtomicFiles.writeText(target, w -> w.write("x")));
        assertEquals("not a folder: t/iris.csv is a file", WriteFailures.reason("t/iris.csv/x.csv", target, e));
        IOException d = assertThrows(IOException.class, () -> AtomicFiles.writeDirectory(tmp.resolve("t/iris.csv"),
                p -> true, p -> { }));
        assertEquals("not a folder: t/iris.csv is a file", WriteFailures.reason("t/iris.csv", tmp.resolve("t/iris.csv"), d));
        assertEquals(List.of("iris.csv"), names(tmp.resolve("t")));
    }

    @Test
    void aFolderWhereAFileGoesIsADirectory() throws Exception {
        Files.createDirectories(tmp.resolve("adir.png"));
        assertEquals("cannot write adir.png: is a directory", failure("adir.png", false));
        Path target = tmp.resolve("adir.png");
        IOException e = assertThrows(IOException.class, () -> AtomicFiles.write(target, o -> o.write(1)));
        assertEquals("is a directory", WriteFailures.reason("adir.png", target, e));
        assertEquals(List.of("adir.png"), names(tmp));
    }

    @Test
    void theRootIsNeitherWrittenNorReplaced() {
        Path root = Path.of("/");
        IOException f = assertThrows(IOException.class, () -> AtomicFiles.write(root, o -> o.write(1)));
        assertEquals("is a directory", WriteFailures.reason("/", root, f));
        assertThrows(java.nio.file.FileAlreadyExistsException.class,
                () -> AtomicFiles.writeDirectory(root, p -> true, p -> { }));
        assertThrows(java.nio.file.FileAlreadyExistsException.class, () -> AtomicFiles.checkWritable(root, true));
    }

    @Test
    void aFolderThatTakesNoFilesIsFoundBeforeTheWrite() {
        // /proc takes no new files, even for root (where permission checks pass)
        assumeTrue(Files.isDirectory(Path.of("/proc/self")));
        Path target = Path.of("/proc/t.png");
        IOException e = assertThrows(IOException.class, () -> AtomicFiles.checkWritable(target, false));
        String reason = WriteFailures.reason("/proc/t.png", target, e);
        assertFalse(reason.contains(AtomicFiles.SUFFIX), reason);
        assertEquals("cannot create files in /proc (no such folder there for new files)", reason);
    }

    @Test
    void aReadOnlyFolderIsPermissionDenied() throws Exception {
        Path ro = Files.createDirectory(tmp.resolve("ro"));
        Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            if (Files.isWritable(ro)) {
                // root: permissions are not enforced, so the writer's refusal is made here, as the JDK throws it
                Path target = ro.resolve("run");
                assertEquals("cannot write ro/run: permission denied", WriteFailures.message("cannot write", "ro/run",
                        target, new java.nio.file.AccessDeniedException(ro.resolve(".run.1-1" + AtomicFiles.SUFFIX)
                                .toString())));
            } else {
                assertEquals("cannot write ro/run: permission denied", failure("ro/run", true));
                assertEquals("cannot write ro/new/x.json: permission denied", failure("ro/new/x.json", false));
            }
        } finally {
            Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        assertEquals(List.of(), names(ro));
    }

    @Test
    void theCheckLeavesNothingBehindAndCreatesNoFolder() throws Exception {
        AtomicFiles.checkWritable(tmp.resolve("a/b/run"), true);
        AtomicFiles.checkWritable(tmp.resolve("x.csv"), false);
        assertEquals(List.of(), names(tmp));
    }

    @Test
    void reasonsOfTheOperatingSystemAreShort() {
        Path t = tmp.resolve("x.csv");
        assertEquals("read-only file system", WriteFailures.reason("x.csv", t,
                new java.nio.file.FileSystemException(tmp.resolve(".x.csv.1-1" + AtomicFiles.SUFFIX).toString(), null,
                        "Read-only file system")));
        assertEquals("no space left on device", WriteFailures.reason("x.csv", t, new IOException("No space left on device")));
        assertEquals("permission denied", WriteFailures.reason("x.csv", t,
                new java.nio.file.AccessDeniedException(tmp.resolve(".x.csv.1-1" + AtomicFiles.SUFFIX).toString())));
        assertTrue(WriteFailures.reason("x.csv", t, new IOException(tmp + "/.x.csv.1-1" + AtomicFiles.SUFFIX))
                .startsWith("the file system refused"));
    }
}
