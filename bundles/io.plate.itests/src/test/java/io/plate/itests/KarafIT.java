package io.plate.itests;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Installs Plate in a real Apache Karaf (the minimal distribution, unpacked from Maven Central by the
 * build) the way the README tells a Karaf user to: {@code feature:repo-add} of the generated
 * {@code plate-features.xml}, {@code feature:install} of the four features, then Plate commands in Karaf's
 * own console ({@code plate:learners}, an import, a short {@code plate:cluster} and its help), reached with
 * {@code bin/client} over SSH on 127.0.0.1. The bundles are the ones plate.jar carries, copied to a
 * Maven layout under target/; those of Karaf's {@code scr} feature, which {@code plate-core} depends on, come
 * from a Maven layout the build copies them to. A second test does the same in the full distribution whose
 * own {@code scr} feature is installed first.
 */
@Timeout(value = 170, unit = TimeUnit.SECONDS)
class KarafIT {
    private static final Pattern MVN = Pattern.compile("<bundle>mvn:([^/<]+)/([^/<]+)/([^<]+)</bundle>");
    private static final String[] FEATURES = {"plate-core", "plate-classifier", "plate-samplers", "plate-shell"};

    @Test
    void platefeaturesInstallAndRunInKaraf() throws Exception {
        Path work = Path.of(System.getProperty("plate.testClasses")).getParent().resolve("karaf-it");
        deleteTree(work);
        Path home = work.resolve("karaf");
        Path dist = Path.of(System.getProperty("plate.karaf"));
        copyTree(dist, home);
        Path repo = work.resolve("repository");
        Path features = work.resolve("plate-features.xml");
        List<String> locations = bundleFiles(Files.readString(Path.of(System.getProperty("plate.karafFeatures"))),
                repo, features);
        int port = freePort();
        Process karaf = startKaraf(dist, home, repo, port);
        try {
            String install = client(home, port, "feature:repo-add " + features.toUri()
                    + "\nfeature:install " + String.join(" ", FEATURES) + "\n");
            assertFalse(install.contains("Error"), install);
            // the minimal distribution has no Declarative Services: plate-core brought Karaf's scr feature
            assertPlatesComponentsRunOnKarafsScr(home, port);

            String bundles = client(home, port, "bundle:list -t 0 -l\n");
            // a bundle Karaf has already (Configuration Admin, the OSGi utilities) is used from its own location
            for (String location : locations) {
                String line = bundles.lines().filter(l -> l.contains(location)).findFirst()
                        .orElseThrow(() -> new AssertionError(location + " not installed:\n" + bundles));
                assertTrue(line.contains("| Active"), line);
            }

            // bin/client's batch mode prints what commands write, not what they return (Karaf's ssh command
            // session leaves results unprinted), so each result is echoed
            String learners = client(home, port, "echo (plate:learners)\n");
            assertTrue(learners.contains("nb.multinomial") && learners.contains("io.plate.classifier")
                    && !learners.contains("Error"), learners);
            Path iris = ItData.root().resolve("iris/iris.csv").toAbsolutePath();
            String cluster = client(home, port, "echo (plate:import " + iris + " --name iris)\n"
                    + "echo (plate:cluster mixture.gaussian iris k=3 --iterations 200 --burn-in 50 --chains 2 --seed 1)\n");
            assertTrue(cluster.contains("iris: 150 rows, 4 features") && cluster.contains("kept as run 'iris.mixture.gaussian'")
                    && cluster.contains("posterior of the number of clusters:"), cluster);
            // the shell's own checks answer a wrong call, as in the launcher
            String wrong = client(home, port, "plate:cluster mixture.gaussian iris --chians 2\n");
            assertTrue(wrong.contains("unknown option '--chians' (did you mean --chains?)"), wrong);
            // a command's help, as Karaf's banner offers it: '[cmd] --help' (it was an unknown option)
            String help = client(home, port, "plate:cluster --help\n");
            assertTrue(help.contains("usage: plate:cluster") && help.contains("--resume RESUME")
                    && !help.contains("unknown option"), help);
            helpInKarafsConsole(home, port);

            // a sampler bundle stopped and started while Karaf runs: the command says where it went, then runs
            String stopped = client(home, port, "bundle:stop io.plate.sampler.mixture\n"
                    + "plate:cluster mixture.gaussian iris k=3 --iterations 20 --chains 1\n");
            assertTrue(stopped.contains("no mixture sampler named 'mixture.gaussian'")
                    && stopped.contains("stopped: io.plate.sampler.mixture (bundle "), stopped);
            String started = client(home, port, "bundle:start io.plate.sampler.mixture\n"
                    + "echo (plate:cluster mixture.gaussian iris k=3 --iterations 20 --chains 1)\n");
            assertTrue(started.contains("kept as run 'iris.mixture.gaussian'"), started);
            // the samplers' feature uninstalled: the command names the feature that brings them back
            String uninstalled = client(home, port, "feature:uninstall plate-samplers\n"
                    + "plate:cluster mixture.gaussian iris k=3 --iterations 20 --chains 1\n");
            assertTrue(uninstalled.contains("no mixture sampler named 'mixture.gaussian' (none installed; in Karaf,"
                    + " 'feature:install plate-samplers' installs them)"), uninstalled);

            // a user's mistake is no ERROR with a stack trace in karaf.log (Karaf logs a command's
            // exception at debug level only when its class is named CommandException)
            String log = Files.readString(home.resolve("data/log/karaf.log"), StandardCharsets.UTF_8);
            assertFalse(log.contains("Exception caught while executing command"), tail(home.resolve("data/log/karaf.log")));
        } finally {
            // bin/karaf runs Java as a child of its shell: stop the whole tree
            karaf.descendants().forEach(ProcessHandle::destroyForcibly);
            karaf.destroyForcibly();
            karaf.waitFor(30, TimeUnit.SECONDS);
        }
        deleteTree(work);
    }

