package io.plate.classifier.impl.kernel;

import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.api.learn.ModelFormatException;
import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.osgi.service.component.annotations.Component;

/**
 * {@code nb.kernel}: naive Bayes whose numeric class-conditional marginals are Gaussian kernel density
 * estimates (Weka's {@code NaiveBayes -K}), with Lidstone-smoothed categorical columns and a
 * multinomial sparse count block. See {@link KernelNumericBlock} for the bandwidths and
 * {@link KernelMarginal} for the cut-off and its error bound.
 */
@Component(service = Learner.class, property = Learner.NAME + "=" + KernelNames.NB_KERNEL)
public final class KernelNaiveBayesLearner implements Learner {
    private static final List<ParamSpec> PARAMS = List.of(
            ParamSpec.text(KernelNames.BANDWIDTH, "silverman",
                    "kernel bandwidth of every numeric marginal: silverman, scott, weka (range/sqrt(n)) or a number > 0"),
            ParamSpec.choice(KernelNames.BANDWIDTH_SCOPE, "class", List.of("class", "feature"),
                    "bandwidth rule per class and feature (class) or per feature, shared by all classes (feature)"),
            ParamSpec.real(KernelNames.CUTOFF, "6", 3, 40,
                    "kernels farther than about this many bandwidths are skipped; log-density error <= exp(-cutoff^2/2)"),
            ParamSpec.integer(KernelNames.GRID, "8", 0, KernelMarginal.MAX_GRID,
                    "nodes per bandwidth of the self-checked interpolation table of marginals whose direct kernel sum is long"
                            + " (> 64 distinct values, > 32 in the window); 0 = always the direct sum"),
            ParamSpec.positive(KernelNames.ALPHA, "1.0",
                    "Lidstone smoothing of the categorical columns and the count block (1 = Laplace)"),
            ParamSpec.bool(KernelNames.FIT_PRIOR, "true", "learn class prior from the data; false = uniform"));

    @Override
    public String name() {
        return KernelNames.NB_KERNEL;
    }

    @Override
    public String description() {
        return "naive Bayes with Gaussian kernel density estimates for numeric features (Weka NaiveBayes -K)";
    }

    @Override
    public List<ParamSpec> parameters() {
        return PARAMS;
    }

    @Override
    public Model fit(Dataset data, Params params, long seed) {
        ClassLabels y = ClassLabels.of(data, name());
        Bandwidth bw = Bandwidth.parse(params.getString(KernelNames.BANDWIDTH));
        double cutoff = params.getDouble(KernelNames.CUTOFF);
        double alpha = params.getDouble(KernelNames.ALPHA);
        if (data.numeric().isEmpty() && data.categorical().isEmpty() && data.sparse().isEmpty()) {
            throw new PlateException(name() + ": dataset '" + data.name() + "' has no features");
        }
        KernelNumericBlock numeric = KernelNumericBlock.fit(data, y, bw, cutoff,
                params.getString(KernelNames.BANDWIDTH_SCOPE).equals("class"), params.getInt(KernelNames.GRID));
        LidstoneCategoricalBlock categorical = LidstoneCategoricalBlock.fit(data, y, alpha);
        MultinomialCountBlock counts = data.sparse().map(m -> MultinomialCountBlock.fit(m, y, alpha)).orElse(null);
        return new KernelNaiveBayesModel(y.classes(), y.logPrior(params.getBoolean(KernelNames.FIT_PRIOR)), cutoff,
                params.getInt(KernelNames.GRID),
                numeric, categorical, counts, ModelJson.provenance(name(), params, seed, data));
    }

    @Override
    public Model readModel(InputStream in) throws IOException, ModelFormatException {
        return KernelNaiveBayesModel.read(in);
    }
}
