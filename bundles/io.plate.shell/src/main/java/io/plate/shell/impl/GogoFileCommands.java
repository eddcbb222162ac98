package io.plate.shell.impl;

import io.plate.api.io.ReadFailures;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Function;
import org.apache.felix.service.command.Process;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.util.tracker.ServiceTracker;

/**
 * Gogo's file commands ({@code cat}, {@code grep}, {@code head}, {@code tail}, {@code wc}, {@code sort}, {@code cd},
 * {@code ls} of its JLine bundle's Posix) and those that need a terminal ({@code less}, {@code nano}, {@code watch},
 * {@code ttop}, {@code tmux}: under {@code -c} a NullPointerException) as commands that fail: Posix catches every exception, prints {@code cat:
 * java.io.FileNotFoundException: /x (No such file or directory)} and returns, so a script went on and {@code -c}
 * exited 0. While that Posix is there, a function of each name takes its place (scope {@code gogo}, a higher
 * ranking), calls Posix's own {@code run(session, process, argv)} and fails with one line, {@code cat: /x: file not
 * found} ({@link ReadFailures}). Posix's other commands (echo, pwd, date …) are left as they are. Felix Gogo's {@code ls},
 * which said {@code IOException: File does not exist}, names the path in the same way.
 */
final class GogoFileCommands {
    /** The Posix commands that read files or folders named by the user, or need a terminal. */
    static final Set<String> FUNCTIONS = Set.of("cat", "grep", "sort", "head", "tail", "wc", "cd", "ls", "less", "nano",
            "watch", "ttop", "tmux");
    private static final String POSIX = "(&(" + CommandProcessor.COMMAND_SCOPE + "=gogo)(" + CommandProcessor.COMMAND_FUNCTION
            + "=cat)(!(" + CommandFunctions.CHECKED + "=*)))";

    private static final String FELIX_LS = "(&(" + CommandProcessor.COMMAND_SCOPE + "=felix)(" + CommandProcessor.COMMAND_FUNCTION
            + "=ls)(!(" + CommandFunctions.CHECKED + "=*)))";
    private static final String NO_FILE = "File does not exist";

    private final List<ServiceTracker<Object, List<ServiceRegistration<?>>>> trackers = new ArrayList<>();

    GogoFileCommands(BundleContext context) throws InvalidSyntaxException {
        trackers.add(replacing(context, POSIX, (ref, posix) -> {
            Method run = runMethod(posix.getClass());
            Map<String, Function> out = new LinkedHashMap<>();
            for (String fn : CommandFunctions.strings(ref.getProperty(CommandProcessor.COMMAND_FUNCTION))) {
                if (run != null && FUNCTIONS.contains(fn)) { // another Posix than the one this was written for: left as is
                    out.put(fn, (session, args) -> call(fn, posix, run, session, args));
                }
            }
            return out;
        }));
        // Felix Gogo's ls said "IOException: File does not exist" without the path, and took one word only
        trackers.add(replacing(context, FELIX_LS, (ref, files) -> Map.of("ls", (session, args) -> ls(files, session, args))));
    }

    /**
     * Felix Gogo's {@code ls} of each word given (a word with * or ?, which the shell expands to a list of files, too),
     * or of the current folder; a path that is not there fails with its name.
     */
    static Object ls(Object files, CommandSession session, List<Object> args) throws Exception {
        List<String> words = List.of(words(null, args));
        if (words.isEmpty()) {
            return files.getClass().getMethod("ls", CommandSession.class).invoke(files, session);
        }
        Method one = files.getClass().getMethod("ls", CommandSession.class, String.class);
        List<Object> found = new ArrayList<>();
        for (String w : words) {
            try {
                found.addAll(List.of((Object[]) one.invoke(files, session, w)));
            } catch (InvocationTargetException e) {
                if (e.getCause() instanceof java.io.IOException io && NO_FILE.equals(io.getMessage())) {
                    throw new CommandException("ls: " + w + ": no such file or folder", io);
                }
                throw e.getCause() instanceof Exception x ? x : e;
            }
        }
        return found.toArray(new java.io.File[0]);
    }

    /** What replaces the functions of a service the filter finds: its functions by name, for its scope. */
    private interface Replacement {
        Map<String, Function> functions(ServiceReference<Object> ref, Object service);
    }