    /**
     * The full distribution with its own {@code scr} feature installed before Plate (as a Karaf user who uses
     * Declarative Services has it): Plate's components run on that SCR, and Karaf's {@code scr:list} shows them
     * with their instances. plate-core carried an SCR of its own, which took the {@code scr:*} commands and
     * listed every component with none (or no component at all).
     */
    @Test
    void plateRunsOnTheScrOfTheFullDistribution() throws Exception {
        Path work = Path.of(System.getProperty("plate.testClasses")).getParent().resolve("karaf-full-it");
        deleteTree(work);
        Path home = work.resolve("karaf");
        Path dist = Path.of(System.getProperty("plate.karafFull"));
        copyTree(dist, home);
        Path repo = work.resolve("repository");
        Path features = work.resolve("plate-features.xml");
        bundleFiles(Files.readString(Path.of(System.getProperty("plate.karafFeatures"))), repo, features);
        int port = freePort();
        Process karaf = startKaraf(dist, home, repo, port);
        try {
            String scr = client(home, port, "feature:install scr\n");
            assertFalse(scr.contains("Error"), scr);
            String install = client(home, port, "feature:repo-add " + features.toUri()
                    + "\nfeature:install " + String.join(" ", FEATURES) + "\n");
            assertFalse(install.contains("Error"), install);
            assertPlatesComponentsRunOnKarafsScr(home, port);
            String learners = client(home, port, "echo (plate:learners)\n");
            assertTrue(learners.contains("nb.multinomial") && !learners.contains("Error"), learners);
        } finally {
            karaf.descendants().forEach(ProcessHandle::destroyForcibly);
            karaf.destroyForcibly();
            karaf.waitFor(30, TimeUnit.SECONDS);
        }
        deleteTree(work);
    }

    /**
     * One Declarative Services runtime, Karaf's (its scr feature's Apache Felix SCR), and Karaf's {@code scr:list}
     * lists Plate's components, each enabled with an instance.
     */
    private static void assertPlatesComponentsRunOnKarafsScr(Path home, int port) throws Exception {
        String bundles = client(home, port, "bundle:list -t 0\n");
        List<String> runtimes = bundles.lines().filter(l -> l.contains("Apache Felix Declarative Services")).toList();
        assertTrue(runtimes.size() == 1 && runtimes.get(0).contains("| Active"), bundles);
        // bin/client's batch mode prints no returned value, but what a pipe's last command prints
        String list = client(home, port, "scr:list | grep io.plate.\n").replaceAll("\u001B\\[[;\\d]*m", "");
        List<String> plate = list.lines().filter(l -> l.contains(" in bundle ") && l.contains("(io.plate.")).toList();
        for (String component : List.of("io.plate.shell.impl.ShellDefaults", "io.plate.importers.impl.CsvImporter",
                "io.plate.sampler.mixture.impl.GaussianMixtureSampler", "io.plate.mcmc.impl.ChainRunnerComponent")) {
            assertTrue(plate.stream().anyMatch(l -> l.startsWith(component + " ")), component + " not listed:\n" + list);
        }
        for (String line : plate) {
            assertTrue(line.endsWith("enabled, 1 instance."), line + "\n" + list);
        }
    }

