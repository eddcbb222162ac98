package io.plate.classifier.impl.kernel;

import io.plate.api.Plate;
import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.api.learn.ModelFormatException;
import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import io.plate.api.learn.Provenance;
import io.plate.api.text.IgnoredData;
import io.plate.classifier.impl.ClassPrior;
import io.plate.classifier.impl.NumericBlock;
import io.plate.classifier.impl.Standardizer;
import io.plate.classifier.impl.TrainingRows;
import io.plate.modelfile.ModelFile;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.osgi.service.component.annotations.Component;

/**
 * {@code kde}: the kernel classifier P̂(Y = j | x) ∝ π̂_j f̂_j(x), with f̂_j the Gaussian kernel density
 * estimate of class j on the numeric features (no independence assumption: a full p-dimensional KDE).
 *
 * <p>{@code kernel=product}: K(u) = Π_d φ(u_d/h_d)/h_d with one bandwidth per feature;
 * {@code kernel=radial}: K(u) = φ_p(‖u‖/h)/h^p with one bandwidth for all features. With a fixed
 * {@code bandwidth} the two are the same function (the product of Gaussians is the radial Gaussian);
 * they differ when the bandwidth comes from a rule: per feature (h_d = factor · sd_d) for the product,
 * one h = factor · √(mean_d sd_d²) for the radial kernel, with scipy's multivariate Scott or Silverman
 * factor over all training rows. {@code standardize=true} first scales every feature to mean 0, sd 1.
 * Training rows with a missing numeric value are left out of the densities (they still count in the
 * class prior); a missing value in a row to score is marginalised out (that feature is dropped from
 * every class's kernel, exact for a product kernel).
 */
@Component(service = Learner.class, property = Learner.NAME + "=" + KernelNames.KDE)
public final class KernelClassifierLearner implements Learner {
    private static final List<ParamSpec> PARAMS = List.of(
            ParamSpec.text(KernelNames.BANDWIDTH, "scott", "kernel bandwidth: scott, silverman or a number > 0"),
            ParamSpec.choice(KernelNames.KERNEL, "product", List.of("product", "radial"),
                    "product kernel (one bandwidth per feature) or radial kernel (one for all)"),
            ParamSpec.bool(KernelNames.STANDARDIZE, "false", "scale features to mean 0, sd 1 before the kernel"),
            ParamSpec.bool(KernelNames.FIT_PRIOR, "true", "class prior from the data; false = uniform"));

    @Override
    public String name() {
        return KernelNames.KDE;
    }

    @Override
    public String description() {
        return "kernel density classifier: class prior times a Gaussian KDE of each class";
    }

    @Override
    public List<ParamSpec> parameters() {
        return PARAMS;
    }

    @Override
    public Model fit(Dataset data, Params params, long seed) {
        TrainingRows y = TrainingRows.of(data, null);
        Bandwidth bw = Bandwidth.parse(params.getString(KernelNames.BANDWIDTH), false);
        boolean radial = params.getString(KernelNames.KERNEL).equals("radial");
        List<String> names = NumericBlock.names(data);
        int p = names.size();
        if (p == 0) {
            throw NumericBlock.noNumeric(name(), data);
        }
        double[] x = NumericBlock.matrix(data, names, name());
        int n = data.rows();
        boolean[] use = new boolean[n];
        int used = 0;
        for (int r = 0; r < n; r++) {
            use[r] = y.y[r] >= 0 && complete(x, r, p);
            used += use[r] ? 1 : 0;
        }
        Standardizer st = params.getBoolean(KernelNames.STANDARDIZE) ? Standardizer.fit(x, p, use)
                : Standardizer.identity(p);
        st.apply(x);
        double[] h = bandwidths(bw, radial, x, p, use, used);
        int k = y.classCount();
        int[] size = new int[k];
        for (int r = 0; r < n; r++) {
            if (use[r]) {
                size[y.y[r]]++;
            }
        }
        double[][] points = new double[k][];
        for (int j = 0; j < k; j++) {
            if (size[j] == 0) {
                throw new PlateException(name() + ": class '" + y.classes.get(j)
                        + "' has no training row without missing numeric values");
            }
            points[j] = new double[size[j] * p];
        }
        int[] fill = new int[k];
        for (int r = 0; r < n; r++) {
            if (use[r]) {
                int j = y.y[r];
                System.arraycopy(x, r * p, points[j], fill[j]++ * p, p);
            }
        }
        int labelled = 0;
        for (int r = 0; r < n; r++) {
            labelled += y.y[r] >= 0 ? 1 : 0;
        }
        String ignored = new IgnoredData().allButNumeric(data)
                .rows(labelled - used, "with a missing numeric value (in the class prior only)").text("of the data");
        return new KernelClassifierModel(y.classes, ClassPrior.fromParams(params, y.classes).logPrior(y.classWeights()), names, st,
                radial, h, points, Provenance.of(this, params.asMap(), seed, data)).ignored(ignored);
    }

    private static boolean complete(double[] x, int r, int p) {
        for (int d = 0; d < p; d++) {
            if (Double.isNaN(x[r * p + d])) {
                return false;
            }
        }
        return true;
    }

    /** Per-feature bandwidths (all equal for the radial kernel). */
    static double[] bandwidths(Bandwidth bw, boolean radial, double[] x, int p, boolean[] use, int used) {
        double[] h = new double[p];
        if (bw.isFixed()) {
            java.util.Arrays.fill(h, bw.value());
            return h;
        }
        double factor = bw.factor(used, p);
        double[] sd = sampleSd(x, p, use);
        if (radial) {
            // the root mean square of the sds, scaled by the largest so that sds near 1e300 do not overflow
            double top = 0;
            for (double s : sd) {
                top = Math.max(top, s);
            }
            double scale = Standardizer.powerOfTwoNear(top);
            double ms = 0;
            for (double s : sd) {
                ms += (s / scale) * (s / scale);
            }
            double s = Math.sqrt(ms / p) * scale;
            java.util.Arrays.fill(h, factor * (s > 0 ? s : 1.0));
        } else {
            for (int d = 0; d < p; d++) {
                h[d] = factor * (sd[d] > 0 ? sd[d] : 1.0);
            }
        }
        return h;
    }

    /** Sample standard deviation (n − 1) of each column over the rows in use. */
    static double[] sampleSd(double[] x, int p, boolean[] use) {
        return Standardizer.spread(x, p, use, 1, new double[p]);
    }

    @Override
    public Model readModel(InputStream in) throws IOException, ModelFormatException {
        return KernelClassifierModel.read(ModelFile.read(in, name(), PARAMS, KernelClassifierModel.FIELDS));
    }
}
