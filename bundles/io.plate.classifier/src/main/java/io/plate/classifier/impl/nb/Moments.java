package io.plate.classifier.impl.nb;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.data.NumericColumn;
import io.plate.classifier.impl.TrainingRows;
import io.plate.classifier.impl.MissingColumn;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Sufficient statistics of the numeric block: per class and feature the weighted count {@code n}, mean
 * and sum of squared deviations {@code m2}, laid out {@code [f * K + k]}. Missing values (NaN) are not
 * counted. Merged exactly with Chan et al.'s pairwise update, so statistics of parts combine into those
 * of the whole.
 */
final class Moments {
    final List<String> names;
    final int classes;
    final double[] n;
    final double[] mean;
    final double[] m2;

    Moments(List<String> names, int classes, double[] n, double[] mean, double[] m2) {
        this.names = List.copyOf(names);
        this.classes = classes;
        this.n = n;
        this.mean = mean;
        this.m2 = m2;
    }

    /** Two passes per feature (mean, then squared deviations), as numpy computes a variance. */
    static Moments of(TrainingRows t) {
        List<NumericColumn> cols = t.features.numeric();
        int k = t.classCount();
        int f = cols.size();
        double[] n = new double[f * k];
        double[] sum = new double[f * k];
        double[] m2 = new double[f * k];
        List<String> names = new ArrayList<>();
        for (int j = 0; j < f; j++) {
            NumericColumn c = cols.get(j);
            names.add(c.name());
            int base = j * k;
            for (int r = 0; r < t.y.length; r++) {
                double x = c.value(r);
                int y = t.y[r];
                if (y >= 0 && !Double.isNaN(x)) {
                    n[base + y] += t.w[r];
                    sum[base + y] += t.w[r] * x;
                }
            }
            for (int i = 0; i < k; i++) {
                sum[base + i] = n[base + i] > 0 ? sum[base + i] / n[base + i] : 0;
            }
            double largest = 0;
            for (int r = 0; r < t.y.length; r++) {
                double x = c.value(r);
                int y = t.y[r];
                if (y >= 0 && !Double.isNaN(x)) {
                    double d = x - sum[base + y];
                    m2[base + y] += t.w[r] * d * d;
                    largest = Math.max(largest, Math.abs(x));
                }
            }
            for (int i = base; i < base + k; i++) {
                if (!Double.isFinite(sum[i]) || !Double.isFinite(m2[i])) {
                    throw new PlateException("numeric feature '" + c.name() + "': values as large as " + largest
                            + " overflow its mean or variance in double precision (a square above 1.8e308); "
                            + "rescale the column");
                }
            }
        }
        return new Moments(names, k, n, sum, m2);
    }

    int features() {
        return names.size();
    }

    /** Weighted variance (divisor n) of feature {@code f} in class {@code k}. */
    double variance(int f, int k) {
        int i = f * classes + k;
        return n[i] > 0 ? m2[i] / n[i] : 0;
    }

    /** Pooled over classes: {count, mean, m2} of feature {@code f}. */
    double[] pooled(int f) {
        double cn = 0;
        double cm = 0;
        double cs = 0;
        for (int k = 0; k < classes; k++) {
            int i = f * classes + k;
            double nb = n[i];
            if (nb == 0) {
                continue;
            }
            double total = cn + nb;
            double delta = mean[i] - cm;
            cm += delta * nb / total;
            cs += m2[i] + delta * delta * cn * nb / total;
            cn = total;
        }
        return new double[] {cn, cm, cs};
    }

    static Moments merge(Moments a, Moments b) {
        if (!a.names.equals(b.names)) {
            throw new PlateException("cannot merge numeric statistics over different features: " + a.names + " and "
                    + b.names);
        }
        int len = a.n.length;
        double[] n = new double[len];
        double[] mean = new double[len];
        double[] m2 = new double[len];
        for (int i = 0; i < len; i++) {
            double total = a.n[i] + b.n[i];
            if (total == 0) {
                continue;
            }
            double delta = b.mean[i] - a.mean[i];
            n[i] = total;
            mean[i] = a.mean[i] + delta * b.n[i] / total;
            m2[i] = a.m2[i] + b.m2[i] + delta * delta * a.n[i] * b.n[i] / total;
        }
        return new Moments(a.names, a.classes, n, mean, m2);
    }

    /** The numeric columns of {@code data} holding this block's features, matched by name. */
    NumericColumn[] bind(Dataset data) {
        Map<String, NumericColumn> byName = new LinkedHashMap<>();
        for (NumericColumn c : data.numeric()) {
            byName.put(c.name(), c);
        }
        NumericColumn[] out = new NumericColumn[names.size()];
        for (int f = 0; f < out.length; f++) {
            out[f] = byName.get(names.get(f));
            if (out[f] == null) {
                throw MissingColumn.of("", data, "numeric", names.get(f));
            }
        }
        return out;
    }
}
