package io.plate.classifier.impl.kernel.bench;

import io.plate.api.data.Dataset;
import io.plate.api.learn.EvaluationReport;
import io.plate.api.learn.EvaluationSettings;
import io.plate.api.learn.Learner;
import io.plate.classifier.impl.CrossValidationEvaluator;
import io.plate.classifier.impl.kernel.KernelClassifierLearner;
import io.plate.classifier.impl.nb.GaussianNaiveBayes;
import io.plate.classifier.impl.nb.KernelNaiveBayesLearner;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.rng.simple.RandomSource;

/**
 * The curse of dimensionality, shown: 10-fold stratified cross-validated accuracy (seed 1) of the full
 * kernel classifier {@code kde}, kernel naive Bayes {@code nb.kernel} (both bandwidth scopes) and Gaussian
 * naive Bayes {@code nb.gaussian} on the first d features (by decreasing variance) of a shared dataset,
 * for growing d.
 *
 * <p>Arguments: {@code DATA.csv OUT.csv [d1,d2,…] [--noise K] [--subsets DIR]}. The CSV has a header and
 * the class in the last column. {@code --noise K} keeps the K highest-variance real features and makes
 * every further dimension a pure-noise column (seed 1), the textbook form of the curse.
 * {@code --subsets DIR} also writes each d-feature dataset as {@code DIR/<name>-d<d>.csv} for
 * {@code examples/curse-of-dimensionality.gosh}. The command is in docs/kernel-methods.md.
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
        String dataName = data.getFileName().toString().replaceFirst("\\.csv$", "");
        int[] dims = null;
        Path subsets = null;
        for (int i = 2; i < args.length; i++) {
            if (args[i].equals("--noise")) {
                int keep = Integer.parseInt(args[++i]);
                all = all.withNoise(keep, 64, RandomSource.XO_RO_SHI_RO_128_PP.create(1L));
                dataName += "-noise";
            } else if (args[i].equals("--subsets")) {
                subsets = Path.of(args[++i]);
            } else {
                dims = Arrays.stream(args[i].split(",")).mapToInt(Integer::parseInt).toArray();
            }
        }
        int[] order = all.byVarianceUnlessNoise(dataName.endsWith("-noise"));
        int p = order.length;
        if (dims == null) {
            dims = new int[] {1, 2, 4, 8, 16, 32, p};
        }
        if (subsets != null) {
            Files.createDirectories(subsets);
            for (int d : dims) {
                all.writeCsv(subsets.resolve(dataName + "-d" + d + ".csv"), Arrays.copyOf(order, Math.min(d, p)));
            }
        }
        KernelNaiveBayesLearner nbk = new KernelNaiveBayesLearner();
        List<Map.Entry<Learner, Map<String, String>>> configs = List.of(
                Map.entry(new KernelClassifierLearner(), Map.of("standardize", "true")),
                Map.entry(nbk, Map.of()),
                Map.entry(nbk, Map.of("bandwidth_scope", "feature")),
                Map.entry(new GaussianNaiveBayes(), Map.of()));
        CrossValidationEvaluator evaluator = new CrossValidationEvaluator();
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
