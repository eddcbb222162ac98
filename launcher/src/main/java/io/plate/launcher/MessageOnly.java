package io.plate.launcher;

/**
 * A failure the launcher's own Gogo functions throw for the user (a refused {@code exit}, a name that is no command):
 * Gogo's shell prints a failure's {@code toString()}, here the message alone.
 */
final class MessageOnly extends RuntimeException {
    private static final long serialVersionUID = 1L;

    MessageOnly(String message) {
        super(message);
    }

    @Override
    public String toString() {
        return getMessage();
    }
}
