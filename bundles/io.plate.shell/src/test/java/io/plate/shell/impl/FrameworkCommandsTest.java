package io.plate.shell.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipException;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;

class FrameworkCommandsTest {
    private final List<String> calls = new ArrayList<>();

    /** Bundle 21, io.plate.sampler.mixture, whose update fails as Felix's does for a file that is no jar. */
    private Bundle mixture() {
        return (Bundle) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Bundle.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "getSymbolicName" -> "io.plate.sampler.mixture";
                    case "getBundleId" -> 21L;
                    case "getLocation" -> "plate:mixture.jar";
                    case "update" -> throw new BundleException("Update of bundle io.plate.sampler.mixture [21] failed.",
                            new ZipException("zip END header not found"));
                    case "getVersion" -> new org.osgi.framework.Version(0, 1, 0);
                    case "start", "stop", "uninstall" -> {
                        calls.add(method.getName());
                        yield null;
                    }
                    default -> null;
                });
    }

    private FrameworkCommands commands() {
        Bundle mixture = mixture();
        BundleContext context = (BundleContext) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {BundleContext.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "getBundle" -> args != null && (Long) args[0] == 21L ? mixture : null;
                    case "getBundles" -> new Bundle[] {mixture};
                    case "installBundle" -> {
                        calls.add("install " + args[0]);
                        if (args[0].toString().endsWith(".csv")) {
                            throw new BundleException("Unable to cache bundle: " + args[0], new ZipException("zip END header not found"));
                        }
                        yield mixture;
                    }
                    default -> null;
                });
        return new FrameworkCommands(context);
    }

    /**
     * update 0, the framework: Felix restarts itself, and the shell ended with status 0 and no word; it is refused in
     * one line instead, and nothing is updated.
     */
    @Test
    void updatingTheFrameworkItselfIsRefused() {
        Bundle system = (Bundle) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Bundle.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "getBundleId" -> 0L;
                    case "getSymbolicName" -> "org.apache.felix.framework";
                    case "update" -> {
                        calls.add("update");
                        yield null;
                    }
                    default -> null;
                });
        BundleContext context = (BundleContext) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {BundleContext.class}, (proxy, method, args) -> "getBundle".equals(method.getName())
                        && args != null && (Long) args[0] == 0L ? system : null);
        assertEquals("update: bundle 0 is the framework itself, which cannot be updated under a running shell; to restart"
                + " Plate, exit and start it again",
                assertThrows(CommandException.class, () -> new FrameworkCommands(context).update("0")).getMessage());
        assertEquals(List.of(), calls);
    }

    /** update ID FILE with a file that is no jar: one line with the reason (Felix's message is "Update … failed."). */
    @Test
    void aFailedUpdateSaysWhy() {
        assertEquals("update: cannot update bundle 21 (io.plate.sampler.mixture) from plate:mixture.jar: zip END header"
                + " not found", assertThrows(CommandException.class, () -> commands().update("21")).getMessage());
    }

    /** start, stop, refresh and update answer a bundle that is not there alike, in one line. */
    @Test
    void anUnknownOrMissingBundleIsOneLineForEveryFrameworkCommand() {
        FrameworkCommands c = commands();
        String lb = " ('lb' lists the bundles and their ids)";
        assertEquals("stop: no bundle 999" + lb, assertThrows(CommandException.class, () -> c.stop("999")).getMessage());
        assertEquals("start: no bundle 999" + lb, assertThrows(CommandException.class, () -> c.start("999")).getMessage());
        assertEquals("refresh: no bundle 999" + lb,
                assertThrows(CommandException.class, () -> c.refresh("999")).getMessage());
        assertEquals("update: no bundle 999" + lb,
                assertThrows(CommandException.class, () -> c.update("999")).getMessage());
        assertEquals("stop: no bundle io.plate.nosuch" + lb,
                assertThrows(CommandException.class, () -> c.stop("io.plate.nosuch")).getMessage());
        for (String fn : List.of("update", "start", "stop")) {
            assertEquals(fn + ": no bundle given" + lb, assertThrows(CommandException.class,
                    () -> FrameworkCommands.checkGiven(fn, List.of())).getMessage());
        }
        assertEquals("uninstall: no bundle 999" + lb,
                assertThrows(CommandException.class, () -> c.uninstall("999")).getMessage());
        for (String fn : List.of("install", "uninstall")) {
            assertEquals(fn + ": no bundle given" + lb, assertThrows(CommandException.class,
                    () -> FrameworkCommands.checkGiven(fn, List.of())).getMessage());
        }
        FrameworkCommands.checkGiven("refresh", List.of()); // refresh without bundles refreshes the pending ones
        c.stop("21");
        c.start("io.plate.sampler.mixture");
        c.uninstall("21");
        assertEquals(List.of("stop", "start", "uninstall"), calls);
    }

    /**
     * install names the jar and why it cannot be installed, in one line: Gogo's install printed
     * {@code java.io.FileNotFoundException: /x.jar (No such file or directory)} or {@code java.util.zip.ZipException: zip
     * END header not found}. A file path is installed from its file: URL; an installed bundle is named with its id.
     */
    @Test
    void installSaysWhatItInstalledOrWhyNot(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        FrameworkCommands c = commands();
        String missing = dir.resolve("nosuch.jar").toString();
        assertEquals("install: cannot install " + missing + ": no such file",
                assertThrows(CommandException.class, () -> c.install(false, missing)).getMessage());
        java.nio.file.Path csv = java.nio.file.Files.writeString(dir.resolve("p.csv"), "a,b\n");
        assertEquals("install: cannot install " + csv + ": zip END header not found",
                assertThrows(CommandException.class, () -> c.install(false, csv.toString())).getMessage());
        java.nio.file.Path jar = java.nio.file.Files.writeString(dir.resolve("m.jar"), "");
        assertEquals("installed bundle 21 (io.plate.sampler.mixture 0.1.0); 'start 21' starts it",
                c.install(false, jar.toString()));
        assertEquals("installed and started bundle 21 (io.plate.sampler.mixture 0.1.0)", c.install(true, jar.toString()));
        assertEquals(List.of("install " + csv.toUri(), "install " + jar.toUri(), "install " + jar.toUri(), "start"), calls);
    }
}
