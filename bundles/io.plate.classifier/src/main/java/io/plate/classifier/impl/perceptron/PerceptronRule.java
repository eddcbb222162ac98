package io.plate.classifier.impl.perceptron;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * One way of training the weights of a binary linear unit on targets y ∈ {−1, +1} (bias folded in as
 * the last input, which is always 1). Implementations keep no state between calls.
 */
interface PerceptronRule {
    /** The rule's name as the {@code rule} parameter spells it. */
    String name();

    /** Learning rate used when the user gives none. */
    double defaultLearningRate();

    /**
     * Trains from zero weights.
     *
     * @param x       row-major inputs, {@code dim} values per row (bias input last)
     * @param y       +1 / −1 per row
     * @param rng     the generator for shuffling (used only when {@code s.shuffle})
     * @return the weights ({@code dim} values; the averaged weights when {@code s.average})
     */
    double[] train(double[] x, int dim, double[] y, Settings s, UniformRandomProvider rng);

    /** Learning rate, number of epochs, shuffling and averaging. */
    record Settings(double learningRate, int epochs, boolean shuffle, boolean average) {
    }

    /** Fisher–Yates shuffle of {@code order} in place. */
    static void shuffle(int[] order, UniformRandomProvider rng) {
        for (int i = order.length - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
    }

    static double dot(double[] w, double[] x, int off, int dim) {
        double s = 0;
        for (int d = 0; d < dim; d++) {
            s += w[d] * x[off + d];
        }
        return s;
    }
}
