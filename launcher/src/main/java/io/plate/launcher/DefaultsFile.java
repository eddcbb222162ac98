package io.plate.launcher;

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

    /**
     * Reads and checks the file; the message names file, line and key at fault. A line is {@code key = value},
     * {@code key: value} or {@code key value}, as FileInstall reads the deploy folder's {@code .cfg}; a leading
     * byte-order mark is skipped, as Plate's importers skip it.
     */
    static Map<String, Object> read(Path file) throws IOException {
        if (Files.isDirectory(file)) {
            throw new IllegalArgumentException(file + ": is a folder, not a settings file");
        }
        Map<String, Object> out = new LinkedHashMap<>();
        byte[] bytes = Files.readAllBytes(file);
        int n = 0;
        for (int start = 0; start < bytes.length; ) {
            int end = start;
            while (end < bytes.length && bytes[end] != '\n') {
                end++;
            }
            n++;
            String line = decoded(file, n, bytes, start, end);
            start = end + 1;
            String t = (n == 1 && line.startsWith("\ufeff") ? line.substring(1) : line).strip();
            if (t.isEmpty() || t.startsWith("#") || t.startsWith("!")) {
                continue;
            }
            String[] kv = t.split("\\s*[=:]\\s*|\\s+", 2); // the separators FileInstall (java.util.Properties) reads
            if (kv.length < 2 || kv[0].isEmpty()) {
                throw new IllegalArgumentException(file + ", line " + n + ": expected key = value, got '" + shown(t) + "'");
            }
            out.put(kv[0], typed(file, n, kv[0], kv[1].strip()));
        }
        return out;
    }

    /** Line {@code n} of {@code file}, bytes {@code [from, to)}, as UTF-8; bytes that are not UTF-8 fail naming the line. */
    private static String decoded(Path file, int n, byte[] bytes, int from, int to) {
        try {
            return StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes, from, to - from)).toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new IllegalArgumentException(file + ", line " + n + ": not UTF-8 text; save the file as UTF-8");
        }
    }

    /**
     * {@code s} with characters that print as nothing written as backslash-u escapes (a byte-order mark, a
     * no-break space), as the shell's {@code Visible.text} shows them: the launcher has no Plate bundle on its class path.
     */
    static String shown(String s) {
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) {
            int type = Character.getType(c);
            boolean invisible = type == Character.CONTROL || type == Character.FORMAT || type == Character.LINE_SEPARATOR
                    || type == Character.PARAGRAPH_SEPARATOR || type == Character.SPACE_SEPARATOR && c != ' ';
            b.append(invisible ? String.format(java.util.Locale.ROOT, "\\u%04x", (int) c) : String.valueOf(c));
        }
        return b.toString();
    }

    /** The settings a file may hold, as the shell's plate:config names them. */
    private static final java.util.List<String> KEYS = java.util.List.of("seed", "chains", "iterations", "max.iterations",
            "burn.in", "thin", "output.folder");

    private static Object typed(Path file, int line, String key, String value) {
        String where = file + ", line " + line + ", " + shown(key) + " = '" + shown(value) + "'";
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
                    throw new IllegalArgumentException(file + ", line " + line + ": unknown setting '" + shown(key) + "'"
                            + io.plate.api.text.NearestName.suggestion(key, KEYS) + "; known: " + String.join(", ", KEYS));
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
