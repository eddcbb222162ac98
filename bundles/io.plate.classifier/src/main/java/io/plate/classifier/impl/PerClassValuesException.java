package io.plate.classifier.impl;

import io.plate.api.PlateException;

/**
 * A parameter of one value per class ({@code class_prior}) with as many values as the training rows do
 * not have classes. The evaluator catches it to say that a fold's training part lacks a class, where the
 * advice to give one value per class of those rows cannot be followed.
 */
public final class PerClassValuesException extends PlateException {
    private static final long serialVersionUID = 1L;

    private final String mismatch;

    PerClassValuesException(String mismatch, String advice) {
        super(mismatch + "; " + advice);
        this.mismatch = mismatch;
    }

    /** What does not match, without the advice. */
    public String mismatch() {
        return mismatch;
    }
}
