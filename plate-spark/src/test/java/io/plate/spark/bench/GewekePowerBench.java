package io.plate.spark.bench;

import io.plate.api.Plate;
import io.plate.api.sample.Distributions;
import io.plate.sampler.mixture.impl.BlockRunner;
import io.plate.sampler.mixture.impl.Geweke;
import io.plate.sampler.mixture.impl.GewekeModels;
import io.plate.sampler.mixture.impl.UncollapsedMultinomialSweep;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * Benchmark (not a test): the power of {@code GewekeOnSparkTest}'s checks at a number of draws, over seeds. Each
 * chain is run as that test runs it (the same models, rows, blocks and prior), with its blocks stepped on this thread
 * in block order instead of on Spark's executors: the chains' draws are keyed by (chain, sweep, block), not by where a
 * block runs, so each seed's largest |z| is the one the Spark test gets. Prints, per chain and per draws, the largest
 * |z| of the right chain and of the negative control (tempered z-step) for every seed. Run from the repository root
 * after {@code mvn -B -pl plate-spark -am test-compile}, with the test class path:
 *
 * <pre>
 * java -cp CLASSPATH io.plate.spark.bench.GewekePowerBench [draws=2500,1000] [seeds=41..60]
 * </pre>
 */
public final class GewekePowerBench {
    private GewekePowerBench() {
    }

    /** Blocks stepped here, in block order, with {@code dist}. */
    static BlockRunner here(Distributions dist) {
        return new BlockRunner() {
            @Override
            public <B extends Serializable> Blocks<B> open(List<B> blocks) {
                return new Blocks<>() {
                    @Override
                    public <S extends Serializable, R extends Serializable> List<R> map(Step<B, S, R> step, S shared) {
                        List<R> out = new ArrayList<>();
                        for (int b = 0; b < blocks.size(); b++) {
                            out.add(step.apply(dist, b, blocks.get(b), shared));
                        }
                        return out;
                    }

                    @Override
                    public void close() {
                    }
                };
            }
        };
    }

    static final GewekeModels.Multinomial TEXT = new GewekeModels.Multinomial(4, 5, 0.6);

    static Geweke.Transition<int[][]> multinomial(BlockRunner runner) {
        return (x, z, a, dist, rng) -> {
            UncollapsedMultinomialSweep chain = UncollapsedMultinomialSweep.at(dist, TEXT.matrix(x), 3, 1.0, TEXT.beta(),
                    z, rng, 2);
            chain.runBlocksOn(runner);
            chain.sweep();
            System.arraycopy(chain.assignments(), 0, z, 0, z.length);
            return a;
        };
    }

    public static void main(String[] args) {
        String[] draws = (args.length > 0 ? args[0] : "2500,1000").split(",");
        String[] range = (args.length > 1 ? args[1] : "41..60").split("\\.\\.");
        long from = Long.parseLong(range[0]);
        long to = Long.parseLong(range[1]);
        Distributions right = Plate.distributions();
        Distributions wrong = Geweke.tempered(right);
        Geweke.PartitionPrior prior = Geweke.PartitionPrior.finite(3, 1.0);
        for (String d : draws) {
            int n = Integer.parseInt(d);
            run("multinomial", n, from, to, s -> Geweke.run(TEXT, multinomial(here(right)), prior, 6, n, right, s),
                    s -> Geweke.run(TEXT, multinomial(here(wrong)), prior, 6, n, right, s));
            run("diagonal Gaussian", n, from, to,
                    s -> Geweke.run(GewekeModels.DIAG, GewekeModels.DIAG.uncollapsedOn(here(right)), prior, 6, n, right, s),
                    s -> Geweke.run(GewekeModels.DIAG, GewekeModels.DIAG.uncollapsedOn(here(wrong)), prior, 6, n, right, s));
            run("full Gaussian", n, from, to,
                    s -> Geweke.run(GewekeModels.FULL, GewekeModels.FULL.uncollapsedOn(here(right)), prior, 6, n, right, s),
                    s -> Geweke.run(GewekeModels.FULL, GewekeModels.FULL.uncollapsedOn(here(wrong)), prior, 6, n, right, s));
        }
    }

    private static void run(String what, int draws, long from, long to, Function<Long, Geweke.Result> right,
            Function<Long, Geweke.Result> wrong) {
        StringBuilder r = new StringBuilder();
        StringBuilder w = new StringBuilder();
        double maxRight = 0;
        double minWrong = Double.POSITIVE_INFINITY;
        for (long s = from; s <= to; s++) {
            double zr = right.apply(s).maxAbsZ();
            double zw = wrong.apply(s).maxAbsZ();
            maxRight = Math.max(maxRight, zr);
            minWrong = Math.min(minWrong, zw);
            r.append(String.format(Locale.ROOT, " %.2f", zr));
            w.append(String.format(Locale.ROOT, " %.2f", zw));
        }
        System.out.printf(Locale.ROOT, "%s, %d draws, seeds %d..%d: right max |z| %.2f (%s), negative control min |z| %.2f (%s)%n",
                what, draws, from, to, maxRight, r.toString().strip(), minWrong, w.toString().strip());
    }
}
