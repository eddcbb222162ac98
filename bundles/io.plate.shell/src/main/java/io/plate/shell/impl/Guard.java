package io.plate.shell.impl;

import io.plate.api.PlateException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.wiring.BundleWiring;

/**
 * Runs a call into a service whose bundle may be updated or removed meanwhile (a sampler swapped while
 * its chains run). A class that can no longer be loaded from the old bundle surfaces as a
 * {@link LinkageError}; a framework call through the old bundle's context as an
 * {@link IllegalStateException}, which counts as a swap only when the service's bundle is in fact stale
 * (asked of the framework, not read from the message). Both become a clear message telling the user the
 * run was abandoned, instead of a crash.
 */
public final class Guard {
    private Guard() {
    }

    /** Runs {@code body}, a call into {@code service}; {@code what} names it in the message of a swap. */
    public static <T> T call(String what, Object service, Supplier<T> body) {
        try {
            return body.get();
        } catch (LinkageError e) {
            throw swapped(what, e);
        } catch (RuntimeException e) {
            for (Throwable c = e; c != null; c = c.getCause()) {
                if (c instanceof LinkageError || (c instanceof IllegalStateException && isStaleBundle(service))) {
                    throw swapped(what, c);
                }
            }
            throw e;
        }
    }

    /**
     * A snapshot of bound services without those whose bundle is stale. Declarative Services may still hold
     * a service of a bundle being swapped (its unbind not yet called); its lower service id would otherwise
     * win the name lookup and the run would load classes from a wiring that is gone.
     */
    static <S> List<Map.Entry<Map<String, Object>, S>> current(Collection<Map.Entry<Map<String, Object>, S>> bound) {
        List<Map.Entry<Map<String, Object>, S>> out = new ArrayList<>(bound.size());
        for (Map.Entry<Map<String, Object>, S> e : bound) {
            if (!isStaleBundle(e.getValue())) {
                out.add(e);
            }
        }
        return out;
    }

    /**
     * Whether {@code service} comes from a bundle that no longer serves it: uninstalled, stopped or stopping,
     * or updated (its class was loaded by a wiring that is not the bundle's current one). False for an
     * object that does not come from a bundle (plain Java, tests).
     */
    static boolean isStaleBundle(Object service) {
        Bundle b = FrameworkUtil.getBundle(service.getClass());
        if (b == null) {
            return false;
        }
        if (b.getState() != Bundle.ACTIVE && b.getState() != Bundle.STARTING) {
            return true;
        }
        BundleWiring w = b.adapt(BundleWiring.class);
        return w == null || !w.isCurrent() || w.getClassLoader() != service.getClass().getClassLoader();
    }

    private static PlateException swapped(String what, Throwable cause) {
        return new PlateException(what + " was abandoned: its bundle was updated or removed while it ran ("
                + cause.getClass().getSimpleName() + "); run it again to use the installed version", cause);
    }
}
