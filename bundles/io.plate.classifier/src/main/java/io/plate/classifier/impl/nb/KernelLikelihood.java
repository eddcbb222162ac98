package io.plate.classifier.impl.nb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Explanation;
import io.plate.api.learn.ModelFormatException;
import io.plate.classifier.impl.NumericBlock;
import io.plate.classifier.impl.TrainingRows;
import io.plate.classifier.impl.kernel.Bandwidth;
import io.plate.classifier.impl.kernel.KernelMarginal;
import io.plate.classifier.impl.kernel.KernelNames;
import io.plate.modelfile.Fields;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The numeric block of {@code nb.kernel}: one {@link KernelMarginal} per feature and class, a
 * {@link Likelihood} of the naive Bayes engine that adds log f̂_kf(x_f) for each non-missing value.
 *
 * <p>Bandwidth: the rule ({@link Bandwidth}) on the class's values of the feature, but never below a
 * floor of δ/6, where δ is the feature's precision as Weka's NaiveBayes measures it: the mean gap
 * between adjacent distinct values of the feature over all labelled training rows (so three kernel
 * standard deviations fit in half a step of a discrete-valued feature; a rule would otherwise give
 * h = 0 for a class whose values are all equal). A feature with a single distinct value has
 * δ = 0.01·max(1, |value|) (Weka's default precision). A fixed bandwidth is used as given, without floor.
 * A class with no non-missing value of a feature uses the estimate over all classes for it.
 *
 * <p>Scope ({@code bandwidth_scope}): {@code class} (the default, as Weka) applies the rule to each class's
 * values; {@code feature} applies it once to the feature's values over all labelled rows and gives every
 * class that bandwidth. Per-class bandwidths put a spurious factor h_j'/h_j into the likelihood ratio at
 * a value many rows share (the zeros of a zero-inflated feature), which adds up over many such features;
 * one bandwidth per feature cancels it (see docs/kernel-methods.md, spambase).
 * Missing values are skipped in training and prediction.
 */
public final class KernelLikelihood implements Likelihood {
    private final List<String> names;
    private final KernelMarginal[][] marginals; // [f][k]

    private KernelLikelihood(List<String> names, KernelMarginal[][] marginals) {
        this.names = names;
        this.marginals = marginals;
    }

    static KernelLikelihood fit(TrainingRows t, Bandwidth bw, double cutoff, boolean perClass, int grid) {
        Dataset data = t.features;
        List<String> names = NumericBlock.names(data);
        int p = names.size();
        int n = data.rows();
        int k = t.classCount();
        KernelMarginal[][] m = new KernelMarginal[p][k];
        double[][] buf = new double[k][n];
        int[] fill = new int[k];
        double[] all = new double[n];
        for (int f = 0; f < p; f++) {
            java.util.Arrays.fill(fill, 0);
            int na = 0;
            io.plate.api.data.NumericColumn col = data.numeric().get(f);
            for (int r = 0; r < n; r++) {
                double v = col.value(r);
                int cls = t.y[r];
                if (cls >= 0 && v == v) {
                    buf[cls][fill[cls]++] = v;
                    all[na++] = v;
                }
            }
            if (na == 0) {
                throw new io.plate.api.PlateException(KernelNames.NB_KERNEL + ": numeric column '" + names.get(f)
                        + "' has no value in any labelled row of dataset '" + data.name() + "'");
            }
            double[][] pooled = Bandwidth.distinct(all, na);
            double floor = precision(pooled[0]) / 6;
            KernelMarginal pooledMarginal = marginal(pooled, bw, floor, cutoff, grid);
            for (int cls = 0; cls < k; cls++) {
                if (fill[cls] == 0) {
                    m[f][cls] = pooledMarginal;
                } else if (perClass) {
                    m[f][cls] = marginal(Bandwidth.distinct(buf[cls], fill[cls]), bw, floor, cutoff, grid);
                } else {
                    double[][] dc = Bandwidth.distinct(buf[cls], fill[cls]);
                    m[f][cls] = new KernelMarginal(dc[0], dc[1], pooledMarginal.bandwidth(), cutoff, grid);
                }
            }
        }
        return new KernelLikelihood(names, m);
    }

    private static KernelMarginal marginal(double[][] distinct, Bandwidth bw, double floor, double cutoff, int grid) {
        double h = bw.isFixed() ? bw.value() : Math.max(bw.oneDimensional(distinct[0], distinct[1]), floor);
        return new KernelMarginal(distinct[0], distinct[1], h, cutoff, grid);
    }

    /** Weka's precision: mean gap between adjacent distinct values; 0.01·max(1,|v|) for a single value. */
    static double precision(double[] distinct) {
        if (distinct.length < 2) {
            return 0.01 * Math.max(1.0, Math.abs(distinct[0]));
        }
        return (distinct[distinct.length - 1] - distinct[0]) / (distinct.length - 1);
    }

    @Override
    public String toString() {
        return names.size() + " numeric (kernel)";
    }

    int features() {
        return names.size();
    }

    List<String> names() {
        return names;
    }

    public KernelMarginal marginal(int f, int k) {
        return marginals[f][k];
    }

    /** Adds Σ_f log f̂_kf(x_f) over non-missing features to {@code logJoint[r][k]}. */
    @Override
    public Optional<List<String>> columns() {
        return Optional.of(names);
    }

    @Override
    public void addTo(Dataset data, double[][] logJoint) {
        int p = names.size();
        if (p == 0) {
            return;
        }
        double[] x = NumericBlock.matrix(data, names, KernelNames.NB_KERNEL);
        for (int r = 0; r < logJoint.length; r++) {
            double[] row = logJoint[r];
            for (int f = 0; f < p; f++) {
                double v = x[r * p + f];
                if (v != v) {
                    continue;
                }
                KernelMarginal[] mf = marginals[f];
                for (int cls = 0; cls < row.length; cls++) {
                    row[cls] += mf[cls].logDensity(v);
                }
            }
        }
    }

    /** The per-class log density of each non-missing numeric value of row {@code r}. */
    @Override
    public void explain(Dataset data, int r, List<Explanation.Term> out) {
        int p = names.size();
        double[] x = NumericBlock.matrix(data.select(new int[] {r}), names, KernelNames.NB_KERNEL);
        for (int f = 0; f < p; f++) {
            double v = x[f];
            if (v != v) {
                continue;
            }
            double[] t = new double[marginals[f].length];
            for (int cls = 0; cls < t.length; cls++) {
                t[cls] = marginals[f][cls].logDensity(v);
            }
            out.add(new Explanation.Term(names.get(f), Double.toString(v), t));
        }
    }

    void write(ArrayNode out) {
        for (int f = 0; f < names.size(); f++) {
            ObjectNode o = out.addObject();
            o.put("name", names.get(f));
            ArrayNode cls = o.putArray("classes");
            for (KernelMarginal m : marginals[f]) {
                ObjectNode c = cls.addObject();
                c.put("bandwidth", m.bandwidth());
                Fields.put(c, "values", m.values());
                Fields.put(c, "counts", m.counts());
            }
        }
    }

    static KernelLikelihood read(JsonNode root, int classes, double cutoff, int grid) {
        List<JsonNode> feats = Fields.array(root, "numeric", -1);
        List<String> names = new ArrayList<>();
        KernelMarginal[][] m = new KernelMarginal[feats.size()][classes];
        for (int f = 0; f < feats.size(); f++) {
            String path = "numeric[" + f + "]";
            Fields.only(feats.get(f), path + ".", java.util.Set.of("name", "classes"), "kernel feature");
            names.add(Fields.text(feats.get(f), path + ".name"));
            List<JsonNode> cls = Fields.array(feats.get(f), path + ".classes", classes);
            for (int k = 0; k < classes; k++) {
                String cp = path + ".classes[" + k + "]";
                JsonNode c = cls.get(k);
                Fields.only(c, cp + ".", java.util.Set.of("bandwidth", "values", "counts"), "kernel marginal");
                double h = Fields.number(c, cp + ".bandwidth", true);
                double[] values = Fields.numbers(c, cp + ".values", -1, false, false);
                double[] counts = Fields.numbers(c, cp + ".counts", values.length, true, false);
                try {
                    m[f][k] = new KernelMarginal(values, counts, h, cutoff, grid);
                } catch (IllegalArgumentException e) {
                    throw new ModelFormatException("model file: field '" + cp + "': " + e.getMessage(), e);
                }
            }
        }
        if (new java.util.HashSet<>(names).size() != names.size()) {
            throw new ModelFormatException("model file: field 'numeric' names a feature twice");
        }
        return new KernelLikelihood(List.copyOf(names), m);
    }
}
