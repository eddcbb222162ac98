package io.plate.classifier.impl.nb;


import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.data.NumericColumn;
import io.plate.api.learn.Explanation;
import java.util.List;
import java.util.Optional;

/**
 * The Gaussian event model, as scikit-learn's GaussianNB: per class and feature a normal density with
 * the maximum-likelihood mean and variance (divisor n), each variance increased by
 * ε = var_smoothing × (the largest variance of any feature over all training rows).
 * A missing value (NaN) adds nothing.
 */
final class GaussianLikelihood implements Likelihood {
    private static final double LOG_2PI = Math.log(2 * Math.PI);

    private final Moments stats;
    private final int k;
    private final double[] mean;
    private final double[] halfInvVar;
    private final double[] logNorm;

    /** @param classes the class names, for messages */
    GaussianLikelihood(Moments stats, double varSmoothing, List<String> classes) {
        if (!(varSmoothing >= 0)) {
            throw new IllegalArgumentException("var_smoothing must be >= 0, got " + varSmoothing);
        }
        this.stats = stats;
        this.k = stats.classes;
        double maxVar = 0;
        for (int f = 0; f < stats.features(); f++) {
            double[] p = stats.pooled(f);
            if (p[0] > 0) {
                maxVar = Math.max(maxVar, p[2] / p[0]);
            }
        }
        double epsilon = varSmoothing * maxVar;
        if (Double.isInfinite(epsilon)) {
            throw new PlateException("parameter 'var_smoothing' = " + varSmoothing + ": times the largest feature "
                    + "variance (" + maxVar + ") it overflows a double, and every variance would be infinite");
        }
        int len = stats.n.length;
        mean = new double[len];
        halfInvVar = new double[len];
        logNorm = new double[len];
        for (int f = 0; f < stats.features(); f++) {
            for (int c = 0; c < k; c++) {
                int i = f * k + c;
                if (!(stats.n[i] > 0)) {
                    throw new PlateException("numeric feature '" + stats.names.get(f) + "' has no value in class '"
                            + classes.get(c) + "' (every row of the class misses it or has weight 0); the "
                            + "Gaussian model cannot estimate it");
                }
                double var = stats.variance(f, c) + epsilon;
                if (!(var > 0)) {
                    throw new PlateException("numeric feature '" + stats.names.get(f) + "' has zero variance in "
                            + "class '" + classes.get(c) + "'; " + (maxVar > 0 ? "use var_smoothing > 0"
                                    : "var_smoothing cannot help, as it is a fraction of the largest variance of a "
                                    + "feature and every numeric feature has variance 0 over the training rows (it "
                                    + "is constant, or its deviations are below about 1e-154, whose squares "
                                    + "underflow a double: rescale it)"));
                }
                mean[i] = stats.mean[i];
                halfInvVar[i] = 0.5 / var;
                logNorm[i] = -0.5 * (LOG_2PI + Math.log(var));
            }
        }
    }

    @Override
    public Optional<List<String>> columns() {
        return Optional.of(stats.names);
    }

    @Override
    public void addTo(Dataset data, double[][] jll) {
        NumericColumn[] cols = stats.bind(data);
        for (int f = 0; f < cols.length; f++) {
            NumericColumn col = cols[f];
            int base = f * k;
            for (int r = 0; r < jll.length; r++) {
                double x = col.value(r);
                if (Double.isNaN(x)) {
                    continue;
                }
                double[] row = jll[r];
                for (int c = 0; c < k; c++) {
                    double d = x - mean[base + c];
                    row[c] += logNorm[base + c] - d * d * halfInvVar[base + c];
                }
            }
        }
    }

    @Override
    public void explain(Dataset data, int row, List<Explanation.Term> out) {
        NumericColumn[] cols = stats.bind(data);
        for (int f = 0; f < cols.length; f++) {
            double x = cols[f].value(row);
            if (Double.isNaN(x)) {
                continue;
            }
            double[] t = new double[k];
            for (int c = 0; c < k; c++) {
                int i = f * k + c;
                double d = x - mean[i];
                t[c] = logNorm[i] - d * d * halfInvVar[i];
            }
            out.add(new Explanation.Term(stats.names.get(f), Double.toString(x), t));
        }
    }
}
