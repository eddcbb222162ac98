package io.plate.api.learn;

import io.plate.api.PlateException;

/** A model file is unreadable: unknown format or version, wrong dimensions, negative counts, non-finite numbers. */
public class ModelFormatException extends PlateException {
    private static final long serialVersionUID = 1L;

    /** A failure whose message names the file and what is wrong in it. */
    public ModelFormatException(String message) {
        super(message);
    }

    /** The same, keeping the exception that caused it. */
    public ModelFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
