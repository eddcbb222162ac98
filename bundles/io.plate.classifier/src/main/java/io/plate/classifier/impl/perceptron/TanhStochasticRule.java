package io.plate.classifier.impl.perceptron;

/**
 * Stochastic gradient descent on ½ (y_n − tanh(wᵀx_n))²: for each row in turn,
 * w ← w + η (y_n − t_n)(1 − t_n²) x_n. Rows are reshuffled every epoch when {@code shuffle=true}.
 * Averaging returns the mean of the weights after every row visited.
 */
final class TanhStochasticRule extends RowByRowRule {
    @Override
    public String name() {
        return "sgd";
    }

    @Override
    public double defaultLearningRate() {
        return 0.05;
    }

    @Override
    double step(double score, double y, double learningRate) {
        double t = Math.tanh(score);
        return learningRate * (y - t) * (1 - t * t);
    }

    @Override
    boolean stopsWhenUnchanged() {
        return false;
    }
}
