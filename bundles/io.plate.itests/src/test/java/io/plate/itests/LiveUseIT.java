package io.plate.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.launcher.PlateFramework;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.wiring.FrameworkWiring;

/**
 * The system in use: two sessions training and sampling at once, and sampler bundles swapped 100 times
 * while chains run. Every run must complete or be cleanly cancelled with a message; nothing may hang or
 * crash, and the framework stays healthy.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class LiveUseIT {
    private static final String VOTES = ItData.file("house-votes-84/house-votes-84.csv");
    private static final String IRIS = ItData.file("iris/iris.csv");

    @Test
    void twoSessionsWorkAtTheSameTime() throws Exception {
        try (PlateFramework plate = PlateFramework.start(List.of(), false, null, Map.of())) {
            BundleContext ctx = plate.framework().getBundleContext();
            try (Shell setup = new Shell(ctx)) {
                setup.run("plate:import " + VOTES + " --name votes --categorical all");
                setup.run("plate:import " + IRIS + " --name iris");
            }
            ExecutorService pool = Executors.newFixedThreadPool(2);
            CountDownLatch go = new CountDownLatch(1);
            Future<String> a = pool.submit(() -> {
                try (Shell sh = new Shell(ctx)) {
                    go.await();
                    StringBuilder s = new StringBuilder();
                    for (int i = 0; i < 3; i++) {
                        s.append(sh.run("plate:train nb.categorical votes --name m" + i));
                        s.append(sh.run("plate:evaluate nb.gaussian iris --folds 5 --seed " + i));
                    }
                    return s.toString();
                }
            });
            Future<String> b = pool.submit(() -> {
                try (Shell sh = new Shell(ctx)) {
                    go.await();
                    return sh.run("plate:sample sparse.collapsed votes --iterations 400 --burn-in 100 --chains 2"
                            + " --seed 9 --name s1");
                }
            });
            go.countDown();
            String outA = a.get(120, TimeUnit.SECONDS);
            String outB = b.get(120, TimeUnit.SECONDS);
            pool.shutdownNow();
            assertTrue(outA.toLowerCase().contains("accuracy"), outA);
            assertTrue(outB.contains("logJoint"), outB);
            // the same evaluation alone gives the same figures: sessions did not interfere
            try (Shell sh = new Shell(ctx)) {
                String alone = sh.run("plate:evaluate nb.gaussian iris --folds 5 --seed 2");
                assertTrue(outA.contains(firstLineWith(alone, "ccuracy")), alone + "\n---\n" + outA);
            }
        }
    }

    private static String firstLineWith(String text, String word) {
        return text.lines().filter(l -> l.contains(word)).findFirst().orElseThrow(() -> new AssertionError(text));
    }

    @Test
    void hundredSamplerSwapsDuringRunningChains() throws Exception {
        try (PlateFramework plate = PlateFramework.start(List.of(), false, null, Map.of())) {
            BundleContext ctx = plate.framework().getBundleContext();
            try (Shell setup = new Shell(ctx)) {
                setup.run("plate:import " + VOTES + " --name votes --categorical all");
            }
            Bundle sparse = find(ctx, "io.plate.sampler.sparse");
            byte[] jar = carried("io.plate.sampler.sparse");
            AtomicBoolean swapping = new AtomicBoolean(true);
            AtomicInteger completed = new AtomicInteger();
            AtomicInteger cancelled = new AtomicInteger();
            List<String> failures = Collections.synchronizedList(new ArrayList<>());
            ExecutorService pool = Executors.newFixedThreadPool(2);
            List<Future<?>> runners = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                int seed = t;
                runners.add(pool.submit(() -> {
                    try (Shell sh = new Shell(ctx)) {
                        int i = 0;
                        while (swapping.get()) {
                            try {
                                String out = sh.run("plate:sample sparse.collapsed votes --iterations 300 --burn-in 50"
                                        + " --chains 2 --seed " + (seed * 1000 + i++));
                                if (out.toLowerCase().contains("cancel")) {
                                    cancelled.incrementAndGet();
                                } else {
                                    completed.incrementAndGet();
                                }
                            } catch (Exception thrown) {
                                Throwable e = thrown;
                                while (e.getCause() != null && (e instanceof java.lang.reflect.InvocationTargetException
                                        || e.getMessage() == null)) {
                                    e = e.getCause();
                                }
                                String m = String.valueOf(e.getMessage());
                                boolean clean = e.getClass().getName().startsWith("io.plate.")
                                        || e.getClass().getSimpleName().equals("CommandNotFoundException");
                                if (clean) {
                                    cancelled.incrementAndGet(); // a clear message: no sampler, or cancelled
                                } else {
                                    java.io.StringWriter sw = new java.io.StringWriter();
                                    e.printStackTrace(new java.io.PrintWriter(sw));
                                    failures.add(e.getClass().getName() + ": " + m + (failures.isEmpty()
                                            ? "\n" + sw.toString().lines().limit(25)
                                                    .collect(java.util.stream.Collectors.joining("\n")) : ""));
                                }
                            }
                        }
                    }
                    return null;
                }));
            }
            FrameworkWiring wiring = ctx.getBundle(0).adapt(FrameworkWiring.class);
            for (int swap = 0; swap < 100; swap++) {
                sparse.update(new java.io.ByteArrayInputStream(jar));
                CountDownLatch refreshed = new CountDownLatch(1);
                wiring.refreshBundles(List.of(sparse), e -> {
                    if (e.getType() == FrameworkEvent.PACKAGES_REFRESHED) {
                        refreshed.countDown();
                    }
                });
                assertTrue(refreshed.await(30, TimeUnit.SECONDS), "refresh " + swap + " finished");
                Thread.sleep(swap % 10 == 0 ? 300 : 20);
            }
            swapping.set(false);
            for (Future<?> f : runners) {
                f.get(120, TimeUnit.SECONDS);
            }
            pool.shutdownNow();
            assertEquals(List.of(), failures, "runs that crashed instead of completing or cancelling");
            assertTrue(completed.get() + cancelled.get() > 0, "runs happened");
            assertEquals(Bundle.ACTIVE, sparse.getState());
            assertEquals(List.of(), Osgi.notActive(ctx));
            assertEquals(List.of(), Osgi.unsatisfiedComponents(ctx, 10_000));
            try (Shell sh = new Shell(ctx)) {
                String after = sh.run("plate:sample sparse.collapsed votes --iterations 200 --burn-in 50 --chains 2");
                assertTrue(after.contains("logJoint"), after);
            }
        }
    }

    private static Bundle find(BundleContext ctx, String bsn) {
        for (Bundle b : ctx.getBundles()) {
            if (bsn.equals(b.getSymbolicName())) {
                return b;
            }
        }
        throw new AssertionError(bsn + " not installed");
    }

    private static byte[] carried(String bsn) throws Exception {
        for (String r : PlateFramework.bundleResources(List.of())) {
            if (r.contains(bsn + "-")) {
                try (InputStream in = PlateFramework.class.getClassLoader().getResourceAsStream(r)) {
                    return in.readAllBytes();
                }
            }
        }
        throw new AssertionError(bsn + " not carried");
    }
}
