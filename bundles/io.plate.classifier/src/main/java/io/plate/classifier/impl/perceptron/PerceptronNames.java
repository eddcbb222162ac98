package io.plate.classifier.impl.perceptron;

/** The perceptron's learner name and parameter names. */
public final class PerceptronNames {
    public static final String PERCEPTRON = "perceptron";
    public static final String RULE = "rule";
    public static final String LEARNING_RATE = "learning_rate";
    public static final String EPOCHS = "epochs";
    public static final String SHUFFLE = "shuffle";
    public static final String AVERAGE = "average";
    public static final String STANDARDIZE = "standardize";

    private PerceptronNames() {
    }
}
