package io.plate.classifier.impl.perceptron;

import io.plate.classifier.impl.Blocks;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * A rule that visits the rows one at a time, in order or reshuffled every epoch, and after each row's
 * score adds a multiple of that row to the weights. Averaging returns the mean of the weights after
 * every row visited.
 */
abstract class RowByRowRule implements PerceptronRule {
    /** The multiple of the row to add to the weights, given its score wᵀx and target y; 0 for none. */
    abstract double step(double score, double y, double learningRate);

    /** Whether training stops after an epoch in which no row changed the weights. */
    abstract boolean stopsWhenUnchanged();

    @Override
    public final double[] train(double[] x, int dim, double[] y, Settings s, UniformRandomProvider rng) {
        int n = y.length;
        double[] w = new double[dim];
        double[] sum = new double[dim];
        long visits = 0;
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        for (int epoch = 0; epoch < s.epochs(); epoch++) {
            if (s.shuffle()) {
                PerceptronRule.shuffle(order, rng);
            }
            int changes = 0;
            for (int k = 0; k < n; k++) {
                if ((k & 0xFFFF) == 0) {
                    Blocks.checkInterrupted(); // Ctrl-C: between blocks of rows, not at the end of the fit
                }
                int i = order[k];
                int off = i * dim;
                double c = step(PerceptronRule.dot(w, x, off, dim), y[i], s.learningRate());
                if (c != 0) {
                    changes++;
                    for (int d = 0; d < dim; d++) {
                        w[d] += c * x[off + d];
                    }
                }
                if (s.average()) {
                    for (int d = 0; d < dim; d++) {
                        sum[d] += w[d];
                    }
                    visits++;
                }
            }
            if (changes == 0 && stopsWhenUnchanged()) {
                break;
            }
        }
        if (s.average() && visits > 0) {
            for (int d = 0; d < dim; d++) {
                sum[d] /= visits;
            }
            return sum;
        }
        return w;
    }
}
