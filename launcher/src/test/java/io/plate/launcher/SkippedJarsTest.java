package io.plate.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The jars FileInstall skips without a word (FileInstall 3.7.4 takes a jar whose manifest has a Bundle-SymbolicName). */
class SkippedJarsTest {
    private static final String NOT_A_BUNDLE = "not an OSGi bundle (its manifest has no Bundle-SymbolicName), and"
            + " FileInstall installs bundles only: make it one (bnd wrap) or put its classes in a bundle";

    @Test
    void garbageAndPlainJarsAreSaidWhyABundleIsNot(@TempDir Path dir) throws IOException {
        Path garbage = Files.writeString(dir.resolve("foo.jar"), "garbage\n");
        assertEquals("not a jar (zip) file", SkippedJars.whyNotInstalled(garbage));
        assertEquals(NOT_A_BUNDLE, SkippedJars.whyNotInstalled(jar(dir.resolve("plain.jar"), null)));
        assertEquals(NOT_A_BUNDLE, SkippedJars.whyNotInstalled(jar(dir.resolve("nomanifest.jar"), new Manifest())));
        assertNull(SkippedJars.whyNotInstalled(jar(dir.resolve("bundle.jar"), bundleManifest())));
    }

    @Test
    void eachVersionOfAJarIsReportedOnceAfterItStoppedChanging(@TempDir Path dir) throws IOException {
        List<String> said = new ArrayList<>();
        SkippedJars jars = new SkippedJars(dir, (jar, why) -> said.add(jar.getFileName() + ": " + why));
        Path foo = Files.writeString(dir.resolve("foo.jar"), "garbage\n");
        jar(dir.resolve("bundle.jar"), bundleManifest());
        Files.writeString(dir.resolve("notes.txt"), "not a jar, not looked at\n");
        jars.look();
        assertEquals(List.of(), said); // seen once: it may still be being written
        jars.look();
        assertEquals(List.of("foo.jar: not a jar (zip) file"), said);
        jars.look();
        assertEquals(1, said.size());
        Files.writeString(foo, "garbage again\n");
        Files.setLastModifiedTime(foo, FileTime.fromMillis(Files.getLastModifiedTime(foo).toMillis() + 2000));
        jars.look();
        jars.look();
        assertEquals(List.of("foo.jar: not a jar (zip) file", "foo.jar: not a jar (zip) file"), said);
    }

    private static Manifest bundleManifest() {
        Manifest m = new Manifest();
        m.getMainAttributes().putValue("Bundle-SymbolicName", "foo");
        return m;
    }

    /** A jar with one class file and {@code manifest} (none when null). */
    private static Path jar(Path path, Manifest manifest) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        if (manifest != null) {
            manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        }
        try (OutputStream out = bytes; JarOutputStream jar = manifest == null ? new JarOutputStream(out)
                : new JarOutputStream(out, manifest)) {
            jar.putNextEntry(new ZipEntry("A.class"));
            jar.write(new byte[] {(byte) 0xCA, (byte) 0xFE, (byte) 0xBA, (byte) 0xBE});
            jar.closeEntry();
        }
        return Files.write(path, bytes.toByteArray());
    }
}
