package io.plate.classifier.impl.perceptron;

import io.plate.classifier.impl.Blocks;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The classic mistake-driven perceptron: visit the rows in order; when sign(wᵀx) differs
 * from y (a score of exactly 0 counts as a mistake), w ← w + η y x. Stops after an epoch without a
 * mistake, or after {@code epochs} epochs. This is scikit-learn's {@code Perceptron} (loss
 * {@code perceptron}, constant learning rate η = {@code eta0}, no penalty) with the intercept as the
 * folded bias. Averaging returns the mean of the weights after every row visited (the averaged
 * perceptron of Freund and Schapire 1999).
 */
final class ClassicRule implements PerceptronRule {
    @Override
    public String name() {
        return "classic";
    }

    @Override
    public double defaultLearningRate() {
        return 1.0;
    }

    @Override
    public double[] train(double[] x, int dim, double[] y, Settings s, UniformRandomProvider rng) {
        int n = y.length;
        double[] w = new double[dim];
        double[] sum = new double[dim];
        long visits = 0;
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        double eta = s.learningRate();
        for (int epoch = 0; epoch < s.epochs(); epoch++) {
            if (s.shuffle()) {
                PerceptronRule.shuffle(order, rng);
            }
            int mistakes = 0;
            for (int k = 0; k < n; k++) {
                if ((k & 0xFFFF) == 0) {
                    Blocks.checkInterrupted(); // Ctrl-C: between blocks of rows, not at the end of the fit
                }
                int i = order[k];
                int off = i * dim;
                if (y[i] * PerceptronRule.dot(w, x, off, dim) <= 0) {
                    mistakes++;
                    double step = eta * y[i];
                    for (int d = 0; d < dim; d++) {
                        w[d] += step * x[off + d];
                    }
                }
                if (s.average()) {
                    for (int d = 0; d < dim; d++) {
                        sum[d] += w[d];
                    }
                    visits++;
                }
            }
            if (mistakes == 0) {
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
