package io.plate.launcher;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.List;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.SynchronousBundleListener;

/**
 * The interactive shell: Gogo's shell loop ({@code gosh --login --noshutdown}) run by the launcher on its
 * own thread, over a JLine terminal it builds, so that it knows when the loop ends and with which status.
 * {@code exit N} (the profile's {@code exit} calls {@link #exit}) ends the loop before its next prompt with
 * status N; Ctrl-D at the prompt ends it with 0; a framework stopped meanwhile ({@code stop 0}, SIGTERM)
 * ends it too. (Gogo's JLine bundle ran the loop and then printed "gosh: stopping framework" and stopped the
 * framework, so the launcher exited 0 whatever {@code exit} said; its own shell now never takes the console.)
 * The results go to standard output even when it is not a terminal ({@code plate.jar | tee log}): JLine then
 * prompts and edits lines on standard error, and the results are left whole for the file or pipe. Gogo and
 * JLine are driven reflectively, as the launcher does not compile against them.
 */
public final class InteractiveShell implements SynchronousBundleListener {
    /** The session variable holding this object, for the profile's {@code exit}. */
    static final String VARIABLE = ".plate.shell";
    private static final String SHELL = "org.apache.felix.gogo.jline.Shell";
    private static final String THREAD_IO = "org.apache.felix.service.threadio.ThreadIO";
    private static final long WAIT_MILLIS = 10_000;

    private final Object gogoShell;
    private final Object terminal;
    private final Method close;
    private volatile int status;
    private volatile boolean ending;

    /** The line reader Gogo's shell makes and keeps in the session (null until then). */
    private volatile java.util.function.Supplier<Object> reader = () -> null;

    private InteractiveShell(Object gogoShell, Object terminal, Method close) {
        this.gogoShell = gogoShell;
        this.terminal = terminal;
        this.close = close;
    }

    /**
     * Runs the shell on the console until it ends; returns its exit status. {@code stdout}: standard output
     * as it was before the framework started (Gogo replaces {@code System.out}), for the results when it
     * is not a terminal; {@code history}: whether Gogo may keep its history ({@code ~/.gogo.history}).
     */
    static int run(BundleContext context, PrintStream stdout, boolean history) throws Exception {
        Object processor = GogoSession.service(context, GogoSession.PROCESSOR, "the Gogo command processor", WAIT_MILLIS);
        Object threadIO = GogoSession.service(context, THREAD_IO, "Gogo's thread streams", WAIT_MILLIS);
        // Gogo's JLine bundle (its Shell class, which sees JLine and Gogo's API as it is wired)
        ClassLoader gogo = GogoSession.service(context, SHELL, "Gogo's shell", WAIT_MILLIS).getClass().getClassLoader();
        Class<?> terminalType = gogo.loadClass("org.jline.terminal.Terminal");
        Object terminal = terminal(gogo);
        Charset encoding = (Charset) terminalType.getMethod("encoding").invoke(terminal);
        PrintStream onTerminal = new PrintStream((OutputStream) terminalType.getMethod("output").invoke(terminal),
                true, encoding);
        PrintStream results = Tty.isTerminal(Tty.OUT) ? onTerminal : stdout;
        InteractiveShell shell = new InteractiveShell(gogoShell(gogo, context, processor, threadIO, results), terminal,
                terminalType.getMethod("close"));
        context.addBundleListener(shell);
        org.osgi.framework.ServiceRegistration<?> stoppedShell = null;
        org.osgi.framework.ServiceRegistration<?> notices = null;
        org.osgi.framework.ServiceRegistration<?> failures = null;
        try (GogoSession session = GogoSession.open(context,
                (InputStream) terminalType.getMethod("input").invoke(terminal), results, onTerminal, WAIT_MILLIS)) {
            // as Gogo's JLine bundle sets it for its shell; its failures printed as -c prints them
            session.put(".terminal", FailureLines.terminal(terminal, terminalType));
            failures = FailureLines.register(context, gogo);
            session.put(VARIABLE, shell);
            // the reader Gogo's shell makes and keeps in the session
            ConsoleNotices.attach(() -> session.get(".reader"));
            shell.reader = () -> session.get(".reader");
            notices = ConsoleNotices.register(context, System.err); // where the shell bundle printed them
            stoppedShell = ShellStopped.register(context, gogo);
            if (results != onTerminal) {
                session.put(GogoSession.OUTPUT_COLUMNS, 0); // the file or pipe gets whole lines
            }
            List<String> args = new ArrayList<>(List.of("--login", "--noshutdown"));
            if (!history) {
                // without a writable home Gogo's JLine would print a stack trace after every command
                args.add("--nohistory");
            }
            Method gosh = shell.gogoShell.getClass().getMethod("gosh",
                    gogo.loadClass("org.apache.felix.service.command.CommandSession"), String[].class);
            try {
                gosh.invoke(shell.gogoShell, session.gogoSession(), args.toArray(String[]::new));
            } catch (InvocationTargetException e) {
                if (!shell.ending) { // a terminal closed under the loop (the framework stopping) ends it
                    throw e.getCause() instanceof Exception ex ? ex : e;
                }
            }
            return shell.status;
        } finally {
            ConsoleNotices.detach();
            for (org.osgi.framework.ServiceRegistration<?> r : java.util.Arrays.asList(stoppedShell, notices, failures)) {
                try {
                    if (r != null) {
                        r.unregister();
                    }
                } catch (IllegalStateException stopped) {
                    // the framework stopped: its services are gone
                }
            }
            try {
                context.removeBundleListener(shell);
            } catch (IllegalStateException stopped) {
                // the framework stopped: its listeners are gone
            }
            shell.closeTerminal(); // restores the terminal's modes
        }
    }

