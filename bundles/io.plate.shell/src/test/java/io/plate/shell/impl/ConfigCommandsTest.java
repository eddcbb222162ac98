package io.plate.shell.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.plate.api.PlateException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.util.Collections;
import java.util.Dictionary;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.Map;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** plate:config's checks of a setting, each naming the key and the value at fault. */
class ConfigCommandsTest {
    @TempDir
    Path dir;

    /** A file as output.folder was accepted, and every later write failed with "not a folder". */
    @Test
    void outputFolderMustNotBeAFile() throws Exception {
        Path file = Files.writeString(dir.resolve("iris.csv"), "a,b\n");
        PlateException e = assertThrows(PlateException.class, () -> ConfigCommands.typed("output.folder", file.toString()));
        assertEquals("output.folder '" + file + "': it is a file, not a folder", e.getMessage());
        assertEquals(dir.toString(), ConfigCommands.typed("output.folder", dir.toString()));
        String missing = dir.resolve("new/runs").toString(); // made by the first command that writes there
        assertEquals(missing, ConfigCommands.typed("output.folder", missing));
        assertEquals("chains '0': must be at least 1",
                assertThrows(PlateException.class, () -> ConfigCommands.typed("chains", "0")).getMessage());
        assertEquals(8000, ConfigCommands.typed("max.iterations", "8000"));
        assertEquals("max.iterations '0': must be at least 1",
                assertThrows(PlateException.class, () -> ConfigCommands.typed("max.iterations", "0")).getMessage());
    }

    /**
     * Karaf writes the configuration back to the user's etc/io.plate.shell.defaults.cfg: typed values became
     * chains = I"2" (and turned the hand-written seed = 9 into seed = "9"), and an internal stamp key was added.
     * The values go in as text, no key is added, and an earlier release's stamp is dropped.
     */
    @Test
    void storesPlainTextAndNoInternalKey() throws Exception {
        Hashtable<String, Object> stored = new Hashtable<>(Map.of("seed", "9", "plate.config.stamp", "530ecade"));
        ShellDefaults defaults = new ShellDefaults(new HashMap<>(Collections.list(stored.keys()).stream()
                .collect(java.util.stream.Collectors.toMap(k -> k, stored::get))));
        Configuration config = (Configuration) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {Configuration.class}, (proxy, m, args) -> switch (m.getName()) {
                    case "getProperties" -> new Hashtable<>(stored);
                    case "update" -> {
                        @SuppressWarnings("unchecked")
                        Dictionary<String, Object> d = (Dictionary<String, Object>) args[0];
                        stored.clear();
                        Map<String, Object> delivered = new HashMap<>();
                        for (String k : Collections.list(d.keys())) {
                            stored.put(k, d.get(k));
                            delivered.put(k, d.get(k));
                        }
                        defaults.modified(delivered); // as Configuration Admin delivers it
                        yield null;
                    }
                    default -> throw new UnsupportedOperationException(m.getName());
                });
        ConfigurationAdmin admin = (ConfigurationAdmin) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {ConfigurationAdmin.class}, (proxy, m, args) -> config);
        String said = new ConfigCommands(admin, defaults).config("chains=2");
        assertEquals("updated chains (applies to the next command)\n", said);
        assertEquals(Map.of("seed", "9", "chains", "2"), new HashMap<>(stored));
        assertEquals(2, defaults.chains());
        assertEquals(9, defaults.seed());
    }

    /** A misspelt key is answered with the nearest one; every bad value is named at once, and nothing is kept. */
    @Test
    void everyBadSettingIsNamedOnOneLineWithTheNearestKey() {
        PlateException typo = assertThrows(PlateException.class,
                () -> ConfigCommands.typed(java.util.Map.of("chain", "2")));
        assertEquals("unknown setting 'chain' (did you mean chains?); known: burn.in, chains, iterations, max.iterations,"
                + " output.folder, seed, thin (nothing changed)", typo.getMessage());
        java.util.Map<String, String> two = new java.util.LinkedHashMap<>();
        two.put("chains", "0");
        two.put("thin", "x");
        two.put("seed", "7");
        assertEquals("chains '0': must be at least 1; thin 'x': expected a whole number (nothing changed)",
                assertThrows(PlateException.class, () -> ConfigCommands.typed(two)).getMessage());
        // one bad value among good ones: nothing changed either (plate:config seed=7 thin=0)
        java.util.Map<String, String> one = new java.util.LinkedHashMap<>();
        one.put("seed", "7");
        one.put("thin", "0");
        assertEquals("thin '0': must be at least 1 (nothing changed)",
                assertThrows(PlateException.class, () -> ConfigCommands.typed(one)).getMessage());
        assertEquals(java.util.Map.of("seed", 7L, "thin", 3), ConfigCommands.typed(java.util.Map.of("seed", "7", "thin", "3")));
    }

    /** plate:config names what it takes as settings: a key given twice is a setting given twice. */
    @Test
    void aSettingGivenTwiceIsCalledASetting() {
        assertEquals("setting 'chains' given twice", assertThrows(PlateException.class,
                () -> new ConfigCommands(null, null).config("chains=2", "chains=3")).getMessage());
    }
}
