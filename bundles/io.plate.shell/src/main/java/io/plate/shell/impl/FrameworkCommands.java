package io.plate.shell.impl;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.apache.felix.service.command.Descriptor;
import org.apache.felix.service.command.Parameter;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.wiring.FrameworkWiring;

/**
 * {@code refresh}, {@code update}, {@code start}, {@code stop}, {@code install} and {@code uninstall} as Gogo's own
 * commands should behave: {@code refresh}
 * with no bundle refreshes every bundle with pending removals (Gogo Command 1.1.2 fails there with a
 * NullPointerException) and waits until the refresh has ended, so that the next command sees it;
 * {@code update} fails as a command, with one line naming the bundle and the cause (Gogo Command prints
 * a stack trace and succeeds); each answers a missing or unknown bundle with one line, {@code update: no bundle
 * 999 ('lb' lists …)} (Gogo's {@code stop 999} said {@code Cannot coerce stop(Token)}), and {@code install} a jar it
 * cannot install with the jar and the reason (Gogo's printed {@code java.util.zip.ZipException: …}). {@link CommandFunctions}
 * registers them in Gogo's {@code felix} scope with a higher ranking, so they take the place of the originals, and
 * only while those are there (Felix Gogo's command bundle): Apache Karaf has its own {@code bundle:refresh} and
 * {@code bundle:update}, and its help, which lists every registered function, listed these. Gogo's {@code start URL}
 * (install and start) and the {@code -t}/{@code -p} options of its start and stop are not taken over.
 */
public final class FrameworkCommands {
    private static final long REFRESH_WAIT_SECONDS = 60;
    /** The functions, as Gogo's command bundle names its own. */
    static final String[] FUNCTIONS = {"refresh", "update", "start", "stop", "install", "uninstall"};
    /** The functions that need a bundle named. */
    private static final java.util.Set<String> NEED_A_BUNDLE = java.util.Set.of("update", "start", "stop", "install",
            "uninstall");
    private static final String LB = " ('lb' lists the bundles and their ids)";

