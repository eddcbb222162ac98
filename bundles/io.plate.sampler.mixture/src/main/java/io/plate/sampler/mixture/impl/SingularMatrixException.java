package io.plate.sampler.mixture.impl;

import io.plate.api.PlateException;

/**
 * A scale matrix that lost positive definiteness in floating point during a run, naming the matrix (and
 * its cluster); {@link MixtureSampler} adds the sampler's name.
 */
final class SingularMatrixException extends PlateException {
    private static final long serialVersionUID = 1L;

    SingularMatrixException(String message) {
        super(message);
    }

    SingularMatrixException(String message, Throwable cause) {
        super(message, cause);
    }
}
