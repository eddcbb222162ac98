package io.plate.api.learn;

/** The type of a learner or sampler parameter, as the shell parses it from {@code key=value}. */
public enum ParamType {
    /** A real number. */
    DOUBLE,
    /** A whole number. */
    INT,
    /** {@code true} or {@code false}. */
    BOOLEAN,
    /** One of a fixed set of words ({@link ParamSpec#choices()}). */
    CHOICE,
    /** Comma-separated real numbers, e.g. {@code 0.3,0.7}. */
    DOUBLE_LIST,
    /** Free text. */
    STRING
}
