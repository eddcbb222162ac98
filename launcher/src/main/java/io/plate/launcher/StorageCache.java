package io.plate.launcher;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.CodeSource;
import java.util.Enumeration;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Felix storage kept across starts, so that a start whose plate.jar and features are those of an earlier
 * start reuses the installed bundles instead of copying every jar out of plate.jar again. One folder per
 * key (the CRCs of plate.jar's entries, the features, the launcher's bundle list), named after plate.jar's
 * path as well (see {@link #slot}), under the user cache
 * ({@code $PLATE_CACHE}, else {@code $XDG_CACHE_HOME/plate}, else {@code ~/.cache/plate}). A start holds
 * the folder's lock for as long as it runs; a second start at the same time, or a cache that cannot be
 * written, gets {@code null} and uses a temporary folder as before. {@code PLATE_CACHE=none} turns it off.
 */
final class StorageCache implements AutoCloseable {
    private static final String PREFIX = "felix-";

    private final Path dir;
    private final FileChannel lockChannel;
    private final FileLock lock;

    private StorageCache(Path dir, FileChannel lockChannel, FileLock lock) {
        this.dir = dir;
        this.lockChannel = lockChannel;
        this.lock = lock;
    }

    /** The storage folder to use for these bundle resources, locked for this process; null when there is none. */
    static StorageCache acquire(List<String> resources) {
        Path root = root();
        Path jar = launcherJar();
        if (root == null || jar == null) {
            return null;
        }
        try {
            String slot = PREFIX + slot(jar) + "-";
            String key = key(jar, resources);
            Files.createDirectories(root);
            Path dir = root.resolve(slot + key);
            StorageCache c = lock(root.resolve(slot + key + ".lock"), dir);
            if (c != null) {
                prune(root, dir, slot);
            }
            return c;
        } catch (IOException | RuntimeException e) {
            return null; // no cache: a temporary folder serves as before
        }
    }

    Path dir() {
        return dir;
    }

    /** Empties the folder (its bundles did not match): the next init installs anew. */
    void clear() {
        PlateFramework.deleteTree(dir);
    }

    @Override
    public void close() {
        try {
            lock.release();
            lockChannel.close();
        } catch (IOException e) {
            // the lock goes with the process anyway
        }
    }

    private static StorageCache lock(Path lockFile, Path dir) throws IOException {
        FileChannel ch = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock l;
        try {
            l = ch.tryLock();
        } catch (OverlappingFileLockException e) {
            l = null; // held by this very process (a second framework in the same JVM)
        }
        if (l == null) {
            ch.close();
            return null;
        }
        return new StorageCache(dir, ch, l);
    }

    /**
     * One slot per plate.jar path, so that a rebuilt jar replaces its own folders and not those of another
     * checkout's plate.jar that starts on the same machine.
     */
    static String slot(Path jar) {
        CRC32 crc = new CRC32();
        crc.update(jar.toAbsolutePath().toString().getBytes(StandardCharsets.UTF_8));
        return Long.toHexString(crc.getValue());
    }

    /** Removes the slot's folders of other keys (an older build of the jar) that no running start holds. */
    private static void prune(Path root, Path keep, String slot) {
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(root, slot + "*")) {
            for (Path p : ds) {
                if (!Files.isDirectory(p) || p.equals(keep)) {
                    continue;
                }
                StorageCache other = lock(Path.of(p + ".lock"), p);
                if (other != null) {
                    try {
                        PlateFramework.deleteTree(p);
                        Files.deleteIfExists(Path.of(p + ".lock"));
                    } finally {
                        other.close();
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // pruning is housekeeping only
        }
    }

    static Path root() {
        String env = System.getenv("PLATE_CACHE");
        if (env != null && !env.isBlank()) {
            return env.equals("none") ? null : Path.of(env);
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank()) {
            return Path.of(xdg, "plate");
        }
        String home = System.getProperty("user.home");
        return home == null ? null : Path.of(home, ".cache", "plate");
    }

    /** plate.jar when the launcher runs from it (not from classes in a build folder, as in unit tests). */
    static Path launcherJar() {
        try {
            CodeSource cs = StorageCache.class.getProtectionDomain().getCodeSource();
            if (cs == null || cs.getLocation() == null) {
                return null;
            }
            Path p = Path.of(cs.getLocation().toURI());
            return Files.isRegularFile(p) ? p : null;
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    /**
     * The cache key: a CRC over plate.jar's entry names, sizes and CRCs (read from its central directory,
     * so a rebuilt jar with any changed byte gets a new key) and the bundle resources to install.
     */
    static String key(Path jar, List<String> resources) throws IOException {
        CRC32 names = new CRC32();
        long sum = 0;
        try (ZipFile z = new ZipFile(jar.toFile())) {
            Enumeration<? extends ZipEntry> en = z.entries();
            while (en.hasMoreElements()) {
                ZipEntry e = en.nextElement();
                names.update(e.getName().getBytes(StandardCharsets.UTF_8));
                sum = sum * 31 + e.getCrc() * 1_000_003L + e.getSize();
            }
        }
        CRC32 res = new CRC32();
        res.update(String.join(",", resources).getBytes(StandardCharsets.UTF_8));
        return Long.toHexString(names.getValue()) + Long.toHexString(sum) + "-" + Long.toHexString(res.getValue());
    }
}