    /**
     * Karaf's {@code help plate:cluster} shows Plate's help (it showed only a COMMANDS heading): Karaf's help runs
     * {@code NAME --help} and shows what it printed. Karaf's list of commands has Plate's but not the internal
     * ones ({@code plate:banner}, {@code plate:completions}, {@code plate:names}; they were listed), and its list of
     * every command has not Plate's {@code felix:refresh} and {@code felix:update} (they were listed). Its help prints nothing in bin/client's batch mode, even for
     * Karaf's own commands, so it is typed in an interactive console, in a terminal that tmux gives bin/client.
     */
    private static void helpInKarafsConsole(Path home, int port) throws Exception {
        if (!Tmux.available()) {
            System.err.println("KarafIT: tmux is not installed; Karaf's help plate:cluster is not checked");
            return;
        }
        String session = "plate-karaf-it-" + ProcessHandle.current().pid();
        Tmux.run("new-session", "-d", "-s", session, "-x", "200", "-y", "80", "-c", home.toString(),
                "-e", "JAVA_HOME=" + System.getProperty("java.home"),
                "sh bin/client -u karaf -p karaf -h 127.0.0.1 -a " + port + " -r 20; sleep 30");
        try {
            Tmux.waitFor(session, s -> s.contains("karaf@root()>"), "Karaf's prompt", 60_000);
            Tmux.run("send-keys", "-t", session, "help plate:cluster", "Enter");
            String screen = Tmux.waitFor(session, s -> s.contains("--resume RESUME"), "Plate's help of plate:cluster", 30_000);
            assertTrue(screen.contains("plate:cluster - cluster a dataset with a mixture sampler")
                    && screen.contains("usage: plate:cluster") && !screen.contains("COMMANDS"), screen);
            // Karaf's list of Plate's commands (help alone lists the same, in its pager) leaves out those the
            // launcher's shell profile calls for itself
            Tmux.run("send-keys", "-t", session, "help plate:", "Enter");
            String list = Tmux.waitFor(session, s -> s.contains("COMMANDS") && s.substring(s.indexOf("COMMANDS"))
                    .contains("plate:version"), "Karaf's list of Plate's commands", 30_000);
            list = list.substring(list.indexOf("COMMANDS"));
            assertTrue(list.contains("plate:cluster") && list.contains("plate:import"), list);
            for (String internal : List.of("plate:banner", "plate:completions", "plate:names")) {
                assertFalse(list.contains(internal), internal + " is listed:\n" + list);
            }
            // Karaf's lists of the bundle: and felix: commands (help alone pages the full list) have its own
            // bundle:refresh and bundle:update, and not Plate's felix:refresh and felix:update, which stand in for
            // Felix Gogo's only in the launcher
            Tmux.run("send-keys", "-t", session, "clear", "Enter");
            Tmux.run("send-keys", "-t", session, "help bundle:", "Enter");
            Tmux.waitFor(session, s -> s.contains("bundle:watch"), "Karaf's list of the bundle: commands", 30_000);
            Tmux.run("send-keys", "-t", session, "help felix:", "Enter");
            Tmux.run("send-keys", "-t", session, "echo listed-end", "Enter");
            String lists = Tmux.waitFor(session, s -> s.indexOf("listed-end") != s.lastIndexOf("listed-end"),
                    "Karaf's lists of the bundle: and felix: commands", 30_000);
            lists = lists.substring(0, lists.lastIndexOf("listed-end"));
            assertTrue(lists.contains("bundle:refresh") && lists.contains("bundle:update"), lists);
            assertFalse(lists.contains("felix:refresh") || lists.contains("felix:update"), "Plate's are listed:\n" + lists);
        } finally {
            Tmux.run("kill-session", "-t", session);
        }
    }

