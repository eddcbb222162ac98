package io.plate.classifier.impl.kernel.bench;

import io.plate.api.data.Dataset;
import io.plate.api.learn.EvaluationReport;
import io.plate.api.learn.EvaluationSettings;
import io.plate.api.learn.Learner;
import io.plate.classifier.impl.CrossValidationEvaluator;
import io.plate.classifier.impl.GaussianNaiveBayes;
import io.plate.classifier.impl.kernel.KernelClassifierLearner;
import io.plate.classifier.impl.kernel.KernelNaiveBayesLearner;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The curse of dimensionality, shown: 10-fold stratified cross-validated accuracy (seed 1) of the full
 * kernel classifier {@code kde}, kernel naive Bayes {@code nb.kernel} and Gaussian naive Bayes
 * {@code nb.gaussian} on the first d features (by decreasing variance) of a shared dataset, for growing d.
 *
 * <p>Run (from the repository root, after {@code mvn -o install -pl bundles/io.plate.classifier
 * -Dplate.targetName=target-kern -DskipTests} has compiled the test classes):
 * <pre>
 * mvn -B -q -o exec:java ... (not configured) — use the plain java command:
 * java -cp "$(cat bundles/io.plate.classifier/target-kern/bench.classpath)" \
 *   io.plate.classifier.impl.kernel.bench.CurseOfDimensionalityBench ../shared/data/digits/digits-sklearn-1797.csv \
 *   docs/kernel-methods-dimension-digits.csv
 * </pre>
 * (see docs/kernel-methods.md for how the class path file is made). Arguments: the CSV (class last),
 * the output CSV, and optionally the comma-separated dimensions (default 1,2,4,8,16,32,all).
 */
public final class CurseOfDimensionalityBench {
    private CurseOfDimensionalityBench() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: CurseOfDimensionalityBench DATA.csv OUT.csv [d1,d2,...]");
            System.exit(2);
        }
        Path data = Path.of(args[0]);
        BenchData all = BenchData.csv(data);
        int[] order = all.byVariance();
        int p = order.length;
        int[] dims = args.length > 2 ? Arrays.stream(args[2].split(",")).mapToInt(Integer::parseInt).toArray()
                : new int[] {1, 2, 4, 8, 16, 32, p};
        KernelNaiveBayesLearner nbk = new KernelNaiveBayesLearner();
        List<Map.Entry<Learner, Map<String, String>>> configs = List.of(
                Map.entry(new KernelClassifierLearner(), Map.of("standardize", "true")),
                Map.entry(nbk, Map.of()),
                Map.entry(nbk, Map.of("bandwidth_scope", "feature")),
                Map.entry(new GaussianNaiveBayes(), Map.of()));
        CrossValidationEvaluator evaluator = new CrossValidationEvaluator();
        String dataName = data.getFileName().toString();
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(Path.of(args[1]), StandardCharsets.UTF_8))) {
            out.println("dataset,features,learner,params,accuracy,macroF1,logLoss,fitSeconds,predictSeconds");
            System.out.printf(Locale.ROOT, "%-8s %-12s %-20s %9s %9s %9s%n", "d", "learner", "params", "accuracy", "fit s",
                    "pred s");
            for (int d : dims) {
                if (d > p) {
                    continue;
                }
                Dataset ds = all.dataset(dataName + "[" + d + "]", Arrays.copyOf(order, d), 0, all.rows());
                for (Map.Entry<Learner, Map<String, String>> c : configs) {
                    Learner l = c.getKey();
                    Map<String, String> given = c.getValue();
                    EvaluationReport r = evaluator.evaluate(l, ds, l.params(given),
                            EvaluationSettings.crossValidation(10, 1));
                    out.printf(Locale.ROOT, "%s,%d,%s,%s,%.4f,%.4f,%.4f,%.3f,%.3f%n", dataName, d, l.name(),
                            l.params(given).toString().replace(',', ';'), r.accuracy(), r.macroF1(), r.logLoss(),
                            r.fitSeconds(), r.predictSeconds());
                    out.flush();
                    System.out.printf(Locale.ROOT, "%-8d %-12s %-20s %9.4f %9.3f %9.3f%n", d, l.name(), given, r.accuracy(),
                            r.fitSeconds(), r.predictSeconds());
                }
            }
        }
    }
}
