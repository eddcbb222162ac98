package io.plate.classifier.impl.perceptron;

import io.plate.api.Plate;
import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.api.learn.ModelFormatException;
import io.plate.api.learn.ParamSpec;
import io.plate.api.learn.Params;
import io.plate.api.learn.Provenance;
import io.plate.classifier.impl.TrainingRows;
import io.plate.modelfile.ModelFile;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.osgi.service.component.annotations.Component;

/**
 * {@code perceptron}: a linear unit trained by the classic mistake-driven rule, by batch gradient
 * descent on a tanh output, or by its stochastic version; one-versus-rest for more than two
 * classes. Inputs: see {@link LinearFeatures}. Shuffling draws from
 * {@code XO_RO_SHI_RO_128_PP} seeded with the fit seed; the binary problems of one-versus-rest are
 * trained in class order from the same stream.
 */
@Component(service = Learner.class, property = Learner.NAME + "=" + PerceptronNames.PERCEPTRON)
public final class PerceptronLearner implements Learner {
    private static final List<PerceptronRule> RULES = List.of(new ClassicRule(), new TanhBatchRule(),
            new TanhStochasticRule());

    private static final List<ParamSpec> PARAMS = List.of(
            ParamSpec.choice(PerceptronNames.RULE, "classic", List.of("classic", "tanh", "sgd"),
                    "classic (mistake-driven), tanh (batch gradient descent on squared tanh error), sgd (stochastic)"),
            new ParamSpec(PerceptronNames.LEARNING_RATE, io.plate.api.learn.ParamType.DOUBLE, null, 0,
                    Double.POSITIVE_INFINITY, true, List.of(),
                    "step size eta; default 1 (classic), 0.5 (tanh), 0.05 (sgd)"),
            ParamSpec.integer(PerceptronNames.EPOCHS, "100", 1, 1_000_000,
                    "passes over the data (classic stops early after an epoch without mistakes)"),
            ParamSpec.bool(PerceptronNames.SHUFFLE, "false", "reshuffle the rows every epoch (with the fit seed)"),
            ParamSpec.bool(PerceptronNames.AVERAGE, "false", "return the average of the weights over the updates"),
            ParamSpec.bool(PerceptronNames.STANDARDIZE, "true", "scale numeric features to mean 0, sd 1"));

    @Override
    public String name() {
        return PerceptronNames.PERCEPTRON;
    }

    @Override
    public String description() {
        return "perceptron: classic, tanh gradient descent or SGD; one-vs-rest; uncalibrated logistic probabilities";
    }

    @Override
    public List<ParamSpec> parameters() {
        return PARAMS;
    }

    static PerceptronRule rule(String name) {
        for (PerceptronRule r : RULES) {
            if (r.name().equals(name)) {
                return r;
            }
        }
        throw new PlateException("parameter 'rule' = '" + name + "': expected classic, tanh or sgd");
    }

    @Override
    public Model fit(Dataset data, Params params, long seed) {
        TrainingRows labels = TrainingRows.of(data, null);
        if (labels.classCount() < 2) {
            throw new PlateException(name() + ": dataset '" + data.name() + "' has only one class ('"
                    + labels.classes.get(0) + "'); a perceptron needs at least two");
        }
        PerceptronRule rule = rule(params.getString(PerceptronNames.RULE));
        double eta = params.has(PerceptronNames.LEARNING_RATE) ? params.getDouble(PerceptronNames.LEARNING_RATE)
                : rule.defaultLearningRate();
        PerceptronRule.Settings settings = new PerceptronRule.Settings(eta, params.getInt(PerceptronNames.EPOCHS),
                params.getBoolean(PerceptronNames.SHUFFLE), params.getBoolean(PerceptronNames.AVERAGE));
        LinearFeatures features = LinearFeatures.fit(data, params.getBoolean(PerceptronNames.STANDARDIZE));
        double[] all = features.encode(data);
        int dim = features.width();
        int m = 0;
        for (int r = 0; r < data.rows(); r++) {
            m += labels.y[r] >= 0 ? 1 : 0;
        }
        double[] x = new double[m * dim];
        int[] cls = new int[m];
        int i = 0;
        for (int r = 0; r < data.rows(); r++) {
            if (labels.y[r] >= 0) {
                System.arraycopy(all, r * dim, x, i * dim, dim);
                cls[i++] = labels.y[r];
            }
        }
        int k = labels.classCount();
        int units = k == 2 ? 1 : k;
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        double[][] weights = new double[units][];
        double[] y = new double[m];
        for (int u = 0; u < units; u++) {
            int positive = k == 2 ? 1 : u;
            for (int j = 0; j < m; j++) {
                y[j] = cls[j] == positive ? 1.0 : -1.0;
            }
            weights[u] = rule.train(x, dim, y, settings, rng);
        }
        return new PerceptronModel(labels.classes, rule.name(), features, weights,
                Provenance.of(this, params.asMap(), seed, data));
    }

    @Override
    public Model readModel(InputStream in) throws IOException, ModelFormatException {
        return PerceptronModel.read(ModelFile.read(in, name(), PARAMS, PerceptronModel.FIELDS));
    }
}
