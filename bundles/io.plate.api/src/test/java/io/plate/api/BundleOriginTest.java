package io.plate.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On a plain class path, {@link BundleOrigin#of} names the bundle headers of the manifest of the jar or classes
 * folder a class was loaded from, and "unknown" where there is none. (Inside a framework: HotSwapIT.)
 */
class BundleOriginTest {
    private static final String PROBE = "io/plate/api/OriginProbe.class";

    @TempDir
    Path dir;

    /** A manifest with these main headers (name, value, name, value …). */
    private static Manifest manifest(String... headers) {
        Manifest mf = new Manifest();
        mf.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        for (int i = 0; i < headers.length; i += 2) {
            mf.getMainAttributes().putValue(headers[i], headers[i + 1]);
        }
        return mf;
    }

    private static byte[] probeBytes() throws IOException {
        try (var in = BundleOriginTest.class.getClassLoader().getResourceAsStream(PROBE)) {
            return in.readAllBytes();
        }
    }

    /** A jar holding the probe class, with {@code mf} as its manifest (none when null). */
    private Path jar(String name, Manifest mf) throws IOException {
        Path jar = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(jar);
                JarOutputStream j = mf == null ? new JarOutputStream(out) : new JarOutputStream(out, mf)) {
            j.putNextEntry(new JarEntry(PROBE));
            j.write(probeBytes());
            j.closeEntry();
        }
        return jar;
    }

    /** The probe class as loaded from {@code location} by a loader that does not see the test's own classes. */
    private static BundleOrigin originFrom(Path location) throws Exception {
        try (URLClassLoader loader = new URLClassLoader(new URL[] {location.toUri().toURL()},
                ClassLoader.getPlatformClassLoader())) {
            Class<?> probe = loader.loadClass("io.plate.api.OriginProbe");
            assertNotSame(OriginProbe.class, probe);
            return BundleOrigin.of(probe);
        }
    }

    @Test
    void aJarNamesTheBundleOfItsManifest() throws Exception {
        Path jar = jar("sampler.jar", manifest("Bundle-SymbolicName", "io.plate.sampler.mixture;singleton:=true",
                "Bundle-Version", "0.1.1"));
        BundleOrigin o = originFrom(jar);
        assertEquals(new BundleOrigin("io.plate.sampler.mixture", "0.1.1"), o);
        assertEquals("io.plate.sampler.mixture 0.1.1", o.toString());
    }

    @Test
    void aClassesFolderNamesTheBundleOfItsManifest() throws Exception {
        Path classes = dir.resolve("classes");
        Files.createDirectories(classes.resolve("io/plate/api"));
        Files.write(classes.resolve(PROBE), probeBytes());
        Files.createDirectories(classes.resolve("META-INF"));
        try (OutputStream out = Files.newOutputStream(classes.resolve(JarFile.MANIFEST_NAME))) {
            manifest("Bundle-SymbolicName", "io.plate.classifier", "Bundle-Version", "2.0.0").write(out);
        }
        assertEquals("io.plate.classifier 2.0.0", originFrom(classes).toString());
    }

    @Test
    void withoutABundleManifestTheBundleIsUnknown() throws Exception {
        assertEquals(BundleOrigin.NONE, originFrom(jar("plain.jar", null)));
        assertEquals(BundleOrigin.NONE, originFrom(jar("app.jar", manifest("Main-Class", "x.Main"))));
        // a bundle name without a version names the bundle, its version unknown
        assertEquals("io.plate.x unknown", originFrom(jar("nov.jar", manifest("Bundle-SymbolicName", "io.plate.x")))
                .toString());
        // the test's own classes folder has no manifest (bnd writes it into the jar only), a JDK class no code source
        assertEquals(BundleOrigin.NONE, BundleOrigin.of(BundleOriginTest.class));
        assertEquals("unknown", BundleOrigin.of(String.class).toString());
        assertFalse(BundleOrigin.of(String.class).known());
        assertFalse(BundleOrigin.inFramework(BundleOriginTest.class));
    }

    @Test
    void theTextReadsBackAndBadTextIsRefusedWithWhatWasExpected() {
        assertEquals(new BundleOrigin("io.plate.classifier", "0.1.1"), BundleOrigin.parse("io.plate.classifier 0.1.1"));
        assertEquals(BundleOrigin.NONE, BundleOrigin.parse("unknown"));
        for (String bad : new String[] {"io.plate.classifier", "a b c", " 0.1.0", ""}) {
            String m = assertThrows(IllegalArgumentException.class, () -> BundleOrigin.parse(bad)).getMessage();
            assertEquals("expected a bundle's symbolic name and version, e.g. 'io.plate.classifier 0.1.0', or"
                    + " 'unknown', got '" + bad + "'", m);
        }
    }
}
