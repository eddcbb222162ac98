package io.plate.api.sample;

/** Draws real vectors (Dirichlet, multivariate normal) bound to a generator. */
public interface VectorSampler {
    /** Dimension of each draw. */
    int dimension();

    /** Writes one draw into {@code out[0..dimension)}; allocates nothing. */
    void sample(double[] out);

    /** One draw in a new array. */
    default double[] sample() {
        double[] out = new double[dimension()];
        sample(out);
        return out;
    }
}
