package io.plate.sampler.sparse.impl.bench;

import io.plate.api.data.Dataset;
import io.plate.api.learn.EvaluationReport;
import io.plate.api.learn.EvaluationSettings;
import io.plate.api.learn.Learner;
import io.plate.api.sample.Cancellation;
import io.plate.api.sample.Distributions;
import io.plate.api.sample.Posterior;
import io.plate.api.sample.ProgressListener;
import io.plate.api.sample.RunSettings;
import io.plate.api.sample.Sampler;
import io.plate.classifier.impl.CrossValidationEvaluator;
import io.plate.classifier.impl.nb.CategoricalNaiveBayes;
import io.plate.distributions.impl.FastDistributions;
import io.plate.mcmc.ChainRunnerPool;
import io.plate.sampler.sparse.impl.BenchAccess;
import io.plate.sampler.sparse.impl.CollapsedSampler;
import io.plate.sampler.sparse.impl.DirichletSampler;
import io.plate.sampler.sparse.impl.SparseNaiveBayes;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Speed of the sparse samplers and the accuracy of {@code nb.sparse} against {@code nb.categorical}.
 * Run from the repository root (see docs/sparse-prior.md):
 * <pre>
 * CP=$(bash bench/classpath.sh bundles/io.plate.sampler.sparse)
 * java -cp "$CP" -Dplate.data=data io.plate.sampler.sparse.impl.bench.SparseBenchmark speed|evaluate|exactcheck
 * </pre>
 * {@code speed}: single-chain sweeps per second on splice (3 classes × 60 positions) for both samplers
 * with the {@code fast} Distributions provider, bytes allocated per sweep, and a 4-chain run on 2 threads.
 * {@code evaluate}: 10-fold stratified cross-validation (seed 1) of both learners on the
 * categorical datasets. {@code exactcheck}: theta tables of both samplers (4 chains) on every cell of car,
 * zoo and promoters against the brute-force enumeration of the seed's model.
 */
public final class SparseBenchmark {
    private SparseBenchmark() {
    }

    static Path shared(String relative) {
        return Path.of(System.getProperty("plate.data", "data"), relative);
    }

    public static void main(String[] args) throws Exception {
        String what = args.length == 0 ? "speed" : args[0];
        if (what.equals("speed") || what.equals("all")) {
            speed();
        }
        if (what.equals("evaluate") || what.equals("all")) {
            evaluate();
        }
        if (what.equals("exactcheck") || what.equals("all")) {
            exactCheck();
        }
    }

    static void speed() throws Exception {
        Dataset splice = BenchAccess.csv(shared("splice-junction/splice.csv"), "class", "instance");
        System.out.println(splice.summary());
        Distributions dist = new FastDistributions();
        for (String sampler : List.of("sparse.collapsed", "sparse.dirichlet")) {
            int sweeps = sampler.equals("sparse.collapsed") ? 50_000 : 20_000;
            double[] r = BenchAccess.singleChain(sampler, splice, dist, sweeps / 5, sweeps);
            System.out.printf(Locale.ROOT, "%-17s one chain, one thread: %,.0f sweeps/s, %.1f bytes allocated per sweep%n",
                    sampler, r[0], r[1]);
        }
        try (ChainRunnerPool runner = ChainRunnerPool.over(dist)) {
            for (Sampler s : List.of(new CollapsedSampler(runner, dist), new DirichletSampler(runner, dist))) {
                int iterations = s.name().equals("sparse.collapsed") ? 40_000 : 16_000;
                RunSettings settings = new RunSettings(iterations, iterations / 4, 1, 4, 1L, 2);
                Posterior p = s.run(splice, s.params(Map.of()), settings, ProgressListener.NONE, new Cancellation());
                long kept = 0;
                for (int c = 0; c < 4; c++) {
                    kept += p.trace().draws(c);
                }
                System.out.printf(Locale.ROOT,
                        "%-17s 4 chains on 2 threads: %,.0f sweeps/s in total, %,.0f kept draws/s, %.2f s%n", s.name(),
                        p.sweepsPerSecond(), kept / p.seconds(), p.seconds());
                System.out.println(p);
            }
        }
        System.out.println("cores: " + Runtime.getRuntime().availableProcessors() + ", "
                + ManagementFactory.getRuntimeMXBean().getVmName() + " " + System.getProperty("java.version"));
    }

