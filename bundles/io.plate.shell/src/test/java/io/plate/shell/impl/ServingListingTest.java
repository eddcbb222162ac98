package io.plate.shell.impl;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.sample.Sampler;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.Version;

/** With mixture 0.1.0 and 0.1.1 both active, plate:samplers listed both without saying which one a run uses. */
class ServingListingTest {
    private static <T> T proxy(Class<T> type, java.util.function.Function<String, Object> answer) {
        return type.cast(Proxy.newProxyInstance(ServingListingTest.class.getClassLoader(), new Class<?>[] {type},
                (p, m, a) -> m.getName().equals("getProperty") ? answer.apply("p:" + a[0]) : answer.apply(m.getName())));
    }

    private static ServiceReference<?> ref(String version, int ranking, long id) {
        Bundle b = proxy(Bundle.class, m -> switch (m) {
            case "getSymbolicName" -> "io.plate.sampler.mixture";
            case "getVersion" -> Version.parseVersion(version);
            default -> null;
        });
        Map<String, Object> props = Map.of(Sampler.NAME, "mixture.gaussian", "service.ranking", ranking, "service.id", id);
        return proxy(ServiceReference.class, m -> m.equals("getBundle") ? b : props.get(m.substring(2)));
    }

    @Test
    void marksTheServiceTheCommandsPick() throws Exception {
        Sampler sampler = proxy(Sampler.class, m -> m.equals("description") ? "finite Gaussian mixture" : null);
        BundleContext ctx = proxy(BundleContext.class, m -> m.equals("getService") ? sampler : Boolean.TRUE);
        InfoCommands info = new InfoCommands(new Workspace(), ctx);
        java.lang.reflect.Field f = InfoCommands.class.getDeclaredField("samplers");
        f.setAccessible(true);
        // 0.1.1 installed later (higher id) but ranked higher: it is the one a run uses
        f.set(info, List.of(ref("0.1.0", 0, 40L), ref("0.1.1", 10, 52L)));
        String out = info.samplers();
        assertTrue(out.contains("in use"), out);
        assertTrue(out.matches("(?s).*0\\.1\\.1 +yes .*") && !out.matches("(?s).*0\\.1\\.0 +yes .*"), out);
    }
}
