package io.plate.api.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {
    /** Above every Linux pid_max (2^22) and the 32-bit pid range of other systems in practice: never a live process. */
    private static final long DEAD_PID = 2_147_483_646L;

    @TempDir
    Path tmp;

    private List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void writesTheFileWithTheUmaskOfANewFile() throws Exception {
        Path plain = Files.writeString(tmp.resolve("plain.txt"), "x"); // permissions any new file gets here
        Path f = tmp.resolve("sub/out.csv");
        AtomicFiles.writeText(f, w -> w.write("a,b\n"));
        assertEquals("a,b\n", Files.readString(f));
        Set<PosixFilePermission> expected = Files.getPosixFilePermissions(plain);
        assertEquals(expected, Files.getPosixFilePermissions(f));
        Path dir = tmp.resolve("run");
        AtomicFiles.writeDirectory(dir, d -> false, d -> Files.writeString(d.resolve("x.csv"), "1"));
        assertEquals(Files.getPosixFilePermissions(Files.createDirectory(tmp.resolve("plainDir"))),
                Files.getPosixFilePermissions(dir));
    }

    @Test
    void aFailedWriteLeavesTheOldFileAndNoTemporary() throws Exception {
        Path f = tmp.resolve("model.json");
        Files.writeString(f, "old");
        assertThrows(IOException.class, () -> AtomicFiles.write(f, out -> {
            out.write("half".getBytes(StandardCharsets.UTF_8));
            throw new IOException("disk full");
        }));
        assertEquals("old", Files.readString(f));
        assertEquals(List.of("model.json"), names(tmp));
    }

    @Test
    void removesTemporariesOfDeadWritersOnly() throws Exception {
        Path dead = Files.writeString(tmp.resolve(".model.json." + DEAD_PID + "-3" + AtomicFiles.SUFFIX), "half");
        Path deadDir = Files.createDirectories(tmp.resolve(".run." + DEAD_PID + "-4" + AtomicFiles.SUFFIX + "/x"));
        Path mine = Files.writeString(tmp.resolve(".pred.csv." + ProcessHandle.current().pid() + "-9"
                + AtomicFiles.SUFFIX), "busy");
        long parent = ProcessHandle.current().parent().orElseThrow().pid();
        Path live = Files.writeString(tmp.resolve(".a.csv." + parent + "-1" + AtomicFiles.SUFFIX), "busy");
        // same live id, but the file is older than that process: the id was reused, the writer is gone
        Path reused = Files.writeString(tmp.resolve(".b.csv." + parent + "-2" + AtomicFiles.SUFFIX), "half");
        Files.setLastModifiedTime(reused, FileTime.from(Instant.parse("1971-01-01T00:00:00Z")));
        Path legacyOld = Files.writeString(tmp.resolve(".model.json1234567.tmp"), "half");
        Files.setLastModifiedTime(legacyOld, FileTime.from(Instant.now().minus(Duration.ofHours(25))));
        Path legacyYoung = Files.writeString(tmp.resolve(".pred.csv7654321.tmp"), "half");
        Path userHidden = Files.writeString(tmp.resolve(".my-notes.tmp"), "keep");
        Files.setLastModifiedTime(userHidden, FileTime.from(Instant.now().minus(Duration.ofDays(30))));

        AtomicFiles.writeText(tmp.resolve("new.csv"), w -> w.write("1\n"));

        assertFalse(Files.exists(dead));
        assertFalse(Files.exists(deadDir.getParent()));
        assertFalse(Files.exists(reused));
        assertFalse(Files.exists(legacyOld));
        assertTrue(Files.exists(mine) && Files.exists(live) && Files.exists(legacyYoung) && Files.exists(userHidden));
    }

    @Test
    void replacesADirectoryWholeOrRefusesIt() throws Exception {
        Path dir = tmp.resolve("run");
        AtomicFiles.writeDirectory(dir, d -> true, d -> {
            Files.writeString(d.resolve("a.csv"), "1");
            Files.writeString(d.resolve("b.csv"), "1");
        });
        AtomicFiles.writeDirectory(dir, d -> true, d -> Files.writeString(d.resolve("a.csv"), "2"));
        assertEquals(List.of("a.csv"), names(dir)); // no file of the first write beside the second's
        assertEquals("2", Files.readString(dir.resolve("a.csv")));
        assertEquals(List.of("run"), names(tmp));
        // a body that fails leaves the old directory as it was, and no temporary
        assertThrows(IOException.class, () -> AtomicFiles.writeDirectory(dir, d -> true, d -> {
            Files.writeString(d.resolve("a.csv"), "3");
            throw new IOException("killed");
        }));
        assertEquals("2", Files.readString(dir.resolve("a.csv")));
        assertEquals(List.of("run"), names(tmp));
        assertThrows(FileAlreadyExistsException.class,
                () -> AtomicFiles.writeDirectory(dir, d -> false, d -> Files.writeString(d.resolve("a.csv"), "4")));
        assertEquals("2", Files.readString(dir.resolve("a.csv")));
    }

    /** A plain-Java caller reads the message alone: it names the file in the way, or the folder given. */
    @Test
    void aFileWhereAFolderIsNeededAndAFolderGivenAsTheFileAreNamed() throws Exception {
        Path file = Files.writeString(tmp.resolve("model.json"), "{}");
        IOException e = assertThrows(IOException.class,
                () -> AtomicFiles.writeText(tmp.resolve("model.json/sub/m.json"), w -> w.write("1")));
        assertEquals(file + ": Not a directory", e.getMessage());
        Path folder = Files.createDirectories(tmp.resolve("empty"));
        e = assertThrows(IOException.class, () -> AtomicFiles.writeText(folder, w -> w.write("1")));
        assertEquals(folder + ": Is a directory", e.getMessage());
        assertTrue(Files.isDirectory(folder), "an empty folder is not replaced by the file");
        assertEquals("{}", Files.readString(file));
    }
}
