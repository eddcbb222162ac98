package io.plate.shell.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.PlateException;
import io.plate.api.ServicePreference;
import java.io.InputStream;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleReference;
import org.osgi.framework.wiring.BundleWiring;

/** A swap is recognised by asking the service's bundle, not by the text of an exception. */
class GuardTest {
    /** Loaded a second time by a {@link BundleLoader}, it stands for a service class of a bundle. */
    public static final class Service {
    }

    /** A class loader of a bundle (as a framework's are: a {@link BundleReference}). */
    static final class BundleLoader extends ClassLoader implements BundleReference {
        private Bundle bundle;

        BundleLoader() {
            super(GuardTest.class.getClassLoader());
        }

        @Override
        public Bundle getBundle() {
            return bundle;
        }

        Object newService() throws Exception {
            String name = Service.class.getName();
            byte[] bytes;
            try (InputStream in = Service.class.getResourceAsStream(name.substring(name.lastIndexOf('.') + 1)
                    + ".class")) {
                bytes = in.readAllBytes();
            }
            return defineClass(name, bytes, 0, bytes.length).getConstructor().newInstance();
        }
    }

    /** A bundle in {@code state} whose current wiring loads classes with {@code current}. */
    private static Bundle bundle(int state, ClassLoader current) {
        BundleWiring wiring = (BundleWiring) Proxy.newProxyInstance(GuardTest.class.getClassLoader(),
                new Class<?>[] {BundleWiring.class}, (p, m, a) -> switch (m.getName()) {
                    case "isCurrent" -> true;
                    case "getClassLoader" -> current;
                    default -> throw new UnsupportedOperationException(m.getName());
                });
        return (Bundle) Proxy.newProxyInstance(GuardTest.class.getClassLoader(), new Class<?>[] {Bundle.class},
                (p, m, a) -> switch (m.getName()) {
                    case "getState" -> state;
                    case "adapt" -> a[0] == BundleWiring.class ? wiring : null;
                    default -> throw new UnsupportedOperationException(m.getName());
                });
    }

    private static Object serviceOf(int state, boolean updated) throws Exception {
        BundleLoader loader = new BundleLoader();
        loader.bundle = bundle(state, updated ? new BundleLoader() : loader);
        return loader.newService();
    }

    private static final IllegalStateException INVALID = new IllegalStateException("Invalid BundleContext.");

    @Test
    void aFrameworkErrorOfALiveBundleIsNotASwapWhateverItSays() throws Exception {
        Object live = serviceOf(Bundle.ACTIVE, false);
        assertSame(INVALID, assertThrows(IllegalStateException.class, () -> Guard.call("the run", live, () -> {
            throw INVALID;
        })));
        Object plain = new Object();
        assertSame(INVALID, assertThrows(IllegalStateException.class, () -> Guard.call("the run", plain, () -> {
            throw INVALID;
        })));
        assertEquals(7, Guard.call("the run", live, () -> 7));
    }

    @Test
    void anUninstalledStoppedOrUpdatedBundleIsASwap() throws Exception {
        for (Object stale : new Object[] {serviceOf(Bundle.UNINSTALLED, false), serviceOf(Bundle.RESOLVED, false),
                serviceOf(Bundle.ACTIVE, true)}) {
            assertTrue(Guard.isStaleBundle(stale));
            PlateException e = assertThrows(PlateException.class, () -> Guard.call("the run of x", stale, () -> {
                throw new RuntimeException("wrapped", new IllegalStateException("any text"));
            }));
            assertTrue(e.getMessage().startsWith("the run of x was abandoned: its bundle was updated or removed"),
                    e.getMessage());
        }
    }

    @Test
    void aClassThatCannotBeLoadedIsASwap() {
        Object plain = new Object();
        PlateException e = assertThrows(PlateException.class, () -> Guard.call("the run", plain, () -> {
            throw new IllegalArgumentException("x", new NoClassDefFoundError("io/plate/Gone"));
        }));
        assertTrue(e.getMessage().contains("(NoClassDefFoundError)"), e.getMessage());
    }

    @Test
    void aLookupSkipsAServiceOfAStaleBundleThatDeclarativeServicesStillHolds() throws Exception {
        Object updated = serviceOf(Bundle.ACTIVE, true);
        Object live = serviceOf(Bundle.ACTIVE, false);
        // the stale one registered first: by service id alone it would win
        List<Map.Entry<Map<String, Object>, Object>> bound = List.of(
                Map.entry(Map.of("plate.sampler", "s", "service.id", 5L), updated),
                Map.entry(Map.of("plate.sampler", "s", "service.id", 9L), live));
        assertSame(updated, ServicePreference.bound(bound, "plate.sampler", "s").orElseThrow());
        assertSame(live, ServicePreference.bound(Guard.current(bound), "plate.sampler", "s")
                .orElseThrow());
        assertEquals(1, Guard.current(bound).size());
    }
}
