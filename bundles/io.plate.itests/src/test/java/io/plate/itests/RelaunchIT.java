package io.plate.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code java -jar plate.jar} runs the launcher in a child JVM with a class-data-sharing archive that the
 * first start creates in the user cache: the child maps it, the parent passes the exit status and SIGTERM
 * through, a parent killed with SIGKILL takes its child with it, and without {@code PLATE_RELAUNCH=on} one JVM runs.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class RelaunchIT {
    private static Process start(Path work, Map<String, String> env, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", System.getProperty("plate.jar")));
        cmd.addAll(Arrays.asList(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(work.resolve("out.txt").toFile())
                .redirectError(work.resolve("err.txt").toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.environment().put("PLATE_CACHE", work.resolve("cache").toString());
        pb.environment().put("PLATE_RELAUNCH", "on");
        pb.environment().putAll(env);
        return pb.start();
    }

    private static int finish(Process p) throws InterruptedException {
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("plate did not end in 120 s");
        }
        return p.exitValue();
    }

    private static String out(Path work) throws IOException {
        return Files.readString(work.resolve("out.txt"), StandardCharsets.UTF_8);
    }

    private static List<Path> archives(Path work) throws IOException {
        try (var s = Files.list(work.resolve("cache"))) {
            return s.filter(p -> p.getFileName().toString().endsWith(".jsa")).toList();
        }
    }

    /** The child JVM of {@code p}, once it has started the framework and printed {@code marker}. */
    private static ProcessHandle childAfter(Process p, Path work, String marker) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!out(work).contains(marker)) {
            assertTrue(p.isAlive() && System.nanoTime() < deadline, "no '" + marker + "' in: " + out(work));
            Thread.sleep(50);
        }
        List<ProcessHandle> children = p.children().toList();
        assertEquals(1, children.size(), "one child JVM: " + children);
        return children.get(0);
    }

    @Test
    void theFirstStartMakesTheArchiveTheNextStartsMap(@TempDir Path work) throws Exception {
        assertEquals(0, finish(start(work, Map.of(), "-c", "plate:version")));
        List<Path> made = archives(work);
        assertEquals(1, made.size(), "one archive: " + made);
        Process p = start(work, Map.of(), "-c", "plate:version", "-c", "sleep 60");
        try {
            ProcessHandle child = childAfter(p, work, "Plate ");
            List<String> args = List.of(child.info().arguments().orElseThrow());
            assertTrue(args.contains("-XX:SharedArchiveFile=" + made.get(0)), args.toString());
        } finally {
            p.destroyForcibly();
            p.waitFor();
        }
    }

    @Test
    void statusAndSigtermPassThroughTheParent(@TempDir Path work) throws Exception {
        assertEquals(1, finish(start(work, Map.of(), "-c", "plate:nosuchcommand")));
        assertEquals(2, finish(start(work, Map.of(), "--no-such-option")));
        Process p = start(work, Map.of(), "-c", "plate:version", "-c", "sleep 60");
        ProcessHandle child = childAfter(p, work, "Plate ");
        p.destroy(); // SIGTERM to the parent only
        assertEquals(143, finish(p), Files.readString(work.resolve("err.txt")));
        child.onExit().get(10, TimeUnit.SECONDS);
        assertTrue(!child.isAlive());
    }

    @Test
    void aParentKilledWithSigkillTakesItsChild(@TempDir Path work) throws Exception {
        Process p = start(work, Map.of(), "-c", "plate:version", "-c", "sleep 60");
        ProcessHandle child = childAfter(p, work, "Plate ");
        p.destroyForcibly();
        p.waitFor();
        child.onExit().get(10, TimeUnit.SECONDS);
        assertTrue(!child.isAlive(), "the child outlived its killed parent");
    }

    @Test
    void withoutPlateRelaunchTheLauncherRunsInOneJvm(@TempDir Path work) throws Exception {
        Process p = start(work, Map.of("PLATE_RELAUNCH", ""), "-c", "plate:version", "-c", "sleep 60");
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!out(work).contains("Plate ")) {
                assertTrue(p.isAlive() && System.nanoTime() < deadline, out(work));
                Thread.sleep(50);
            }
            // no second JVM; Gogo's JLine bundle, started for 'sleep', may be running infocmp meanwhile
            assertEquals(List.of(), p.children().filter(c -> c.info().command().orElse("").endsWith("/java")).toList());
        } finally {
            p.destroyForcibly();
            p.waitFor();
        }
        assertTrue(!Files.exists(work.resolve("cache")) || archives(work).isEmpty());
    }
}
