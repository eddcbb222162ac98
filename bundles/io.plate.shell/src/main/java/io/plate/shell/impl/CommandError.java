package io.plate.shell.impl;

import io.plate.api.PlateException;

/**
 * A failed {@code plate:*} command as the user sees it. Gogo's interactive shell prints a failure with
 * {@code toString()}, which for other exceptions starts with the Java class name; this one prints its
 * message only, as {@code -c} mode does.
 */
public final class CommandError extends PlateException {
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
        return new CommandError(text, e);
    }

    @Override
    public String toString() {
        return getMessage();
    }
}
