package io.plate.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.felix.framework.FrameworkFactory;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;
import org.osgi.framework.launch.Framework;
import org.osgi.service.feature.ID;

/**
 * An embedded Apache Felix with the bundles of the chosen features, installed in feature order from the
 * jars carried in the launcher, then started. Framework storage lives in a temporary directory that
 * {@link #stop()} removes. Used by {@link Main} and by the integration tests.
 */
public final class PlateFramework implements AutoCloseable {
    private static final String GOGO_JLINE = "org.apache.felix.gogo.jline";
    private static final String JLINE = "org.jline";
    private static final String JLINE_DUMB = "org.jline.terminal.dumb";
    private static final String JLINE_PROVIDER = "org.jline.terminal.provider";
    private final Framework framework;
    private final Path storage;
    private final Path goshHome;
    private final List<Bundle> installed;
    private final StorageCache cache;
    private final DeployLog deployLog;

    private PlateFramework(Framework framework, Path storage, Path goshHome, List<Bundle> installed,
            StorageCache cache, DeployLog deployLog) {
        this.framework = framework;
        this.storage = storage;
        this.goshHome = goshHome;
        this.installed = installed;
        this.cache = cache;
        this.deployLog = deployLog;
    }

    /**
     * Boots a framework with {@code features} (empty = all).
     *
     * @param interactive true when the launcher will run the interactive shell ({@link InteractiveShell}):
     *                    its profile is written and Gogo's JLine bundle is started at once
     * @param deploy      a directory for Felix FileInstall to watch, or {@code null}
     * @param extra       more framework properties (may be empty)
     */
    public static PlateFramework start(List<String> features, boolean interactive, Path deploy,
            Map<String, String> extra) throws IOException, BundleException {
        return start(features, interactive, deploy, extra, false, false);
    }

