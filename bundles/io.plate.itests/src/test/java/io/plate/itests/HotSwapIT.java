package io.plate.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.launcher.PlateFramework;
import java.io.ByteArrayInputStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;

/**
 * Installs, updates and uninstalls a second provider of a service while the framework runs and checks
 * that the shell's dynamic references follow, with no restart.
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
}
