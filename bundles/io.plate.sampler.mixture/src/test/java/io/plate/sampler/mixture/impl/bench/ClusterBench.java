package io.plate.sampler.mixture.impl.bench;

import io.plate.api.data.Dataset;
import io.plate.api.data.ImportOptions;
import io.plate.api.sample.Clustering;
import io.plate.api.sample.Posterior;
import io.plate.api.sample.RunSettings;
import io.plate.api.sample.Sampler;
import io.plate.api.sample.SummaryDiagnostic;
import io.plate.distributions.impl.FastDistributions;
import io.plate.importers.impl.CsvImporter;
import io.plate.importers.impl.TextImporter;
import io.plate.mcmc.ChainRunnerPool;
import io.plate.sampler.mixture.impl.BenchAccess;
import io.plate.sampler.mixture.impl.CategoricalMixtureSampler;
import io.plate.sampler.mixture.impl.ClusterAgreement;
import io.plate.sampler.mixture.impl.DpCategoricalMixtureSampler;
import io.plate.sampler.mixture.impl.DpGaussianMixtureSampler;
import io.plate.sampler.mixture.impl.DpMultinomialMixtureSampler;
import io.plate.sampler.mixture.impl.GaussianMixtureSampler;
import io.plate.sampler.mixture.impl.MultinomialMixtureSampler;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Benchmarks of the clustering a run reports (not a test); class path as for {@link MixtureBench}.
 *
 * <ul>
 * <li>{@code run FILE.csv SAMPLER ITERATIONS CHAINS SEED [key=value …]}: one run of a mixture service
 *     through the chain runner (burn-in a quarter of the iterations; the CSV's last column is the
 *     label; {@code -Dout=DIR} writes the run directory): R-hat and bulk ESS of {@code clusters} and {@code entropy}, ARI of the point estimate and
 *     of the highest-log-joint draw, split–merge acceptance, seconds;</li>
 * <li>{@code cost ROWS DRAWS K [loss]}: seconds of the point-estimate search on synthetic draws (a
 *     partition into K clusters with 10% of the rows moved at random in each draw).</li>
 * </ul>
 */
public final class ClusterBench {
    private static final FastDistributions DIST = new FastDistributions();

