package io.plate.shell.impl;

import io.plate.api.sample.RunSettings;
import java.nio.file.Path;
import java.util.Map;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Defaults the commands use when an option is not given: seed, chains, iterations, burn-in, thinning
 * and the output folder for runs and plots. Configured through Configuration Admin under the PID
 * {@value #PID}: from the shell with {@code plate:config key=value …}, or from a properties file given to
 * the launcher with {@code --config FILE}. Changes apply to the next command.
 */
@Component(service = ShellDefaults.class, immediate = true, configurationPid = ShellDefaults.PID,
        configurationPolicy = ConfigurationPolicy.OPTIONAL)
@Designate(ocd = ShellDefaults.Config.class)
public final class ShellDefaults {
    /** The configuration PID. */
    public static final String PID = "io.plate.shell.defaults";

    /** The configurable defaults. */
    @ObjectClassDefinition(name = "Plate shell defaults", description = "Defaults of the plate:* commands")
    public @interface Config {
        @AttributeDefinition(description = "root seed when --seed is not given")
        long seed() default 1L;

        @AttributeDefinition(description = "chains when --chains is not given", min = "1")
        int chains() default 4;

        @AttributeDefinition(description = "total sweeps per chain, burn-in included, when --iterations is not given",
                min = "1")
        int iterations() default 2000;

        @AttributeDefinition(name = "max.iterations", description = "most sweeps per chain a run without --iterations"
                + " goes on to while a summary's R-hat is above 1.01 or its bulk ESS below 400 (at most the"
                + " iterations: no extension)", min = "1")
        int max_iterations() default 8000;

        @AttributeDefinition(name = "burn.in", description = "sweeps discarded when --burn-in is not given", min = "0")
        int burn_in() default 500;

        @AttributeDefinition(description = "keep every n-th sweep when --thin is not given", min = "1")
        int thin() default 1;

        @AttributeDefinition(name = "output.folder", description = "folder for every file a command writes (runs, plots,"
                + " predictions, evaluations, draws, saved models) when given a relative name")
        String output_folder() default ".";
    }

    /** The property FileInstall gives a configuration it made from a file in its folder: the file's URL. */
    static final String DEPLOYED_FILE = "felix.fileinstall.filename";

    /** The defaults in use: checked, each key that fails its check at its default. */
    private record Values(long seed, int chains, int iterations, int maxIterations, int burnIn, int thin,
            String outputFolder) {
        static Values of(Config c) {
            return new Values(c.seed(), c.chains(), c.iterations(), c.max_iterations(), c.burn_in(), c.thin(),
                    c.output_folder());
        }
    }

    private volatile Values values;
    /** The keys the configuration sets (the rest are at their defaults). */
    private volatile java.util.Set<String> configured = java.util.Set.of();
    /** What the configuration holds that failed its check, one line each; "" when nothing. */
    private volatile String problems = "";

    /** Where a problem of the configuration is said (null outside a framework: standard error). */
    private final BundleContext context;

    @Activate
    public ShellDefaults(BundleContext context, Map<String, Object> properties) {
        this.context = context;
        apply(properties);
    }

    /** Checked defaults from {@code properties} outside a framework (tests). */
    ShellDefaults(Map<String, Object> properties) {
        this(null, properties);
    }

    /** Defaults outside a framework (tests, embedding code). */
    ShellDefaults(Config config) {
        this.context = null;
        this.values = Values.of(config);
    }

    @Modified
    synchronized void modified(Map<String, Object> properties) {
        apply(properties);
        notifyAll();
    }

    /**
     * Takes the configuration's values through the checks of {@code plate:config} ({@link ConfigCommands#typed}):
     * a value that fails (Karaf's {@code config:property-set chains two}, a deployed {@code .cfg} file) leaves its
     * key at the default and is said once on standard error and by {@code plate:config}, instead of failing
     * every command with the conversion's exception.
     */
    private void apply(Map<String, Object> given) {
        Map<String, Object> properties = withoutByteOrderMark(given);
        java.util.List<String> bad = new java.util.ArrayList<>();
        properties = withoutUndecoded(properties, bad);
        unknownKeys(properties, bad);
        Values v = new Values((Long) checked("seed", "seed", properties, bad), (Integer) checked("chains", "chains", properties, bad),
                (Integer) checked("iterations", "iterations", properties, bad),
                (Integer) checked("max.iterations", "max_iterations", properties, bad),
                (Integer) checked("burn.in", "burn_in", properties, bad), (Integer) checked("thin", "thin", properties, bad),
                (String) checked("output.folder", "output_folder", properties, bad));
        this.values = v;
        this.configured = java.util.Set.copyOf(properties.keySet());
        String said = String.join("\n", bad);
        if (!said.isEmpty() && !said.equals(problems)) {
            ConsoleNotice.print(context, said);
        }
        this.problems = said;
    }

    /**
     * {@code properties} without the keys whose key or value holds U+FFFD, each said in {@code bad} as --config's
     * reader says it: the launcher has FileInstall read a deployed file as UTF-8, which makes bytes that are not
     * UTF-8 (a Latin-1 é) that character, where --config refuses the file.
     */
    private static Map<String, Object> withoutUndecoded(Map<String, Object> properties, java.util.List<String> bad) {
        Map<String, Object> out = new java.util.LinkedHashMap<>(properties);
        for (Map.Entry<String, Object> e : properties.entrySet()) {
            if (e.getKey().indexOf('\ufffd') >= 0 || String.valueOf(e.getValue()).indexOf('\ufffd') >= 0) {
                bad.add("plate: " + source(e.getKey(), properties) + ": not UTF-8 text; save the file as UTF-8; ignored");
                out.remove(e.getKey());
            }
        }
        return out.size() == properties.size() ? properties : out;
    }

    /**
     * {@code properties} with a byte-order mark taken off the front of a key: a deployed {@code .cfg} saved with
     * UTF-8's (Windows Notepad) gives the key {@code \ufeffseed} ({@code ï»¿seed} when FileInstall reads it as
     * Latin-1, its default, which the launcher overrides); Plate's readers skip it.
     */
    private static Map<String, Object> withoutByteOrderMark(Map<String, Object> properties) {
        if (properties.keySet().stream().noneMatch(k -> bomLength(k) > 0)) {
            return properties;
        }
        Map<String, Object> out = new java.util.LinkedHashMap<>();
        properties.forEach((k, v) -> out.put(k.substring(bomLength(k)), v));
        return out;
    }

    /** The length of the byte-order mark {@code key} starts with: UTF-8's read as Latin-1 (3), as UTF-8 (1), or 0. */
    private static int bomLength(String key) {
        return key.startsWith("\u00ef\u00bb\u00bf") ? 3 : key.startsWith("\ufeff") ? 1 : 0;
    }

    /**
     * Adds a line for each key of {@code properties} that is no setting (a typo such as {@code chain} in a deployed
     * file) to {@code bad}, as {@code --config} refuses it; the properties the framework adds are left alone.
     */
    private static void unknownKeys(Map<String, Object> properties, java.util.List<String> bad) {
        for (String key : new java.util.TreeSet<>(properties.keySet())) {
            if (ConfigCommands.KEYS.contains(key) || key.equals(ConfigCommands.LEGACY_STAMP)
                    || key.startsWith("service.") || key.startsWith("component.") || key.startsWith("felix.")
                    || key.startsWith("osgi.") || key.startsWith("objectClass")) {
                continue;
            }
            try {
                ConfigCommands.typed(key, "");
            } catch (io.plate.api.PlateException e) {
                bad.add("plate: " + source(key, properties) + ": " + e.getMessage() + "; ignored");
            }
        }
    }

    /**
     * Where a key's value came from, for its message: a deployed file (FileInstall's {@value #DEPLOYED_FILE})
     * and the key's line in it, named as {@code --config}'s are; else the configuration's PID.
     */
    static String source(String key, Map<String, Object> properties) {
        Object url = properties.get(DEPLOYED_FILE);
        if (url == null) {
            return "configuration " + PID;
        }
        Path file;
        try {
            file = Path.of(java.net.URI.create(String.valueOf(url)));
        } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            return String.valueOf(url);
        }
        try {
            java.util.List<String> lines = java.nio.file.Files.readAllLines(file, java.nio.charset.StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                String line = i == 0 && lines.get(0).startsWith("\ufeff") ? lines.get(0).substring(1) : lines.get(i);
                String[] kv = line.strip().split("\\s*[=:]\\s*|\\s+", 2);
                if (kv[0].equals(key)) {
                    return file + ", line " + (i + 1);
                }
            }
        } catch (java.io.IOException e) {
            // the file changed or went since FileInstall read it: named without a line
        }
        return file.toString();
    }

    private static Object checked(String key, String method, Map<String, Object> properties, java.util.List<String> bad) {
        Object fallback;
        try {
            fallback = Config.class.getMethod(method).getDefaultValue();
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
        Object raw = properties.get(key);
        if (raw == null) {
            return fallback;
        }
        try {
            return ConfigCommands.typed(key, String.valueOf(raw).trim());
        } catch (io.plate.api.PlateException e) {
            bad.add("plate: " + source(key, properties) + ": " + e.getMessage() + "; the default " + fallback + " is used");
            return fallback;
        }
    }

    /**
     * Waits until the defaults hold {@code expected} (key to checked value, as {@link ConfigCommands#typed} gives
     * them): Configuration Admin delivers a change asynchronously, and the next command must see it. False after
     * the timeout.
     */
    synchronized boolean awaitValues(Map<String, Object> expected, long timeoutMillis) throws InterruptedException {
        long end = System.nanoTime() + timeoutMillis * 1_000_000;
        while (!holds(expected)) {
            long left = (end - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                return false;
            }
            wait(left);
        }
        return true;
    }

    private boolean holds(Map<String, Object> expected) {
        Values v = values;
        Map<String, Object> now = Map.of("seed", v.seed(), "chains", v.chains(), "iterations", v.iterations(),
                "max.iterations", v.maxIterations(), "burn.in", v.burnIn(), "thin", v.thin(), "output.folder",
                v.outputFolder());
        for (Map.Entry<String, Object> e : expected.entrySet()) {
            if (!e.getValue().equals(now.get(e.getKey()))) {
                return false;
            }
        }
        return true;
    }

    public long seed() {
        return values.seed();
    }

    public int chains() {
        return values.chains();
    }

    public int iterations() {
        return values.iterations();
    }

    public int maxIterations() {
        return values.maxIterations();
    }

    public int burnIn() {
        return values.burnIn();
    }

    public int thin() {
        return values.thin();
    }

    /** A path to write: a relative one under the configured output folder ({@link UserPaths#output}). */
    public Path output(String path) {
        return UserPaths.output(values.outputFolder(), path);
    }

    /** A path to read: as given when it exists, else under the output folder when there ({@link UserPaths#input}). */
    public Path input(String path) {
        return UserPaths.input(values.outputFolder(), path);
    }

    /**
     * Run settings from the given option texts, each falling back to the default when empty. A run without
     * {@code --iterations} may go on to {@code max.iterations} until its summaries converge
     * ({@link RunSettings#maxIterations()}); with it, the run has exactly those, unless {@code --max-iterations}
     * is given too.
     *
     * @throws io.plate.api.PlateException naming the option when a value is not a number or out of range
     */
    public RunSettings runSettings(String iterations, String burnIn, String thin, String chains, String seed,
            String maxIterations) {
        int it = iterations.isEmpty() ? iterations() : Args.parseInt("--iterations", iterations);
        int bi = burnIn.isEmpty() ? Math.min(burnIn(), Math.max(0, it / 2)) : Args.parseInt("--burn-in", burnIn);
        int th = thin.isEmpty() ? thin() : Args.parseInt("--thin", thin);
        int ch = chains.isEmpty() ? chains() : Args.parseInt("--chains", chains);
        long sd = seed.isEmpty() ? seed() : Args.parseLong("--seed", seed);
        int max;
        if (!maxIterations.isEmpty()) {
            max = Args.parseInt("--max-iterations", maxIterations);
            if (max < it) {
                throw new io.plate.api.PlateException("--max-iterations " + max + " is below the run's " + it
                        + " iterations; give at least " + it);
            }
        } else {
            max = iterations.isEmpty() ? Math.max(it, maxIterations()) : it;
        }
        try {
            return new RunSettings(it, bi, th, ch, sd, 0, max);
        } catch (IllegalArgumentException e) {
            throw new io.plate.api.PlateException(e.getMessage());
        }
    }

    /**
     * What a run with these option texts does not take from the configuration as it stands, one line each: a
     * configured {@code burn.in} not below half the run's iterations (the run uses half), a configured
     * {@code max.iterations} below the configured iterations (the run is not extended). Empty when none.
     */
    public java.util.List<String> notApplied(String iterations, String burnIn, String maxIterations) {
        int it = iterations.isEmpty() ? iterations() : Args.parseInt("--iterations", iterations);
        java.util.List<String> lines = new java.util.ArrayList<>();
        if (burnIn.isEmpty() && configured.contains("burn.in") && burnIn() > it / 2) {
            lines.add("burn.in = " + burnIn() + " (configured) is more than half the run's " + it + " iterations: burn-in "
                    + Math.max(0, it / 2) + " is used (--burn-in N sets it for a run)");
        }
        if (maxIterations.isEmpty() && iterations.isEmpty() && configured.contains("max.iterations")
                && maxIterations() < it) {
            lines.add("max.iterations = " + maxIterations() + " (configured) is below the run's " + it + " iterations:"
                    + " the run has " + it + " and is not extended");
        }
        return lines;
    }

    @Override
    public String toString() {
        return "seed = " + seed() + "\nchains = " + chains() + "\niterations = " + iterations() + "\nmax.iterations = "
                + maxIterations() + "\nburn.in = " + burnIn() + "\nthin = " + thin() + "\noutput.folder = " + values.outputFolder() + "\n"
                + (problems.isEmpty() ? "" : problems.replaceAll("(?m)^plate: ", "not used: ") + "\n");
    }
}
