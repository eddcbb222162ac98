package io.plate.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.launcher.PlateFramework;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;

/**
 * The launcher's start without a console leaves Gogo's JLine bundle (echo, each, grep: 150-180 ms of a start)
 * resolved but not started until a program needs it, and Plate's commands need nothing of it.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DeferredGogoShellIT {
    private static final String GOGO_JLINE = "org.apache.felix.gogo.jline";

    @Test
    void plateCommandsRunBeforeGogosShellStartsAndItsCommandsAfter() throws Exception {
        try (PlateFramework plate = PlateFramework.start(List.of(), false, null, Map.of(), false, true)) {
            BundleContext ctx = plate.framework().getBundleContext();
            Bundle jline = gogoJline(plate);
            assertEquals(Bundle.RESOLVED, jline.getState(), "deferred: resolved, not started");
            try (Shell sh = new Shell(ctx)) {
                assertTrue(sh.run("plate:version").startsWith("Plate "), "plate:version");
                assertTrue(sh.run("plate:learners").contains("nb.categorical"), "plate:learners");
                assertThrows(Exception.class, () -> sh.run("echo hi"), "echo needs Gogo's JLine bundle");
                plate.startGogoShell();
                assertEquals(Bundle.ACTIVE, jline.getState());
                assertEquals("hi", sh.run("echo hi").strip());
                plate.startGogoShell(); // a second call changes nothing
                assertEquals(Bundle.ACTIVE, jline.getState());
            }
        }
    }

    @Test
    void withAConsoleOrWithoutDeferralItStartsWithTheRest() throws Exception {
        try (PlateFramework plate = PlateFramework.start(List.of(), false, null, Map.of())) {
            assertEquals(Bundle.ACTIVE, gogoJline(plate).getState());
        }
    }

    /**
     * Plate answers help itself under Felix Gogo, so its functions carry no description property there; a
     * console without Gogo's help (Apache Karaf's) gets them, added after the start: Gogo's command bundle,
     * which registers Gogo's help, is stopped here to stand for such a console.
     */
    @Test
    void descriptionsAreAddedWhereGogosHelpIsAbsent() throws Exception {
        try (PlateFramework plate = PlateFramework.start(List.of(), false, null, Map.of())) {
            BundleContext ctx = plate.framework().getBundleContext();
            assertEquals(null, description(ctx, "learners"), "Plate's help reads them when asked");
            List.of(ctx.getBundles()).stream().filter(b -> b.getSymbolicName().equals("org.apache.felix.gogo.command"))
                    .findFirst().orElseThrow().stop();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (description(ctx, "learners") == null && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertEquals("list the installed learners with their bundle and version", description(ctx, "learners"));
        }
    }

    /**
     * The functions the launcher's shell profile calls for itself ({@code plate:banner}, {@code plate:names},
     * {@code plate:completions}) are registered only while Plate answers help: a console with a help of its own
     * (Apache Karaf's, stood for by stopping Gogo's command bundle) would list them. They come back with Gogo's help.
     */
    @Test
    void internalCommandsAreRegisteredOnlyWherePlateAnswersHelp() throws Exception {
        try (PlateFramework plate = PlateFramework.start(List.of(), false, null, Map.of())) {
            BundleContext ctx = plate.framework().getBundleContext();
            assertEquals(List.of(1, 1, 1, 1), List.of(count(ctx, "banner"), count(ctx, "names"), count(ctx, "completions"),
                    count(ctx, "learners")));
            Bundle gogoCommand = List.of(ctx.getBundles()).stream()
                    .filter(b -> b.getSymbolicName().equals("org.apache.felix.gogo.command")).findFirst().orElseThrow();
            gogoCommand.stop();
            assertEquals(List.of(0, 0, 0, 1), List.of(count(ctx, "banner"), count(ctx, "names"), count(ctx, "completions"),
                    count(ctx, "learners")));
            gogoCommand.start();
            assertEquals(List.of(1, 1, 1, 1), List.of(count(ctx, "banner"), count(ctx, "names"), count(ctx, "completions"),
                    count(ctx, "learners")));
        }
    }

    /**
     * Plate's {@code felix:refresh} and {@code felix:update}, which take the place of Felix Gogo's own, are
     * registered only while Felix Gogo's command bundle is active: Apache Karaf, stood for by stopping it, has
     * its own {@code bundle:refresh} and {@code bundle:update}, and its help listed Plate's.
     */
    @Test
    void frameworkCommandsAreRegisteredOnlyWithFelixGogosCommands() throws Exception {
        try (PlateFramework plate = PlateFramework.start(List.of(), false, null, Map.of())) {
            BundleContext ctx = plate.framework().getBundleContext();
            assertEquals(6, frameworkCommands(ctx));
            Bundle gogoCommand = List.of(ctx.getBundles()).stream()
                    .filter(b -> b.getSymbolicName().equals("org.apache.felix.gogo.command")).findFirst().orElseThrow();
            gogoCommand.stop();
            assertEquals(0, frameworkCommands(ctx));
            gogoCommand.start();
            assertEquals(6, frameworkCommands(ctx));
            try (Shell sh = new Shell(ctx)) {
                assertEquals("refreshed 0 bundle(s) with pending removals", sh.run("refresh").strip(), "Plate's refresh");
            }
        }
    }

    /**
     * Plate's {@code update} goes through the checks of Plate's commands: a missing or unknown bundle, or a jar
     * that is not there, is one line without a Java class name or Gogo's {@code Cannot coerce update(Token)}; a
     * plain file path is read as a file (it was taken for a URL: {@code no protocol: /tmp/x.jar}).
     */
    @Test
    void updateSaysWhatIsWrongInOneLineAndTakesAFilePath(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        try (PlateFramework plate = PlateFramework.start(List.of(), false, null, Map.of())) {
            BundleContext ctx = plate.framework().getBundleContext();
            Bundle plot = List.of(ctx.getBundles()).stream().filter(b -> b.getSymbolicName().equals("io.plate.plot"))
                    .findFirst().orElseThrow();
            long id = plot.getBundleId();
            try (Shell sh = new Shell(ctx)) {
                Exception none = assertThrows(Exception.class, () -> sh.run("update"));
                assertEquals("update: no bundle given ('lb' lists the bundles and their ids)", none.toString());
                // start, stop and refresh answer alike (stop 999 said "Cannot coerce stop(Token)")
                for (String fn : List.of("update", "start", "stop", "refresh")) {
                    Exception unknown = assertThrows(Exception.class, () -> sh.run(fn + " 999"));
                    assertEquals(fn + ": no bundle 999 ('lb' lists the bundles and their ids)", unknown.toString());
                }
                java.nio.file.Path missing = dir.resolve("no-such.jar");
                Exception gone = assertThrows(Exception.class, () -> sh.run("update " + id + " file:" + missing));
                assertTrue(gone.toString().startsWith("update: cannot update bundle " + id + " (io.plate.plot) from file:"
                        + missing + ": "), gone.toString());
                assertTrue(!gone.toString().contains("Exception"), gone.toString());
                // the bundle's own jar, copied to a file named by a plain path
                java.nio.file.Path jar = dir.resolve("plot.jar");
                try (java.io.InputStream in = PlateFramework.class.getClassLoader()
                        .getResourceAsStream(plot.getLocation().substring("plate:".length()))) {
                    java.nio.file.Files.copy(in, jar);
                }
                assertEquals("updated bundle " + id + " (io.plate.plot)", sh.run("update " + id + " " + jar).strip());
            }
        }
    }

    /** How many services register Plate's {@code felix:refresh}, {@code update}, {@code start}, {@code stop}, {@code install} and {@code uninstall}. */
    private static int frameworkCommands(BundleContext ctx) throws Exception {
        ServiceReference<?>[] refs = ctx.getServiceReferences((String) null, "(&(osgi.command.scope=felix)"
                + "(|(osgi.command.function=refresh)(osgi.command.function=update)(osgi.command.function=start)"
                + "(osgi.command.function=stop)(osgi.command.function=install)(osgi.command.function=uninstall))"
                + "(service.ranking=100))");
        return refs == null ? 0 : refs.length;
    }

    /** How many services register {@code plate:FN} with Gogo. */
    private static int count(BundleContext ctx, String fn) throws Exception {
        ServiceReference<?>[] refs = ctx.getServiceReferences((String) null,
                "(&(osgi.command.scope=plate)(osgi.command.function=" + fn + "))");
        return refs == null ? 0 : refs.length;
    }

    private static Object description(BundleContext ctx, String fn) throws Exception {
        ServiceReference<?>[] refs = ctx.getServiceReferences((String) null,
                "(&(osgi.command.scope=plate)(osgi.command.function=" + fn + "))");
        assertTrue(refs != null && refs.length == 1, "one plate:" + fn);
        return refs[0].getProperty("osgi.command.description");
    }

    private static Bundle gogoJline(PlateFramework plate) {
        return plate.bundles().stream().filter(b -> GOGO_JLINE.equals(b.getSymbolicName())).findFirst().orElseThrow();
    }
}
