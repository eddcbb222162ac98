package io.plate.api.learn;

/**
 * Classification and regression figures over a set of predictions. Log-loss clips the probability of
 * the true class to [ε, 1 − ε] with ε the machine epsilon of double, as scikit-learn's {@code log_loss}.
 * Macro-F1 averages the per-class F1 over the classes that occur as truth or prediction (scikit-learn's
 * {@code f1_score(average="macro")} with its default labels). Used by the evaluator and by the shell's
 * report of predictions against a dataset's labels or target.
 */
public final class Metrics {
    /** The machine epsilon of double, 2^-52 (numpy's {@code finfo(float64).eps}): log-loss's clipping bound. */
    public static final double EPS = Math.ulp(1.0);

    private Metrics() {
    }

    /** -log of the true class's probability, clipped. */
    public static double logLoss(double probability) {
        double p = Math.min(Math.max(probability, EPS), 1 - EPS);
        return -Math.log(p);
    }

    /** Share of positions where {@code truth} and {@code predicted} hold equal labels (NaN when empty). */
    public static double accuracy(java.util.List<?> truth, java.util.List<?> predicted) {
        if (truth.size() != predicted.size()) {
            throw new IllegalArgumentException(truth.size() + " true labels, " + predicted.size() + " predicted");
        }
        long right = 0;
        for (int i = 0; i < truth.size(); i++) {
            if (java.util.Objects.equals(truth.get(i), predicted.get(i))) {
                right++;
            }
        }
        return truth.isEmpty() ? Double.NaN : (double) right / truth.size();
    }

    /** Share of the confusion matrix's diagonal (rows = true class); NaN when empty. */
    public static double accuracy(long[][] confusion) {
        long right = 0;
        long all = 0;
        for (int i = 0; i < confusion.length; i++) {
            for (int j = 0; j < confusion.length; j++) {
                all += confusion[i][j];
                if (i == j) {
                    right += confusion[i][j];
                }
            }
        }
        return all == 0 ? Double.NaN : (double) right / all;
    }

    /** Macro-averaged F1 of a confusion matrix (rows true, columns predicted); NaN when no class occurs. */
    public static double macroF1(long[][] confusion) {
        int k = confusion.length;
        double sum = 0;
        int used = 0;
        for (int c = 0; c < k; c++) {
            long tp = confusion[c][c];
            long fn = 0;
            long fp = 0;
            for (int j = 0; j < k; j++) {
                if (j != c) {
                    fn += confusion[c][j];
                    fp += confusion[j][c];
                }
            }
            if (tp + fn + fp == 0) {
                continue;
            }
            sum += 2.0 * tp / (2.0 * tp + fp + fn);
            used++;
        }
        return used == 0 ? Double.NaN : sum / used;
    }

    /** Root mean squared error of {@code predicted} against {@code truth}, arrays of the same length. */
    public static double rmse(double[] truth, double[] predicted) {
        double s = 0;
        for (int i = 0; i < truth.length; i++) {
            double d = truth[i] - predicted[i];
            s += d * d;
        }
        return Math.sqrt(s / truth.length);
    }

    /** Mean absolute error. */
    public static double mae(double[] truth, double[] predicted) {
        double s = 0;
        for (int i = 0; i < truth.length; i++) {
            s += Math.abs(truth[i] - predicted[i]);
        }
        return s / truth.length;
    }

    /**
     * Coefficient of determination. A constant truth gives 1 when every prediction is exact and 0
     * otherwise, as scikit-learn's {@code r2_score} (its default {@code force_finite=True}), not NaN.
     */
    public static double r2(double[] truth, double[] predicted) {
        double mean = 0;
        for (double t : truth) {
            mean += t;
        }
        mean /= truth.length;
        double ssRes = 0;
        double ssTot = 0;
        for (int i = 0; i < truth.length; i++) {
            ssRes += (truth[i] - predicted[i]) * (truth[i] - predicted[i]);
            ssTot += (truth[i] - mean) * (truth[i] - mean);
        }
        return ssTot == 0 ? (ssRes == 0 ? 1 : 0) : 1 - ssRes / ssTot;
    }
}
