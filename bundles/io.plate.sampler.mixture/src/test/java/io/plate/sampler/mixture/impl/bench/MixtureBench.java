package io.plate.sampler.mixture.impl.bench;

import io.plate.api.data.Dataset;
import io.plate.api.data.ImportOptions;
import io.plate.api.data.NumericColumn;
import io.plate.api.sample.Chain;
import io.plate.distributions.impl.FastDistributions;
import io.plate.importers.impl.CsvImporter;
import io.plate.importers.impl.TextImporter;
import io.plate.sampler.mixture.impl.BenchAccess;
import io.plate.sampler.mixture.impl.ClusterAgreement;
import io.plate.distributions.numerics.LogMath;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Benchmarks of the mixture samplers (not a test). Run from the repository root:
 *
 * <pre>
 * CP=$(bash bench/classpath.sh bundles/io.plate.sampler.mixture)
 * java -cp "$CP" io.plate.sampler.mixture.impl.bench.MixtureBench [speed|sweep|splitmerge|gaussiansplitmerge|quality|priorscale|text|all] ROOT
 * </pre>
 * ROOT is a folder whose {@code data/} holds the datasets: the repository root serves quality and
 * priorscale; speed, sweep and text need the full 20 Newsgroups corpus in
 * {@code ROOT/data/20newsgroups-bydate/} (where to get it: data/20newsgroups-subset/SOURCE.txt).
 *
 * <ul>
 * <li>speed: seconds per sweep of the uncollapsed {@code mixture.multinomial} on 20news train with
 *     K = 20 (parallel and one thread), of the collapsed one, and sweeps per second of
 *     {@code mixture.gaussian} (full and diag) on letter-like synthetic data, 20,000 × 16, K = 26;</li>
 * <li>quality: ARI (train) and held-out log predictive density (test) of {@code mixture.gaussian} on
 *     iris, wine, old-faithful and ripley-synth, with the same splits as bench/sklearn_mixture.py;</li>
 * <li>prior TRAIN.csv TEST.csv K|dp CHAINS SWEEPS [key=value …]: one case of the defaults study (the VI and the
 *     Binder estimates' ARI)
 *     (bench/mixture_defaults.py): ARI of the point estimate on the training rows (when the header's last
 *     column is {@code label}), its number of clusters and the held-out log predictive density, under the
 *     Gaussian parameters given (defaults where absent), a third of the sweeps burn-in;</li>
 * <li>splitmerge FILE.tsv [repeats]: seconds per sweep of the default uncollapsed {@code mixture.multinomial}
 *     (K = 20) on a text file without and with its split–merge moves, timed in turn;</li>
 * <li>gaussiansplitmerge [repeats]: seconds per sweep of the uncollapsed {@code mixture.gaussian} (full and
 *     diag) on letter-like synthetic data, 20,000 × 16, K = 26, without and with its default split–merge
 *     move, timed in turn;</li>
 * <li>text [beta [collapsed [sweeps [seeds [restarts]]]]]: NMI and ARI of {@code mixture.multinomial} (K = 20) on 20news
 *     train against the newsgroups, of the VI point estimate over the second half of the sweeps and of the
 *     highest-log-joint draw.</li>
 * </ul>
 */
public final class MixtureBench {
    private static final FastDistributions DIST = new FastDistributions();

    private MixtureBench() {
    }

    public static void main(String[] args) throws Exception {
        String what = args.length > 0 ? args[0] : "all";
        Path shared = Path.of(args.length > 1 ? args[1] : ".");
        if (what.equals("speed") || what.equals("all")) {
            speed(shared);
        }
        if (what.equals("splitmerge")) {
            splitMerge(shared, args.length > 2 ? Integer.parseInt(args[2]) : 3);
        }
        if (what.equals("gaussiansplitmerge")) {
            gaussianSplitMerge(args.length > 2 ? Integer.parseInt(args[2]) : 3);
        }
        if (what.equals("sweep")) {
            sweep(shared, args.length > 2 ? Integer.parseInt(args[2]) : 3);
        }
        if (what.equals("quality") || what.equals("all")) {
            quality(shared, args.length > 2 ? java.util.Arrays.stream(args[2].split(",")).mapToInt(Integer::parseInt)
                    .toArray() : new int[] {1, 10});
        }
        if (what.equals("priorscale")) {
            priorScale(shared, args.length > 2 ? Integer.parseInt(args[2]) : 2, args.length > 3 ? Integer.parseInt(args[3]) : 600,
                    args.length > 4 ? java.util.Arrays.stream(args[4].split(",")).mapToDouble(Double::parseDouble).toArray()
                            : new double[] {Double.NaN, 1, 0.3, 0.1, 0.03, 0.01});
        }
        if (what.equals("prior")) {
            prior(args);
        }
        if (what.equals("text") || what.equals("all")) {
            text(shared, args);
        }
    }

    static Dataset news(Path shared) throws Exception {
        long t0 = System.nanoTime();
        Dataset d = new TextImporter().read(shared.resolve("data/20newsgroups-bydate/20news-bydate-train.tsv"),
                ImportOptions.defaults());
        System.out.printf(Locale.ROOT, "imported %s in %.1f s%n", d.summary().substring(0, 80),
                (System.nanoTime() - t0) / 1e9);
        return d;
    }

    static double timeSweeps(Chain c, UniformRandomProvider rng, int warm, int timed) {
        for (int i = 0; i < warm; i++) {
            c.sweep(rng);
        }
        long t0 = System.nanoTime();
        for (int i = 0; i < timed; i++) {
            c.sweep(rng);
        }
        return (System.nanoTime() - t0) / 1e9 / timed;
    }

    static void speed(Path shared) throws Exception {
        Dataset news = news(shared);
        UniformRandomProvider rng = DIST.stream(1, 0);
        for (double beta : new double[] {0.3, 1.0}) {
            Chain par = BenchAccess.multinomial(news, 20, 1.0, beta, false, true, "random", DIST, rng);
            double sPar = timeSweeps(par, rng, 5, 20);
            Chain one = BenchAccess.multinomial(news, 20, 1.0, beta, false, false, "random", DIST, rng);
            double sOne = timeSweeps(one, rng, 3, 10);
            System.out.printf(Locale.ROOT,
                    "20news uncollapsed mixture.multinomial K=20 beta=%.1f: %.4f s/sweep parallel, %.4f s/sweep one thread%n",
                    beta, sPar, sOne);
        }
        Chain col = BenchAccess.multinomial(news, 20, 1.0, 0.3, true, false, "random", DIST, rng);
        System.out.printf(Locale.ROOT, "20news collapsed mixture.multinomial K=20: %.3f s/sweep%n",
                timeSweeps(col, rng, 1, 3));
        Dataset letters = letterLike(20_000, 16, 26, 5);
        for (String cov : new String[] {"full", "diag"}) {
            Chain g = BenchAccess.gaussian(letters, 26, cov, 1, DIST, rng);
            double s = timeSweeps(g, rng, 2, 10);
            System.out.printf(Locale.ROOT, "letter-like 20000x16 K=26 mixture.gaussian covariance=%s: %.4f s/sweep, "
                    + "%.1f sweeps/s%n", cov, s, 1 / s);
        }
    }

    /**
     * {@code sweep [repeats]}: only the default uncollapsed 20news sweep (K = 20, β = 0.3), parallel and
     * one thread, {@code repeats} times each (20 and 10 timed sweeps after warm-up), for quick comparisons.
     */
    static void sweep(Path shared, int repeats) throws Exception {
        Dataset news = news(shared);
        UniformRandomProvider rng = DIST.stream(1, 0);
        Chain par = BenchAccess.multinomial(news, 20, 1.0, 0.3, false, true, "random", DIST, rng);
        Chain one = BenchAccess.multinomial(news, 20, 1.0, 0.3, false, false, "random", DIST, rng);
        timeSweeps(par, rng, 5, 1);
        timeSweeps(one, rng, 3, 1);
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        for (int r = 0; r < repeats; r++) {
            double sPar = timeSweeps(par, rng, 0, 20);
            long cpu0 = mx.getCurrentThreadCpuTime();
            double sOne = timeSweeps(one, rng, 0, 10);
            double cpuOne = (mx.getCurrentThreadCpuTime() - cpu0) / 1e9 / 10;
            System.out.printf(Locale.ROOT, "20news uncollapsed K=20 beta=0.3: %.4f s/sweep parallel, %.4f s/sweep one thread "
                    + "(%.4f s CPU)%n", sPar, sOne, cpuOne);
        }
    }

    /**
     * {@code splitmerge FILE.tsv [repeats]}: seconds per sweep of the default uncollapsed chain (K = 20, β = 0.3,
     * kmeans++, 5 restarts, parallel) on a text file, without split–merge moves and with the default one a
     * sweep, two chains from the same seed timed in turn ({@code repeats} rounds of 20 sweeps each after 10
     * of warm-up), and the moves' acceptance.
     */
    static void splitMerge(Path file, int repeats) throws Exception {
        Dataset d = new TextImporter().read(file, ImportOptions.defaults());
        Chain[] chains = new Chain[2];
        UniformRandomProvider[] rngs = new UniformRandomProvider[2];
        for (int sm = 0; sm < 2; sm++) {
            rngs[sm] = DIST.stream(1, 0);
            chains[sm] = BenchAccess.multinomial(d, 20, 1.0, 0.3, false, true, "kmeans++", 5, sm, DIST, rngs[sm]);
            timeSweeps(chains[sm], rngs[sm], 10, 0);
        }
        for (int r = 0; r < repeats; r++) {
            double without = timeSweeps(chains[0], rngs[0], 0, 20);
            double with = timeSweeps(chains[1], rngs[1], 0, 20);
            System.out.printf(Locale.ROOT, "%s uncollapsed K=20: %.4f s/sweep split_merge=0, %.4f s/sweep split_merge=1"
                    + " (acceptance so far %.4f)%n", file.getFileName(), without, with,
                    BenchAccess.splitMergeAcceptance(chains[1]));
        }
    }

    /**
     * {@code gaussiansplitmerge [repeats]}: seconds per sweep of the uncollapsed Gaussian chain (K = 26, kmeans++,
     * 5 restarts, parallel blocks) on letter-like data, 20,000 × 16, full and diag, without split–merge moves
     * and with the default one a sweep, two chains from the same seed timed in turn ({@code repeats} rounds of
     * 20 sweeps each after 10 of warm-up), and the moves' acceptance.
     */
    static void gaussianSplitMerge(int repeats) {
        Dataset letters = letterLike(20_000, 16, 26, 5);
        for (String cov : new String[] {"full", "diag"}) {
            Chain[] chains = new Chain[2];
            UniformRandomProvider[] rngs = new UniformRandomProvider[2];
            for (int sm = 0; sm < 2; sm++) {
                rngs[sm] = DIST.stream(1, 0);
                chains[sm] = BenchAccess.uncollapsedGaussian(letters, 26, cov, 5, sm, DIST, rngs[sm]);
                timeSweeps(chains[sm], rngs[sm], 10, 0);
            }
            for (int r = 0; r < repeats; r++) {
                double without = timeSweeps(chains[0], rngs[0], 0, 20);
                double with = timeSweeps(chains[1], rngs[1], 0, 20);
                System.out.printf(Locale.ROOT, "letter-like 20000x16 uncollapsed %s K=26: %.4f s/sweep split_merge=0,"
                        + " %.4f s/sweep split_merge=1 (acceptance so far %.4f)%n", cov, without, with,
                        BenchAccess.splitMergeAcceptance(chains[1]));
            }
        }
    }

    /** 20,000 rows in 16 dimensions from 26 Gaussians with random means and covariances (seeded). */
    static Dataset letterLike(int n, int d, int k, long seed) {
        UniformRandomProvider rng = DIST.stream(seed, 0);
        double[][] mean = new double[k][d];
        double[][][] chol = new double[k][d][d];
        for (int c = 0; c < k; c++) {
            for (int i = 0; i < d; i++) {
                mean[c][i] = 4 * DIST.nextStandardNormal(rng);
                for (int j = 0; j < i; j++) {
                    chol[c][i][j] = 0.3 * DIST.nextStandardNormal(rng);
                }
                chol[c][i][i] = 0.5 + rng.nextDouble();
            }
        }
        double[][] cols = new double[d][n];
        for (int r = 0; r < n; r++) {
            int c = rng.nextInt(k);
            double[] e = new double[d];
            for (int i = 0; i < d; i++) {
                e[i] = DIST.nextStandardNormal(rng);
            }
            for (int i = 0; i < d; i++) {
                double v = mean[c][i];
                for (int j = 0; j <= i; j++) {
                    v += chol[c][i][j] * e[j];
                }
                cols[i][r] = v;
            }
        }
        Dataset.Builder b = Dataset.builder("letters").source("synthetic");
        for (int i = 0; i < d; i++) {
            b.numeric(NumericColumn.of("x" + i, cols[i]));
        }
        return b.build();
    }

    // --------------------------------------------------------------------------------------- quality

    record Split(Dataset train, Dataset test) {
    }

    /** Test rows: every fourth row (index % 4 == 0), as in bench/sklearn_mixture.py. */
    static Split everyFourth(Dataset d) {
        List<Integer> tr = new ArrayList<>();
        List<Integer> te = new ArrayList<>();
        for (int r = 0; r < d.rows(); r++) {
            (r % 4 == 0 ? te : tr).add(r);
        }
        return new Split(d.select(tr.stream().mapToInt(Integer::intValue).toArray(), d.name() + ".train"),
                d.select(te.stream().mapToInt(Integer::intValue).toArray(), d.name() + ".test"));
    }

    static Dataset csv(Path file, boolean labelled) throws Exception {
        ImportOptions.Builder o = ImportOptions.builder();
        if (!labelled) {
            o.noLabel(true);
        } else {
            // the last column holds classes, also where they are numbers (pima's 0/1, ripley's yc)
            String header = java.nio.file.Files.newBufferedReader(file).readLine();
            String label = header.substring(header.lastIndexOf(',') + 1).replace("\"", "").trim();
            o.categorical(java.util.Set.of(label));
        }
        return new CsvImporter().read(file, o.build());
    }

    static void quality(Path shared, int[] restartCounts) throws Exception {
        Path data = shared.resolve("data");
        List<Object[]> sets = new ArrayList<>();
        sets.add(new Object[] {"iris", everyFourth(csv(data.resolve("iris/iris.csv"), true)), 3});
        sets.add(new Object[] {"wine", everyFourth(csv(data.resolve("wine/wine.csv"), true)), 3});
        sets.add(new Object[] {"old-faithful", everyFourth(csv(data.resolve("old-faithful/faithful.csv"), false)), 2});
        sets.add(new Object[] {"ripley-synth", new Split(csv(data.resolve("ripley-synth/synth-train.csv"), true),
                csv(data.resolve("ripley-synth/synth-test.csv"), true)), 2});
        System.out.println("dataset,model,k,ARI_train_estimate,heldout_logpd_per_row,seconds,ARI_train_highest_log_joint");
        for (Object[] s : sets) {
            String name = (String) s[0];
            Split split = (Split) s[1];
            int k = (Integer) s[2];
            for (String cov : new String[] {"full", "diag"}) {
                long t1 = System.nanoTime();
                double[] dp = gaussianQuality(split, -1, cov, 1, 4, 1500, 500);
                System.out.printf(Locale.ROOT, "%s,plate mixture.dp-gaussian covariance=%s (4 chains x 1000 kept),inferred,"
                        + "%s,%.4f,%.1f,%.4f%n", name, cov, Double.isNaN(dp[0]) ? "" : String.format(Locale.ROOT, "%.4f", dp[0]),
                        dp[1], (System.nanoTime() - t1) / 1e9, dp[2]);
                for (int restarts : restartCounts) {
                    long t0 = System.nanoTime();
                    double[] r = gaussianQuality(split, k, cov, restarts, 4, 1500, 500);
                    System.out.printf(Locale.ROOT, "%s,plate mixture.gaussian covariance=%s restarts=%d (4 chains x 1000 "
                            + "kept),%d,%s,%.4f,%.1f,%.4f%n", name, cov, restarts, k,
                            Double.isNaN(r[0]) ? "" : String.format(Locale.ROOT, "%.4f", r[0]), r[1],
                            (System.nanoTime() - t0) / 1e9, r[2]);
                }
            }
        }
    }

    /**
     * {@code priorscale [chains [sweeps [scales]]]}: the held-out log predictive density of {@code mixture.gaussian}
     * (full and diag; by default 2 chains × 600 sweeps, a third of them burn-in) for candidate prior scales
     * (comma-separated, NaN for the volume-filling K^(−2/d); by default K^(−2/d), 1, 0.3, 0.1, 0.03, 0.01), on validation datasets that are not
     * in the quality table (pima, Wisconsin diagnostic breast cancer, red wine quality; every fourth row
     * held out), so that the default is not chosen on the data it is reported on.
     */
    static void priorScale(Path shared, int chains, int sweeps, double[] scales) throws Exception {
        Path data = shared.resolve("data");
        List<Object[]> sets = new ArrayList<>();
        sets.add(new Object[] {"pima", everyFourth(csv(data.resolve("pima-indians-diabetes/pima-indians-diabetes.csv"), true)), 2});
        sets.add(new Object[] {"wdbc", everyFourth(csv(data.resolve("breast-cancer-wisconsin-diagnostic/wdbc.csv"), true)), 2});
        sets.add(new Object[] {"winequality-red", everyFourth(csv(data.resolve("wine-quality/winequality-red.csv"), true)), 3});
        System.out.println("dataset,covariance,k,d,scale,heldout_logpd_per_row,seconds");
        for (Object[] s : sets) {
            String name = (String) s[0];
            Split split = (Split) s[1];
            int k = (Integer) s[2];
            int d = split.train().numeric().size();
            double volume = Math.pow(k, -2.0 / d);
            for (String cov : new String[] {"full", "diag"}) {
                for (double candidate : scales) {
                    double scale = Double.isNaN(candidate) ? volume : candidate;
                    long t0 = System.nanoTime();
                    double lpd = heldOut(split, k, cov, scale, chains, sweeps, sweeps / 3);
                    System.out.printf(Locale.ROOT, "%s,%s,%d,%d,%s,%.4f,%.1f%n", name, cov, k, d,
                            scale == volume ? String.format(Locale.ROOT, "K^(-2/d)=%.3f", volume) : Double.toString(scale),
                            lpd, (System.nanoTime() - t0) / 1e9);
                }
            }
        }
    }

    static void prior(String[] args) throws Exception {
        boolean labelled = java.nio.file.Files.newBufferedReader(Path.of(args[1])).readLine().endsWith(",label");
        Split split = new Split(csv(Path.of(args[1]), labelled), csv(Path.of(args[2]), labelled));
        boolean dp = args[3].equals("dp");
        int k = dp ? -1 : Integer.parseInt(args[3]);
        int chains = Integer.parseInt(args[4]);
        int sweeps = Integer.parseInt(args[5]);
        java.util.Map<String, String> given = new java.util.LinkedHashMap<>();
        for (int i = 6; i < args.length; i++) {
            String[] kv = args[i].split("=", 2);
            given.put(kv[0], kv[1]);
        }
        // restarts=N (finite mixtures; default 1 as in the study of the priors), the rest are the prior's
        int restarts = Integer.parseInt(given.getOrDefault("restarts", "1"));
        given.remove("restarts");
        long t0 = System.nanoTime();
        double[] r = chainQuality(split, 29, rng -> dp ? BenchAccess.dpGaussian(split.train(), 1, given, DIST, rng)
                : BenchAccess.gaussian(split.train(), k, given, restarts, DIST, rng), chains, sweeps, sweeps / 3,
                dp ? split.train().rows() : k);
        System.out.printf(Locale.ROOT, "ARI %.4f clusters %d lpd %.5f seconds %.1f binderARI %.4f binderClusters %d%n",
                r[0], (int) r[3], r[1], (System.nanoTime() - t0) / 1e9, r[4], (int) r[5]);
    }

    /** Mean over test rows of log of the posterior predictive density averaged over every kept draw. */
    static double heldOut(Split split, int k, String cov, double scale, int chains, int iterations, int burnIn) {
        return chainQuality(split, 23, rng -> BenchAccess.gaussian(split.train(), k, cov, 1, scale, DIST, rng), chains,
                iterations, burnIn, k)[1];
    }

    static List<double[]> testRows(Split split) {
        List<double[]> test = new ArrayList<>();
        for (int r = 0; r < split.test().rows(); r++) {
            double[] x = new double[split.test().numeric().size()];
            for (int j = 0; j < x.length; j++) {
                x[j] = split.test().numeric().get(j).value(r);
            }
            test.add(x);
        }
        return test;
    }

    /**
     * ARI on the training rows of the point estimate (the partition minimising the posterior expected
     * VI over the kept draws, as a run reports it) and of the highest-log-joint draw (NaN without
     * labels), and the mean over test rows of log of the posterior predictive density averaged over
     * every kept draw of every chain. {@code k < 0}: the DP mixture, starting from one cluster.
     */
    static double[] gaussianQuality(Split split, int k, String cov, int restarts, int chains, int iterations,
            int burnIn) {
        return chainQuality(split, 17, rng -> k < 0 ? BenchAccess.dpGaussian(split.train(), 1, cov, DIST, rng)
                : BenchAccess.gaussian(split.train(), k, cov, restarts, DIST, rng), chains, iterations, burnIn,
                k < 0 ? split.train().rows() : k);
    }

    /** The same for chains made by {@code maker}, chain c on stream (seed, c). */
    static double[] chainQuality(Split split, long seed, java.util.function.Function<UniformRandomProvider, Chain> maker,
            int chains, int iterations, int burnIn, int maxClusters) {
        List<double[]> test = testRows(split);
        int draws = chains * (iterations - burnIn);
        double[][] lp = new double[test.size()][draws];
        List<int[]> kept = new ArrayList<>(draws);
        int di = 0;
        double best = Double.NEGATIVE_INFINITY;
        int[] bestZ = null;
        double[] summary = new double[4];
        for (int c = 0; c < chains; c++) {
            UniformRandomProvider rng = DIST.stream(seed, c);
            Chain ch = maker.apply(rng);
            for (int it = 0; it < iterations; it++) {
                ch.sweep(rng);
                if (it >= burnIn) {
                    double[] l = BenchAccess.logPredictive(ch, test);
                    for (int i = 0; i < l.length; i++) {
                        lp[i][di] = l[i];
                    }
                    di++;
                    int[] z = BenchAccess.assignments(ch);
                    kept.add(z);
                    ch.summaries(summary);
                    if (summary[0] > best) {
                        best = summary[0];
                        bestZ = z;
                    }
                }
            }
        }
        double total = 0;
        for (double[] row : lp) {
            total += LogMath.logSumExp(row) - Math.log(draws);
        }
        double ari = Double.NaN;
        double ariBest = Double.NaN;
        int[] estimate = BenchAccess.estimate(kept, "vi", maxClusters, DIST.stream(seed, chains), new double[2]);
        int[] binder = BenchAccess.estimate(kept, "binder", maxClusters, DIST.stream(seed, chains), new double[2]);
        double ariBinder = Double.NaN;
        if (split.train().labels().isPresent()) {
            int[] truth = split.train().labels().get().codes();
            ari = ClusterAgreement.adjustedRandIndex(truth, estimate);
            ariBest = ClusterAgreement.adjustedRandIndex(truth, bestZ);
            ariBinder = ClusterAgreement.adjustedRandIndex(truth, binder);
        }
        return new double[] {ari, total / test.size(), ariBest, Arrays.stream(estimate).distinct().count(), ariBinder,
            Arrays.stream(binder).distinct().count()};
    }

    // ------------------------------------------------------------------------------------------ text

    /** {@code text [beta [collapsed [sweeps [seeds [restarts]]]]]}: defaults 0.1, false, 200, 2, 1. */
    static void text(Path shared, String[] args) throws Exception {
        double beta = args.length > 2 ? Double.parseDouble(args[2]) : 0.1;
        boolean collapsed = args.length > 3 && Boolean.parseBoolean(args[3]);
        int sweeps = args.length > 4 ? Integer.parseInt(args[4]) : 200;
        int seeds = args.length > 5 ? Integer.parseInt(args[5]) : 2;
        int restarts = args.length > 6 ? Integer.parseInt(args[6]) : 1;
        Dataset news = news(shared);
        int[] truth = news.labels().get().codes();
        for (int seed = 0; seed < seeds; seed++) {
            UniformRandomProvider rng = DIST.stream(3, seed);
            long t0 = System.nanoTime();
            Chain c = BenchAccess.multinomial(news, 20, 1.0, beta, collapsed, true, "kmeans++", restarts, DIST, rng);
            int[] start = BenchAccess.assignments(c);
            double[] s = new double[3];
            double best = Double.NEGATIVE_INFINITY;
            int[] bestZ = null;
            List<int[]> kept = new ArrayList<>(); // the second half of the sweeps, as plate:cluster's burn-in
            for (int it = 0; it < sweeps; it++) {
                c.sweep(rng);
                c.summaries(s);
                if (s[0] > best) {
                    best = s[0];
                    bestZ = BenchAccess.assignments(c);
                }
                if (it >= sweeps / 2) {
                    kept.add(BenchAccess.assignments(c));
                }
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            long t1 = System.nanoTime();
            int[] estimate = BenchAccess.estimate(kept, "vi", 20, DIST.stream(4, seed), new double[2]);
            System.out.printf(Locale.ROOT, "20news mixture.multinomial K=20 beta=%s collapsed=%b restarts=%d seed %d: "
                    + "NMI %.4f, ARI %.4f, %d clusters (VI point estimate of the last %d sweeps, %.1f s);"
                    + " NMI %.4f, ARI %.4f (highest log joint; start NMI %.4f; log joint %.6g; chain %.0f s)%n",
                    beta, collapsed, restarts, seed, ClusterAgreement.normalizedMutualInformation(truth, estimate),
                    ClusterAgreement.adjustedRandIndex(truth, estimate), Arrays.stream(estimate).distinct().count(),
                    kept.size(), (System.nanoTime() - t1) / 1e9,
                    ClusterAgreement.normalizedMutualInformation(truth, bestZ),
                    ClusterAgreement.adjustedRandIndex(truth, bestZ),
                    ClusterAgreement.normalizedMutualInformation(truth, start), best, seconds);
        }
    }
}
