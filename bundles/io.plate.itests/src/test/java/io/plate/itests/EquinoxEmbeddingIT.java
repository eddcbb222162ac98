package io.plate.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.launcher.PlateFramework;
import java.io.File;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bundles plate.jar carries, started in Eclipse Equinox instead of Felix, become ACTIVE, their
 * components are satisfied and the commands answer. Equinox runs in a child JVM (see {@link EquinoxMain}).
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class EquinoxEmbeddingIT {
    @Test
    void bundlesRunInEquinox(@TempDir Path dir) throws Exception {
        runEquinox(dir, List.of());
    }

    /**
     * As an Eclipse product starts: only SCR, Gogo and the libraries are started (config.ini's
     * {@code @start}); Plate's bundles, installed only, come up by their lazy activation policy.
     */
    @Test
    void bundlesComeUpByTheirActivationPolicyAsInAnEclipseProduct(@TempDir Path dir) throws Exception {
        runEquinox(dir, List.of(EquinoxMain.ECLIPSE_START));
    }

    private static void runEquinox(Path dir, List<String> options) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-cp");
        String equinox = null;
        String launcherClasses = null;
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (e.contains("org.eclipse.osgi")) {
                equinox = e;
            }
        }
        assertNotNull(equinox, "Equinox jar on the test class path");
        launcherClasses = Path.of(PlateFramework.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toString();
        // the launcher's classes come from its (shaded) jar; only GogoSession and PlateFramework.deleteTree are
        // used, but Felix must not be on the child's class path, so extract just those classes
        Path classes = dir.resolve("classes");
        extract(launcherClasses, classes, "io/plate/launcher/");
        cmd.add(String.join(File.pathSeparator, equinox, System.getProperty("plate.testClasses"), classes.toString()));
        cmd.add(EquinoxMain.class.getName());
        cmd.addAll(options);
        ClassLoader loader = PlateFramework.class.getClassLoader();
        for (String r : PlateFramework.bundleResources(List.of())) {
            Path jar = dir.resolve(Path.of(r).getFileName());
            try (InputStream in = loader.getResourceAsStream(r)) {
                assertNotNull(in, r);
                Files.copy(in, jar, StandardCopyOption.REPLACE_EXISTING);
            }
            cmd.add(jar.toString());
        }
        Path out = dir.resolve("out.txt");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        if (!p.waitFor(150, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("Equinox child did not finish: " + Files.readString(out));
        }
        String text = Files.readString(out, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), text);
        assertTrue(text.contains("EQUINOX OK"), text);
    }

    private static void extract(String jarOrDir, Path target, String prefix) throws Exception {
        Path src = Path.of(jarOrDir);
        if (Files.isDirectory(src)) {
            Path from = src.resolve(prefix);
            try (var files = Files.walk(from)) {
                for (Path f : (Iterable<Path>) files::iterator) {
                    Path t = target.resolve(prefix).resolve(from.relativize(f).toString());
                    if (Files.isDirectory(f)) {
                        Files.createDirectories(t);
                    } else {
                        Files.copy(f, t, StandardCopyOption.REPLACE_EXISTING);
                    }
                }
            }
            return;
        }
        try (java.util.jar.JarFile jar = new java.util.jar.JarFile(src.toFile())) {
            for (var e : java.util.Collections.list(jar.entries())) {
                if (e.getName().startsWith(prefix) && !e.isDirectory()) {
                    Path t = target.resolve(e.getName());
                    Files.createDirectories(t.getParent());
                    try (InputStream in = jar.getInputStream(e)) {
                        Files.copy(in, t, StandardCopyOption.REPLACE_EXISTING);
                    }
                }
            }
        }
    }
}