    /** A system terminal, as Gogo's JLine bundle builds it: JLine's own signal handling, Ctrl-C for the shell. */
    private static Object terminal(ClassLoader gogo) throws ReflectiveOperationException {
        Class<?> builderType = gogo.loadClass("org.jline.terminal.TerminalBuilder");
        Class<?> handler = gogo.loadClass("org.jline.terminal.Terminal$SignalHandler");
        Object builder = builderType.getMethod("builder").invoke(null);
        builderType.getMethod("system", boolean.class).invoke(builder, true);
        builderType.getMethod("nativeSignals", boolean.class).invoke(builder, true);
        builderType.getMethod("signalHandler", handler).invoke(builder, handler.getField("SIG_IGN").get(null));
        ClassLoader previous = Thread.currentThread().getContextClassLoader();
        Thread.currentThread().setContextClassLoader(null); // JLine finds its providers there, else in its bundle
        try {
            return builderType.getMethod("build").invoke(builder);
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
        }
    }

    /**
     * A Gogo shell of its own (the one Gogo's JLine bundle registered shares its stop flag with that bundle's
     * shell), reading the framework's properties. Gogo's shell points its thread's {@code System.out}, where
     * it prints each command's value, at the terminal; the thread streams given here point it at
     * {@code results} instead, which is standard output when that is a file or pipe.
     */
    private static Object gogoShell(ClassLoader gogo, BundleContext context, Object processor, Object threadIO,
            PrintStream results) throws ReflectiveOperationException {
        Class<?> contextType = gogo.loadClass(SHELL + "$Context");
        Object shellContext = Proxy.newProxyInstance(gogo, new Class<?>[] {contextType}, (proxy, m, a) -> switch (m.getName()) {
            case "getProperty" -> context.getProperty((String) a[0]);
            case "exit" -> null; // asked only without --noshutdown
            case "hashCode" -> System.identityHashCode(proxy);
            case "equals" -> proxy == a[0];
            default -> "plate launcher's shell context";
        });
        Class<?> threadIOType = gogo.loadClass(THREAD_IO);
        Method setStreams = threadIOType.getMethod("setStreams", InputStream.class, PrintStream.class, PrintStream.class);
        Object streams = Proxy.newProxyInstance(gogo, new Class<?>[] {threadIOType}, (proxy, m, a) -> switch (m.getName()) {
            case "setStreams" -> setStreams.invoke(threadIO, a[0], results, a[2]);
            case "close" -> threadIOType.getMethod("close").invoke(threadIO);
            case "hashCode" -> System.identityHashCode(proxy);
            case "equals" -> proxy == a[0];
            default -> "plate launcher's thread streams";
        });
        return gogo.loadClass(SHELL).getConstructor(contextType, gogo.loadClass(GogoSession.PROCESSOR), threadIOType,
                String.class).newInstance(shellContext, processor, streams, null);
    }

    /**
     * Puts {@link CompletionEscapes}' parser in front of Gogo's in the shell's line reader, so that Tab on a name with
     * a space no longer ends the shell; the profile calls it, once Gogo's shell has made the reader.
     */
    public void escapeCompletions() throws ReflectiveOperationException {
        Object lineReader = reader.get();
        if (lineReader != null) {
            CompletionEscapes.install(lineReader);
        }
    }

    /** {@code exit [N]} (the profile's): the shell ends after this command, with status N (0 without). */
    public void exit(Object... words) {
        try {
            status = ExitCommand.status(List.of(words));
        } catch (IllegalArgumentException e) {
            throw new MessageOnly(e.getMessage());
        }
        endLoop();
    }

    /** The framework stopping ({@code stop 0}, a signal) ends the loop, which would wait for a line. */
    @Override
    public void bundleChanged(BundleEvent event) {
        if (event.getBundle().getBundleId() == 0 && event.getType() == BundleEvent.STOPPING) {
            endLoop();
            closeTerminal();
        }
    }

    /** Gogo's loop checks its shell's stop flag before each prompt. */
    private void endLoop() {
        ending = true;
        try {
            gogoShell.getClass().getMethod("stop").invoke(gogoShell);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot end Gogo's shell: " + e, e);
        }
    }

    private void closeTerminal() {
        try {
            close.invoke(terminal);
        } catch (ReflectiveOperationException e) {
            // a terminal that fails to close has nothing left to restore
        }
    }
}
