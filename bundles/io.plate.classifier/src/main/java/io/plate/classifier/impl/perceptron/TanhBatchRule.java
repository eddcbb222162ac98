package io.plate.classifier.impl.perceptron;

import io.plate.classifier.impl.Blocks;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Batch gradient descent on E(w) = ½ Σ_n (y_n − tanh(wᵀx_n))²: each epoch takes one step
 * w ← w + η (1/N) Σ_n (y_n − t_n)(1 − t_n²) x_n with t_n = tanh(wᵀx_n). The gradient is averaged over
 * the rows (the seed sums it) so that one learning rate suits any number of rows. Averaging returns
 * the mean of the iterates after each epoch. Rows are not visited one by one, so shuffling changes nothing.
 */
final class TanhBatchRule implements PerceptronRule {
    @Override
    public String name() {
        return "tanh";
    }

    @Override
    public double defaultLearningRate() {
        return 0.5;
    }

    @Override
    public double[] train(double[] x, int dim, double[] y, Settings s, UniformRandomProvider rng) {
        int n = y.length;
        double[] w = new double[dim];
        double[] grad = new double[dim];
        double[] sum = new double[dim];
        double step = s.learningRate() / n;
        for (int epoch = 0; epoch < s.epochs(); epoch++) {
            java.util.Arrays.fill(grad, 0);
            for (int i = 0; i < n; i++) {
                if ((i & 0xFFFF) == 0) {
                    Blocks.checkInterrupted(); // Ctrl-C: between blocks of rows, not at the end of the fit
                }
                int off = i * dim;
                double t = Math.tanh(PerceptronRule.dot(w, x, off, dim));
                double g = (y[i] - t) * (1 - t * t);
                for (int d = 0; d < dim; d++) {
                    grad[d] += g * x[off + d];
                }
            }
            for (int d = 0; d < dim; d++) {
                w[d] += step * grad[d];
                sum[d] += w[d];
            }
        }
        if (s.average() && s.epochs() > 0) {
            for (int d = 0; d < dim; d++) {
                sum[d] /= s.epochs();
            }
            return sum;
        }
        return w;
    }
}
