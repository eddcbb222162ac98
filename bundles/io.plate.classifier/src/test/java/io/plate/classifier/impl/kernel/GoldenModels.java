package io.plate.classifier.impl.kernel;

import com.fasterxml.jackson.databind.JsonNode;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.classifier.impl.nb.KernelNaiveBayesLearner;
import io.plate.classifier.impl.perceptron.PerceptronLearner;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The golden model files under {@code src/test/resources/kernel/golden/}: one per learner, fitted on the
 * test fixtures. They were written once by this version (format version 1) and must keep loading and
 * predicting as a fresh fit does. To write them again (only when the format version changes):
 * {@code java -cp … io.plate.classifier.impl.kernel.GoldenModels bundles/io.plate.classifier/src/test/resources/kernel/golden}.
 */
public final class GoldenModels {
    private GoldenModels() {
    }

    /** (learner, parameters, training data) for each golden file, by file name. */
    static Map<String, Object[]> cases() {
        JsonNode kde = Fixtures.json("kde_marginals.json");
        double[][] a = Fixtures.matrix(kde.get("train").get("a"));
        double[][] b = Fixtures.matrix(kde.get("train").get("b"));
        double[][] x = new double[a.length + b.length][];
        String[] y = new String[x.length];
        for (int i = 0; i < x.length; i++) {
            x[i] = i < a.length ? a[i] : b[i - a.length];
            y[i] = i < a.length ? "a" : "b";
        }
        Dataset two = Fixtures.numeric("kde-fixture", x, y);
        JsonNode ovr = Fixtures.json("perceptron_ovr.json");
        String[] oy = new String[ovr.get("y").size()];
        for (int i = 0; i < oy.length; i++) {
            oy[i] = ovr.get("y").get(i).asText();
        }
        Dataset three = Fixtures.numeric("ovr-fixture", Fixtures.matrix(ovr.get("x")), oy);
        Dataset reg = KernelRegressionTest.regression(KernelRegressionTestData.x(), KernelRegressionTestData.y());
        return Map.of(
                "nb.kernel.json", new Object[] {new KernelNaiveBayesLearner(), Map.of(), two},
                "kde.json", new Object[] {new KernelClassifierLearner(), Map.of("standardize", "true"), two},
                "kernel.regression.json", new Object[] {new KernelRegressionLearner(), Map.of(), reg},
                "perceptron.json", new Object[] {new PerceptronLearner(),
                    Map.of("rule", "sgd", "shuffle", "true", "average", "true", "epochs", "20"), three});
    }

    static List<String> names() {
        return List.of("nb.kernel.json", "kde.json", "kernel.regression.json", "perceptron.json");
    }

    @SuppressWarnings("unchecked")
    static Model fit(String name) {
        Object[] c = cases().get(name);
        Learner l = (Learner) c[0];
        return l.fit((Dataset) c[2], l.params((Map<String, String>) c[1]), 7);
    }

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        Files.createDirectories(dir);
        for (String name : names()) {
            try (OutputStream out = Files.newOutputStream(dir.resolve(name))) {
                fit(name).writeJson(out);
            }
        }
    }
}
