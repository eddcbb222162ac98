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

    /**
     * A constructor reference compiled without parameter names gets bnd's made-up name "$000", which is
     * what bundle:diag and scr:info then print ("missing references: $000, $001"): every reference is named.
     */
    @Test
    void everyReferenceHasAName() throws Exception {
        List<String> refs = Osgi.referenceNames(ctx, 10_000);
        assertTrue(refs.stream().anyMatch(r -> r.startsWith("io.plate.sampler.mixture/") && r.endsWith(": runner")),
                refs.toString());
        assertEquals(List.of(), refs.stream().filter(r -> r.matches(".*: \\$\\d+")).toList());
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
            // a typo gets the "did you mean" of plate:train (it said only "see plate:learners and plate:samplers")
            Exception typo = org.junit.jupiter.api.Assertions.assertThrows(Exception.class,
                    () -> sh.run("plate:params nb.gausian"));
            assertTrue(typo.getMessage().startsWith("no learner or sampler named 'nb.gausian' (did you mean nb.gaussian?);"
                    + " installed: "), typo.getMessage());
            sh.run("plate:samplers");
            sh.run("plate:importers");
        }
    }

    /**
     * Every learner's and sampler's parameter is named as scikit-learn names its own (snake_case: fit_prior,
     * burn_in, class_prior), whichever bundle provides it; nb.sparse's were camelCase (burnIn, classPrior).
     * The services' classes are the framework's, so they are read by reflection.
     */
    @Test
    void everyParameterNameIsSnakeCase() throws Exception {
        assertEquals(List.of(), Osgi.unsatisfiedComponents(ctx, 10_000)); // every provider registered
        List<String> wrong = new java.util.ArrayList<>();
        int seen = 0;
        for (String type : List.of("io.plate.api.learn.Learner", "io.plate.api.sample.Sampler")) {
            org.osgi.framework.ServiceReference<?>[] refs = ctx.getAllServiceReferences(type, null); // the test is no bundle: no class-space filter
            assertTrue(refs != null && refs.length > 0, type);
            for (org.osgi.framework.ServiceReference<?> ref : refs) {
                Object service = ctx.getService(ref);
                try {
                    Class<?> api = ref.getBundle().loadClass(type); // the service's own view of the interface
                    for (Object spec : (List<?>) api.getMethod("parameters").invoke(service)) {
                        String name = (String) spec.getClass().getMethod("name").invoke(spec);
                        seen++;
                        if (!name.matches("[a-z][a-z0-9_]*")) {
                            wrong.add(api.getMethod("name").invoke(service) + ": " + name);
                        }
                    }
                } finally {
                    ctx.ungetService(ref);
                }
            }
        }
        assertTrue(seen > 50, seen + " parameters");
        assertEquals(List.of(), wrong);
    }

    /**
     * The plain-Java entry point called by code inside the framework finds no class-path services; its
     * message says to use the service registry (it listed "found: " and nothing else).
     */
    @Test
    void thePlainJavaEntryPointInsideAFrameworkPointsToTheRegistry() throws Exception {
        Bundle api = List.of(ctx.getBundles()).stream().filter(b -> b.getSymbolicName().equals("io.plate.api"))
                .findFirst().orElseThrow();
        Class<?> plateClass = api.loadClass("io.plate.api.Plate");
        java.lang.reflect.InvocationTargetException e = org.junit.jupiter.api.Assertions.assertThrows(
                java.lang.reflect.InvocationTargetException.class,
                () -> plateClass.getMethod("learner", String.class).invoke(null, "nb.gaussian"));
        String m = e.getCause().getMessage();
        assertEquals("io.plate.api.PlateException", e.getCause().getClass().getName(), m);
        assertTrue(m.startsWith("no Learner named 'nb.gaussian' on the class path (found: )")
                && m.endsWith("look up io.plate.api.learn.Learner there"), m);
    }
}
