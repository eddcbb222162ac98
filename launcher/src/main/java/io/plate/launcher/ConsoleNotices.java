package io.plate.launcher;

import java.io.PrintStream;
import java.lang.reflect.Method;
import java.util.function.Supplier;

/**
 * Lines that arrive while the user may be typing (what the {@code --deploy} folder's watcher reports): above
 * the interactive shell's prompt while its JLine line reader waits for a line (JLine redraws the prompt and
 * what was typed), else on standard error. Printed straight to the terminal, such a line ran into the
 * half-typed command and left the prompt undrawn.
 */
final class ConsoleNotices {
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
    }

    /** {@code line} above the prompt while the reader reads a line, else on {@code err}. */
    static void print(PrintStream err, String line) {
        Supplier<Object> r = reader;
        if (r != null) {
            try {
                Object lineReader = r.get();
                if (lineReader != null && (Boolean) method(lineReader, "isReading").invoke(lineReader)) {
                    method(lineReader, "printAbove", String.class).invoke(lineReader, line);
                    return;
                }
            } catch (ReflectiveOperationException | RuntimeException e) {
                // a reader that cannot print the line: standard error still can
            }
        }
        err.println(line);
    }

    /** A public method of JLine's LineReader interface (the reader's class is JLine's internal one). */
    private static Method method(Object lineReader, String name, Class<?>... types) throws ReflectiveOperationException {
        return lineReader.getClass().getClassLoader().loadClass("org.jline.reader.LineReader").getMethod(name, types);
    }
}
