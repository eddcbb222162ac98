package io.plate.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StorageCacheTest {
    @TempDir
    Path root;

    @Test
    void foldersOfAPlateJarThatIsGoneAreRemovedWithTheirArchives() throws IOException {
        Path jar = Files.writeString(root.resolve("plate.jar"), "a jar");
        folder("storage-aa-k1", root.resolve("deleted-clone/plate.jar").toString());
        folder("storage-bb-k2", jar.toString());
        Files.writeString(root.resolve("cds-aa-x.jsa"), "archive of the gone jar");
        Files.writeString(root.resolve("cds-bb-y.jsa"), "archive of the jar still there");

        StorageCache.pruneOrphans(root);

        assertEquals(new TreeSet<>(List.of("cds-bb-y.jsa", "plate.jar", "storage-bb-k2", "storage-bb-k2.bundles",
                "storage-bb-k2.gosh", "storage-bb-k2.lock", "storage-bb-k2.origin")), names());
    }

    @Test
    void foldersNamingNoJarAreRemovedOnlyWhenLongUnused() throws IOException {
        Path old = folder("storage-cc-k1", null);
        folder("storage-dd-k1", null);
        Files.writeString(root.resolve("cds-cc-x.jsa"), "archive");
        Files.setLastModifiedTime(old, FileTime.fromMillis(
                System.currentTimeMillis() - StorageCache.UNNAMED_MAX_AGE_MILLIS - 60_000));

        StorageCache.pruneOrphans(root);

        assertEquals(new TreeSet<>(List.of("storage-dd-k1", "storage-dd-k1.bundles", "storage-dd-k1.gosh",
                "storage-dd-k1.lock")), names());
    }

    @Test
    void aFolderInUseIsKeptAndSoIsItsSlotsArchive() throws IOException {
        Path gone = root.resolve("gone/plate.jar");
        Path held = folder("storage-ee-k1", gone.toString());
        folder("storage-ee-k2", gone.toString());
        Files.writeString(root.resolve("cds-ee-x.jsa"), "archive");
        try (FileChannel ch = FileChannel.open(Path.of(held + ".lock"), StandardOpenOption.WRITE);
                FileLock lock = ch.lock()) {
            StorageCache.pruneOrphans(root);
        }
        assertEquals(new TreeSet<>(List.of("cds-ee-x.jsa", "storage-ee-k1", "storage-ee-k1.bundles",
                "storage-ee-k1.gosh", "storage-ee-k1.lock", "storage-ee-k1.origin")), names());
    }

    /** A storage folder as a start leaves it: the folder, its lock, bundle list, Gogo home and origin. */
    private Path folder(String name, String origin) throws IOException {
        Path dir = Files.createDirectories(root.resolve(name).resolve("bundle1"));
        Files.writeString(dir.resolve("bundle.info"), "1");
        Files.createDirectories(root.resolve(name + ".gosh/commands"));
        Files.writeString(root.resolve(name + ".bundles"), "bundles/io.plate.api.jar\n");
        Files.writeString(root.resolve(name + ".lock"), "");
        if (origin != null) {
            Files.writeString(root.resolve(name + ".origin"), origin);
        }
        return root.resolve(name);
    }

    private TreeSet<String> names() throws IOException {
        try (Stream<Path> s = Files.list(root)) {
            return s.map(p -> p.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new));
        }
    }
}
