package io.plate.itests;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;

/**
 * Reflective access to services inside a framework. The tests' own class path does not share Plate's
 * or SCR's classes with the framework, so services are reached by interface name, as any host would
 * before wiring, and called reflectively.
 */
final class Osgi {
    private Osgi() {
    }

    /** Waits (bounded) until a service of {@code iface} is registered; fails on time-out. */
    static Object waitForService(BundleContext ctx, String iface, String filter, long millis) throws Exception {
        long end = System.currentTimeMillis() + millis;
        while (System.currentTimeMillis() < end) {
            ServiceReference<?>[] refs = ctx.getAllServiceReferences(iface, filter);
            if (refs != null && refs.length > 0) {
                return ctx.getService(refs[0]);
            }
            Thread.sleep(10);
        }
        throw new AssertionError("no " + iface + (filter == null ? "" : " " + filter) + " within " + millis + " ms");
    }

    static int count(BundleContext ctx, String iface, String filter) throws Exception {
        ServiceReference<?>[] refs = ctx.getAllServiceReferences(iface, filter);
        return refs == null ? 0 : refs.length;
    }

    /** Bundles that are not ACTIVE (fragments excepted), with their state. */
    static List<String> notActive(BundleContext ctx) {
        List<String> bad = new ArrayList<>();
        for (Bundle b : ctx.getBundles()) {
            if (b.getHeaders().get("Fragment-Host") == null && b.getState() != Bundle.ACTIVE) {
                bad.add(b.getSymbolicName() + " state " + b.getState());
            }
        }
        return bad;
    }

    /**
     * Every DS component of every bundle, as "bundle/component: state" for those not satisfied or active,
     * through the ServiceComponentRuntime service. Waits (bounded) for SCR to settle.
     */
    static List<String> unsatisfiedComponents(BundleContext ctx, long millis) throws Exception {
        Object scr = waitForService(ctx, "org.osgi.service.component.runtime.ServiceComponentRuntime", null, millis);
        long end = System.currentTimeMillis() + millis;
        List<String> bad;
        int total;
        do {
            bad = new ArrayList<>();
            total = 0;
            Method descs = scr.getClass().getMethod("getComponentDescriptionDTOs", Bundle[].class);
            Object all = descs.invoke(scr, (Object) new Bundle[0]);
            for (Object d : (Iterable<?>) all) {
                total++;
                Method configs = scr.getClass().getMethod("getComponentConfigurationDTOs", d.getClass());
                String name = (String) field(d, "name");
                Object bundle = field(d, "bundle");
                String bsn = (String) field(bundle, "symbolicName");
                Iterable<?> cs = (Iterable<?>) configs.invoke(scr, d);
                boolean any = false;
                for (Object c : cs) {
                    any = true;
                    int state = (Integer) field(c, "state");
                    // 1 UNSATISFIED_CONFIGURATION, 2 UNSATISFIED_REFERENCE, 4 SATISFIED, 8 ACTIVE, 16 FAILED_ACTIVATION
                    if (state != 4 && state != 8) {
                        bad.add(bsn + "/" + name + ": state " + state + " " + unsatisfied(c));
                    }
                }
                boolean enabled = (Boolean) scr.getClass().getMethod("isComponentEnabled", d.getClass()).invoke(scr, d);
                if (!any && enabled) {
                    bad.add(bsn + "/" + name + ": no configuration");
                }
            }
            if (bad.isEmpty() && total > 0) {
                return bad;
            }
            Thread.sleep(20);
        } while (System.currentTimeMillis() < end);
        if (total == 0) {
            bad.add("no DS components at all");
        }
        return bad;
    }

    /**
     * Every DS reference of the io.plate bundles, as "bundle/component: reference name", through the
     * ServiceComponentRuntime service's description DTOs (what Karaf's scr:info and bundle:diag print).
     */
    static List<String> referenceNames(BundleContext ctx, long millis) throws Exception {
        Object scr = waitForService(ctx, "org.osgi.service.component.runtime.ServiceComponentRuntime", null, millis);
        Method descs = scr.getClass().getMethod("getComponentDescriptionDTOs", Bundle[].class);
        List<String> names = new ArrayList<>();
        for (Object d : (Iterable<?>) descs.invoke(scr, (Object) new Bundle[0])) {
            String bsn = (String) field(field(d, "bundle"), "symbolicName");
            if (bsn.startsWith("io.plate.")) {
                for (Object r : (Object[]) field(d, "references")) {
                    names.add(bsn + "/" + field(d, "name") + ": " + field(r, "name"));
                }
            }
        }
        return names;
    }

    private static String unsatisfied(Object config) throws Exception {
        Object[] refs = (Object[]) field(config, "unsatisfiedReferences");
        List<String> names = new ArrayList<>();
        if (refs != null) {
            for (Object r : refs) {
                names.add((String) field(r, "name"));
            }
        }
        return names.isEmpty() ? "" : "unsatisfied " + names;
    }

    static Object field(Object o, String name) throws Exception {
        Field f = o.getClass().getField(name);
        return f.get(o);
    }

    static Object call(Object target, String method, Object... args) throws Exception {
        for (Method m : target.getClass().getMethods()) {
            if (m.getName().equals(method) && m.getParameterCount() == args.length) {
                return m.invoke(target, args);
            }
        }
        throw new NoSuchMethodException(method);
    }
}