    private ClusterBench() {
    }

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "run" -> run(args);
            case "predict" -> predict(args);
            case "cost" -> cost(Integer.parseInt(args[1]), Integer.parseInt(args[2]), Integer.parseInt(args[3]),
                    args.length > 4 ? args[4] : "vi");
            default -> throw new IllegalArgumentException("run or cost, got " + args[0]);
        }
    }

    static Sampler sampler(String name, ChainRunnerPool runner) {
        return switch (name) {
            case "mixture.gaussian" -> new GaussianMixtureSampler(runner, DIST);
            case "mixture.dp-gaussian" -> new DpGaussianMixtureSampler(runner, DIST);
            case "mixture.categorical" -> new CategoricalMixtureSampler(runner, DIST);
            case "mixture.dp-categorical" -> new DpCategoricalMixtureSampler(runner, DIST);
            case "mixture.multinomial" -> new MultinomialMixtureSampler(runner, DIST);
            case "mixture.dp-multinomial" -> new DpMultinomialMixtureSampler(runner, DIST);
            default -> throw new IllegalArgumentException("unknown sampler " + name);
        };
    }

    static void run(String[] args) throws Exception {
        Dataset d = new CsvImporter().read(Path.of(args[1]), ImportOptions.defaults());
        int iterations = Integer.parseInt(args[3]);
        RunSettings rs = new RunSettings(iterations, iterations / 4, 1, Integer.parseInt(args[4]),
                Long.parseLong(args[5]), 0);
        Map<String, String> given = new LinkedHashMap<>();
        for (int i = 6; i < args.length; i++) {
            String[] kv = args[i].split("=", 2);
            given.put(kv[0], kv[1]);
        }
        try (ChainRunnerPool runner = ChainRunnerPool.over(DIST)) {
            Sampler s = sampler(args[2], runner);
            Posterior p = s.run(d, s.params(given), rs, null, null);
            if (System.getProperty("out") != null) {
                p.write(Path.of(System.getProperty("out")));
            }
            StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%s %s %s seed %s:", args[1], args[2], given,
                    args[5]));
            for (SummaryDiagnostic sd : p.diagnostics()) {
                if (sd.name().equals("clusters") || sd.name().equals("entropy")) {
                    b.append(String.format(Locale.ROOT, " %s R-hat %.3f ESS %.0f;", sd.name(), sd.rhat(), sd.essBulk()));
                }
            }
            Clustering c = p.clustering().orElseThrow();
            b.append(String.format(Locale.ROOT, " estimate %d clusters, ARI %.4f (highest log joint %.4f, %d clusters);",
                    c.clusters().size(), c.agreement().map(Clustering.Agreement::ari).orElse(Double.NaN),
                    c.agreement().map(Clustering.Agreement::ariHighestLogJoint).orElse(Double.NaN),
                    c.highestLogJointClusters()));
            b.append(String.format(Locale.ROOT, " split-merge acceptance %s; search %.2f s; %.1f s",
                    p.facts().get("split_merge_acceptance"), p.facts().get("estimate_search_seconds"), p.seconds()));
            System.out.println(b);
        }
    }

    /** A CSV, or a TSV of text and label read as word counts (as plate:import reads a .tsv). */
    static Dataset read(String file) throws java.io.IOException {
        return file.endsWith(".tsv") ? new TextImporter().read(Path.of(file), ImportOptions.defaults())
                : new CsvImporter().read(Path.of(file), ImportOptions.defaults());
    }

    /**
     * predict TRAIN TEST SAMPLER ITERATIONS SEED REPEATS [key=value …]: one run of 2 chains on TRAIN, then its
     * predictor assigns TEST's rows on one thread and on every core, alternately, REPEATS times.
     */
    static void predict(String[] args) throws Exception {
        Dataset train = read(args[1]);
        Dataset test = read(args[2]);
        int iterations = Integer.parseInt(args[4]);
        RunSettings rs = new RunSettings(iterations, iterations / 4, 1, 2, Long.parseLong(args[5]), 0);
        Map<String, String> given = new LinkedHashMap<>();
        for (int i = 7; i < args.length; i++) {
            String[] kv = args[i].split("=", 2);
            given.put(kv[0], kv[1]);
        }
        int cores = Runtime.getRuntime().availableProcessors();
        try (ChainRunnerPool runner = ChainRunnerPool.over(DIST)) {
            Sampler s = sampler(args[3], runner);
            Posterior p = s.run(train, s.params(given), rs, null, null);
            for (int rep = 0; rep < Integer.parseInt(args[6]); rep++) {
                double one = BenchAccess.predictSeconds(p, test, 1);
                double all = BenchAccess.predictSeconds(p, test, cores);
                System.out.printf(Locale.ROOT, "%s %s, %d test rows: 1 thread %.2f s, %d threads %.2f s, ratio %.2f%n",
                        args[3], given, test.rows(), one, cores, all, one / all);
            }
        }
    }

    static void cost(int rows, int draws, int k, String loss) {
        UniformRandomProvider rng = DIST.stream(1, 0);
        int[] base = new int[rows];
        for (int r = 0; r < rows; r++) {
            base[r] = rng.nextInt(k);
        }
        List<int[]> ds = new ArrayList<>();
        for (int m = 0; m < draws; m++) {
            int[] d = base.clone();
            for (int r = 0; r < rows; r++) {
                if (rng.nextDouble() < 0.1) {
                    d[r] = rng.nextInt(k);
                }
            }
            ds.add(d);
        }
        for (int rep = 0; rep < 3; rep++) {
            long t0 = System.nanoTime();
            double[] losses = new double[2];
            int[] est = BenchAccess.estimate(ds, loss, k, rng, losses);
            double s = (System.nanoTime() - t0) / 1e9;
            System.out.printf(Locale.ROOT, "%d rows, %d draws, K=%d, %s: %.2f s; expected loss %.5g (best draw %.5g);"
                    + " ARI to the base partition %.4f%n", rows, draws, k, loss, s, losses[0], losses[1],
                    ClusterAgreement.adjustedRandIndex(base, est));
        }
    }
}