    /**
     * As {@link #start(List, boolean, Path, Map)}; with {@code cached}, the installed bundles are kept in
     * the user cache and reused by the next start of the same plate.jar and features (see
     * {@link StorageCache}), except with a deploy folder, whose bundles are the user's. With
     * {@code deferGogoShell} and no console (the launcher's choice when every program is one plain plate:*
     * command), Gogo's JLine bundle (the gogo:* commands such as echo, each and grep) is resolved but
     * started only by {@link #startGogoShell()}.
     */
    public static PlateFramework start(List<String> features, boolean interactive, Path deploy,
            Map<String, String> extra, boolean cached, boolean deferGogoShell) throws IOException, BundleException {
        ClassLoader loader = PlateFramework.class.getClassLoader();
        List<String> selection = FeatureCatalog.selection(features);
        long t0 = System.nanoTime();
        StorageCache cache = cached && deploy == null && selection != null ? StorageCache.acquire(selection) : null;
        Timing.phase("storage cache found", t0);
        // a cached start of this jar and these features wrote down what it installed: the feature files
        // need not be read again
        List<String> remembered = cache != null ? cache.remembered() : null;
        List<String> resources = remembered != null ? remembered : resources(features, deploy, loader);
        Path storage = cache != null ? cache.dir() : Files.createTempDirectory("plate-felix-");
        t0 = System.nanoTime();
        // kept beside a cached storage (its files depend only on the jar and the mode), else temporary
        Path goshHome = cache != null ? cache.goshHome(interactive) : Files.createTempDirectory("plate-gosh-");
        Path profile = goshHome.resolve("etc/gosh_profile");
        if (cache == null || !Files.isRegularFile(profile)) {
            Files.createDirectories(goshHome.resolve("etc"));
            // Gogo's profile prints etc/motd as it is; Plate's profile prints the banner with plate:banner,
            // fitted to the terminal's width
            StorageCache.writeAtomically(goshHome.resolve("etc/motd"), "");
            // Non-interactive: an empty profile (Gogo's own throws without a line reader). Interactive:
            // Gogo's own profile (prompt, completion machinery) followed by Plate's completions, which only the
            // launcher's shell runs (see interactiveProfile).
            StorageCache.writeAtomically(profile,
                    interactive ? interactiveProfile(loader) : "# Plate: no profile in non-interactive mode\n");
        }

        Timing.phase("gosh home written", t0);
        Map<String, String> config = new HashMap<>();
        config.put(Constants.FRAMEWORK_STORAGE, storage.toString());
        if (cache == null) {
            config.put(Constants.FRAMEWORK_STORAGE_CLEAN, Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT);
        }
        // a command component, once used, stays active for the next command (SCR would drop it when Gogo
        // releases it after each call); command components are delayed, so a start activates none of them
        config.put("ds.delayed.keepInstances", "true");
        if (cache != null) {
            // SCR keeps the components' parsed metadata in the kept storage: later starts skip the XML parsing
            config.put("ds.cache.metadata", "true");
        }
        config.put("felix.log.level", "1");
        // plate:config changes last as long as this launcher (--config FILE applies lasting settings at each
        // start); Configuration Admin's file store would keep them in the kept storage, for some starts only
        config.put("felix.cm.pm", "memory");
        config.put("gosh.home", goshHome.toString());
        // The launcher runs the commands, and the interactive shell (InteractiveShell), itself: the shell of
        // Gogo's JLine bundle never takes the console
        config.put("gosh.args", "--nointeractive");
        if (deploy != null) {
            if (!Files.isDirectory(deploy)) { // a typo is not made into a folder (Main names it in one line)
                throw new java.nio.file.NotDirectoryException(deploy.toString());
            }
            config.put("felix.fileinstall.dir", deploy.toAbsolutePath().toString());
            config.put("felix.fileinstall.poll", "500");
            config.put("felix.fileinstall.noInitialDelay", "true");
            config.put("felix.fileinstall.bundles.new.start", "true");
            // started eagerly, as the launcher starts the features' bundles: by its activation policy a Plate
            // bundle (Bundle-ActivationPolicy: lazy, for Eclipse-style hosts) would wait in STARTING
            config.put("felix.fileinstall.bundles.startActivationPolicy", "false");
            // errors and warnings, through java.util.logging to DeployLog: one line each, no stack trace
            config.put("felix.fileinstall.log.level", "2");
            config.put("felix.fileinstall.log.default", "jul");
            // the folder's .cfg files are read, never written: FileInstall would write every change of their
            // configurations (plate:config) back into the user's file, and in doing so raced its own rescan
            // of the file, which it read empty now and then (the defaults were lost, the file emptied)
            config.put("felix.fileinstall.enableConfigSave", "false");
            // a deployed .cfg is read as UTF-8, as --config's DefaultsFile reads it (FileInstall's default is
            // Latin-1: 'café' arrived as 'cafÃ©'); bytes that are not UTF-8 arrive as U+FFFD, refused by ShellDefaults
            config.put("felix.fileinstall.configEncoding", "UTF-8");
        }
        // Gogo's JLine bundle builds a terminal at start, never used (see gosh.args): keep JLine from probing
        // for (and warning about) a system terminal; the dumb provider spares it loading JLine's native
        // library and running a process per provider. The interactive shell builds the real one afterwards.
        Map<String, String> jlineBefore = new HashMap<>();
        for (String k : List.of(JLINE_DUMB, JLINE_PROVIDER)) {
            jlineBefore.put(k, System.getProperty(k));
        }
        System.setProperty(JLINE_DUMB, "true");
        System.setProperty(JLINE_PROVIDER, "dumb");
        config.putAll(extra);

        long tf = System.nanoTime();
        // Felix takes its logger as an object in the same map (felix.log.logger): errors as one line, no stack trace
        Map<String, Object> withLogger = new HashMap<>(config);
        withLogger.put("felix.log.logger", new FrameworkLog(System.err));
        DeployLog deployLog = deploy != null ? DeployLog.install(System.err, deploy) : null;
        Framework fw = newFramework(withLogger);
        Timing.phase("framework created", tf);
        ClassLoader previous = Thread.currentThread().getContextClassLoader();
        // JLine looks up its terminal providers through the context class loader: start with none.
        Thread.currentThread().setContextClassLoader(null);
        List<Bundle> bundles = new ArrayList<>();
        try {
            long t = System.nanoTime();
            fw.init();
            Timing.phase("framework init", t);
            t = System.nanoTime();
            if (!reuse(fw, resources, bundles)) {
                if (fw.getBundleContext().getBundles().length > 1) {
                    // the kept storage holds other bundles (one uninstalled last time, an older feature list): begin
                    // with an empty one, so that the bundles get the ids 1, 2, … the docs use, not the next free ones
                    fw.stop();
                    awaitStop(fw);
                    deleteTree(storage);
                    fw = newFramework(withLogger);
                    fw.init();
                }
                if (remembered != null) { // the storage did not hold what was written down: read the features
                    resources = resources(features, deploy, loader);
                    remembered = null;
                }
                for (String r : resources) {
                    bundles.add(install(fw, loader, r));
                }
            }
            Timing.phase("install", t);
            t = System.nanoTime();
            fw.start();
            BundleUrls.register(fw.getBundleContext(), loader);
            // resolve everything in one pass rather than bundle by bundle as each starts
            fw.adapt(org.osgi.framework.wiring.FrameworkWiring.class).resolveBundles(bundles);
            Timing.phase("framework start and resolve", t);
            t = System.nanoTime();
            startAll(bundles, interactive, deferGogoShell);
            Timing.phase("bundles started", t);
            if (interactive) { // for the terminal of the launcher's shell
                jlineBefore.forEach((k, v) -> {
                    if (v == null) {
                        System.clearProperty(k);
                    } else {
                        System.setProperty(k, v);
                    }
                });
            }
            if (cache != null && remembered == null) {
                cache.remember(resources);
            }
        } catch (IOException | BundleException | RuntimeException e) {
            try {
                fw.stop();
                fw.waitForStop(5000);
            } catch (BundleException | InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
            if (cache != null) {
                cache.clear();
                cache.close();
            } else {
                deleteTree(storage);
                deleteTree(goshHome);
            }
            if (deployLog != null) {
                deployLog.uninstall();
            }
            throw e;
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
        }
        return new PlateFramework(fw, storage, goshHome, bundles, cache, deployLog);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Framework newFramework(Map<String, Object> config) {
        return new FrameworkFactory().newFramework((Map) config);
    }

    /** Waits (at most 10 s) for a framework stopped before its start to let go of its storage. */
    private static void awaitStop(Framework fw) throws BundleException {
        try {
            fw.waitForStop(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BundleException("interrupted while the framework's storage was replaced", e);
        }
    }

    /**
     * True when the framework's storage already holds exactly {@code resources}, in order (a cached
     * start); they are added to {@code bundles}.
     */
    private static boolean reuse(Framework fw, List<String> resources, List<Bundle> bundles) {
        List<Bundle> found = new ArrayList<>();
        for (Bundle b : fw.getBundleContext().getBundles()) {
            if (b.getBundleId() != 0) {
                found.add(b);
            }
        }
        boolean same = found.size() == resources.size();
        for (int i = 0; same && i < found.size(); i++) {
            same = found.get(i).getLocation().equals("plate:" + resources.get(i));
        }
        if (same) {
            bundles.addAll(found);
        }
        return same;
    }

    /**
     * Starts the bundles in feature order (after they were resolved together in one pass; starting them
     * on two threads was measured and gained nothing, component activation being serialised), except
     * that Gogo's JLine bundle, which has no components, starts on its own thread.
     */
    private static void startAll(List<Bundle> bundles, boolean interactive, boolean deferGogoShell)
            throws BundleException {
        carriedDumbCapabilities(bundles);
        Thread aside = null;
        java.util.concurrent.atomic.AtomicReference<Throwable> asideFailure = new java.util.concurrent.atomic.AtomicReference<>();
        for (Bundle b : bundles) {
            if (b.getHeaders().get(Constants.FRAGMENT_HOST) != null) {
                continue;
            }
            if (!interactive && deferGogoShell && GOGO_JLINE.equals(b.getSymbolicName())) {
                continue; // no program of this run needs it; startGogoShell starts it if one does after all
            }
            if (GOGO_JLINE.equals(b.getSymbolicName())) {
                // Nothing waits for Gogo's JLine bundle (its start builds a terminal and runs a login shell)
                // until the first command or the interactive shell: it starts beside the bundles after it.
                aside = new Thread(() -> {
                    try {
                        start(b);
                    } catch (BundleException | RuntimeException e) {
                        asideFailure.set(e);
                    }
                }, "plate-start-" + GOGO_JLINE);
                aside.setContextClassLoader(null);
                aside.start();
                continue;
            }
            start(b);
        }
        if (aside != null) {
            joinUninterruptibly(aside);
            Throwable t = asideFailure.get();
            if (t instanceof BundleException) {
                throw (BundleException) t;
            } else if (t != null) {
                throw (RuntimeException) t;
            }
        }
    }

    /**
     * Gogo's JLine bundle builds a dumb terminal, and JLine 3.30 runs {@code infocmp -x dumb}
     * (a process, 20-30 ms) for its capabilities although it carries them: they are handed to it first.
     */
    private static void carriedDumbCapabilities(List<Bundle> bundles) {
        for (Bundle b : bundles) {
            if (!JLINE.equals(b.getSymbolicName())) {
                continue;
            }
            try {
                Class<?> infoCmp = b.loadClass("org.jline.utils.InfoCmp");
                for (String type : List.of("dumb", "dumb-color")) {
                    Object caps = infoCmp.getMethod("getDefaultInfoCmp", String.class).invoke(null, type);
                    if (caps != null) {
                        infoCmp.getMethod("setLoadedInfoCmp", String.class, String.class).invoke(null, type, caps);
                    }
                }
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                // another JLine: it finds the capabilities itself
            }
        }
    }

    private static void start(Bundle b) throws BundleException {
        long tb = System.nanoTime();
        // transient: the storage (kept when cached) never records a bundle as started, so that the
        // framework's own start leaves starting to this method and its single resolve pass
        b.start(Bundle.START_TRANSIENT);
        Timing.phase("start " + b.getSymbolicName(), tb);
    }

    private static void joinUninterruptibly(Thread t) {
        boolean interrupted = false;
        while (t.isAlive()) {
            try {
                t.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The class-path resources ({@code bundles/…jar}) of the bundles that {@code features} name, in
     * installation order. Lets another host (Equinox, in the tests) install exactly what plate.jar carries.
     */
    public static List<String> bundleResources(List<String> features) throws IOException {
        long t = System.nanoTime();
        FeatureCatalog catalog = FeatureCatalog.load(PlateFramework.class.getClassLoader());
        List<String> out = new ArrayList<>();
        for (ID id : catalog.bundles(features.isEmpty() ? FeatureCatalog.ALL : features)) {
            out.add(FeatureCatalog.resourceOf(id));
        }
        Timing.phase("feature files read", t);
        return out;
    }

    /** {@link #bundleResources} and, with a deploy folder, Felix FileInstall. */
    private static List<String> resources(List<String> features, Path deploy, ClassLoader loader) throws IOException {
        List<String> out = new ArrayList<>(bundleResources(features));
        if (deploy != null) {
            out.add(fileInstallResource(loader));
        }
        return out;
    }

    /** Whether Gogo's shell can keep its history, {@code ~/.gogo.history}. */
    static boolean historyWritable() {
        String home = System.getProperty("user.home");
        if (home == null || home.isEmpty()) {
            return false;
        }
        Path file = Path.of(home, ".gogo.history");
        return Files.exists(file) ? Files.isWritable(file) : Files.isDirectory(file.getParent())
                && Files.isWritable(file.getParent());
    }

    /**
     * Gogo JLine's built-in gosh_profile (read from the carried bundle) plus Plate's completions, run only in
     * a session with a line reader: Gogo's JLine bundle reads the profile too, for its own login session,
     * which has none (its shell never takes the console), and Gogo's profile throws there.
     */
    private static String interactiveProfile(ClassLoader loader) throws IOException {
        StringBuilder profile = new StringBuilder("if { $.reader } {\n");
        for (String name : listCarried(loader)) {
            if (!name.contains("org.apache.felix.gogo.jline")) {
                continue;
            }
            try (InputStream in = loader.getResourceAsStream(name);
                    java.util.jar.JarInputStream jar = new java.util.jar.JarInputStream(in)) {
                java.util.jar.JarEntry e;
                while ((e = jar.getNextJarEntry()) != null) {
                    if (e.getName().equals("gosh_profile")) {
                        profile.append(new String(jar.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
                    }
                }
            }
        }
        try (InputStream in = PlateFramework.class.getResourceAsStream("plate_profile.gosh")) {
            if (in != null) {
                profile.append('\n').append(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
            }
        }
        return profile.append("\n}\n").toString();
    }

    private static List<String> listCarried(ClassLoader loader) throws IOException {
        List<String> out = new ArrayList<>();
        for (String r : bundleResources(List.of())) {
            out.add(r);
        }
        return out;
    }

    private static String fileInstallResource(ClassLoader loader) throws IOException {
        String r = "bundles/org.apache.felix.fileinstall-" + Versions.FILEINSTALL + ".jar";
        if (loader.getResource(r) == null) {
            throw new IOException("the launcher does not carry " + r);
        }
        return r;
    }

    private static Bundle install(Framework fw, ClassLoader loader, String resource)
            throws IOException, BundleException {
        try (InputStream in = loader.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("bundle " + resource + " named by a feature is not carried in the launcher");
            }
            return fw.getBundleContext().installBundle("plate:" + resource, in);
        }
    }

    public Framework framework() {
        return framework;
    }

    /**
     * Starts Gogo's JLine bundle if it is installed and not yet active: its start builds a terminal and runs
     * a login shell (150-180 ms of a start's 0.8 s), which a program of plate:* commands alone never uses.
     */
    public void startGogoShell() throws BundleException {
        for (Bundle b : installed) {
            if (GOGO_JLINE.equals(b.getSymbolicName()) && b.getState() != Bundle.ACTIVE) {
                ClassLoader previous = Thread.currentThread().getContextClassLoader();
                Thread.currentThread().setContextClassLoader(null); // as at start: JLine looks up providers there
                try {
                    start(b);
                } finally {
                    Thread.currentThread().setContextClassLoader(previous);
                }
            }
        }
    }

    /** The bundles installed from the features (and FileInstall), in order. */
    public List<Bundle> bundles() {
        return List.copyOf(installed);
    }

    private final java.util.concurrent.atomic.AtomicBoolean stopped = new java.util.concurrent.atomic.AtomicBoolean();

    /** True once {@link #stop()} has begun (from the shutdown hook, say). */
    public boolean stopping() {
        return stopped.get();
    }

    /** Stops the framework (waiting at most 10 s) and removes its storage. Idempotent and thread-safe. */
    public synchronized void stop() {
        if (!stopped.compareAndSet(false, true)) {
            return;
        }
        try {
            if ((framework.getState() & (Bundle.ACTIVE | Bundle.STARTING | Bundle.STOPPING)) != 0) {
                framework.stop();
            }
            framework.waitForStop(10_000);
        } catch (BundleException e) {
            System.err.println("plate: framework did not stop cleanly: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (cache != null) {
                cache.close();
            } else {
                deleteTree(storage);
                deleteTree(goshHome);
            }
            if (deployLog != null) {
                deployLog.uninstall();
            }
        }
    }

    @Override
    public void close() {
        stop();
    }

    public static void deleteTree(Path root) {
        if (root == null || !Files.exists(root)) {
            return;
        }
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException exc) {
                    return FileVisitResult.CONTINUE; // vanished meanwhile
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
                    Files.deleteIfExists(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            System.err.println("plate: could not remove " + root + ": " + e.getMessage());
        }
    }
}