    /** A URL's scheme (two letters at least: {@code C:\\x.jar} is a Windows path). */
    private static final Pattern URL_SCHEME = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]+:");

    private final BundleContext context;

    FrameworkCommands(BundleContext context) {
        this.context = context;
    }

    /**
     * Fails, in one line, a call of {@code fn} that names no bundle where one is needed: Gogo's checks would
     * answer {@code update} with a line and two usage lines.
     */
    static void checkGiven(String fn, java.util.List<Object> args) {
        if (args.isEmpty() && NEED_A_BUNDLE.contains(fn)) {
            throw new CommandException(fn + ": no bundle given" + LB);
        }
    }

    /** The bundle {@code word} names, by id or symbolic name; a one-line failure of {@code fn} when none is. */
    Bundle bundle(String fn, String word) {
        Bundle b = null;
        if (word.chars().allMatch(Character::isDigit) && !word.isEmpty() && word.length() < 19) {
            b = context.getBundle(Long.parseLong(word));
        } else {
            for (Bundle each : context.getBundles()) { // the first bundle of that name, as Gogo's lookup takes it
                if (word.equals(each.getSymbolicName())) {
                    b = each;
                    break;
                }
            }
        }
        if (b == null) {
            throw new CommandException(fn + ": no bundle " + word + LB);
        }
        return b;
    }

    /** Why {@code e} failed, on one line: the innermost cause's message (Felix wraps it in "Update of … failed."). */
    static String reason(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t && t.getCause().getMessage() != null) {
            t = t.getCause();
        }
        String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        return m.replace('\n', ' ');
    }

    @Descriptor("start bundles")
    public void start(@Descriptor("bundles to start, by id or name") String... bundles) {
        each("start", bundles, Bundle::start);
    }

    @Descriptor("stop bundles")
    public void stop(@Descriptor("bundles to stop, by id or name") String... bundles) {
        each("stop", bundles, Bundle::stop);
    }

    @Descriptor("uninstall bundles")
    public void uninstall(@Descriptor("bundles to uninstall, by id or name") String... bundles) {
        each("uninstall", bundles, Bundle::uninstall);
    }

    /**
     * Installs each jar, a file path or a URL, and starts it with {@code --start}. Gogo's install printed the
     * exception's class ({@code java.io.FileNotFoundException: …}, {@code java.util.zip.ZipException: zip END header
     * not found}).
     */
    @Descriptor("install bundles from jar files or URLs")
    public String install(@Descriptor("start the bundles once installed")
            @Parameter(names = {"-s", "--start"}, presentValue = "true", absentValue = "false") boolean start,
            @Descriptor("the bundle jars: file paths or URLs") String... jars) {
        StringBuilder said = new StringBuilder();
        for (String jar : jars) {
            Bundle b;
            try {
                b = context.installBundle(location(jar));
            } catch (BundleException | IOException | IllegalStateException | SecurityException | IllegalArgumentException e) {
                throw new CommandException("install: cannot install " + jar + ": " + reason(e), e);
            }
            try {
                if (start) {
                    b.start();
                }
            } catch (BundleException | IllegalStateException | SecurityException e) {
                throw new CommandException("install: installed bundle " + b.getBundleId() + " (" + b.getSymbolicName()
                        + ") from " + jar + " but cannot start it: " + reason(e), e);
            }
            said.append(said.length() == 0 ? "" : "\n").append(start ? "installed and started" : "installed")
                    .append(" bundle ").append(b.getBundleId()).append(" (").append(b.getSymbolicName()).append(' ')
                    .append(b.getVersion()).append(')').append(start ? "" : "; 'start " + b.getBundleId() + "' starts it");
        }
        return said.toString();
    }

    /** The location of {@code jar}: a URL as it is, a file path as its {@code file:} URL (the file must exist). */
    private static String location(String jar) throws IOException {
        if (URL_SCHEME.matcher(jar).lookingAt()) {
            return jar;
        }
        Path file = UserPaths.of(jar).toAbsolutePath().normalize();
        if (!Files.isRegularFile(file)) {
            throw new IOException(Files.isDirectory(file) ? "it is a folder" : "no such file");
        }
        return file.toUri().toString();
    }

    /** A bundle operation that may fail as the framework's do. */
    private interface BundleAction {
        void apply(Bundle b) throws BundleException;
    }

    /** {@code action} on each bundle named, in order; the first failure is one line naming the bundle and its cause. */
    private void each(String verb, String[] bundles, BundleAction action) {
        for (String word : bundles) {
            Bundle b = bundle(verb, word);
            try {
                action.apply(b);
            } catch (BundleException | IllegalStateException | SecurityException e) {
                throw new CommandException(verb + ": cannot " + verb + " bundle " + b.getBundleId() + " ("
                        + b.getSymbolicName() + "): " + reason(e), e);
            }
        }
    }

    @Descriptor("update a bundle from its location (bundles plate.jar carries are re-read from it)")
    public String update(@Descriptor("bundle to update, by id or name") String id) {
        return update(id, null);
    }

    @Descriptor("update a bundle from a jar file or URL")
    public String update(@Descriptor("bundle to update, by id or name") String id,
            @Descriptor("the new bundle jar: a file path or a URL") String jar) {
        Bundle bundle = bundle("update", id);
        if (bundle.getBundleId() == 0) { // Felix restarts itself, which ended the shell with status 0 and no word
            throw new CommandException("update: bundle 0 is the framework itself, which cannot be updated under a running"
                    + " shell; to restart Plate, exit and start it again");
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
            throw new CommandException("update: cannot update bundle " + bundle.getBundleId() + " ("
                    + bundle.getSymbolicName() + ") from " + from + ": " + reason(e), e);
        }
        return "updated bundle " + bundle.getBundleId() + " (" + bundle.getSymbolicName() + ")";
    }

    /** The jar at {@code jar}: a URL ({@code file:…}, {@code https://…}) or else a file path, as a user types it. */
    private static InputStream open(String jar) throws IOException {
        return new URL(location(jar)).openStream();
    }

    @Descriptor("refresh the wiring of the given bundles (with none: of every bundle updated or uninstalled since)")
    public String refresh(@Descriptor("bundles to refresh, by id or name") String... bundles) throws InterruptedException {
        List<Bundle> chosen = new ArrayList<>();
        for (String word : bundles) {
            chosen.add(bundle("refresh", word));
        }
        FrameworkWiring wiring = context.getBundle(0).adapt(FrameworkWiring.class);
        CountDownLatch done = new CountDownLatch(1);
        int pending = wiring.getRemovalPendingBundles().size();
        wiring.refreshBundles(chosen.isEmpty() ? null : chosen, e -> {
            if (e.getType() == FrameworkEvent.PACKAGES_REFRESHED || e.getType() == FrameworkEvent.ERROR) {
                done.countDown();
            }
        });
        boolean ended = done.await(REFRESH_WAIT_SECONDS, TimeUnit.SECONDS);
        String what = chosen.isEmpty() ? pending + " bundle(s) with pending removals" : chosen.size() + " bundle(s)";
        return ended ? "refreshed " + what : "refresh of " + what + " still running after " + REFRESH_WAIT_SECONDS + " s";
    }
}
