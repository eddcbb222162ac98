package io.plate.launcher;

import java.io.PrintStream;
import java.lang.reflect.Method;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;

/**
 * Lines that arrive while the user may be typing (what the {@code --deploy} folder's watcher reports): above
 * the interactive shell's prompt while its JLine line reader waits for a line (JLine redraws the prompt and
 * what was typed), else on standard error. Printed straight to the terminal, such a line ran into the
 * half-typed command and left the prompt undrawn.
 */
final class ConsoleNotices {
    /** ANSI: erase from the cursor to the end of the line. */
    static final String ERASE_LINE_END = "\033[K";
    /** The interactive shell's JLine {@code LineReader}, or null: none, or not made yet. */
    private static volatile Supplier<Object> reader;

    private ConsoleNotices() {
    }

    /** The interactive shell's line reader, asked for at each line (Gogo's shell makes it once its loop runs). */
    static void attach(Supplier<Object> lineReader) {
        reader = lineReader;
    }

    static void detach() {
        reader = null;
        wrapping = null;
    }

    /**
     * Registers the service through which the shell bundle prints what it says outside a command (a deployed defaults
     * file read again, the workspace cleared by a refresh): a {@code Consumer} of the notice fitted to a width
     * ({@code IntFunction<String>}, 0: whole lines), marked with the property {@value #SERVICE}; java.util.function
     * is the one type both sides see. Printed on standard error by the bundle, the notice ran into the prompt, cut
     * mid-word by the terminal.
     */
    static ServiceRegistration<?> register(BundleContext context, PrintStream err) {
        wrapping = context;
        Consumer<IntFunction<String>> notices = text -> print(err, text);
        Dictionary<String, Object> p = new Hashtable<>();
        p.put(SERVICE, Boolean.TRUE);
        return context.registerService(Consumer.class.getName(), notices, p);
    }

    /** The service property that marks the notices service (the shell bundle's ConsoleNotice looks for it). */
    static final String SERVICE = "plate.console.notices";

    /** {@code line} above the prompt while the reader reads a line, else on {@code err}; broken between words to fit. */
    static void print(PrintStream err, String line) {
        print(err, columns -> wrap(line, columns));
    }

    /** The framework whose io.plate.api bundle breaks the launcher's own notices between words (null: none yet). */
    private static volatile BundleContext wrapping;

    /**
     * {@code line} broken between words to fit {@code columns} (0: whole) by the one word wrapper, the api bundle's
     * {@code TextTable.wrap}, which the launcher's class path does not hold; whole when that bundle is not there.
     */
    static String wrap(String line, int columns) {
        BundleContext context = wrapping;
        if (columns <= 0 || context == null) {
            return line;
        }
        try {
            for (org.osgi.framework.Bundle b : context.getBundles()) {
                if (API_BUNDLE.equals(b.getSymbolicName()) && b.getState() != org.osgi.framework.Bundle.UNINSTALLED) {
                    return (String) b.loadClass("io.plate.api.text.TextTable").getMethod("wrap", String.class, int.class)
                            .invoke(null, line, columns);
                }
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            // a bundle being updated, a framework stopping: the line whole
        }
        return line;
    }

    /** The bundle that holds the word wrapper. */
    static final String API_BUNDLE = "io.plate.api";

    /**
     * {@code text} fitted to the terminal's width ({@code text.apply(columns)}, 0: whole lines) above the prompt while
     * the reader reads a line, else on {@code err}, fitted when standard error is the reader's terminal.
     */
    static void print(PrintStream err, IntFunction<String> text) {
        Supplier<Object> r = reader;
        Object lineReader = null;
        if (r != null) {
            try {
                lineReader = r.get();
                if (lineReader != null && (Boolean) method(lineReader, "isReading").invoke(lineReader)) {
                    method(lineReader, "printAbove", String.class).invoke(lineReader, text.apply(width(lineReader)));
                    return;
                }
            } catch (ReflectiveOperationException | RuntimeException e) {
                // a reader that cannot print the line: standard error still can
            }
        }
        boolean terminal = Tty.isTerminal(Tty.ERR);
        String line = text.apply(terminal && lineReader != null ? width(lineReader) : 0);
        err.println(r != null ? onTerminal(line, terminal) : line);
    }

    /** The width of the reader's terminal, or 0 when it does not say. */
    private static int width(Object lineReader) {
        try {
            Object terminal = method(lineReader, "getTerminal").invoke(lineReader);
            Object w = terminal.getClass().getClassLoader().loadClass("org.jline.terminal.Terminal")
                    .getMethod("getWidth").invoke(terminal);
            return w instanceof Integer width && width > 0 ? width : 0;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return 0; // whole lines
        }
    }

    /**
     * {@code line} as printed while a command runs in the interactive shell: on a terminal, what is left of the line
     * it is printed over is erased after it. A command's progress line waits with the cursor at its start (the shell's
     * ProgressPrinter), so a shorter notice left the progress line's tail standing after it ("not a jar (zip) files,
     * ETA 109 s, log joint …"); the next progress line is drawn below the notice.
     */
    static String onTerminal(String line, boolean terminal) {
        return terminal ? line + ERASE_LINE_END : line;
    }

    /** A public method of JLine's LineReader interface (the reader's class is JLine's internal one). */
    private static Method method(Object lineReader, String name, Class<?>... types) throws ReflectiveOperationException {
        return lineReader.getClass().getClassLoader().loadClass("org.jline.reader.LineReader").getMethod(name, types);
    }
}
