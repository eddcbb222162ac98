package io.plate.classifier.bench;

import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.api.learn.Params;
import io.plate.classifier.impl.SharedData;
import io.plate.classifier.impl.nb.BernoulliNaiveBayes;
import io.plate.classifier.impl.nb.CategoricalNaiveBayes;
import io.plate.classifier.impl.nb.MultinomialNaiveBayes;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Speed of fit and predict against scikit-learn, measured side by side in one run. The scikit-learn side
 * ({@code bench/sklearn_classifier.py --serve}) reads the data once and then answers one timed
 * fit + predict_proba per request; this class alternates one Plate run and one scikit-learn run, so both
 * see the same machine load, and reports the medians and the median of the paired ratios
 * Plate (fit + predict) / scikit-learn (fit + predict_proba). Reading and vectorising the files is not
 * timed on either side. Plate's predict is {@code predictLogProba} followed by exponentiation (the
 * equivalent of {@code predict_proba}) and includes matching the separately imported test set's words
 * and levels to the model's by text.
 *
 * <p>From the repository root:
 * <pre>
 * CP=$(bash bench/classpath.sh bundles/io.plate.classifier)
 * java -Xms2g -Xmx2g -XX:+AlwaysPreTouch -XX:+UseParallelGC -cp "$CP" \
 *     io.plate.classifier.bench.ClassifierBenchmark DATA bench/sklearn_classifier.py
 * </pre>
 * DATA is a folder laid out like the repository's data/ that also holds the full 20 Newsgroups corpus in
 * {@code DATA/20newsgroups-bydate/} (where to get it: data/20newsgroups-subset/SOURCE.txt).
 * (a fixed, pre-touched heap so that the 21 MB tables of the 20news model do not pay for page faults and
 * heap growth in every fit; plain {@code java -cp …} works too). Without the script argument only Plate
 * is timed.
 */
public final class ClassifierBenchmark {
    private static final int WARMUP = 5;
    private static final int REPEATS = 21;

    private ClassifierBenchmark() {
    }

    /** The scikit-learn side: a python process that answers one timed run per case name. */
    private static final class Sklearn implements AutoCloseable {
        private final Process process;
        private final BufferedReader in;
        private final PrintWriter out;

        Sklearn(String script, String data) throws IOException {
            process = new ProcessBuilder("python3", script, data, "--serve").redirectErrorStream(true).start();
            in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            out = new PrintWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8), true);
            for (String line = in.readLine(); ; line = in.readLine()) {
                if (line == null) {
                    throw new IOException("the scikit-learn script ended before it was ready");
                }
                if (line.startsWith("ready")) {
                    break;
                }
                System.err.println("sklearn: " + line);
            }
        }

        /** {fit seconds, predict seconds, accuracy}. */
        double[] run(String name) throws IOException {
            out.println(name);
            String line = in.readLine();
            if (line == null) {
                throw new IOException("the scikit-learn script ended");
            }
            Map<String, String> kv = new HashMap<>();
            for (String part : line.trim().split("\\s+")) {
                int eq = part.indexOf('=');
                if (eq > 0) {
                    kv.put(part.substring(0, eq), part.substring(eq + 1));
                }
            }
            if (!name.equals(kv.get("case"))) {
                throw new IOException("unexpected answer from the scikit-learn script: " + line);
            }
            return new double[] {Double.parseDouble(kv.get("fit_s")), Double.parseDouble(kv.get("predict_s")),
                Double.parseDouble(kv.get("accuracy"))};
        }

        @Override
        public void close() throws InterruptedException {
            out.println();
            out.close();
            process.waitFor();
        }
    }

    public static void main(String[] args) throws Exception {
        String data = args.length > 0 ? args[0] : "../../data";
        System.setProperty("plate.data", data);
        Dataset newsTrain = SharedData.textTsv("20newsgroups-bydate/20news-bydate-train.tsv", i -> true);
        Dataset newsTest = SharedData.textTsv("20newsgroups-bydate/20news-bydate-test.tsv", i -> true);
        Dataset a9a = SharedData.libsvm("libsvm-a9a/a9a");
        Dataset a9aTest = SharedData.libsvm("libsvm-a9a/a9a.t");
        Dataset mushroom = SharedData.categoricalCsv("mushroom/mushroom.csv", Set.of(), false, false);
        Sklearn sk = args.length > 1 ? new Sklearn(args[1], data) : null;
        try {
            System.out.printf(Locale.ROOT, "%-22s %10s %10s %9s %10s %10s %9s %7s%n", "case", "plate fit", "predict",
                    "accuracy", "sk fit", "predict", "accuracy", "ratio");
            bench("20news-multinomial", new MultinomialNaiveBayes(), Map.of("alpha", "0.01"), newsTrain, newsTest, sk);
            bench("a9a-bernoulli", new BernoulliNaiveBayes(), Map.of(), a9a, a9aTest, sk);
            bench("mushroom-categorical", new CategoricalNaiveBayes(), Map.of(), mushroom, mushroom, sk);
        } finally {
            if (sk != null) {
                sk.close();
            }
        }
        System.out.println("(medians of " + REPEATS + " alternating runs after " + WARMUP + " warm-up runs; ratio ="
                + " median over runs of Plate (fit + predict) / scikit-learn (fit + predict_proba); Java "
                + System.getProperty("java.version") + ", " + Runtime.getRuntime().availableProcessors() + " cores)");
    }

    private static void bench(String name, Learner learner, Map<String, String> params, Dataset train, Dataset test,
            Sklearn sk) throws IOException {
        Params p = learner.params(params);
        double[] fit = new double[REPEATS];
        double[] predict = new double[REPEATS];
        double[] skFit = new double[REPEATS];
        double[] skPredict = new double[REPEATS];
        double[] ratio = new double[REPEATS];
        double accuracy = 0;
        double skAccuracy = Double.NaN;
        for (int i = 0; i < WARMUP + REPEATS; i++) {
            long t0 = System.nanoTime();
            Model m = learner.fit(train, p, 0);
            long t1 = System.nanoTime();
            double[][] proba = m.predictLogProba(test);
            for (double[] row : proba) {
                for (int k = 0; k < row.length; k++) {
                    row[k] = Math.exp(row[k]);
                }
            }
            long t2 = System.nanoTime();
            double[] s = sk == null ? null : sk.run(name);
            if (i >= WARMUP) {
                int j = i - WARMUP;
                fit[j] = (t1 - t0) / 1e9;
                predict[j] = (t2 - t1) / 1e9;
                if (s != null) {
                    skFit[j] = s[0];
                    skPredict[j] = s[1];
                    skAccuracy = s[2];
                    ratio[j] = (fit[j] + predict[j]) / (s[0] + s[1]);
                }
            }
            accuracy = accuracy(m, proba, test);
        }
        System.out.printf(Locale.ROOT, "%-22s %8.2fms %8.2fms %9.4f", name, median(fit) * 1e3, median(predict) * 1e3,
                accuracy);
        if (sk != null) {
            System.out.printf(Locale.ROOT, " %8.2fms %8.2fms %9.4f %7.3f", median(skFit) * 1e3,
                    median(skPredict) * 1e3, skAccuracy, median(ratio));
        }
        System.out.println();
    }

    private static double accuracy(Model m, double[][] proba, Dataset test) {
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
        return (double) right / proba.length;
    }

    private static double median(double[] x) {
        double[] s = x.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
