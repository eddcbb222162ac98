package io.plate.api.sample;

/** Draws integer vectors (multinomial counts) bound to a generator. */
public interface IntVectorSampler {
    int dimension();

    void sample(int[] out);

    default int[] sample() {
        int[] out = new int[dimension()];
        sample(out);
        return out;
    }
}
