package io.plate.itests;

import io.plate.itests.swap.SwapActivator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/** Builds small bundles from this module's compiled test classes. */
final class TestBundles {
    private TestBundles() {
    }

    /** A bundle of a manifest alone: symbolic name {@code name}, version 1.0.0 and one more header. */
    static byte[] manifestOnly(String name, String header, String value) throws IOException {
        Manifest mf = new Manifest();
        Attributes a = mf.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Bundle-ManifestVersion", "2");
        a.putValue("Bundle-SymbolicName", name);
        a.putValue("Bundle-Version", "1.0.0");
        a.putValue(header, value);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new JarOutputStream(bytes, mf).close();
        return bytes.toByteArray();
    }

    /** The hot-swap probe bundle at the given version. */
    static byte[] swapBundle(String version) throws IOException {
        return swapBundle(version, 0);
    }

    /** The swap bundle whose learner is registered with {@code service.ranking} {@code ranking}. */
    static byte[] swapBundle(String version, int ranking) throws IOException {
        Manifest mf = new Manifest();
        Attributes a = mf.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Bundle-ManifestVersion", "2");
        a.putValue("Bundle-SymbolicName", "io.plate.itests.swap");
        a.putValue("Bundle-Version", version);
        a.putValue("Bundle-Activator", "io.plate.itests.swap.SwapActivator");
        a.putValue(SwapActivator.RANKING_HEADER, Integer.toString(ranking));
        a.putValue("Import-Package", "io.plate.api;version=\"[1.0,2)\",io.plate.api.data;version=\"[1.0,2)\","
                + "io.plate.api.learn;version=\"[1.0,2)\",org.osgi.framework;version=\"[1.8,2)\"");
        Path classes = Path.of(System.getProperty("plate.testClasses"), "io/plate/itests/swap");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream jar = new JarOutputStream(bytes, mf)) {
            for (String c : new String[] {"SwapLearner.class", "SwapActivator.class"}) {
                jar.putNextEntry(new JarEntry("io/plate/itests/swap/" + c));
                jar.write(Files.readAllBytes(classes.resolve(c)));
                jar.closeEntry();
            }
        }
        return bytes.toByteArray();
    }
}
