package io.plate.api.sample;

/** Draws square matrices (Wishart, inverse-Wishart) bound to a generator. */
public interface MatrixSampler {
    /** Number of rows (and columns) of a drawn matrix. */
    int dimension();

    /** One draw, a new {@code dimension × dimension} array. */
    double[][] sample();
}
