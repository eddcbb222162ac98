package io.plate.itests;

import io.plate.launcher.GogoSession;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.launch.FrameworkFactory;

/**
 * Run in its own JVM by {@link EquinoxEmbeddingIT} with only Equinox on the class path (Equinox and
 * Felix cannot share one class path: both carry the signed/unsigned Felix resolver): starts Equinox with
 * the bundle jars given as arguments, checks that every bundle is ACTIVE, every component satisfied
 * and that a command answers, and exits 0, or prints what is wrong and exits 1.
 */
public final class EquinoxMain {
    private EquinoxMain() {
    }

    /**
     * First argument that starts only the bundles that are not Plate's, as an Eclipse product's config.ini
     * marks SCR and the libraries {@code @start}: Plate's bundles must come up by their activation policy.
     */
    static final String ECLIPSE_START = "--eclipse-start";

    public static void main(String[] argv) throws Exception {
        boolean eclipse = argv.length > 0 && argv[0].equals(ECLIPSE_START);
        String[] args = eclipse ? java.util.Arrays.copyOfRange(argv, 1, argv.length) : argv;
        Path storage = Files.createTempDirectory("plate-equinox-");
        Map<String, String> config = new HashMap<>();
        config.put(Constants.FRAMEWORK_STORAGE, storage.toString());
        config.put(Constants.FRAMEWORK_STORAGE_CLEAN, Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT);
        config.put("gosh.args", "--nointeractive");
        config.put("gosh.home", storage.toString());
        FrameworkFactory factory = ServiceLoader.load(FrameworkFactory.class).findFirst().orElseThrow();
        Framework fw = factory.newFramework(config);
        fw.init();
        int status = 1;
        try {
            BundleContext ctx = fw.getBundleContext();
            List<Bundle> installed = new ArrayList<>();
            for (String jar : args) {
                try (InputStream in = new FileInputStream(jar)) {
                    installed.add(ctx.installBundle("file:" + jar, in));
                }
            }
            fw.start();
            Thread.currentThread().setContextClassLoader(null);
            for (Bundle b : installed) {
                if (!eclipse || !b.getSymbolicName().startsWith("io.plate.")) {
                    b.start();
                }
            }
            List<String> problems = new ArrayList<>();
            String system = ctx.getBundle(0).getSymbolicName();
            if (!system.contains("org.eclipse.osgi")) {
                problems.add("system bundle is " + system + ", not Equinox");
            }
            if (eclipse) {
                // lazily activated: STARTING until a class of the bundle is loaded, then ACTIVE
                for (Bundle b : installed) {
                    if (b.getState() != Bundle.STARTING && b.getState() != Bundle.ACTIVE) {
                        problems.add(b.getSymbolicName() + " state " + b.getState() + " (not started by its policy)");
                    }
                }
            } else {
                problems.addAll(Osgi.notActive(ctx));
            }
            problems.addAll(Osgi.unsatisfiedComponents(ctx, 10_000));
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
            try (GogoSession s = GogoSession.open(ctx, new ByteArrayInputStream(new byte[0]), out, out, 10_000)) {
                String v = s.render(s.execute("plate:version"));
                if (!v.contains("org.eclipse.osgi")) {
                    problems.add("plate:version answered '" + v + "'");
                }
                System.out.println(v.strip());
                System.out.println(s.render(s.execute("plate:learners")).strip());
            }
            if (problems.isEmpty()) {
                System.out.println("EQUINOX OK: " + installed.size() + " bundles active");
                status = 0;
            } else {
                System.out.println("EQUINOX PROBLEMS: " + problems);
            }
        } finally {
            fw.stop();
            fw.waitForStop(10_000);
            io.plate.launcher.PlateFramework.deleteTree(storage);
        }
        System.exit(status);
    }
}
