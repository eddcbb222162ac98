package io.plate.classifier.impl.kernel;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Model;
import io.plate.api.learn.ModelFormatException;
import io.plate.api.learn.Provenance;
import io.plate.api.text.Plural;
import io.plate.classifier.impl.NumericBlock;
import io.plate.classifier.impl.Standardizer;
import io.plate.modelfile.Fields;
import io.plate.modelfile.ModelFile;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Optional;

/**
 * A fitted {@code kernel.regression} model: the training points, their targets and the bandwidth.
 * A regression model: no classes, {@link #predict} returns values, {@link #predictLogProba} throws.
 * Weights are anchored at the nearest training point (w_i = exp(−(d_i² − d_min²)/2h²), the common factor
 * cancels in the ratio), so a row far from all data gets its nearest neighbours' mean, not 0/0.
 */
final class KernelRegressionModel implements Model {
    private final String target;
    private final List<String> features;
    private final Standardizer standardizer;
    private final double bandwidth;
    private final double[] points;
    private final double[] y;
    private final double[] looGrid;
    private final double[] looMse;
    /** What the fit left out of its data (IgnoredData), or ""; not kept in the model file. */
    private volatile String ignored = "";
    private final Provenance provenance;

    KernelRegressionModel(String target, List<String> features, Standardizer standardizer, double bandwidth,
            double[] points, double[] y, double[] looGrid, double[] looMse, Provenance provenance) {
        this.target = target;
        this.features = List.copyOf(features);
        this.standardizer = standardizer;
        this.bandwidth = bandwidth;
        this.points = points.clone();
        this.y = y.clone();
        this.looGrid = looGrid.clone();
        this.looMse = looMse.clone();
        this.provenance = provenance;
    }

    /** Notes what the fit left out of its data, for the line "ignores …" of {@link #toString}. */
    KernelRegressionModel ignored(String what) {
        this.ignored = what;
        return this;
    }

    @Override
    public String type() {
        return KernelNames.KERNEL_REGRESSION;
    }

    @Override
    public Optional<List<String>> columns() {
        return Optional.of(features);
    }

    @Override
    public List<String> classes() {
        return List.of();
    }

    @Override
    public boolean isRegression() {
        return true;
    }

    @Override
    public double[][] predictLogProba(Dataset data) {
        throw new PlateException("kernel.regression makes a regression model (target '" + target
                + "'); it has no class probabilities: use its predicted values");
    }

    @Override
    public double[] predict(Dataset data) {
        int p = features.size();
        double[] x = NumericBlock.matrix(data, features, KernelNames.KERNEL_REGRESSION);
        standardizer.apply(x);
        int n = data.rows();
        int m = y.length;
        // distances in units of a power of two near h (exact): squares near 1e±300 neither overflow nor vanish
        double unit = Standardizer.powerOfTwoNear(bandwidth);
        double h = bandwidth / unit;
        double inv2h2 = 1.0 / (2 * h * h);
        double[] d2 = new double[m];
        double[] out = new double[n];
        for (int r = 0; r < n; r++) {
            double min = Double.POSITIVE_INFINITY;
            for (int i = 0; i < m; i++) {
                double s = 0;
                for (int d = 0; d < p; d++) {
                    double v = x[r * p + d];
                    if (v == v) {
                        double u = (v - points[i * p + d]) / unit;
                        s += u * u;
                    }
                }
                d2[i] = s;
                if (s < min) {
                    min = s;
                }
            }
            double num = 0;
            double den = 0;
            for (int i = 0; i < m; i++) {
                double w = Math.exp(-(d2[i] - min) * inv2h2);
                num += w * y[i];
                den += w;
            }
            out[r] = num / den;
        }
        return out;
    }

    /** The bandwidth in use (chosen by leave-one-out when not given). */
    /** The leave-one-out mean squared error per grid bandwidth ({@code bandwidth=loo}; empty otherwise). */
    double[] looMse() {
        return looMse.clone();
    }

    double bandwidth() {
        return bandwidth;
    }

    @Override
    public Provenance provenance() {
        return provenance;
    }

    @Override
    public void writeJson(OutputStream out) throws IOException {
        ObjectNode root = ModelFile.object();
        root.put("target", target);
        Fields.put(root, "features", features);
        standardizer.write(root.putObject("standardizer"));
        root.put("bandwidth", bandwidth);
        Fields.put(root, "points", points);
        Fields.put(root, "y", y);
        ObjectNode loo = root.putObject("loo");
        Fields.put(loo, "grid", looGrid);
        Fields.put(loo, "mse", looMse);
        ModelFile.write(out, type(), provenance, root);
    }

    /** Top-level fields of the model file after the header. */
    static final java.util.Set<String> FIELDS = java.util.Set.of("target", "features", "standardizer", "bandwidth", "points", "y", "loo");

    static KernelRegressionModel read(ModelFile.Contents file) {
        JsonNode root = file.root();
        Provenance prov = file.provenance();
        String target = Fields.text(root, "target");
        List<String> features = Fields.strings(root, "features", -1);
        int p = features.size();
        if (p == 0) {
            throw new ModelFormatException("model file: field 'features' is empty");
        }
        Standardizer st = Standardizer.read(Fields.field(root, "standardizer"), "standardizer", p);
        double h = Fields.number(root, "bandwidth", true);
        double[] y = Fields.numbers(root, "y", -1, false, false);
        if (y.length == 0) {
            throw new ModelFormatException("model file: field 'y' is empty");
        }
        double[] pts = Fields.numbers(root, "points", y.length * p, false, false);
        JsonNode loo = Fields.field(root, "loo");
        double[] grid = Fields.numbers(loo, "loo.grid", -1, true, false);
        double[] mse = Fields.numbers(loo, "loo.mse", grid.length, false, true);
        return new KernelRegressionModel(target, features, st, h, pts, y, grid, mse, prov);
    }

    @Override
    public String toString() {
        return "kernel.regression model of '" + target + "': " + Plural.of(y.length, "training point") + ", "
                + Plural.of(features.size(), "feature") + ", bandwidth " + bandwidth
                + (ignored.isEmpty() ? "" : "\nignores " + ignored);
    }
}
