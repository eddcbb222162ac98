package io.plate.launcher;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * The jars of the {@code --deploy} folder that FileInstall skips without a word: it takes a file as a bundle
 * only when it opens as a jar whose manifest has a {@code Bundle-SymbolicName} (its BundleTransformer), and
 * alone it has no installer for other jars (Karaf adds one that wraps a plain jar). Each is reported once
 * per version of the file (size and time), after it stopped changing for one look, as FileInstall waits.
 */
final class SkippedJars implements Runnable {
    static final long POLL_MILLIS = 500; // felix.fileinstall.poll

    private final Path folder;
    private final BiConsumer<Path, String> report;
    /** Each jar's size and time at the last look, and at its last check. */
    private final Map<Path, String> lastSeen = new HashMap<>();
    private final Map<Path, String> checked = new HashMap<>();

    /** {@code report}: a skipped jar (absolute) and why it is skipped. */
    SkippedJars(Path folder, BiConsumer<Path, String> report) {
        this.folder = folder.toAbsolutePath().normalize();
        this.report = report;
    }

    /** Starts looking on a daemon thread; interrupt it to stop. */
    static Thread start(Path folder, BiConsumer<Path, String> report) {
        Thread t = new Thread(new SkippedJars(folder, report), "plate-deploy-skipped-jars");
        t.setDaemon(true);
        t.start();
        return t;
    }

    @Override
    public void run() {
        try {
            while (!Thread.currentThread().isInterrupted()) {
                look();
                Thread.sleep(POLL_MILLIS);
            }
        } catch (InterruptedException e) {
            // stopped with the framework
        }
    }

    /** One look at the folder: reports the jars that have been the same since the last look and fail {@link #whyNotInstalled}. */
    void look() {
        Map<Path, String> now = new HashMap<>();
        try (DirectoryStream<Path> jars = Files.newDirectoryStream(folder, "*.jar")) {
            for (Path jar : jars) {
                if (Files.isRegularFile(jar) && Files.isReadable(jar)) {
                    now.put(jar, Files.size(jar) + "@" + Files.getLastModifiedTime(jar).toMillis());
                }
            }
        } catch (IOException e) {
            return; // the folder is gone or unreadable for now: FileInstall says nothing either, look again
        }
        now.forEach((jar, version) -> {
            if (version.equals(lastSeen.get(jar)) && !version.equals(checked.get(jar))) {
                checked.put(jar, version);
                String why = whyNotInstalled(jar);
                if (why != null) {
                    report.accept(jar, why);
                }
            }
        });
        checked.keySet().retainAll(now.keySet());
        lastSeen.clear();
        lastSeen.putAll(now);
    }

    /** Why FileInstall will not install {@code jar} (FileInstall 3.7.4's BundleTransformer.canHandle), or null. */
    static String whyNotInstalled(Path jar) {
        Manifest manifest;
        try (JarFile j = new JarFile(jar.toFile())) {
            manifest = j.getManifest();
        } catch (IOException e) {
            return "not a jar (zip) file";
        }
        if (manifest == null || manifest.getMainAttributes().getValue("Bundle-SymbolicName") == null) {
            return "not an OSGi bundle (its manifest has no Bundle-SymbolicName), and FileInstall installs bundles"
                    + " only: make it one (bnd wrap) or put its classes in a bundle";
        }
        return null;
    }
}
