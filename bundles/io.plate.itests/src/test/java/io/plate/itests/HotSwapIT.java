package io.plate.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.launcher.PlateFramework;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarInputStream;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipFile;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;

/**
 * Installs, updates and uninstalls a second provider of a service while the framework runs and checks
 * that the shell's dynamic references follow, with no restart; and that a run and a model file name the
 * bundle and version that made them, an updated sampler bundle's new version from the next run on.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class HotSwapIT {
    @Test
    void learnerBundleComesGoesAndUpdatesLive() throws Exception {
        try (PlateFramework plate = PlateFramework.start(List.of(), false, null, Map.of());
                Shell sh = new Shell(plate.framework().getBundleContext())) {
            BundleContext ctx = plate.framework().getBundleContext();
            assertFalse(sh.run("plate:learners").contains("test.swap"));

            Bundle b = ctx.installBundle("test:swap", new ByteArrayInputStream(TestBundles.swapBundle("1.0.0")));
            b.start();
            String v1 = sh.run("plate:learners");
            assertTrue(v1.contains("test.swap") && v1.contains("hot-swap probe version 1.0.0"), v1);

            b.update(new ByteArrayInputStream(TestBundles.swapBundle("2.0.0")));
            String v2 = sh.run("plate:learners");
            assertTrue(v2.contains("hot-swap probe version 2.0.0"), v2);
            assertFalse(v2.contains("version 1.0.0"), v2);
            assertEquals(1, Osgi.count(ctx, "io.plate.api.learn.Learner", "(plate.learner=test.swap)"));

            b.uninstall();
            String gone = sh.run("plate:learners");
            assertFalse(gone.contains("test.swap"), gone);
            assertEquals(List.of(), Osgi.notActive(ctx));
            assertEquals(List.of(), Osgi.unsatisfiedComponents(ctx, 10_000));
        }
    }

    @Test
    void runsAndModelsNameTheBundleVersionThatMadeThem(@TempDir Path tmp) throws Exception {
        String version = System.getProperty("plate.version");
        try (PlateFramework plate = PlateFramework.start(List.of(), false, null, Map.of());
                Shell sh = new Shell(plate.framework().getBundleContext())) {
            BundleContext ctx = plate.framework().getBundleContext();
            sh.run("plate:import " + ItData.file("iris/iris.csv") + " --name iris");

            // a model file says which classifier bundle fitted it; plateVersion stays the API's release
            sh.run("plate:train nb.gaussian iris --name m");
            sh.run("plate:save m " + tmp.resolve("m.json"));
            String model = Files.readString(tmp.resolve("m.json"));
            assertTrue(model.contains("\"bundle\" : \"io.plate.classifier " + version + "\""), model);
            assertTrue(model.contains("\"plateVersion\" : \"" + version + "\""), model);

            String before = cluster(sh, tmp.resolve("run1"));
            assertTrue(before.contains("(sampled by io.plate.sampler.mixture " + version + ")"), before);

            // the demo's upgrade: the same bundle with Bundle-Version 0.1.1, updated in place
            Bundle mixture = Arrays.stream(ctx.getBundles())
                    .filter(b -> "io.plate.sampler.mixture".equals(b.getSymbolicName())).findFirst().orElseThrow();
            mixture.update(new ByteArrayInputStream(reversioned("io.plate.sampler.mixture-" + version + ".jar", "0.1.1")));
            long end = System.currentTimeMillis() + 30_000;
            String listing = "";
            while (!listing.matches("(?s).*mixture[.]gaussian +io[.]plate[.]sampler[.]mixture +0[.]1[.]1 .*")) {
                assertTrue(System.currentTimeMillis() < end, "mixture.gaussian 0.1.1 never listed:\n" + listing);
                Thread.sleep(50);
                listing = sh.run("plate:samplers");
            }
            String after = cluster(sh, tmp.resolve("run2"));
            assertTrue(after.contains("kept as run 'iris.mixture.gaussian' (sampled by io.plate.sampler.mixture 0.1.1),"
                    + " written to " + tmp.resolve("run2")), after);
            String summary = Files.readString(tmp.resolve("run2/summary.json"));
            assertTrue(summary.contains("\"bundle\" : \"io.plate.sampler.mixture 0.1.1\""), summary);
        }
    }

    private static String cluster(Shell sh, Path out) throws Exception {
        return sh.run("plate:cluster mixture.gaussian iris k=3 --iterations 200 --burn-in 50 --chains 2 --seed 1 --out "
                + out);
    }

    /** The bundle {@code name} of plate.jar with its Bundle-Version set to {@code version}: the same code, a new version. */
    private static byte[] reversioned(String name, String version) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipFile plate = new ZipFile(System.getProperty("plate.jar"));
                InputStream in = plate.getInputStream(plate.getEntry("bundles/" + name));
                JarInputStream jar = new JarInputStream(in)) {
            Manifest mf = new Manifest(jar.getManifest());
            mf.getMainAttributes().putValue("Bundle-Version", version);
            try (JarOutputStream out = new JarOutputStream(bytes, mf)) {
                for (JarEntry e = jar.getNextJarEntry(); e != null; e = jar.getNextJarEntry()) {
                    out.putNextEntry(new JarEntry(e.getName()));
                    jar.transferTo(out);
                    out.closeEntry();
                }
            }
        }
        return bytes.toByteArray();
    }
}
