package io.plate.shell.impl;

import io.plate.api.PlateException;
import java.util.function.Supplier;

/**
 * Runs a call into a service whose bundle may be updated or removed meanwhile (a sampler swapped while
 * its chains run). A class that can no longer be loaded from the old bundle surfaces as a
 * {@link LinkageError} or an {@link IllegalStateException} from the framework; both become a clear
 * message telling the user the run was abandoned, instead of a crash.
 */
public final class Guard {
    private Guard() {
    }

    public static <T> T call(String what, Supplier<T> body) {
        try {
            return body.get();
        } catch (LinkageError e) {
            throw swapped(what, e);
        } catch (IllegalStateException e) {
            if (isStaleBundle(e)) {
                throw swapped(what, e);
            }
            throw e;
        } catch (RuntimeException e) {
            Throwable c = e.getCause();
            while (c != null) {
                if (c instanceof LinkageError || (c instanceof IllegalStateException && isStaleBundle(c))) {
                    throw swapped(what, c);
                }
                c = c.getCause();
            }
            throw e;
        }
    }

    private static boolean isStaleBundle(Throwable e) {
        String m = String.valueOf(e.getMessage());
        return m.contains("no longer valid") || m.contains("Invalid BundleContext") || m.contains("uninstalled");
    }

    private static PlateException swapped(String what, Throwable cause) {
        return new PlateException(what + " was abandoned: its bundle was updated or removed while it ran ("
                + cause.getClass().getSimpleName() + "); run it again to use the installed version", cause);
    }
}