    /**
     * Copies each bundle the feature repository names from plate.jar's bundles/ into a Maven layout under
     * {@code repo}, and writes the repository to {@code out} with those files' {@code file:} URLs in place
     * of the {@code mvn:} ones (Karaf's parallel Maven downloads from a local folder failed now and then).
     */
    private static List<String> bundleFiles(String featuresXml, Path repo, Path out) throws IOException {
        List<String> locations = new ArrayList<>();
        StringBuilder rewritten = new StringBuilder();
        try (ZipFile jar = new ZipFile(System.getProperty("plate.jar"))) {
            Matcher m = MVN.matcher(featuresXml);
            while (m.find()) {
                String group = m.group(1);
                String artifact = m.group(2);
                String version = m.group(3);
                String file = artifact + "-" + version + ".jar";
                ZipEntry e = jar.getEntry("bundles/" + file);
                if (e == null) {
                    throw new AssertionError("plate.jar carries no bundles/" + file);
                }
                Path dir = repo.resolve(group.replace('.', '/')).resolve(artifact).resolve(version);
                Files.createDirectories(dir);
                try (InputStream in = jar.getInputStream(e)) {
                    Files.copy(in, dir.resolve(file));
                }
                String location = dir.resolve(file).toUri().toString();
                m.appendReplacement(rewritten, Matcher.quoteReplacement("<bundle>" + location + "</bundle>"));
                locations.add("/" + artifact + "/" + version);
            }
            m.appendTail(rewritten);
        }
        Files.writeString(out, rewritten);
        assertTrue(locations.size() > 10, featuresXml);
        return locations;
    }

    /**
     * SSH on 127.0.0.1 only, a user for bin/client, Maven resolution from the system folder, {@code repo} and the
     * bundles of Karaf's scr feature only.
     */
    private static void configure(Path home, Path repo, int port) throws IOException {
        Path etc = home.resolve("etc");
        sshAddress(home, port);
        Files.writeString(etc.resolve("users.properties"),
                "karaf = karaf,_g_:admingroup\n_g_\\:admingroup = group,admin,manager,viewer,systembundles,ssh\n");
        Files.writeString(etc.resolve("org.ops4j.pax.url.mvn.cfg"), String.join("\n",
                "org.ops4j.pax.url.mvn.useFallbackRepositories=false",
                "org.ops4j.pax.url.mvn.localRepository=" + repo.resolveSibling("local-repository"),
                "org.ops4j.pax.url.mvn.defaultRepositories=${karaf.home.uri}system@id=system.repository@snapshots",
                "org.ops4j.pax.url.mvn.repositories=" + repo.toUri() + "@id=plate,"
                        + Path.of(System.getProperty("plate.karafScrRepository")).toUri() + "@id=scr,"
                        // Karaf's scr.state and scr.management jars, whose parent POM Maven cannot resolve (pom.xml)
                        + "https://repo.maven.apache.org/maven2@id=central", ""));
    }

    /**
     * Puts SSH on 127.0.0.1:{@code port} in Karaf's shell configuration. At its first start Karaf sometimes
     * writes this file back without its properties (seen in about half the runs on a loaded machine), and the
     * SSH server then never listens: {@link #waitForPort} writes them again, which Karaf applies within a second.
     */
    private static void sshAddress(Path home, int port) throws IOException {
        Path shell = home.resolve("etc/org.apache.karaf.shell.cfg");
        String text = Files.readString(shell).replaceAll("(?m)^ssh(Port|Host)\\s*=.*\n?", "");
        Files.writeString(shell, text + "\nsshPort = " + port + "\nsshHost = 127.0.0.1\n");
    }

    private static boolean hasSshAddress(Path home, int port) throws IOException {
        return Pattern.compile("(?m)^sshPort\\s*=\\s*" + port + "\\s*$")
                .matcher(Files.readString(home.resolve("etc/org.apache.karaf.shell.cfg"))).find();
    }

