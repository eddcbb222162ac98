package io.plate.classifier.impl.perceptron;

/**
 * The classic mistake-driven perceptron: visit the rows in order; when sign(wᵀx) differs
 * from y (a score of exactly 0 counts as a mistake), w ← w + η y x. Stops after an epoch without a
 * mistake, or after {@code epochs} epochs. This is scikit-learn's {@code Perceptron} (loss
 * {@code perceptron}, constant learning rate η = {@code eta0}, no penalty) with the intercept as the
 * folded bias. Averaging returns the mean of the weights after every row visited (the averaged
 * perceptron of Freund and Schapire 1999).
 */
final class ClassicRule extends RowByRowRule {
    @Override
    public String name() {
        return "classic";
    }

    @Override
    public double defaultLearningRate() {
        return 1.0;
    }

    @Override
    double step(double score, double y, double learningRate) {
        return y * score <= 0 ? learningRate * y : 0;
    }

    @Override
    boolean stopsWhenUnchanged() {
        return true;
    }
}
