package io.plate.launcher;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.zip.CRC32;

/**
 * Runs the launcher in a child JVM started with options a jar's manifest cannot carry: a dynamic
 * class-data-sharing archive of the classes a start loads (JDK, Felix, the bundles; created by the first
 * start of a plate.jar on a JVM, in the user cache beside the Felix storage) and compile thresholds that
 * keep C2 for code that stays hot. The parent only waits: the child inherits the terminal and the
 * standard streams, the parent ignores SIGINT (the child, in the same process group, gets Ctrl-C itself),
 * passes SIGTERM on, and exits with the child's status; a child whose parent is gone (kill -9) halts.
 * Opt-in ({@code PLATE_RELAUNCH=on} or {@code -Dplate.relaunch=on}): the child notices a parent killed with
 * SIGKILL only at its next poll, and until then goes on writing, which {@code kill -9} must not allow.
 */
final class Relaunch {
    /** Set on the child's command line to the parent's pid. */
    static final String CHILD = "plate.relaunched";
    /** The archives' file names: cds-SLOT-KEY.jsa (a slot as {@link StorageCache#slot}). */
    static final String ARCHIVE_PREFIX = "cds-";
    /** C2 only for code invoked or looping ten times more than by default: a start's code stays in C1. */
    private static final List<String> JIT = List.of("-XX:Tier4InvocationThreshold=50000",
            "-XX:Tier4MinInvocationThreshold=6000", "-XX:Tier4CompileThreshold=150000",
            "-XX:Tier4BackEdgeThreshold=400000");
    private static final long PARENT_POLL_MILLIS = 50;
    /** An archive being written for longer than this was left by a killed start. */
    private static final long STALE_TMP_MILLIS = 3_600_000;

    private Relaunch() {
    }

    /**
     * Runs {@code args} in a child JVM and returns its exit status, or -1 when this JVM should run the
     * launcher itself: it is the child, relaunching is off, or the start is not a {@code java -jar
     * plate.jar} with a cache folder for the archive.
     */
    static int run(String[] args) {
        if (System.getProperty(CHILD) != null) {
            watchParent(Long.getLong(CHILD, -1));
            return -1;
        }
        // opt-in: a child that outlives a parent killed with SIGKILL by up to a poll keeps writing (KillIT)
        if (!on(System.getProperty("plate.relaunch")) && !on(System.getenv("PLATE_RELAUNCH"))) {
            return -1;
        }
        Path jar = StorageCache.launcherJar();
        Path root = StorageCache.root();
        List<String> jvmOptions = jvmOptions(jar);
        if (jar == null || root == null || jvmOptions == null) {
            return -1;
        }
        Path archive;
        try {
            Files.createDirectories(root);
            archive = root.resolve(ARCHIVE_PREFIX + StorageCache.slot(jar) + "-" + key(jar) + ".jsa");
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        boolean create = !Files.isRegularFile(archive);
        Path fresh = root.resolve(archive.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add(create ? "-XX:ArchiveClassesAtExit=" + fresh : "-XX:SharedArchiveFile=" + archive);
        cmd.add("-Xlog:cds=off"); // the dump's "Skipping …" lines and a refused archive's warning
        cmd.add("-Xlog:cds+dynamic=off");
        cmd.addAll(JIT);
        cmd.addAll(jvmOptions); // the user's options come after Plate's, so that they win
        cmd.add("-D" + CHILD + "=" + ProcessHandle.current().pid());
        cmd.add("-jar");
        cmd.add(jar.toString());
        cmd.addAll(List.of(args));
        Process child;
        try {
            Signals.ignoreInterrupt(); // a handled signal is reset in the child: it gets Ctrl-C
            child = new ProcessBuilder(cmd).inheritIO().start();
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        Signals.forwardTerminate(child);
        int status = waitFor(child);
        if (create) {
            keep(fresh, archive, root, ARCHIVE_PREFIX + StorageCache.slot(jar) + "-");
        }
        return status;
    }

    private static boolean on(String v) {
        return v != null && List.of("on", "true", "yes", "1").contains(v.trim().toLowerCase(java.util.Locale.ROOT));
    }

    /**
     * The JVM options this JVM was started with when it was started as {@code java [options] -jar
     * plate.jar …}; null otherwise, or when they already choose a class-data-sharing archive.
     */
    private static List<String> jvmOptions(Path jar) {
        if (jar == null) {
            return null;
        }
        Optional<String[]> cmdline = ProcessHandle.current().info().arguments();
        if (cmdline.isEmpty()) {
            return null;
        }
        String[] a = cmdline.get();
        for (int i = 0; i + 1 < a.length; i++) {
            if (a[i].equals("-jar")) {
                try {
                    return Files.isSameFile(Path.of(a[i + 1]), jar) ? List.of(a).subList(0, i) : null;
                } catch (IOException | RuntimeException e) {
                    return null;
                }
            }
            if (a[i].startsWith("-Xshare") || a[i].startsWith("-XX:SharedArchiveFile")
                    || a[i].startsWith("-XX:ArchiveClassesAtExit")) {
                return null;
            }
        }
        return null;
    }

    /**
     * An archive serves one build of plate.jar (size, time) on one JVM build with these options; one slot
     * per plate.jar path ({@link StorageCache#slot}): a rebuilt jar replaces its own archive only.
     */
    private static String key(Path jar) throws IOException {
        return crc(String.join("\n", Long.toString(Files.size(jar)),
                Long.toString(Files.getLastModifiedTime(jar).toMillis()), System.getProperty("java.home"),
                System.getProperty("java.vm.version"), String.join(" ", JIT)));
    }

    private static String crc(String s) {
        CRC32 crc = new CRC32();
        crc.update(s.getBytes(StandardCharsets.UTF_8));
        return Long.toHexString(crc.getValue());
    }

    private static int waitFor(Process child) {
        while (true) {
            try {
                return child.waitFor();
            } catch (InterruptedException e) {
                // only the child's end ends the parent
            }
        }
    }

    /**
     * Puts the archive the child wrote at exit in its place (a start at the same time may have done the
     * same: either archive serves) and removes the slot's archives of earlier builds or other JVMs, and
     * what starts killed while they wrote an archive left.
     */
    private static void keep(Path fresh, Path archive, Path root, String slot) {
        try {
            if (Files.isRegularFile(fresh) && Files.size(fresh) > 0) {
                Files.move(fresh, archive, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } else {
                Files.deleteIfExists(fresh);
            }
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(root, slot + "*")) {
                for (Path p : ds) {
                    String name = p.getFileName().toString();
                    boolean stale = name.endsWith(".tmp") && Files.getLastModifiedTime(p).toMillis()
                            < System.currentTimeMillis() - STALE_TMP_MILLIS;
                    if (name.endsWith(".jsa") && !p.equals(archive) || stale) {
                        Files.deleteIfExists(p); // a start mapping it keeps its mapping
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // no archive: the next start tries again
        }
    }

    /** In the child: halts when the parent is gone (killed with SIGKILL), as the parent's own end would. */
    private static void watchParent(long parentPid) {
        if (parentPid <= 0) {
            return;
        }
        Thread t = new Thread(() -> {
            while (true) {
                Optional<ProcessHandle> parent = ProcessHandle.current().parent();
                if (parent.isEmpty() || parent.get().pid() != parentPid) {
                    Runtime.getRuntime().halt(137);
                }
                try {
                    Thread.sleep(PARENT_POLL_MILLIS);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "plate-parent-watch");
        t.setDaemon(true);
        t.start();
    }
}
