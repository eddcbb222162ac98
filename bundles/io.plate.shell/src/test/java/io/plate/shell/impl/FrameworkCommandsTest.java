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
                    case "start", "stop" -> {
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
                    default -> null;
                });
        return new FrameworkCommands(context);
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
        FrameworkCommands.checkGiven("refresh", List.of()); // refresh without bundles refreshes the pending ones
        c.stop("21");
        c.start("io.plate.sampler.mixture");
        assertEquals(List.of("stop", "start"), calls);
    }
}
