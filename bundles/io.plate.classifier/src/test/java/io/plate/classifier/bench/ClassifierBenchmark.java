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
 * java -Xms2g -Xmx2g -XX:+AlwaysPreTouch -XX:+UseParallelGC \
 *     -cp "target-clf/test-classes:target-clf/classes:$(cat target-clf/cp.txt)" \
 *     io.plate.classifier.bench.ClassifierBenchmark ../../../shared/data ../../bench/sklearn_classifier.py 3
 * </pre>
 * (a fixed, pre-touched heap so that the 21 MB tables of the 20news model do not pay for page faults and
 * heap growth in every fit; the last argument is the number of rounds). Plain {@code java -cp …} works
 * too.
 */
public final class ClassifierBenchmark {
    private static final int WARMUP = 5;
    private static final int REPEATS = 11;

    private ClassifierBenchmark() {
    }

    record Result(String name, double fit, double predict, double accuracy, int trainRows, int testRows) {
    }

    public static void main(String[] args) throws Exception {
        String data = args.length > 0 ? args[0] : "../../../shared/data";
        String script = args.length > 1 ? args[1] : null;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        System.setProperty("plate.shared", java.nio.file.Path.of(data).getParent().toString());
        Dataset newsTrain = SharedData.textTsv("20newsgroups-bydate/20news-bydate-train.tsv", i -> true);
        Dataset newsTest = SharedData.textTsv("20newsgroups-bydate/20news-bydate-test.tsv", i -> true);
        Dataset a9a = SharedData.libsvm("libsvm-a9a/a9a");
        Dataset a9aTest = SharedData.libsvm("libsvm-a9a/a9a.t");
        Dataset mushroom = SharedData.categoricalCsv("mushroom/mushroom.csv", Set.of(), false, false);
        Map<String, List<Double>> ratios = new java.util.LinkedHashMap<>();
        // Plate and scikit-learn alternate, round after round, so that a change in the machine's load
        // affects both sides of a ratio alike; the summary is the median ratio over the rounds.
        for (int round = 1; round <= rounds; round++) {
            List<Result> plate = new ArrayList<>();
            plate.add(time("20news-multinomial", new MultinomialNaiveBayes(), Map.of("alpha", "0.01"), newsTrain,
                    newsTest));
            plate.add(time("a9a-bernoulli", new BernoulliNaiveBayes(), Map.of(), a9a, a9aTest));
            plate.add(time("mushroom-categorical", new CategoricalNaiveBayes(), Map.of(), mushroom, mushroom));
            Map<String, Result> sk = script == null ? Map.of() : sklearn(script, data);
            System.out.printf(Locale.ROOT, "round %d%n%-22s %10s %10s %9s %10s %10s %9s %7s%n", round, "case",
                    "plate fit", "predict", "accuracy", "sk fit", "predict", "accuracy", "ratio");
            for (Result r : plate) {
                Result s = sk.get(r.name());
                System.out.printf(Locale.ROOT, "%-22s %8.2fms %8.2fms %9.4f", r.name(), r.fit() * 1e3,
                        r.predict() * 1e3, r.accuracy());
                if (s != null) {
                    double ratio = (r.fit() + r.predict()) / (s.fit() + s.predict());
                    ratios.computeIfAbsent(r.name(), k -> new ArrayList<>()).add(ratio);
                    System.out.printf(Locale.ROOT, " %8.2fms %8.2fms %9.4f %7.3f", s.fit() * 1e3, s.predict() * 1e3,
                            s.accuracy(), ratio);
                }
                System.out.println();
            }
        }
        System.out.println("median ratio over " + rounds + " rounds (Plate (fit + predict) / scikit-learn (fit +"
                + " predict_proba)):");
        for (Map.Entry<String, List<Double>> e : ratios.entrySet()) {
            System.out.printf(Locale.ROOT, "  %-22s %.3f%n", e.getKey(),
                    median(e.getValue().stream().mapToDouble(Double::doubleValue).toArray()));
        }
        System.out.println("(each time: median of " + REPEATS + " runs after " + WARMUP + " warm-up runs; Java "
                + System.getProperty("java.version") + ", " + Runtime.getRuntime().availableProcessors() + " cores)");
    }

    private static Map<String, Result> sklearn(String script, String data) throws Exception {
        Map<String, Result> sk = new HashMap<>();
        Process p = new ProcessBuilder("python3", script, data).redirectErrorStream(true).start();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
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
        if (p.waitFor() != 0) {
            throw new IllegalStateException("the scikit-learn script failed: " + script);
        }
        return sk;
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
