package io.plate.itests;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.launcher.PlateFramework;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;

/**
 * Removing the fast distributions provider while the system runs switches every user (plate:draw, the
 * chain runner) to the Commons Math provider; bringing it back switches them back. No restart.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DistributionsSwapIT {
    private static final String FAST = "io.plate.distributions.impl.FastDistributions";

    @Test
    void fastProviderComesAndGoesLive() throws Exception {
        try (PlateFramework plate = PlateFramework.start(List.of(), false, null, Map.of());
                Shell sh = new Shell(plate.framework().getBundleContext())) {
            BundleContext ctx = plate.framework().getBundleContext();
            String before = sh.run("plate:distributions");
            assertTrue(inUse(before).contains("fast"), before);
            String drawFast = sh.run("plate:draw gamma 2.5 --n 2000 --seed 11");

            setEnabled(ctx, false);
            String after = waitFor(sh, "commons-math");
            assertTrue(!after.contains("fast"), after);
            String drawCm = sh.run("plate:draw gamma 2.5 --n 2000 --seed 11");
            assertNotEquals(drawFast, drawCm, "a different provider draws a different stream");
            assertTrue(sh.run("plate:sample sparse.collapsed " + votes(sh) + " --iterations 100 --burn-in 20 --chains 2")
                    .contains("logJoint"));

            setEnabled(ctx, true);
            waitFor(sh, "fast");
            String again = sh.run("plate:draw gamma 2.5 --n 2000 --seed 11");
            assertTrue(again.equals(drawFast), "the fast provider is back and reproduces its draws:\n" + again
                    + "\n---\n" + drawFast);
        }
    }

    /**
     * With the distributions bundle stopped, plate:draw is still a command and says where the providers
     * went (its component had a static reference and vanished: "command not found: plate:draw"); started
     * again, it draws the same numbers.
     */
    @Test
    void drawSaysWhereTheProvidersWentAndDrawsWhenTheyAreBack() throws Exception {
        try (PlateFramework plate = PlateFramework.start(List.of(), false, null, Map.of());
                Shell sh = new Shell(plate.framework().getBundleContext())) {
            BundleContext ctx = plate.framework().getBundleContext();
            Bundle dist = List.of(ctx.getBundles()).stream()
                    .filter(b -> "io.plate.distributions".equals(b.getSymbolicName())).findFirst().orElseThrow();
            String before = sh.run("plate:draw normal 0 1 --n 100 --seed 3");
            dist.stop();
            Exception e = org.junit.jupiter.api.Assertions.assertThrows(Exception.class,
                    () -> sh.run("plate:draw normal 0 1 --n 100 --seed 3"));
            assertTrue(e.getMessage().equals("no distributions provider (none installed; stopped: io.plate.distributions"
                    + " (bundle " + dist.getBundleId() + "); 'start ID' starts one)"), e.getMessage());
            String listing = sh.run("plate:distributions");
            assertTrue(listing.startsWith("none installed; stopped: io.plate.distributions"), listing);
            dist.start();
            org.junit.jupiter.api.Assertions.assertEquals(before, sh.run("plate:draw normal 0 1 --n 100 --seed 3"));
        }
    }

    private static String votes(Shell sh) throws Exception {
        sh.run("plate:import " + ItData.file("house-votes-84/house-votes-84.csv") + " --name votes --categorical all");
        return "votes";
    }

    /** The provider line marked as in use. */
    private static String inUse(String table) {
        return table.lines().filter(l -> l.contains(" yes ")).findFirst().orElse("");
    }

    private static String waitFor(Shell sh, String provider) throws Exception {
        long end = System.currentTimeMillis() + 10_000;
        String t = "";
        while (System.currentTimeMillis() < end) {
            t = sh.run("plate:distributions");
            if (inUse(t).contains(provider)) {
                return inUse(t);
            }
            Thread.sleep(20);
        }
        throw new AssertionError(provider + " never in use:\n" + t);
    }

    private static void setEnabled(BundleContext ctx, boolean enabled) throws Exception {
        Object scr = Osgi.waitForService(ctx, "org.osgi.service.component.runtime.ServiceComponentRuntime", null,
                10_000);
        Bundle dist = null;
        for (Bundle b : ctx.getBundles()) {
            if ("io.plate.distributions".equals(b.getSymbolicName())) {
                dist = b;
            }
        }
        Method get = scr.getClass().getMethod("getComponentDescriptionDTO", Bundle.class, String.class);
        Object dto = get.invoke(scr, dist, FAST);
        Method m = scr.getClass().getMethod(enabled ? "enableComponent" : "disableComponent", dto.getClass());
        Object promise = m.invoke(scr, dto);
        // wait through the public Promise interface (the implementation class is not accessible)
        Class<?> promiseType = promise.getClass().getClassLoader().loadClass("org.osgi.util.promise.Promise");
        promiseType.getMethod("getValue").invoke(promise);
    }
}
