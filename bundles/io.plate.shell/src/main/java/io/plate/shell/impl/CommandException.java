package io.plate.shell.impl;

/**
 * A command that failed because of what the user gave it (a wrong option, a missing dataset, a bad
 * value): the message says what is wrong, and there is no bug to trace. The simple class name is what
 * Apache Karaf's console looks for ({@code ShellUtil.logException} compares it with
 * {@code "CommandException"}): it prints the message and logs such a failure at debug level, where any
 * other exception is logged as an ERROR with its stack trace in {@code karaf.log}.
 */
public final class CommandException extends CommandError {
    private static final long serialVersionUID = 1L;

    public CommandException(String message) {
        super(message);
    }

    public CommandException(String message, Throwable cause) {
        super(message, cause);
    }
}
