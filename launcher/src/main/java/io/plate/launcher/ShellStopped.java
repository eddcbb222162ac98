package io.plate.launcher;

import java.lang.reflect.Proxy;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceRegistration;

/**
 * The interactive shell's answer to a name that is no command, below Plate's own: Plate's ({@code gogo:default},
 * which names the nearest command) comes with the shell bundle, so with that bundle stopped ({@code stop N})
 * Gogo printed {@code org.apache.felix.gogo.runtime.CommandNotFoundException: Command not found: plate:learners}.
 * This one says in one line why the {@code plate:} commands are gone and how to bring them back.
 */
final class ShellStopped {
    /** The bundle that registers the {@code plate:} commands. */
    static final String SHELL_BUNDLE = "io.plate.shell";

    private ShellStopped() {
    }

    /** Registers the answer as Gogo's {@code gogo:default} function ({@code gogo}: a class loader that sees Gogo's API). */
    static ServiceRegistration<?> register(BundleContext context, ClassLoader gogo) throws ClassNotFoundException {
        Class<?> function = gogo.loadClass("org.apache.felix.service.command.Function");
        Object answer = Proxy.newProxyInstance(gogo, new Class<?>[] {function}, (proxy, m, a) -> switch (m.getName()) {
            case "execute" -> throw new MessageOnly(message(a[1] instanceof List<?> args && !args.isEmpty()
                    ? String.valueOf(args.get(0)) : "", shell(context)));
            case "hashCode" -> System.identityHashCode(proxy);
            case "equals" -> proxy == a[0];
            default -> "plate launcher's answer to a name that is no command";
        });
        Dictionary<String, Object> p = new Hashtable<>();
        p.put("osgi.command.scope", "gogo");
        p.put("osgi.command.function", "default");
        p.put(Constants.SERVICE_RANKING, Integer.MIN_VALUE); // Plate's own answer, while there, goes first
        return context.registerService(function.getName(), answer, p);
    }

    private static Bundle shell(BundleContext context) {
        try {
            for (Bundle b : context.getBundles()) {
                if (SHELL_BUNDLE.equals(b.getSymbolicName())) {
                    return b;
                }
            }
        } catch (IllegalStateException stopping) {
            // the framework is stopping
        }
        return null;
    }

    /** What to say of {@code name}, no command, given the shell bundle {@code shell} (null: none installed). */
    static String message(String name, Bundle shell) {
        if (!name.startsWith("plate:")) {
            return "command not found: " + name;
        }
        if (shell == null) {
            return name + ": the plate commands are gone: the shell bundle " + SHELL_BUNDLE + " is not installed";
        }
        if (shell.getState() != Bundle.ACTIVE) {
            long id = shell.getBundleId();
            return name + ": the plate commands are gone: the shell bundle " + SHELL_BUNDLE + " (bundle " + id
                    + ") is stopped; 'start " + id + "' starts it";
        }
        return "command not found: " + name; // its commands are still registering, or the name is no command
    }
}