    /** A tracker that registers the {@code replacement}'s functions in the place of a found service's, while it is there. */
    private static ServiceTracker<Object, List<ServiceRegistration<?>>> replacing(BundleContext context, String filter,
            Replacement replacement) throws InvalidSyntaxException {
        return new ServiceTracker<>(context, context.createFilter(filter), null) {
            @Override
            public List<ServiceRegistration<?>> addingService(ServiceReference<Object> ref) {
                Object service = context.getService(ref);
                if (service == null) {
                    return null;
                }
                String scope = String.valueOf(ref.getProperty(CommandProcessor.COMMAND_SCOPE));
                List<ServiceRegistration<?>> regs = new ArrayList<>();
                replacement.functions(ref, service).forEach((fn, f) -> regs.add(context.registerService(Function.class, f,
                        CommandFunctions.properties(scope, fn, null))));
                return regs;
            }

            @Override
            public void removedService(ServiceReference<Object> ref, List<ServiceRegistration<?>> regs) {
                regs.forEach(CommandFunctions::unregister);
                context.ungetService(ref);
            }
        };
    }

    void open() {
        trackers.forEach(ServiceTracker::open);
    }

    void close() {
        trackers.forEach(ServiceTracker::close);
    }

    /** Posix's {@code run(CommandSession, Process, String[])}, which throws what its {@code _main} prints; or null. */
    static Method runMethod(Class<?> type) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            for (Method m : c.getDeclaredMethods()) {
                Class<?>[] p = m.getParameterTypes();
                if (m.getName().equals("run") && p.length == 3 && p[1] == Process.class && p[2] == String[].class) {
                    try {
                        m.setAccessible(true);
                        return m;
                    } catch (RuntimeException e) { // inaccessible: leave the commands to Posix
                        return null;
                    }
                }
            }
        }
        return null;
    }

    /**
     * {@code fn} (when not null) and the words of {@code args}, a list (what the shell makes of a word with * or ?) as
     * its files one by one, as a POSIX shell passes them: Gogo gave {@code [a.csv, b.csv]} as one word.
     */
    static String[] words(String fn, List<Object> args) {
        List<String> out = new ArrayList<>();
        if (fn != null) {
            out.add(fn);
        }
        for (Object a : args) {
            if (a instanceof java.util.Collection<?> c) {
                c.forEach(x -> out.add(String.valueOf(x)));
            } else {
                out.add(String.valueOf(a));
            }
        }
        return out.toArray(new String[0]);
    }

    /** Runs {@code fn} as Posix's {@code _main} would, but a failure fails the command, in one line. */
    static Object call(String fn, Object posix, Method run, CommandSession session, List<Object> args) throws Exception {
        String[] argv = words(fn, args);
        if (fn.equals("ls")) { // Posix's ls passes over a path that is not there without a word
            for (int i = 1; i < argv.length; i++) {
                if (!argv[i].startsWith("-") && !Files.exists(session.currentDir().resolve(argv[i]))) {
                    throw new CommandException("ls: " + argv[i] + ": no such file or folder");
                }
            }
        }
        Process process = Process.Utils.current();
        try {
            run.invoke(posix, session, process, argv);
            return null;
        } catch (InvocationTargetException e) {
            Throwable t = e.getCause();
            if (t.getClass().getSimpleName().equals("HelpException")) { // --help: Posix prints the usage and succeeds
                process.err().println(t.getMessage());
                return null;
            }
            String m = message(t, session, argv);
            throw new CommandException(m.startsWith(fn + ":") ? m : fn + ": " + m, t); // its usage errors name it already
        }
    }

    /**
     * A failure of a Posix command in a user's words: the file at fault, or the message; for a failure without one
     * (tail's NullPointerException on a missing file), the last argument that names no file, if any.
     */
    static String message(Throwable t, CommandSession session, String[] argv) {
        String read = ReadFailures.message(t);
        if (read != null) {
            return read;
        }
        if (t instanceof NullPointerException && String.valueOf(t.getMessage()).toLowerCase(java.util.Locale.ROOT)
                .contains("terminal")) { // less, nano, watch … under -c or in a script, which have no terminal
            return "needs a terminal: run it in the interactive shell (java -jar plate.jar with no -c or script)"
                    + (argv[0].equals("less") ? "; cat prints a file here" : "");
        }
        if (t.getMessage() != null && !(t instanceof NullPointerException)) {
            return t.getMessage().replace('\n', ' ');
        }
        for (int i = argv.length - 1; i > 0; i--) {
            if (!argv[i].startsWith("-") && !Files.exists(session.currentDir().resolve(argv[i]))) {
                return argv[i] + ": file not found";
            }
        }
        return "failed (" + t.getClass().getSimpleName() + ")";
    }
}
