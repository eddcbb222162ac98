package io.plate.shell.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Proxy;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;

/**
 * Why a run stops when its sampler's service goes: stopping the distributions bundle (stop 15) or exiting with
 * Ctrl-D said "its sampler's bundle was updated or stopped", though that bundle was untouched.
 */
class BoundSamplersTest {
    private static Bundle bundle(long id, String name, int state) {
        return (Bundle) Proxy.newProxyInstance(BoundSamplersTest.class.getClassLoader(), new Class<?>[] {Bundle.class},
                (p, m, a) -> switch (m.getName()) {
                    case "getBundleId" -> id;
                    case "getSymbolicName" -> name;
                    case "getState" -> state;
                    default -> throw new UnsupportedOperationException(m.getName());
                });
    }

    @Test
    void namesTheBundleThatWentNotTheSamplers() {
        Bundle system = bundle(0, "org.apache.felix.framework", Bundle.ACTIVE);
        Bundle mixture = bundle(19, "io.plate.sampler.mixture", Bundle.ACTIVE);
        Bundle distributions = bundle(15, "io.plate.distributions", Bundle.STOPPING);
        assertEquals("its sampler lost a service of bundle io.plate.distributions, which was updated or stopped",
                BoundSamplers.goneReason(mixture, new Bundle[] {system, distributions, mixture}));

        Bundle mixtureStopping = bundle(19, "io.plate.sampler.mixture", Bundle.STOPPING);
        assertEquals("its sampler's bundle was updated or stopped", BoundSamplers.goneReason(mixtureStopping,
                new Bundle[] {system, bundle(15, "io.plate.distributions", Bundle.ACTIVE), mixtureStopping}));

        Bundle exiting = bundle(0, "org.apache.felix.framework", Bundle.STOPPING);
        assertEquals("Plate is exiting", BoundSamplers.goneReason(mixture, new Bundle[] {exiting, distributions, mixture}));
    }
}
