package io.plate.api.sample;

/** Draws integer vectors (multinomial counts) bound to a generator. */
public interface IntVectorSampler {
    /** Length of a drawn vector: the number of categories. */
    int dimension();

    /** One draw into {@code out}, of length {@link #dimension()}; allocates nothing. */
    void sample(int[] out);

    /** One draw, a new array. */
    default int[] sample() {
        int[] out = new int[dimension()];
        sample(out);
        return out;
    }
}
