package io.plate.itests;

import static org.junit.jupiter.api.Assertions.assertThrows;
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
 * Two providers of one learner name in a running framework: every lookup (plate:params, plate:train)
 * takes the higher service ranking, then the lower service id, as the framework orders references.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ServicePreferenceIT {
    private static final String IRIS = System.getProperty("plate.data") + "/iris/iris.csv";

    private static String trainedBy(Shell sh) {
        Exception e = assertThrows(Exception.class, () -> sh.run("plate:train test.swap iris"));
        return e.getMessage();
    }

    @Test
    void rankingThenServiceIdDecides() throws Exception {
        try (PlateFramework plate = PlateFramework.start(List.of(), false, null, Map.of());
                Shell sh = new Shell(plate.framework().getBundleContext())) {
            BundleContext ctx = plate.framework().getBundleContext();
            sh.run("plate:import " + IRIS + " --name iris");
            Bundle first = ctx.installBundle("test:swap1", new ByteArrayInputStream(TestBundles.swapBundle("1.0.0")));
            first.start();
            Bundle second = ctx.installBundle("test:swap2", new ByteArrayInputStream(TestBundles.swapBundle("2.0.0")));
            second.start();
            // equal ranking: the one registered first (lower service.id)
            String params = sh.run("plate:params test.swap");
            assertTrue(params.contains("hot-swap probe version 1.0.0"), params);
            String trained = trainedBy(sh);
            assertTrue(trained.contains("test.swap 1.0.0 does not fit"), trained);

            Bundle ranked = ctx.installBundle("test:swap3", new ByteArrayInputStream(TestBundles.swapBundle("3.0.0", 5)));
            ranked.start();
            // a higher ranking wins though registered last
            params = sh.run("plate:params test.swap");
            assertTrue(params.contains("hot-swap probe version 3.0.0"), params);
            trained = trainedBy(sh);
            assertTrue(trained.contains("test.swap 3.0.0 does not fit"), trained);
            for (Bundle b : new Bundle[] {first, second, ranked}) {
                b.uninstall();
            }
        }
    }
}
