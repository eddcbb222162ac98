package io.plate.classifier.impl.perceptron;

import io.plate.classifier.impl.Blocks;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Stochastic gradient descent on ½ (y_n − tanh(wᵀx_n))²: for each row in turn,
 * w ← w + η (y_n − t_n)(1 − t_n²) x_n. Rows are reshuffled every epoch when {@code shuffle=true}.
 * Averaging returns the mean of the weights after every row visited.
 */
final class TanhStochasticRule implements PerceptronRule {
    @Override
    public String name() {
        return "sgd";
    }

    @Override
    public double defaultLearningRate() {
        return 0.05;
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
            for (int k = 0; k < n; k++) {
                if ((k & 0xFFFF) == 0) {
                    Blocks.checkInterrupted(); // Ctrl-C: between blocks of rows, not at the end of the fit
                }
                int i = order[k];
                int off = i * dim;
                double t = Math.tanh(PerceptronRule.dot(w, x, off, dim));
                double step = eta * (y[i] - t) * (1 - t * t);
                for (int d = 0; d < dim; d++) {
                    w[d] += step * x[off + d];
                }
                if (s.average()) {
                    for (int d = 0; d < dim; d++) {
                        sum[d] += w[d];
                    }
                    visits++;
                }
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
