package io.plate.classifier.impl.perceptron;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Model;
import io.plate.api.learn.ModelFormatException;
import io.plate.api.learn.Provenance;
import io.plate.api.learn.UnseenLevels;
import io.plate.api.text.Plural;
import io.plate.distributions.numerics.LogMath;
import io.plate.modelfile.Fields;
import io.plate.modelfile.ModelFile;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Optional;

/**
 * A fitted perceptron: one weight vector (two classes; it scores {@code classes().get(1)} against
 * {@code classes().get(0)}) or one per class (one-versus-rest). The predicted class is the one with
 * the highest score a = wᵀx. Probabilities go through a logistic link: two classes
 * P(1) = σ(a), P(0) = σ(−a); more classes the multinomial logistic (softmax) of the one-versus-rest
 * scores, P(k) = exp(a_k) / Σ_j exp(a_j). (scikit-learn normalises σ(a_k) over k instead; with the large
 * scores of the classic rule those all round to 1 and the most probable class is no longer the highest
 * score, so Plate uses the softmax, whose ranking is always the scores'.) They are NOT calibrated: the
 * scale of w is whatever training left it at (the classic rule's w grows with the learning rate and the
 * number of mistakes).
 */
final class PerceptronModel implements Model {
    private final List<String> classes;
    private final String rule;
    private final LinearFeatures features;
    private final double[][] weights;
    private final Provenance provenance;

    PerceptronModel(List<String> classes, String rule, LinearFeatures features, double[][] weights,
            Provenance provenance) {
        this.classes = List.copyOf(classes);
        this.rule = rule;
        this.features = features;
        this.weights = new double[weights.length][];
        for (int u = 0; u < weights.length; u++) {
            this.weights[u] = weights[u].clone();
        }
        this.provenance = provenance;
    }

    @Override
    public String type() {
        return PerceptronNames.PERCEPTRON;
    }

    @Override
    public Optional<List<String>> columns() {
        return Optional.of(features.columns());
    }

    @Override
    public List<UnseenLevels> unseenLevels(Dataset data) {
        return features.unseenLevels(data);
    }

    @Override
    public List<String> classes() {
        return classes;
    }

    /** Scores wᵀx: rows × units (one unit for two classes). */
    double[][] scores(Dataset data) {
        double[] x = features.encode(data);
        int dim = features.width();
        double[][] out = new double[data.rows()][weights.length];
        for (int r = 0; r < out.length; r++) {
            for (int u = 0; u < weights.length; u++) {
                double s = 0;
                double[] w = weights[u];
                for (int d = 0; d < dim; d++) {
                    s += w[d] * x[r * dim + d];
                }
                out[r][u] = s;
            }
        }
        return out;
    }

    @Override
    public double[][] predictLogProba(Dataset data) {
        double[][] s = scores(data);
        double[][] out = new double[s.length][classes.size()];
        for (int r = 0; r < s.length; r++) {
            if (weights.length == 1) {
                out[r][0] = -LogMath.log1pExp(s[r][0]);
                out[r][1] = -LogMath.log1pExp(-s[r][0]);
            } else {
                System.arraycopy(s[r], 0, out[r], 0, weights.length);
                LogMath.normalizeLog(out[r]);
            }
        }
        return out;
    }

    @Override
    public double[] predict(Dataset data) {
        double[][] s = scores(data);
        double[] out = new double[s.length];
        for (int r = 0; r < s.length; r++) {
            if (weights.length == 1) {
                out[r] = s[r][0] > 0 ? 1 : 0;
            } else {
                int best = 0;
                for (int k = 1; k < s[r].length; k++) {
                    if (s[r][k] > s[r][best]) {
                        best = k;
                    }
                }
                out[r] = best;
            }
        }
        return out;
    }

    /** A copy of the weights of unit {@code u} (inputs in {@link LinearFeatures#inputNames()} order, bias last). */
    double[] weights(int u) {
        return weights[u].clone();
    }

    int units() {
        return weights.length;
    }

    @Override
    public Provenance provenance() {
        return provenance;
    }

    @Override
    public void writeJson(OutputStream out) throws IOException {
        ObjectNode root = ModelFile.object();
        Fields.put(root, "classes", classes);
        root.put("rule", rule);
        features.write(root);
        Fields.put(root, "inputs", features.inputNames());
        ArrayNode w = root.putArray("weights");
        for (double[] unit : weights) {
            ArrayNode a = w.addArray();
            for (double v : unit) {
                a.add(v);
            }
        }
        ModelFile.write(out, type(), provenance, root);
    }

    /** Top-level fields of the model file after the header. */
    static final java.util.Set<String> FIELDS = java.util.Set.of("classes", "rule", "features", "inputs", "weights");

    static PerceptronModel read(ModelFile.Contents file) {
        JsonNode root = file.root();
        Provenance prov = file.provenance();
        List<String> classes = Fields.classes(root, 2);
        String rule = Fields.text(root, "rule");
        try {
            PerceptronLearner.rule(rule);
        } catch (io.plate.api.PlateException e) {
            throw new ModelFormatException("model file: field 'rule' must be classic, tanh or sgd, got '" + rule + "'");
        }
        LinearFeatures features = LinearFeatures.read(root);
        int units = classes.size() == 2 ? 1 : classes.size();
        List<JsonNode> w = Fields.array(root, "weights", units);
        double[][] weights = new double[units][];
        for (int u = 0; u < units; u++) {
            weights[u] = Fields.numbersOf(w.get(u), "weights[" + u + "]", features.width(), false, false);
        }
        return new PerceptronModel(classes, rule, features, weights, prov);
    }

    @Override
    public String toString() {
        return "perceptron model (" + rule + " rule): " + Plural.of(classes.size(), "class", "classes") + ", "
                + Plural.of(features.width() - 1, "input") + (weights.length > 1 ? ", one-versus-rest" : "");
    }
}
