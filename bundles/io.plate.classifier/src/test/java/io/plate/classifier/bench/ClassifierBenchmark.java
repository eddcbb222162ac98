package io.plate.classifier.bench;

import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.api.learn.Params;
import io.plate.classifier.impl.BernoulliNaiveBayes;
import io.plate.classifier.impl.CategoricalNaiveBayes;
import io.plate.classifier.impl.MultinomialNaiveBayes;
import io.plate.classifier.impl.SharedData;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Speed of fit and predict against scikit-learn, measured side by side in one run: this class times
 * Plate, then runs bench/sklearn_classifier.py on the same files and prints both with their ratio.
 * Reading and vectorising the files is not timed on either side. Predict is {@code predictLogProba}
 * followed by exponentiation, the equivalent of scikit-learn's {@code predict_proba}; it includes matching
 * the separately imported test set's words and levels to the model's by text.
 *
 * <p>From the module folder:
 * <pre>
 * mvn -q -o test-compile -Dplate.targetName=target-clf
 * mvn -q -o dependency:build-classpath -Dmdep.outputFile=target-clf/cp.txt -Dplate.targetName=target-clf
 * java -cp "target-clf/test-classes:target-clf/classes:$(cat target-clf/cp.txt)" \
 *     io.plate.classifier.bench.ClassifierBenchmark ../../../shared/data ../../bench/sklearn_classifier.py
 * </pre>
 */
public final class ClassifierBenchmark {
    private static final int WARMUP = 5;
    private static final int REPEATS = 15;

    private ClassifierBenchmark() {
    }

    record Result(String name, double fit, double predict, double accuracy, int trainRows, int testRows) {
    }

    public static void main(String[] args) throws Exception {
        String data = args.length > 0 ? args[0] : "../../../shared/data";
        System.setProperty("plate.shared", java.nio.file.Path.of(data).getParent().toString());
        List<Result> plate = new ArrayList<>();
        Dataset newsTrain = SharedData.textTsv("20newsgroups-bydate/20news-bydate-train.tsv", i -> true);
        Dataset newsTest = SharedData.textTsv("20newsgroups-bydate/20news-bydate-test.tsv", i -> true);
        plate.add(time("20news-multinomial", new MultinomialNaiveBayes(), Map.of("alpha", "0.01"), newsTrain, newsTest));
        Dataset a9a = SharedData.libsvm("libsvm-a9a/a9a");
        Dataset a9aTest = SharedData.libsvm("libsvm-a9a/a9a.t");
        plate.add(time("a9a-bernoulli", new BernoulliNaiveBayes(), Map.of(), a9a, a9aTest));
        Dataset mushroom = SharedData.categoricalCsv("mushroom/mushroom.csv", Set.of(), false, false);
        plate.add(time("mushroom-categorical", new CategoricalNaiveBayes(), Map.of(), mushroom, mushroom));

        Map<String, Result> sk = new HashMap<>();
        if (args.length > 1) {
            Process p = new ProcessBuilder("python3", args[1], data).redirectErrorStream(true).start();
            try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    Map<String, String> kv = new HashMap<>();
                    for (String part : line.trim().split("\\s+")) {
                        int eq = part.indexOf('=');
                        if (eq > 0) {
                            kv.put(part.substring(0, eq), part.substring(eq + 1));
                        }
                    }
                    if (kv.containsKey("case")) {
                        sk.put(kv.get("case"), new Result(kv.get("case"), Double.parseDouble(kv.get("fit_s")),
                                Double.parseDouble(kv.get("predict_s")), Double.parseDouble(kv.get("accuracy")),
                                Integer.parseInt(kv.get("train_rows")), Integer.parseInt(kv.get("test_rows"))));
                    } else {
                        System.err.println("sklearn: " + line);
                    }
                }
            }
            p.waitFor();
        }
        System.out.printf(Locale.ROOT, "%-22s %10s %10s %9s %10s %10s %9s %7s%n", "case", "plate fit", "predict",
                "accuracy", "sk fit", "predict", "accuracy", "ratio");
        for (Result r : plate) {
            Result s = sk.get(r.name());
            System.out.printf(Locale.ROOT, "%-22s %9.2fms %8.2fms %9.4f", r.name(), r.fit() * 1e3, r.predict() * 1e3,
                    r.accuracy());
            if (s != null) {
                System.out.printf(Locale.ROOT, " %8.2fms %8.2fms %9.4f %7.3f", s.fit() * 1e3, s.predict() * 1e3,
                        s.accuracy(), (r.fit() + r.predict()) / (s.fit() + s.predict()));
            }
            System.out.println();
        }
        System.out.println("(median of " + REPEATS + " after " + WARMUP + " warm-up runs; ratio = Plate (fit + predict)"
                + " / scikit-learn (fit + predict_proba); Java " + System.getProperty("java.version") + ")");
    }

    private static Result time(String name, Learner learner, Map<String, String> params, Dataset train, Dataset test) {
        Params p = learner.params(params);
        double[] fit = new double[REPEATS];
        double[] predict = new double[REPEATS];
        Model m = null;
        double[][] proba = null;
        for (int i = 0; i < WARMUP + REPEATS; i++) {
            long t0 = System.nanoTime();
            m = learner.fit(train, p, 0);
            long t1 = System.nanoTime();
            proba = m.predictLogProba(test);
            for (double[] row : proba) {
                for (int k = 0; k < row.length; k++) {
                    row[k] = Math.exp(row[k]);
                }
            }
            long t2 = System.nanoTime();
            if (i >= WARMUP) {
                fit[i - WARMUP] = (t1 - t0) / 1e9;
                predict[i - WARMUP] = (t2 - t1) / 1e9;
            }
        }
        CategoricalColumn labels = test.labels().orElseThrow();
        int right = 0;
        for (int r = 0; r < proba.length; r++) {
            int best = 0;
            for (int k = 1; k < proba[r].length; k++) {
                if (proba[r][k] > proba[r][best]) {
                    best = k;
                }
            }
            if (m.classes().get(best).equals(labels.level(r))) {
                right++;
            }
        }
        return new Result(name, median(fit), median(predict), (double) right / proba.length, train.rows(), test.rows());
    }

    private static double median(double[] x) {
        double[] s = x.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
