package io.plate.shell.impl;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.apache.felix.service.command.Descriptor;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.wiring.FrameworkWiring;

/**
 * {@code refresh} and {@code update} as Gogo's own commands should behave: {@code refresh} with no bundle
 * refreshes every bundle with pending removals (Gogo Command 1.1.2 fails there with a
 * NullPointerException) and waits until the refresh has ended, so that the next command sees it;
 * {@code update} fails as a command, with one line naming the bundle and the cause (Gogo Command prints
 * a stack trace and succeeds). {@link CommandFunctions} registers them in Gogo's {@code felix} scope with a
 * higher ranking, so they take the place of the originals, and only while those are there (Felix Gogo's command
 * bundle): Apache Karaf has its own {@code bundle:refresh} and {@code bundle:update}, and its help, which lists
 * every registered function, listed these.
 */
public final class FrameworkCommands {
    private static final long REFRESH_WAIT_SECONDS = 60;
    /** The functions, as Gogo's command bundle names its own. */
    static final String[] FUNCTIONS = {"refresh", "update"};

    /** A URL's scheme (two letters at least: {@code C:\\x.jar} is a Windows path). */
    private static final Pattern URL_SCHEME = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]+:");

    private final BundleContext context;

    FrameworkCommands(BundleContext context) {
        this.context = context;
    }

    @Descriptor("update a bundle from its location (bundles plate.jar carries are re-read from it)")
    public String update(@Descriptor("bundle to update, by id") long id) {
        return update(id, null);
    }

    @Descriptor("update a bundle from a jar file or URL")
    public String update(@Descriptor("bundle to update, by id") long id,
            @Descriptor("the new bundle jar: a file path or a URL") String jar) {
        Bundle bundle = context.getBundle(id);
        if (bundle == null) {
            throw new CommandException("update: no bundle " + id + " ('lb' lists the bundles and their ids)");
        }
        String from = jar == null ? bundle.getLocation() : jar;
        try {
            if (jar == null) {
                bundle.update();
            } else {
                try (InputStream in = open(jar)) {
                    bundle.update(in);
                }
            }
        } catch (BundleException | IOException | IllegalStateException | SecurityException | IllegalArgumentException e) {
            throw new CommandException("update: cannot update bundle " + id + " (" + bundle.getSymbolicName() + ") from "
                    + from + ": " + e.getMessage(), e);
        }
        return "updated bundle " + id + " (" + bundle.getSymbolicName() + ")";
    }

    /** The jar at {@code jar}: a URL ({@code file:…}, {@code https://…}) or else a file path, as a user types it. */
    private static InputStream open(String jar) throws IOException {
        if (URL_SCHEME.matcher(jar).lookingAt()) {
            return new URL(jar).openStream();
        }
        Path file = UserPaths.of(jar);
        if (!Files.isRegularFile(file)) {
            throw new IOException(Files.isDirectory(file) ? "it is a folder" : "no such file");
        }
        return Files.newInputStream(file);
    }

    @Descriptor("refresh the wiring of the given bundles (with none: of every bundle updated or uninstalled since)")
    public String refresh(@Descriptor("bundles to refresh, by id or name") Bundle... bundles) throws InterruptedException {
        FrameworkWiring wiring = context.getBundle(0).adapt(FrameworkWiring.class);
        CountDownLatch done = new CountDownLatch(1);
        int pending = wiring.getRemovalPendingBundles().size();
        wiring.refreshBundles(bundles.length == 0 ? null : Arrays.asList(bundles), e -> {
            if (e.getType() == FrameworkEvent.PACKAGES_REFRESHED || e.getType() == FrameworkEvent.ERROR) {
                done.countDown();
            }
        });
        boolean ended = done.await(REFRESH_WAIT_SECONDS, TimeUnit.SECONDS);
        String what = bundles.length == 0 ? pending + " bundle(s) with pending removals" : bundles.length + " bundle(s)";
        return ended ? "refreshed " + what : "refresh of " + what + " still running after " + REFRESH_WAIT_SECONDS + " s";
    }
}
