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
 * key (the CRCs of plate.jar's entries, which include the feature files, and the chosen features), named
 * after plate.jar's path as well (see {@link #slot}), under the user cache
 * ({@code $PLATE_CACHE}, else {@code $XDG_CACHE_HOME/plate}, else {@code ~/.cache/plate}). A start holds
 * the folder's lock for as long as it runs; a second start at the same time, or a cache that cannot be
 * written, gets {@code null} and uses a temporary folder as before. {@code PLATE_CACHE=none} turns it off.
 * Beside the folder, {@code FOLDER.bundles} lists the bundles installed in it, so that a later start
 * need not read the feature files (the storage must hold exactly those, or the start reads them), and
 * {@code FOLDER.origin} names the plate.jar it serves: a folder whose plate.jar is gone (a deleted clone) is
 * removed, with the class-data-sharing archives of that jar's slot, by the next start that installs bundles
 * (the first start of a new build or checkout, when caches accumulate).
 */
final class StorageCache implements AutoCloseable {
    private static final String PREFIX = "storage-";
    private static final String GOSH = ".gosh";
    private static final String ORIGIN = ".origin";
    /** A folder from before origins were written down is removed when unused for this long. */
    static final long UNNAMED_MAX_AGE_MILLIS = 14L * 24 * 3_600_000;

    private final Path dir;
    private final FileChannel lockChannel;
    private final FileLock lock;

    private StorageCache(Path dir, FileChannel lockChannel, FileLock lock) {
        this.dir = dir;
        this.lockChannel = lockChannel;
        this.lock = lock;
    }

    /**
     * The storage folder for these features (in {@link FeatureCatalog#selection} form), locked for this
     * process; null when there is none.
     */
    static StorageCache acquire(List<String> features) {
        Path root = root();
        Path jar = launcherJar();
        if (root == null || jar == null) {
            return null;
        }
        try {
            String slot = PREFIX + slot(jar) + "-";
            String key = key(jar, features);
            Files.createDirectories(root);
            Path dir = root.resolve(slot + key);
            boolean installs = !Files.isDirectory(dir); // a new build or checkout: its bundles are installed now
            StorageCache c = lock(root.resolve(slot + key + ".lock"), dir);
            if (c != null) {
                c.nameOrigin(jar);
                prune(root, dir, slot);
                if (installs) {
                    pruneOrphans(root); // reads every folder's origin: kept off the starts that reuse their bundles
                }
            }
            return c;
        } catch (IOException | RuntimeException e) {
            return null; // no cache: a temporary folder serves as before
        }
    }

    Path dir() {
        return dir;
    }

    /** The bundle resources a start with this folder installed (see {@link #remember}), or null. */
    List<String> remembered() {
        try {
            List<String> lines = Files.readAllLines(bundleList(dir), StandardCharsets.UTF_8);
            return lines.isEmpty() ? null : lines;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Writes down the bundle resources installed in the folder, for the next start. */
    void remember(List<String> resources) {
        try {
            writeAtomically(bundleList(dir), String.join("\n", resources) + "\n");
        } catch (IOException | RuntimeException e) {
            // the next start reads the feature files again
        }
    }

    /** Writes down which plate.jar this folder serves, unless it says so already. */
    private void nameOrigin(Path jar) {
        String path = jar.toAbsolutePath().toString();
        try {
            Path origin = origin(dir);
            if (!Files.isRegularFile(origin) || !Files.readString(origin, StandardCharsets.UTF_8).equals(path)) {
                writeAtomically(origin, path);
            }
        } catch (IOException | RuntimeException e) {
            // without it the folder is pruned by age only
        }
    }

    /** Gogo's home (profile, motd) for this folder's starts, interactive or not; kept with the folder. */
    Path goshHome(boolean interactive) {
        return goshHomes(dir).resolve(interactive ? "interactive" : "commands");
    }

    private static Path bundleList(Path dir) {
        return Path.of(dir + ".bundles");
    }

    private static Path origin(Path dir) {
        return Path.of(dir + ORIGIN);
    }

    private static Path goshHomes(Path dir) {
        return Path.of(dir + GOSH);
    }

    /** Writes {@code text} to a temporary file beside {@code file}, then moves it into place. */
    static void writeAtomically(Path file, String text) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        try {
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.move(tmp, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE,
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Empties the folder (its bundles did not match): the next init installs anew. */
    void clear() {
        PlateFramework.deleteTree(dir);
        PlateFramework.deleteTree(goshHomes(dir));
        try {
            Files.deleteIfExists(bundleList(dir));
        } catch (IOException e) {
            // a stale list is checked against the storage anyway
        }
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
                // storage folders only: a Gogo home goes with its storage folder
                if (!Files.isDirectory(p) || p.equals(keep) || p.getFileName().toString().endsWith(GOSH)) {
                    continue;
                }
                removeUnlocked(p);
            }
        } catch (IOException | RuntimeException e) {
            // pruning is housekeeping only
        }
    }

    /**
     * Removes the storage folders, of any slot, whose plate.jar is gone (their origin names a missing file)
     * or, named by no origin, unused for {@link #UNNAMED_MAX_AGE_MILLIS}, unless a running start holds
     * them; and the class-data-sharing archives of a slot left with no folder.
     */
    static void pruneOrphans(Path root) {
        java.util.Set<String> slotsGone = new java.util.HashSet<>();
        java.util.Set<String> slotsKept = new java.util.HashSet<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(root, PREFIX + "*")) {
            for (Path p : ds) {
                if (!Files.isDirectory(p) || p.getFileName().toString().endsWith(GOSH)) {
                    continue;
                }
                String slot = slotOf(p);
                if (orphaned(p) && removeUnlocked(p)) {
                    slotsGone.add(slot);
                } else {
                    slotsKept.add(slot);
                }
            }
        } catch (IOException | RuntimeException e) {
            return; // pruning is housekeeping only
        }
        slotsGone.removeAll(slotsKept);
        for (String slot : slotsGone) {
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(root, Relaunch.ARCHIVE_PREFIX + slot + "-*")) {
                for (Path p : ds) {
                    Files.deleteIfExists(p); // a start mapping it keeps its mapping
                }
            } catch (IOException | RuntimeException e) {
                // housekeeping only
            }
        }
    }

    private static boolean orphaned(Path dir) throws IOException {
        Path origin = origin(dir);
        if (Files.isRegularFile(origin)) {
            String jar = Files.readString(origin, StandardCharsets.UTF_8).trim();
            return !jar.isEmpty() && !Files.exists(Path.of(jar));
        }
        return Files.getLastModifiedTime(dir).toMillis() < System.currentTimeMillis() - UNNAMED_MAX_AGE_MILLIS;
    }

    /** {@code storage-SLOT-KEY}: the slot. */
    private static String slotOf(Path dir) {
        String rest = dir.getFileName().toString().substring(PREFIX.length());
        int dash = rest.indexOf('-');
        return dash < 0 ? rest : rest.substring(0, dash);
    }

    /** Removes a storage folder and what lies beside it, unless a running start holds its lock. */
    private static boolean removeUnlocked(Path p) throws IOException {
        StorageCache other = lock(Path.of(p + ".lock"), p);
        if (other == null) {
            return false;
        }
        try {
            PlateFramework.deleteTree(p);
            PlateFramework.deleteTree(goshHomes(p));
            Files.deleteIfExists(bundleList(p));
            Files.deleteIfExists(origin(p));
            Files.deleteIfExists(Path.of(p + ".lock"));
            return true;
        } finally {
            other.close();
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
     * so a rebuilt jar with any changed byte gets a new key) and the chosen features.
     */
    static String key(Path jar, List<String> features) throws IOException {
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
        res.update(String.join(",", features).getBytes(StandardCharsets.UTF_8));
        return Long.toHexString(names.getValue()) + Long.toHexString(sum) + "-" + Long.toHexString(res.getValue());
    }
}
