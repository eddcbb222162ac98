package io.plate.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.launcher.PlateFramework;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;

/** Boots Felix in this JVM with exactly the bundles plate.jar carries and checks that everything is up. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class FelixBootIT {
    private static PlateFramework plate;
    private static BundleContext ctx;

    @BeforeAll
    static void boot() throws Exception {
        plate = PlateFramework.start(List.of(), false, null, Map.of());
        ctx = plate.framework().getBundleContext();
    }

    @AfterAll
    static void stop() {
        if (plate != null) {
            plate.stop();
        }
    }

    @Test
    void everyBundleIsActive() {
        assertEquals(List.of(), Osgi.notActive(ctx));
        long platesBundles = List.of(ctx.getBundles()).stream()
                .filter(b -> b.getSymbolicName().startsWith("io.plate.")).count();
        assertEquals(10, platesBundles,
                "api, distributions, importers, mcmc, modelfile, classifier, sparse, mixture, plot, shell");
    }

    @Test
    void everyComponentIsSatisfied() throws Exception {
        assertEquals(List.of(), Osgi.unsatisfiedComponents(ctx, 10_000));
    }

    @Test
    void commandsAnswer() throws Exception {
        try (Shell sh = new Shell(ctx)) {
            assertTrue(sh.run("plate:version").startsWith("Plate "), "plate:version");
            String lb = sh.run("lb -s");
            for (Bundle b : plate.bundles()) {
                assertTrue(lb.contains(b.getSymbolicName()), b.getSymbolicName() + " in lb -s");
            }
            assertTrue(sh.run("plate:datasets").contains("no datasets"), "plate:datasets");
            sh.run("plate:learners");
            String params = sh.run("plate:params nb.categorical");
            assertTrue(params.contains("alpha") && params.contains("1.0"), params);
            sh.run("plate:samplers");
            sh.run("plate:importers");
        }
    }
}