    static void exactCheck() throws Exception {
        Distributions dist = new FastDistributions();
        Object[][] sets = {
            {"car/car.csv", "class", new String[0]},
            {"zoo/zoo.csv", "type", new String[] {"animal"}},
            {"promoters/promoters.csv", "class", new String[] {"instance"}},
        };
        try (ChainRunnerPool runner = ChainRunnerPool.over(dist)) {
            for (Object[] set : sets) {
                Dataset d = BenchAccess.csv(shared((String) set[0]), (String) set[1], (String[]) set[2]);
                for (Sampler s : List.of(new CollapsedSampler(runner, dist), new DirichletSampler(runner, dist))) {
                    int iterations = s.name().equals("sparse.collapsed") ? 30_000 : 100_000;
                    RunSettings settings = new RunSettings(iterations, iterations / 10, 1, 4, 3L, 2);
                    long start = System.nanoTime();
                    double[] dev = BenchAccess.thetaDeviations(s, d, settings);
                    System.out.printf(Locale.ROOT, "%-10s %-17s 4 x %,d sweeps: max |theta - exact| %.4f,"
                            + " max |P(Z=1) - exact| %.4f (%.1f s)%n", d.name(), s.name(), iterations, dev[0], dev[1],
                            (System.nanoTime() - start) / 1e9);
                }
            }
        }
    }

    static void evaluate() throws Exception {
        Distributions dist = new FastDistributions();
        CrossValidationEvaluator evaluator = new CrossValidationEvaluator();
        Learner sparse = new SparseNaiveBayes(dist);
        Learner categorical = new CategoricalNaiveBayes();
        Object[][] sets = {
            {"splice-junction/splice.csv", "class", new String[] {"instance"}},
            {"promoters/promoters.csv", "class", new String[] {"instance"}},
            {"mushroom/mushroom.csv", "class", new String[0]},
            {"house-votes-84/house-votes-84.csv", "class", new String[0]},
            {"breast-cancer-ljubljana/breast-cancer.csv", "class", new String[0]},
            {"car/car.csv", "class", new String[0]},
            {"tic-tac-toe/tic-tac-toe.csv", "class", new String[0]},
            {"nursery/nursery.csv", "class", new String[0]},
            {"zoo/zoo.csv", "type", new String[] {"animal"}},
        };
        System.out.println("| dataset | rows | nb.categorical (alpha=1) accuracy | log-loss | nb.sparse (alpha=1, a=b=1)"
                + " accuracy | log-loss | nb.sparse (alpha=0.5, a=1, b=3) accuracy | log-loss |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|");
        for (Object[] set : sets) {
            Dataset d = BenchAccess.csv(shared((String) set[0]), (String) set[1], (String[]) set[2]);
            EvaluationSettings cv = EvaluationSettings.crossValidation(10, 1L);
            EvaluationReport c = evaluator.evaluate(categorical, d, categorical.params(Map.of()), cv);
            EvaluationReport s = evaluator.evaluate(sparse, d, sparse.params(Map.of()), cv);
            EvaluationReport s2 = evaluator.evaluate(sparse, d, sparse.params(Map.of("alpha", "0.5", "b", "3")), cv);
            System.out.printf(Locale.ROOT, "| %s | %d | %.4f | %.4f | %.4f | %.4f | %.4f | %.4f |%n", d.name(), d.rows(),
                    c.accuracy(), c.logLoss(), s.accuracy(), s.logLoss(), s2.accuracy(), s2.logLoss());
        }
    }
}
