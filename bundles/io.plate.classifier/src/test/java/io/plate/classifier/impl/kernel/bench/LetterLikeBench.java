package io.plate.classifier.impl.kernel.bench;

import io.plate.api.data.Dataset;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.classifier.impl.nb.GaussianNaiveBayes;
import io.plate.classifier.impl.nb.KernelNaiveBayesLearner;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.rng.simple.RandomSource;

/**
 * {@code nb.kernel} against {@code nb.gaussian} on letter-sized synthetic data (the UCI letter dataset is
 * not in the shared data): 26 classes, 16 integer features 0..15, each class a mixture of 3 prototypes,
 * 16,000 training rows and 4,000 test rows (the letter split), seed 20261122. Prints holdout accuracy and
 * the fit and predict wall-clock times (predict timed on the 4,000 test rows and on all 16,000 training rows).
 * Arguments: {@code [MODES [continuous]]} (default 3 prototypes per class, integer features).
 *
 * <p>Command: see docs/kernel-methods.md.
 */
public final class LetterLikeBench {
    private LetterLikeBench() {
    }

    public static void main(String[] args) {
        int modes = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        boolean continuous = args.length > 1 && args[1].equals("continuous");
        BenchData data = BenchData.letterLike(20_000, 26, 16, modes, continuous,
                RandomSource.XO_RO_SHI_RO_128_PP.create(20261122L));
        int[] all = new int[16];
        for (int d = 0; d < 16; d++) {
            all[d] = d;
        }
        Dataset train = data.dataset("letter-like.train", all, 0, 16_000);
        Dataset test = data.dataset("letter-like.test", all, 16_000, 20_000);
        System.out.printf(Locale.ROOT, "%-12s %-26s %9s %8s %12s %13s%n", "learner", "params", "accuracy", "fit s",
                "predict 4k s", "predict 16k s");
        run(new GaussianNaiveBayes(), Map.of(), train, test);
        run(new KernelNaiveBayesLearner(), Map.of(), train, test);
        run(new KernelNaiveBayesLearner(), Map.of("bandwidth", "scott"), train, test);
        run(new KernelNaiveBayesLearner(), Map.of("bandwidth_scope", "feature"), train, test);
        run(new KernelNaiveBayesLearner(), Map.of("cutoff", "8"), train, test);
        if (continuous) {
            run(new KernelNaiveBayesLearner(), Map.of("grid", "0"), train, test);
        }
    }

    private static void run(Learner l, Map<String, String> given, Dataset train, Dataset test) {
        // one warm-up fit and prediction so that the JIT has compiled the hot loops
        l.fit(train, l.params(given), 1).predictLogProba(test);
        long t0 = System.nanoTime();
        Model m = l.fit(train, l.params(given), 1);
        long t1 = System.nanoTime();
        double[] pred = m.predict(test);
        long t2 = System.nanoTime();
        m.predict(train);
        long t3 = System.nanoTime();
        java.util.List<String> classes = m.classes();
        io.plate.api.data.CategoricalColumn y = test.labels().orElseThrow();
        int correct = 0;
        for (int r = 0; r < pred.length; r++) {
            correct += classes.get((int) pred[r]).equals(y.level(r)) ? 1 : 0;
        }
        System.out.printf(Locale.ROOT, "%-12s %-26s %9.4f %8.3f %12.3f %13.3f%n", l.name(), given.toString(),
                (double) correct / pred.length, (t1 - t0) / 1e9, (t2 - t1) / 1e9, (t3 - t2) / 1e9);
    }
}
