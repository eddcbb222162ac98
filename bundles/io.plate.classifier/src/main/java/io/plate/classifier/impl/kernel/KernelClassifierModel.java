package io.plate.classifier.impl.kernel;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Model;
import io.plate.api.learn.ModelFormatException;
import io.plate.api.learn.Provenance;
import io.plate.api.text.Plural;
import io.plate.classifier.impl.NumericBlock;
import io.plate.classifier.impl.Standardizer;
import io.plate.distributions.numerics.LogMath;
import io.plate.modelfile.Fields;
import io.plate.modelfile.ModelFile;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Optional;

/**
 * A fitted {@code kde} model: the (standardised) training points of each class and the per-feature
 * bandwidths. log P(j | x) = log π̂_j + log f̂_j(x) − log Σ_k π̂_k f̂_k(x), where
 * log f̂_j(x) = logSumExp_i(−½ Σ_d ((x_d − x_id)/h_d)²) − log n_j − Σ_d log(h_d √(2π)).
 * Scoring costs O(training rows × features) per row.
 */
final class KernelClassifierModel implements Model {
    private static final double HALF_LOG_2PI = 0.5 * Math.log(2 * Math.PI);

    private final List<String> classes;
    private final double[] logPrior;
    private final List<String> features;
    private final Standardizer standardizer;
    private final boolean radial;
    private final double[] bandwidth;
    private final double[][] points; // [class][i * p + d]
    /** What the fit left out of its data (IgnoredData), or ""; not kept in the model file. */
    private volatile String ignored = "";
    private final Provenance provenance;

    KernelClassifierModel(List<String> classes, double[] logPrior, List<String> features, Standardizer standardizer,
            boolean radial, double[] bandwidth, double[][] points, Provenance provenance) {
        this.classes = List.copyOf(classes);
        this.logPrior = logPrior.clone();
        this.features = List.copyOf(features);
        this.standardizer = standardizer;
        this.radial = radial;
        this.bandwidth = bandwidth.clone();
        this.points = new double[points.length][];
        for (int j = 0; j < points.length; j++) {
            this.points[j] = points[j].clone();
        }
        this.provenance = provenance;
    }

    /** Notes what the fit left out of its data, for the line "ignores …" of {@link #toString}. */
    KernelClassifierModel ignored(String what) {
        this.ignored = what;
        return this;
    }

    @Override
    public String type() {
        return KernelNames.KDE;
    }

    @Override
    public Optional<List<String>> columns() {
        return Optional.of(features);
    }

    @Override
    public List<String> classes() {
        return classes;
    }

    @Override
    public double[][] predictLogProba(Dataset data) {
        int p = features.size();
        double[] x = NumericBlock.matrix(data, features, KernelNames.KDE);
        standardizer.apply(x);
        double[] invH = new double[p];
        double[] logNormD = new double[p];
        for (int d = 0; d < p; d++) {
            invH[d] = 1.0 / bandwidth[d];
            logNormD[d] = Math.log(bandwidth[d]) + HALF_LOG_2PI;
        }
        int maxN = 0;
        for (double[] pt : points) {
            maxN = Math.max(maxN, pt.length / p);
        }
        double[] terms = new double[maxN];
        int n = data.rows();
        double[][] out = new double[n][classes.size()];
        for (int r = 0; r < n; r++) {
            int off = r * p;
            double logNorm = 0;
            for (int d = 0; d < p; d++) {
                if (!Double.isNaN(x[off + d])) {
                    logNorm += logNormD[d];
                }
            }
            for (int j = 0; j < points.length; j++) {
                double[] pt = points[j];
                int nj = pt.length / p;
                for (int i = 0; i < nj; i++) {
                    int base = i * p;
                    double q = 0;
                    for (int d = 0; d < p; d++) {
                        double v = x[off + d];
                        if (v == v) {
                            double u = (v - pt[base + d]) * invH[d];
                            q += u * u;
                        }
                    }
                    terms[i] = -0.5 * q;
                }
                out[r][j] = logPrior[j] + LogMath.logSumExp(terms, 0, nj) - Math.log(nj) - logNorm;
            }
            LogMath.normalizeLog(out[r]);
        }
        return out;
    }

    @Override
    public Provenance provenance() {
        return provenance;
    }

    @Override
    public void writeJson(OutputStream out) throws IOException {
        ObjectNode root = ModelFile.object();
        Fields.put(root, "classes", classes);
        Fields.put(root, "logPrior", logPrior);
        root.put("kernel", radial ? "radial" : "product");
        Fields.put(root, "features", features);
        standardizer.write(root.putObject("standardizer"));
        Fields.put(root, "bandwidth", bandwidth);
        ArrayNode pts = root.putArray("points");
        for (double[] pt : points) {
            ArrayNode a = pts.addArray();
            for (double v : pt) {
                a.add(v);
            }
        }
        ModelFile.write(out, type(), provenance, root);
    }

    /** Top-level fields of the model file after the header. */
    static final java.util.Set<String> FIELDS = java.util.Set.of("classes", "logPrior", "kernel", "features", "standardizer", "bandwidth", "points");

    static KernelClassifierModel read(ModelFile.Contents file) {
        JsonNode root = file.root();
        Provenance prov = file.provenance();
        List<String> classes = Fields.classes(root, 1);
        int k = classes.size();
        double[] logPrior = Fields.numbers(root, "logPrior", k, false, false);
        String kernel = Fields.text(root, "kernel");
        if (!kernel.equals("product") && !kernel.equals("radial")) {
            throw new ModelFormatException("model file: field 'kernel' must be product or radial, got '" + kernel + "'");
        }
        List<String> features = Fields.strings(root, "features", -1);
        int p = features.size();
        if (p == 0) {
            throw new ModelFormatException("model file: field 'features' is empty");
        }
        Standardizer st = Standardizer.read(Fields.field(root, "standardizer"), "standardizer", p);
        double[] h = Fields.numbers(root, "bandwidth", p, true, false);
        List<JsonNode> pts = Fields.array(root, "points", k);
        double[][] points = new double[k][];
        for (int j = 0; j < k; j++) {
            points[j] = Fields.numbersOf(pts.get(j), "points[" + j + "]", -1, false, false);
            if (points[j].length == 0 || points[j].length % p != 0) {
                throw new ModelFormatException("model file: field 'points[" + j + "]' has " + points[j].length
                        + " numbers, expected a positive multiple of " + p + " features");
            }
        }
        return new KernelClassifierModel(classes, logPrior, features, st, kernel.equals("radial"), h, points, prov);
    }

    @Override
    public String toString() {
        int n = 0;
        for (double[] pt : points) {
            n += pt.length / features.size();
        }
        return "kde model: " + Plural.of(classes.size(), "class", "classes") + ", "
                + Plural.of(features.size(), "feature") + ", " + Plural.of(n, "training point") + ", "
                + (radial ? "radial" : "product") + " Gaussian kernel"
                + (ignored.isEmpty() ? "" : "\nignores " + ignored);
    }
}
