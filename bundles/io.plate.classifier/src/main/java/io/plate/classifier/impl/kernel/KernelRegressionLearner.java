package io.plate.classifier.impl.kernel;

import io.plate.api.Plate;
import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.data.NumericColumn;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.api.learn.ModelFormatException;
import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import io.plate.api.learn.Provenance;
import io.plate.api.sample.ProgressListener;
import io.plate.api.text.IgnoredData;
import io.plate.classifier.impl.NumericBlock;
import io.plate.classifier.impl.RowProgress;
import io.plate.classifier.impl.Standardizer;
import io.plate.modelfile.ModelFile;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.osgi.service.component.annotations.Component;

/**
 * {@code kernel.regression}: Nadaraya–Watson regression f(x) = Σ k_h(x_i − x) y_i / Σ k_h(x_i − x) with
 * a Gaussian kernel on the numeric features, for a dataset with a numeric target
 * ({@link Dataset#target()}). {@code bandwidth=loo} (the default) picks h by leave-one-out
 * cross-validation ({@link LeaveOneOutBandwidth}); {@code scott}/{@code silverman} use the multivariate
 * rule with the root-mean-square feature sd; a number is used as given. Training rows with a missing
 * target or feature are left out; a missing feature in a row to predict is dropped from the distance.
 */
@Component(service = Learner.class, property = Learner.NAME + "=" + KernelNames.KERNEL_REGRESSION)
public final class KernelRegressionLearner implements Learner {
    private static final List<ParamSpec> PARAMS = List.of(
            ParamSpec.text(KernelNames.BANDWIDTH, "loo",
                    "Gaussian kernel bandwidth: loo (leave-one-out CV over a grid), scott, silverman or a number > 0"),
            ParamSpec.bool(KernelNames.STANDARDIZE, "false", "scale features to mean 0, sd 1 before the kernel"));

    @Override
    public String name() {
        return KernelNames.KERNEL_REGRESSION;
    }

    @Override
    public String description() {
        return "Nadaraya-Watson kernel regression for a numeric target (Gaussian kernel, LOO-CV bandwidth)";
    }

    @Override
    public List<ParamSpec> parameters() {
        return PARAMS;
    }

    @Override
    public Model fit(Dataset data, Params params, long seed) {
        return fit(data, params, seed, ProgressListener.NONE);
    }

    /** Reports the leave-one-out bandwidth search (O(n²): tens of seconds at 15,000 rows), row by row. */
    @Override
    public Model fit(Dataset data, Params params, long seed, ProgressListener progress) {
        NumericColumn target = data.target().orElseThrow(() -> new PlateException(name() + ": dataset '"
                + data.name() + "' has no numeric target; kernel regression needs one (a regression dataset)"));
        List<String> names = NumericBlock.names(data);
        int p = names.size();
        if (p == 0) {
            throw NumericBlock.noNumeric(name(), data);
        }
        String bwText = params.getString(KernelNames.BANDWIDTH).trim();
        boolean loo = bwText.equalsIgnoreCase("loo");
        Bandwidth bw;
        try {
            bw = loo ? Bandwidth.parse("scott") : Bandwidth.parse(bwText, false);
        } catch (PlateException e) {
            throw new PlateException("parameter 'bandwidth' = '" + bwText
                    + "': expected loo, scott, silverman or a finite number > 0", e);
        }
        double[] x = NumericBlock.matrix(data, names, name());
        int n = data.rows();
        boolean[] use = new boolean[n];
        int used = 0;
        for (int r = 0; r < n; r++) {
            boolean ok = !Double.isNaN(target.value(r));
            for (int d = 0; d < p && ok; d++) {
                ok = !Double.isNaN(x[r * p + d]);
            }
            use[r] = ok;
            used += ok ? 1 : 0;
        }
        if (used < 2) {
            throw new PlateException(name() + ": dataset '" + data.name() + "' has " + used
                    + " complete rows (target and every feature present); at least 2 are needed");
        }
        Standardizer st = params.getBoolean(KernelNames.STANDARDIZE) ? Standardizer.fit(x, p, use)
                : Standardizer.identity(p);
        st.apply(x);
        double[] pts = new double[used * p];
        double[] y = new double[used];
        int i = 0;
        for (int r = 0; r < n; r++) {
            if (use[r]) {
                System.arraycopy(x, r * p, pts, i * p, p);
                y[i++] = target.value(r);
            }
        }
        boolean[] all = new boolean[used];
        java.util.Arrays.fill(all, true);
        double h;
        double[] grid = new double[0];
        double[] mse = new double[0];
        if (bw.isFixed()) {
            h = bw.value();
        } else {
            double h0 = KernelClassifierLearner.bandwidths(bw, true, pts, p, all, used)[0];
            if (loo) {
                LeaveOneOutBandwidth sel = LeaveOneOutBandwidth.select(pts, y, p, h0, new RowProgress(progress, used));
                h = sel.bandwidth();
                grid = sel.grid();
                mse = sel.mse();
            } else {
                h = h0;
            }
        }
        String ignored = new IgnoredData().allButNumeric(data)
                .rows(n - used, "with a missing target or feature value").text("of the data");
        return new KernelRegressionModel(target.name(), names, st, h, pts, y, grid, mse,
                Provenance.of(this, params.asMap(), seed, data)).ignored(ignored);
    }

    @Override
    public Model readModel(InputStream in) throws IOException, ModelFormatException {
        return KernelRegressionModel.read(ModelFile.read(in, name(), PARAMS, KernelRegressionModel.FIELDS));
    }
}
