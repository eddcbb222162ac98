package io.plate.distributions.bench;

import io.plate.api.sample.Distributions;
import io.plate.api.sample.DoubleSampler;
import io.plate.api.sample.IntSampler;
import io.plate.api.sample.VectorSampler;
import io.plate.distributions.impl.CommonsMathDistributions;
import io.plate.distributions.impl.FastDistributions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Draws per second of both providers, one thread, for the cases of issue 3: gamma(0.3), gamma(4.5),
 * beta(0.5, 2), dirichlet(8 × 0.1) (vectors per second), categorical over 20 log weights (bound alias
 * sampler, and the one-shot draw the Gibbs samplers use). Each case warms up for 1 s, then runs 5
 * rounds of about 0.6 s and reports the median round. Not a unit test: run it by hand (see
 * docs/distributions.md):
 *
 * <pre>
 * mvn -B -q -o test-compile -pl bundles/io.plate.distributions -Dplate.targetName=target-dist
 * mvn -B -q -o dependency:build-classpath -pl bundles/io.plate.distributions -Dmdep.outputFile=/tmp/dist-cp.txt
 * java -cp bundles/io.plate.distributions/target-dist/classes:bundles/io.plate.distributions/target-dist/test-classes:$(cat /tmp/dist-cp.txt) \
 *      io.plate.distributions.bench.DrawBenchmark
 * </pre>
 */
public final class DrawBenchmark {
    private static final int BATCH = 100_000;
    private static double sink;

    private interface Case {
        /** Draws {@code count} times; returns something depending on every draw. */
        double run(int count);
    }

    private DrawBenchmark() {
    }

    public static void main(String[] args) {
        List<Distributions> providers = List.of(new CommonsMathDistributions(), new FastDistributions());
        String[] names = {"gamma(0.3)", "gamma(4.5)", "beta(0.5, 2)", "dirichlet(8 x 0.1)", "categorical(20 log weights), bound",
            "categorical(20 log weights), one-shot"};
        double[][] rates = new double[names.length][providers.size()];
        for (int p = 0; p < providers.size(); p++) {
            Distributions d = providers.get(p);
            List<Case> cases = cases(d, d.stream(12345, 0));
            for (int c = 0; c < cases.size(); c++) {
                rates[c][p] = measure(cases.get(c));
                System.err.printf(Locale.ROOT, "%-14s %-40s %12.0f draws/s%n", d.provider(), names[c], rates[c][p]);
            }
        }
        System.out.println("| distribution | commons-math (draws/s) | fast (draws/s) | fast / commons-math |");
        System.out.println("|---|---:|---:|---:|");
        for (int c = 0; c < names.length; c++) {
            System.out.printf(Locale.ROOT, "| %s | %s | %s | %.1f× |%n", names[c], human(rates[c][0]), human(rates[c][1]),
                    rates[c][1] / rates[c][0]);
        }
        if (sink == 42) {
            System.out.println();
        }
    }

    private static List<Case> cases(Distributions d, UniformRandomProvider rng) {
        List<Case> cases = new ArrayList<>();
        DoubleSampler g03 = d.gamma(rng, 0.3, 1);
        cases.add(n -> sum(g03, n));
        DoubleSampler g45 = d.gamma(rng, 4.5, 1);
        cases.add(n -> sum(g45, n));
        DoubleSampler beta = d.beta(rng, 0.5, 2);
        cases.add(n -> sum(beta, n));
        VectorSampler dir = d.dirichlet(rng, 8, 0.1);
        double[] out = new double[8];
        cases.add(n -> {
            double s = 0;
            for (int i = 0; i < n; i++) {
                dir.sample(out);
                s += out[3];
            }
            return s;
        });
        double[] logWeights = new double[20];
        for (int i = 0; i < logWeights.length; i++) {
            logWeights[i] = -0.37 * i + Math.sin(i);
        }
        IntSampler cat = d.categoricalFromLogWeights(rng, logWeights);
        cases.add(n -> {
            long s = 0;
            for (int i = 0; i < n; i++) {
                s += cat.sample();
            }
            return s;
        });
        cases.add(n -> {
            long s = 0;
            for (int i = 0; i < n; i++) {
                s += d.nextCategoricalFromLogWeights(rng, logWeights, 20);
            }
            return s;
        });
        return cases;
    }

    private static double sum(DoubleSampler s, int n) {
        double t = 0;
        for (int i = 0; i < n; i++) {
            t += s.sample();
        }
        return t;
    }

    private static double measure(Case c) {
        long warm = System.nanoTime() + 1_000_000_000L;
        int batch = 1000;
        while (System.nanoTime() < warm) {
            long t0 = System.nanoTime();
            sink += c.run(batch);
            long dt = System.nanoTime() - t0;
            if (dt < 50_000_000L) {
                batch = Math.min(batch * 2, 1 << 26);
            }
        }
        // choose a round of about 0.6 s
        long t0 = System.nanoTime();
        sink += c.run(batch);
        double perDraw = (System.nanoTime() - t0) / (double) batch;
        int round = (int) Math.max(BATCH / 100, Math.min(Integer.MAX_VALUE / 2, 6e8 / perDraw));
        double[] r = new double[5];
        for (int i = 0; i < r.length; i++) {
            long s = System.nanoTime();
            sink += c.run(round);
            r[i] = round / ((System.nanoTime() - s) / 1e9);
        }
        java.util.Arrays.sort(r);
        return r[2];
    }

    private static String human(double rate) {
        return rate >= 1e6 ? String.format(Locale.ROOT, "%.1f M", rate / 1e6) : String.format(Locale.ROOT, "%.0f k", rate / 1e3);
    }
}
