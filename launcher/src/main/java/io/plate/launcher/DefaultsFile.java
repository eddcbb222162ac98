package io.plate.launcher;

import java.io.BufferedReader;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.Map;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;

/**
 * The launcher's {@code --config FILE}: {@code key = value} lines (the shell defaults: seed, chains,
 * iterations, max.iterations, burn.in, thin, output.folder; {@code #} comments) checked here, then handed to
 * Configuration Admin under the shell defaults' PID. Also waits for the defaults that a
 * {@code io.plate.shell.defaults.cfg} in the {@code --deploy} folder gives.
 */
final class DefaultsFile {
    static final String PID = "io.plate.shell.defaults";
    /** The shell's defaults component (its service name) and the property it carries once it has a change. */
    static final String DEFAULTS_SERVICE = "io.plate.shell.impl.ShellDefaults";
    static final String STAMP = "plate.config.stamp";
    /** The property FileInstall gives a configuration it made from a file: the file's URL. */
    static final String DEPLOYED_FILE = "felix.fileinstall.filename";
    static final long APPLY_TIMEOUT_MS = 10_000;

    private DefaultsFile() {
    }

    /** Reads and checks the file; the message names file, line and key at fault. */
    static Map<String, Object> read(Path file) throws IOException {
        Map<String, Object> out = new LinkedHashMap<>();
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            int n = 0;
            while ((line = r.readLine()) != null) {
                n++;
                String t = line.strip();
                if (t.isEmpty() || t.startsWith("#")) {
                    continue;
                }
                int eq = t.indexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException(file + ", line " + n + ": expected key = value, got '" + t + "'");
                }
                String key = t.substring(0, eq).strip();
                String value = t.substring(eq + 1).strip();
                out.put(key, typed(file, n, key, value));
            }
        }
        return out;
    }

    private static Object typed(Path file, int line, String key, String value) {
        String where = file + ", line " + line + ", " + key + " = '" + value + "'";
        try {
            switch (key) {
                case "seed":
                    return Long.parseLong(value);
                case "chains":
                case "iterations":
                case "max.iterations":
                case "thin": {
                    int v = Integer.parseInt(value);
                    if (v < 1) {
                        throw new IllegalArgumentException(where + ": must be at least 1");
                    }
                    return v;
                }
                case "burn.in": {
                    int v = Integer.parseInt(value);
                    if (v < 0) {
                        throw new IllegalArgumentException(where + ": must be at least 0");
                    }
                    return v;
                }
                case "output.folder":
                    if (value.isEmpty()) {
                        throw new IllegalArgumentException(where + ": must not be empty");
                    }
                    return value;
                default:
                    throw new IllegalArgumentException(file + ", line " + line + ": unknown setting '" + key
                            + "'; known: seed, chains, iterations, max.iterations, burn.in, thin, output.folder");
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + ": expected a whole number");
        }
    }

    /** Gives the settings to Configuration Admin (reached reflectively: it lives inside the framework). */
    static void apply(BundleContext ctx, Map<String, Object> settings) throws Exception {
        Object ca = configurationAdmin(ctx);
        if (ca == null) {
            throw new IllegalStateException("--config needs Configuration Admin (feature plate-core)");
        }
        Method get = ca.getClass().getMethod("getConfiguration", String.class, String.class);
        Object cfg = get.invoke(ca, PID, "?");
        Dictionary<String, Object> props = new Hashtable<>(settings);
        String stamp = java.util.UUID.randomUUID().toString();
        props.put(STAMP, stamp);
        Method update = cfg.getClass().getMethod("update", Dictionary.class);
        update.setAccessible(true);
        update.invoke(cfg, props);
        awaitDelivery(ctx, "(" + STAMP + "=" + stamp + ")");
    }

    /**
     * Waits until the shell's defaults carry those of the deploy folder's {@code io.plate.shell.defaults.cfg},
     * if it has one: FileInstall puts the file in Configuration Admin during its first scan of the folder,
     * which it makes while the launcher starts it, but Configuration Admin hands it to the shell later, on a
     * thread of its own, and the first command could run with the built-in defaults. Nothing to wait for
     * without such a file.
     */
    static void awaitDeployed(BundleContext ctx) throws Exception {
        Object ca = configurationAdmin(ctx);
        if (ca == null) {
            return;
        }
        Method list = ca.getClass().getMethod("listConfigurations", String.class);
        list.setAccessible(true);
        Object[] found = (Object[]) list.invoke(ca, "(&(service.pid=" + PID + ")(" + DEPLOYED_FILE + "=*))");
        if (found == null || found.length == 0) {
            return;
        }
        Method properties = found[0].getClass().getMethod("getProperties");
        properties.setAccessible(true);
        Object file = ((Dictionary<?, ?>) properties.invoke(found[0])).get(DEPLOYED_FILE);
        awaitDelivery(ctx, "(" + DEPLOYED_FILE + "=" + escaped(String.valueOf(file)) + ")");
    }

    private static Object configurationAdmin(BundleContext ctx) throws Exception {
        ServiceReference<?>[] refs = ctx.getAllServiceReferences("org.osgi.service.cm.ConfigurationAdmin", null);
        return refs == null || refs.length == 0 ? null : ctx.getService(refs[0]);
    }

    /** A value as an LDAP filter reads it literally. */
    private static String escaped(String value) {
        return value.replaceAll("([\\\\*()])", "\\\\$1");
    }

    /**
     * Configuration Admin delivers the settings asynchronously: waits (at most {@value #APPLY_TIMEOUT_MS} ms)
     * until the shell's defaults component carries the service properties {@code filter} asks for (a stamp,
     * a file), which Declarative Services sets after the component has taken the new configuration, so that
     * the first command already sees it. Without the shell (no such service) there is nothing to wait for.
     */
    private static void awaitDelivery(BundleContext ctx, String filter) throws Exception {
        long end = System.nanoTime() + APPLY_TIMEOUT_MS * 1_000_000;
        while (ctx.getAllServiceReferences(DEFAULTS_SERVICE, null) != null
                && ctx.getAllServiceReferences(DEFAULTS_SERVICE, filter) == null) {
            if (System.nanoTime() > end) {
                throw new IllegalStateException("the settings did not reach the shell within " + APPLY_TIMEOUT_MS / 1000 + " s");
            }
            Thread.sleep(5);
        }
    }
}
