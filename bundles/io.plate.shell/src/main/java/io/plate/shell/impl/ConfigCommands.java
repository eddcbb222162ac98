package io.plate.shell.impl;

import io.plate.api.PlateException;
import java.io.IOException;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.felix.service.command.Descriptor;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** {@code plate:config [key=value …]}: shows or changes the commands' defaults (Configuration Admin). */
@Component(service = ConfigCommands.class)
@PlateCommand({"config"})
public final class ConfigCommands {
    static final Set<String> KEYS = Set.of("seed", "chains", "iterations", "max.iterations", "burn.in", "thin",
            "output.folder");
    /**
     * The key earlier releases added to the configuration to wait for its delivery, written by a Karaf host into
     * the user's .cfg file; removed at the next change (the command now waits for the values themselves).
     */
    static final String LEGACY_STAMP = "plate.config.stamp";
    /** How long a change may take to reach the defaults before the command returns anyway. */
    static final long APPLY_TIMEOUT_MS = 10_000;

    private final ConfigurationAdmin configAdmin;
    private final ShellDefaults defaults;

    @Activate
    public ConfigCommands(@Reference ConfigurationAdmin configAdmin, @Reference ShellDefaults defaults) {
        this.configAdmin = configAdmin;
        this.defaults = defaults;
    }

    @Descriptor("show the defaults of the plate commands, or change them: seed=, chains=, iterations=,"
            + " max.iterations=, burn.in=, thin=, output.folder=")
    public String config(@Descriptor("key=value pairs to change (none: show)") String... settings) throws IOException {
        Map<String, String> kv = Args.keyValues(settings == null ? List.of() : List.of(settings), "setting");
        if (kv.isEmpty()) {
            return defaults.toString();
        }
        Map<String, Object> values = typed(kv);
        Configuration c = configAdmin.getConfiguration(ShellDefaults.PID, "?");
        Dictionary<String, Object> props = c.getProperties() == null ? new Hashtable<>() : c.getProperties();
        Map<String, Object> asked = values;
        for (Map.Entry<String, Object> e : values.entrySet()) {
            // kept as the text of the checked value: a Karaf host writes the configuration back to the user's
            // etc/io.plate.shell.defaults.cfg, where a typed value would become chains = I"2"
            props.put(e.getKey(), String.valueOf(e.getValue()));
        }
        props.remove(LEGACY_STAMP);
        c.update(props);
        try {
            if (!defaults.awaitValues(asked, APPLY_TIMEOUT_MS)) {
                return "updated " + String.join(", ", kv.keySet()) + " (not applied within " + APPLY_TIMEOUT_MS / 1000
                        + " s; it applies when Configuration Admin delivers it)\n";
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return "updated " + String.join(", ", kv.keySet()) + " (applies to the next command)\n";
    }

    /**
     * Checks every key and converts its value, in order; a bad one fails naming all that are bad, on one line,
     * so that one try shows what to correct, and says that nothing was changed (the others were good).
     */
    static Map<String, Object> typed(Map<String, String> kv) {
        Map<String, Object> out = new java.util.LinkedHashMap<>();
        List<String> bad = new java.util.ArrayList<>();
        for (Map.Entry<String, String> e : kv.entrySet()) {
            try {
                out.put(e.getKey(), typed(e.getKey(), e.getValue()));
            } catch (PlateException wrong) {
                bad.add(wrong.getMessage());
            }
        }
        if (!bad.isEmpty()) {
            throw new PlateException(String.join("; ", bad) + " (nothing changed)");
        }
        return out;
    }

    /** Checks a key and converts its value; the message names the key and value at fault. */
    static Object typed(String key, String value) {
        switch (key) {
            case "seed":
                return Args.parseLong(key, value);
            case "chains":
            case "iterations":
            case "max.iterations":
            case "thin": {
                int v = Args.parseInt(key, value);
                if (v < 1) {
                    throw new PlateException(key + " '" + value + "': must be at least 1");
                }
                return v;
            }
            case "burn.in": {
                int v = Args.parseInt(key, value);
                if (v < 0) {
                    throw new PlateException(key + " '" + value + "': must be at least 0");
                }
                return v;
            }
            case "output.folder":
                if (value.isBlank()) {
                    throw new PlateException("output.folder must not be empty");
                }
                // a file there would fail every later write ("not a folder"): refused now, naming it
                if (java.nio.file.Files.isRegularFile(UserPaths.of(value))) {
                    throw new PlateException("output.folder '" + value + "': it is a file, not a folder");
                }
                return value;
            default:
                throw new PlateException("unknown setting '" + io.plate.api.text.Visible.name(key) + "'" + io.plate.api.text.NearestName.suggestion(key,
                        new java.util.TreeSet<>(KEYS)) + "; known: " + String.join(", ", new java.util.TreeSet<>(KEYS)));
        }
    }
}
