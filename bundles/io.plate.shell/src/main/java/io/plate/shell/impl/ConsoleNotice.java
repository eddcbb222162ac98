package io.plate.shell.impl;

import io.plate.api.text.TextTable;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;

/**
 * What the shell says outside any command (a deployed defaults file read again, the workspace cleared by a refresh).
 * Plate's launcher offers a service that prints it above the interactive shell's prompt, broken between words at the
 * terminal's width; printed on standard error, it ran into the prompt ({@code g! plate: …}) and the terminal cut it
 * mid-word. Without that service (Apache Karaf, another host, no bundle context) it goes to standard error as before.
 */
final class ConsoleNotice {
    /** The property of the launcher's service: a {@code Consumer} of the notice fitted to a width (0: whole lines). */
    static final String SERVICE = "plate.console.notices";

    private ConsoleNotice() {
    }

    /** Prints {@code text} (one or more lines) through the launcher's service, else on standard error. */
    @SuppressWarnings("unchecked")
    static void print(BundleContext context, String text) {
        ServiceReference<?> ref = null;
        try {
            ServiceReference<?>[] refs = context == null ? null
                    : context.getServiceReferences(Consumer.class.getName(), "(" + SERVICE + "=*)");
            ref = refs == null || refs.length == 0 ? null : refs[0];
            if (ref != null && context.getService(ref) instanceof Consumer<?> notices) {
                ((Consumer<IntFunction<String>>) notices).accept(columns -> TextTable.wrap(text, columns));
                return;
            }
        } catch (InvalidSyntaxException | RuntimeException e) {
            // the framework is stopping, or the service went: standard error still can
        } finally {
            if (ref != null) {
                try {
                    context.ungetService(ref);
                } catch (RuntimeException stopping) {
                    // the bundle is stopping
                }
            }
        }
        System.err.println(text);
        System.err.flush();
    }
}