    /** Runs {@code commands} in Karaf's console (batch mode: one command a line on standard input). */
    private static String client(Path home, int port, String commands) throws IOException, InterruptedException {
        Path in = Files.createTempFile(home, "commands", ".txt");
        Path out = Files.createTempFile(home, "client", ".txt");
        Files.writeString(in, commands, StandardCharsets.UTF_8);
        ProcessBuilder pb = new ProcessBuilder("sh", home.resolve("bin/client").toString(), "-u", "karaf", "-p",
                "karaf", "-h", "127.0.0.1", "-a", String.valueOf(port), "-r", "20", "-b").directory(home.toFile())
                .redirectErrorStream(true).redirectOutput(out.toFile()).redirectInput(in.toFile());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process p = pb.start();
        if (!p.waitFor(90, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("bin/client did not finish in 90 s: " + commands + Files.readString(out));
        }
        return Files.readString(out, StandardCharsets.UTF_8);
    }

    /**
     * A fresh copy of Karaf started as a server, once its SSH port is open. Karaf's own boot (before any Plate
     * bundle) hung once in about twenty CI runs with its log ending at "Setting startlevel to 100": such a start
     * is stopped, with the thread dump of its JVM kept for the message, and made once more from a fresh copy.
     */
    private static Process startKaraf(Path dist, Path home, Path repo, int port) throws IOException, InterruptedException {
        String first = null;
        for (int attempt = 1; attempt <= 2; attempt++) {
            if (attempt > 1) {
                deleteTree(home);
                copyTree(dist, home);
            }
            configure(home, repo, port);
            Process karaf = new ProcessBuilder("sh", home.resolve("bin/karaf").toString(), "server")
                    .directory(home.toFile()).redirectErrorStream(true)
                    .redirectOutput(home.getParent().resolve("karaf-console.txt").toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
            try {
                waitForPort(home, port, karaf, 90);
                return karaf;
            } catch (AssertionError notOpen) {
                String dump = threadDump(karaf);
                karaf.descendants().forEach(ProcessHandle::destroyForcibly);
                karaf.destroyForcibly();
                karaf.waitFor(30, TimeUnit.SECONDS);
                if (attempt == 2) {
                    throw new AssertionError((first == null ? "" : "first start: " + first + "\nsecond start: ")
                            + notOpen.getMessage() + "\n" + dump, notOpen);
                }
                first = notOpen.getMessage() + "\n" + dump;
            }
        }
        throw new IllegalStateException("unreachable");
    }

    /** The thread dump of Karaf's JVM (a child of bin/karaf's shell), from the JDK's jcmd, or why there is none. */
    private static String threadDump(Process karaf) {
        try {
            ProcessHandle jvm = karaf.descendants().filter(h -> h.info().command().orElse("").endsWith("java"))
                    .findFirst().orElse(null);
            if (jvm == null) {
                return "(no Java process under bin/karaf)";
            }
            Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
            Process p = new ProcessBuilder(jcmd.toString(), Long.toString(jvm.pid()), "Thread.print")
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor(30, TimeUnit.SECONDS);
            return "thread dump of Karaf's JVM:\n" + out.lines().limit(300).collect(java.util.stream.Collectors.joining("\n"));
        } catch (IOException | InterruptedException e) {
            return "(no thread dump: " + e + ")";
        }
    }

    private static void waitForPort(Path home, int port, Process karaf, int seconds)
            throws InterruptedException, IOException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < end) {
            if (!karaf.isAlive()) {
                throw new AssertionError("Karaf stopped with status " + karaf.exitValue());
            }
            if (!hasSshAddress(home, port)) {
                sshAddress(home, port);
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1000);
                return;
            } catch (IOException notYet) {
                Thread.sleep(500);
            }
        }
        // what Karaf said, so that a start that hangs can be told from a slow one
        throw new AssertionError("Karaf's SSH port " + port + " did not open in " + seconds + " s; console:\n"
                + tail(home.getParent().resolve("karaf-console.txt")) + "\nkaraf.log:\n"
                + tail(home.resolve("data/log/karaf.log")) + "\netc/org.apache.karaf.shell.cfg:\n"
                + tail(home.resolve("etc/org.apache.karaf.shell.cfg")));
    }

    /** The last 40 lines of a file, or what is wrong with it. */
    private static String tail(Path file) {
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException | RuntimeException e) {
            return "(" + file.getFileName() + ": " + e + ")";
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : (Iterable<Path>) all.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(p);
            }
        }
    }
}
