package io.plate.shell.impl;

import io.plate.api.HeapCheck;
import io.plate.api.PlateException;
import io.plate.api.text.TextTable;

/**
 * A failed {@code plate:*} command as the user sees it. Gogo's interactive shell prints a failure with
 * {@code toString()}, which for other exceptions starts with the Java class name; this one prints its
 * message only, as {@code -c} mode does. A failure the user's input caused is the subclass
 * {@link CommandException}; this class itself is left for the unexpected ones (a bug), which a host's log
 * should keep with their stack trace.
 */
public class CommandError extends PlateException {
    private static final long serialVersionUID = 1L;

    public CommandError(String message) {
        super(message);
    }

    public CommandError(String message, Throwable cause) {
        super(message, cause);
    }

    /** The failure {@code e} of a command, with the message a user should see. */
    static CommandError of(Throwable e) {
        if (e instanceof CommandError) {
            return (CommandError) e;
        }
        Throwable t = e;
        while ((t instanceof java.lang.reflect.InvocationTargetException || t.getMessage() == null)
                && t.getCause() != null) {
            t = t.getCause();
        }
        String m = t.getMessage();
        boolean userError = t instanceof PlateException || t instanceof IllegalArgumentException;
        String text = m == null || m.isBlank() ? t.getClass().getSimpleName()
                : userError ? m : t.getClass().getSimpleName() + ": " + m;
        return userError ? new CommandException(text, e) : new CommandError(text, e);
    }

    /**
     * The failure {@code e} of {@code command} called with {@code args}, as {@link #of(Throwable)} says it, but
     * an {@link OutOfMemoryError} anywhere in it (one that no check foresaw) is said for people: the command and
     * its words (the dataset or file), the heap it had, and what to do, instead of {@code OutOfMemoryError: Java
     * heap space}. The commands keep what they make only once it is whole, so nothing half-made is kept.
     */
    static CommandError of(Throwable e, String command, java.util.List<Object> args) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof OutOfMemoryError) {
                StringBuilder words = new StringBuilder(command);
                for (Object a : args) {
                    String w = String.valueOf(a);
                    words.append(' ').append(w.length() > 60 ? w.substring(0, 57) + "..." : w);
                }
                long max = Runtime.getRuntime().maxMemory();
                return new CommandException(words + " ran out of memory: the Java heap (at most " + HeapCheck.bytes(max)
                        + ") could not hold what it needed, and nothing half-made was kept; " + HeapCheck.largerHeap(max)
                        + ", or give it less to hold (a smaller dataset, fewer features, classes or clusters)", t);
            }
        }
        return of(e);
    }

    /**
     * This failure with its message broken between words to fit a terminal {@code columns} wide (0: as it
     * is): Gogo prints it whole, and the terminal would break a usage line in the middle of an option.
     */
    CommandError fitted(int columns) {
        String m = getMessage();
        String w = TextTable.wrap(m, columns);
        if (w.equals(m)) {
            return this;
        }
        CommandError e = this instanceof CommandException ? new CommandException(w, getCause())
                : new CommandError(w, getCause());
        e.setStackTrace(getStackTrace());
        return e;
    }

    @Override
    public String toString() {
        return getMessage();
    }
}
