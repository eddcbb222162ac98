package io.plate.api;

/**
 * A user-facing failure: bad parameters, a bad file, an impossible request. Its message is written for
 * the person at the shell and names the parameter, value, file or line at fault. The shell prints the
 * message only, never a stack trace.
 */
public class PlateException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** A failure whose message, shown to the user as it is, says what is wrong and where. */
    public PlateException(String message) {
        super(message);
    }

    /** The same, keeping the exception that caused it. */
    public PlateException(String message, Throwable cause) {
        super(message, cause);
    }
}
